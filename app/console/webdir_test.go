package console

import (
	"os"
	"path/filepath"
	"testing"

	"hexslinger/app/session/transport"
)

// TestTheBrowsersMapIsFoundBesideTheProgramOrInstalled: the console looks
// for the player's map for browsers beside itself (make build's bin/, the
// Windows zip) and then where an installed archive puts it
// (PREFIX/share/hexslinger beside PREFIX/bin); with neither, it names its
// own folder, so the missing files are said where make build puts them.
func TestTheBrowsersMapIsFoundBesideTheProgramOrInstalled(t *testing.T) {
	tests := []struct {
		name  string
		files string // where the two files are, under the prefix: "bin", "share/hexslinger" or ""
		want  string
	}{
		{"beside the program", "bin", "bin"},
		{"installed under share", "share/hexslinger", "share/hexslinger"},
		{"nowhere: the program's folder", "", "bin"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			prefix := t.TempDir()
			bin := filepath.Join(prefix, "bin")
			os.MkdirAll(bin, 0o755)
			if tt.files != "" {
				dir := filepath.Join(prefix, tt.files)
				os.MkdirAll(dir, 0o755)
				for _, f := range []string{transport.WebAppWasm, transport.WebAppExec} {
					if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644); err != nil {
						t.Fatal(err)
					}
				}
			}
			if got, want := webDirOf(bin), filepath.Join(prefix, tt.want); got != want {
				t.Errorf("files in %q: webDirOf(%s) = %s, want %s", tt.files, bin, got, want)
			}
		})
	}
}
