// Package console is the Judge's console, a Fyne window: the fight's
// figures and what each has left of the round, the action log, the round,
// and the map windows it starts. It draws the session's state and turns
// buttons into commands.
//
// It is also the hexslinger program's launch (launch.go, serve.go): Run
// opens the console as its command line says (or a replay of a journal),
// serving the fight to the map windows on this machine, and Serve runs a
// fight without a window for a table on the LAN (hexslinger serve).
package console
