// Package console is the Judge's console, a Fyne window: the fight's
// figures with their AP, the action log, the round, and the map windows it
// starts. It draws the session's state and turns buttons into commands.
package console
