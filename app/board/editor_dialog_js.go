//go:build js

package board

import "errors"

// errDialogCancelled is never answered in a browser: there is no file
// dialog to cancel.
var errDialogCancelled = errors.New("the file dialog was closed")

// errNoFilesHere is the browser's answer to the editor's file dialog: the
// map window in a browser is a player's, and the editor's files live on
// the Judge's machine.
var errNoFilesHere = errors.New("open and save map files in the desktop map window (hexslinger-map): the browser's map window is for players")

// fileDialog answers, in a browser, that files are the desktop window's.
func fileDialog(save bool) dialogResult { return dialogResult{save: save, err: errNoFilesHere} }
