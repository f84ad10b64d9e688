// Package board is the battle map window, drawn with Ebiten: the hex map,
// its walls and cover, and the figures; it is also the map editor, the
// screenshot scenes and the export (each mode a Run function, which
// app/hexslinger-map picks). A click becomes a session command; the window
// draws the state the session's events build, and asks the session what a
// command would do before it is given (State.Preview, State.Reach,
// State.Explain): the same code the session decides with. It decides no
// rule itself.
package board
