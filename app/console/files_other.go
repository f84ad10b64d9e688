//go:build !windows

package console

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
)

// askFile asks q in Fyne's file dialog, over win, and calls done with the
// file chosen; nothing when the Judge cancels. Fyne's save dialog makes
// (or empties) the file it names before it answers.
func askFile(win fyne.Window, q fileQuestion, done func(path string)) {
	var d *dialog.FileDialog
	if q.save {
		d = dialog.NewFileSave(func(wc fyne.URIWriteCloser, err error) {
			if err != nil || wc == nil {
				return
			}
			path := filePath(wc.URI())
			wc.Close()
			q.takeAwayEmpty(path)
			done(path)
		}, win)
		d.SetFileName(q.name)
	} else {
		d = dialog.NewFileOpen(func(rc fyne.URIReadCloser, err error) {
			if err != nil || rc == nil {
				return
			}
			path := filePath(rc.URI())
			rc.Close()
			done(path)
		}, win)
		if len(q.suffixes) > 0 {
			d.SetFilter(suffixFilter(q.suffixes))
		}
	}
	if q.folder != "" {
		if l, err := storage.ListerForURI(storage.NewFileURI(q.folder)); err == nil {
			d.SetLocation(l)
		}
	}
	d.Show()
}
