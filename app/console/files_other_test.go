//go:build !windows

package console

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// TestFileDialogsShowWholeNames: the file dialog shows each file's whole
// name, its suffixes too, so that a fight and its journal do not look
// alike (Fyne's grid of icons cut ".json" off and the rest short, both
// read "showdown-on-main-str…"), whichever view the Judge left it in.
func TestFileDialogsShowWholeNames(t *testing.T) {
	for _, view := range []string{"as first opened", "left in the grid of icons"} {
		t.Run(view, func(t *testing.T) {
			a := test.NewTempApp(t)
			if view != "as first opened" {
				a.Preferences().SetInt("fyne:fileDialogViewLayout", 2) // dialog.GridView
			}
			dir := t.TempDir()
			names := []string{"showdown-on-main-street.fight.json", "showdown-on-main-street.journal.jsonl"}
			for _, n := range names {
				if err := os.WriteFile(filepath.Join(dir, n), []byte("{}"), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			w := test.NewTempWindow(t, widget.NewLabel(""))
			w.Resize(fyne.NewSize(1180, 720))
			askFile(w, fileQuestion{title: "Open", folder: dir}, func(string) {})
			top := w.Canvas().Overlays().Top()
			if top == nil {
				t.Fatal("no file dialog")
			}
			shown := map[string]*widget.Label{}
			for _, o := range test.LaidOutObjects(top) {
				if l, ok := o.(*widget.Label); ok && l.Visible() {
					shown[l.Text] = l
				}
			}
			for _, n := range names {
				l := shown[n]
				if l == nil {
					var texts []string
					for s := range shown {
						texts = append(texts, s)
					}
					t.Errorf("the dialog does not show %q whole; its labels: %q", n, texts)
					continue
				}
				need := fyne.MeasureText(n, theme.TextSize(), l.TextStyle).Width + 2*theme.InnerPadding()
				if l.Size().Width < need {
					t.Errorf("the dialog shows %q %.0f px wide; it needs %.0f px whole", n, l.Size().Width, need)
				}
			}
		})
	}
}
