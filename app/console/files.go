package console

import (
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
)

// fileQuestion is what a file dialog asks: a file to open, or where to
// save one. askFile puts it to the Judge in the system's own dialog on
// Windows (files_windows.go) and in Fyne's elsewhere (files_other.go).
type fileQuestion struct {
	save     bool
	title    string   // the native dialog's title
	name     string   // the file name offered when saving
	folder   string   // the folder the dialog starts in ("": its own choice)
	kind     string   // what the suffixes list: "hexslinger maps"
	suffixes []string // the files it lists, by the ends of their names (".fight.json"); none: all
}

// filePath is the file a dialog chose, as the system writes paths: Fyne's
// file URIs use "/" on every system, and on Windows the console shows,
// remembers and compares paths with "\" as everything else there does.
func filePath(u fyne.URI) string {
	return filepath.FromSlash(u.Path())
}

// takeAwayEmpty removes the file at path that a save dialog made (or
// emptied) when its name ends in none of q's suffixes: the caller adds
// one and saves under that name instead.
func (q fileQuestion) takeAwayEmpty(path string) {
	lower := strings.ToLower(path)
	for _, s := range q.suffixes {
		if strings.HasSuffix(lower, strings.ToLower(s)) {
			return
		}
	}
	if st, err := os.Stat(path); err == nil && st.Mode().IsRegular() && st.Size() == 0 {
		os.Remove(path)
	}
}
