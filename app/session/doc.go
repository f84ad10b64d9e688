// Package session is the one authority over a fight: it validates commands
// with rules and hexmap, turns them into events, appends them to the
// journal, applies them to the state and broadcasts them to the console and
// every map window over WebSocket. It imports no GUI toolkit.
package session
