// Package rules is hexslinger's rules engine for The West That Wasn't 3.0
// Conflict chapter (TWTW): characters and their derived values, action
// points, and the cost and resolution of actions. Every number from the
// rulebook lives in a named table or constant here. It imports no GUI
// toolkit.
package rules
