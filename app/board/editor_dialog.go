//go:build !js

package board

import "github.com/sqweek/dialog"

// errDialogCancelled is the file dialog's answer when the Judge closed it
// without choosing.
var errDialogCancelled = dialog.ErrCancelled

// fileDialog asks for a map file with the system's own dialog: where to
// save it (save), or which to open. It blocks: the editor calls it off
// the frame loop (askFile).
func fileDialog(save bool) dialogResult {
	b := dialog.File().Filter("hexslinger maps", "json").Filter("Universal VTT", "dd2vtt", "uvtt", "df2vtt").Filter("Foundry VTT scenes", "json").Filter("Battle-map pictures", "png", "jpg", "jpeg", "webp").Title("hexslinger map")
	r := dialogResult{save: save}
	if save {
		r.path, r.err = b.Save()
	} else {
		r.path, r.err = b.Load()
	}
	return r
}
