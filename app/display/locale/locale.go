// Package locale keeps Fyne from logging "Error parsing user locale C" when
// the locale is C.UTF-8 or POSIX.UTF-8 (the default in many containers and
// CI machines). Fyne reads the locale in a package init, so the console
// imports this package for its own init, which Go runs first: it imports
// only os and strings, and sorts before the toolkit's packages that need
// the log package.
package locale

import (
	"os"
	"strings"
)

func init() { Quiet() }

// Quiet sets $LANGUAGE to English when the locale is C.* or POSIX.*: such a
// locale names no language, so the program reads English, which Fyne would
// fall back to anyway. It changes nothing when $LANGUAGE is set or the
// locale names a language.
func Quiet() {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		loc := os.Getenv(v)
		if loc == "" {
			continue
		}
		if (strings.HasPrefix(loc, "C.") || strings.HasPrefix(loc, "POSIX.")) && os.Getenv("LANGUAGE") == "" {
			os.Setenv("LANGUAGE", "en")
		}
		return
	}
}
