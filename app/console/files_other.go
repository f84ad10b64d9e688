//go:build !windows

package console

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
)

// askFile asks q in Fyne's file dialog, over win, and calls done with the
// file chosen; nothing when the Judge cancels. It lists whole names. Fyne's save dialog makes
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
	// The list, not the grid of icons: the grid cuts the last suffix off
	// and the rest short, so that a fight and its journal look alike; the
	// list shows each whole name. Set after Show, it holds whichever view
	// the Judge left the dialog in. The dialog takes most of the window,
	// so that long names fit.
	d.SetView(dialog.ListView)
	size := win.Canvas().Size()
	d.Resize(fyne.NewSize(max(size.Width*0.9, min(size.Width, 800)), max(size.Height*0.85, min(size.Height, 520))))
}
