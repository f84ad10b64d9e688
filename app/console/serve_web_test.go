package console

import (
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"hexslinger/app/session/transport"
)

// TestServeServesTheBrowserMap: hexslinger serve --web DIR serves the
// map to browsers on the table's port and says so; without the files
// the table still opens, and one line says why browsers cannot join.
func TestServeServesTheBrowserMap(t *testing.T) {
	withFiles := t.TempDir()
	os.WriteFile(filepath.Join(withFiles, transport.WebAppWasm), append([]byte("\x00asm\x01\x00\x00\x00"), make([]byte, 4096)...), 0o644)
	os.WriteFile(filepath.Join(withFiles, transport.WebAppExec), []byte("globalThis.Go = class {};"), 0o644)
	tests := []struct {
		name   string
		dir    string
		say    []string
		status int
	}{
		{"with the files", withFiles, []string{"Browsers join", "/play/"}, http.StatusOK},
		{"without them", t.TempDir(), []string{"browser join is unavailable", transport.WebAppWasm, "make build"}, http.StatusNotFound},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			var status int
			var page string
			v := Serving{Listen: "127.0.0.1:0", Journal: filepath.Join(t.TempDir(), "demo.journal.jsonl"), Web: tt.dir, Out: &out, Err: io.Discard}
			v.Wait = func() {
				m := regexp.MustCompile(`wss://([^/]+)/ws`).FindStringSubmatch(out.String())
				if m == nil {
					t.Errorf("serve printed no table address:\n%s", out.String())
					return
				}
				resp, err := http.Get("http://" + m[1] + transport.BrowserPath)
				if err != nil {
					t.Errorf("GET %s: %v", transport.BrowserPath, err)
					return
				}
				b, _ := io.ReadAll(resp.Body)
				resp.Body.Close()
				status, page = resp.StatusCode, string(b)
			}
			if err := Serve(v); err != nil {
				t.Fatal(err)
			}
			for _, w := range tt.say {
				if !strings.Contains(out.String(), w) {
					t.Errorf("serve --web %s: the output lacks %q:\n%s", tt.dir, w, out.String())
				}
			}
			if status != tt.status {
				t.Errorf("GET %s: %d, want %d (%.200s)", transport.BrowserPath, status, tt.status, page)
			}
		})
	}
}
