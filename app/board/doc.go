// Package board is the battle map window, drawn with Ebiten: the hex map,
// its walls and cover, and the figures. A click becomes a session command;
// the window draws the state the session's events build, and previews moves
// with the same rules functions the session applies.
package board
