package console

import (
	"errors"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	native "github.com/sqweek/dialog"
)

// askFile asks q in Windows' own file dialog (sqweek/dialog, as the map
// editor does) and calls done on the window's goroutine with the file
// chosen; nothing when the Judge cancels. The dialog runs on a goroutine
// of its own, so the console keeps drawing, and makes no file: a save
// over an existing file keeps it whole until the new one replaces it.
func askFile(win fyne.Window, q fileQuestion, done func(path string)) {
	b := native.File().Title(q.title)
	if len(q.suffixes) > 0 {
		exts := make([]string, len(q.suffixes))
		for i, s := range q.suffixes {
			exts[i] = strings.TrimPrefix(s[strings.LastIndex(s, "*")+1:], ".") // a pattern: its ending
		}
		b = b.Filter(q.kind, exts...)
	}
	b = b.Filter("All files", "*")
	if q.folder != "" {
		b = b.SetStartDir(q.folder)
	}
	if q.save && q.name != "" {
		b = b.SetStartFile(q.name)
	}
	go func() {
		var path string
		var err error
		if q.save {
			path, err = b.Save()
		} else {
			path, err = b.Load()
		}
		fyne.Do(func() {
			switch {
			case errors.Is(err, native.ErrCancelled):
			case err != nil:
				dialog.ShowError(err, win)
			default:
				done(path)
			}
		})
	}()
}
