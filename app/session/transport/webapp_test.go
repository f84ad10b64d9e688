package transport

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"hexslinger/app/session"
)

// fakeWasm is bytes that start as WebAssembly does, and compress well
// as a real build does; not a program.
var fakeWasm = append([]byte("\x00asm\x01\x00\x00\x00"), bytes.Repeat([]byte("hexslinger map window "), 40000)...)

// webDir writes a web app's files (fake ones) to a temp dir.
func webDir(t testing.TB, wasm []byte) string {
	t.Helper()
	dir := t.TempDir()
	if wasm != nil {
		if err := os.WriteFile(filepath.Join(dir, WebAppWasm), wasm, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, WebAppExec), []byte("globalThis.Go = class {};\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func TestLoadWebAppSaysWhatIsMissing(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T) string
		want  []string
	}{
		{"no wasm", func(t *testing.T) string { return webDir(t, nil) }, []string{WebAppWasm, "make build"}},
		{"no wasm_exec.js", func(t *testing.T) string {
			dir := webDir(t, fakeWasm)
			os.Remove(filepath.Join(dir, WebAppExec))
			return dir
		}, []string{WebAppExec, "make build"}},
		{"not WebAssembly", func(t *testing.T) string { return webDir(t, []byte("<html>oops</html>")) }, []string{WebAppWasm, "not WebAssembly"}},
		{"no such folder", func(t *testing.T) string { return filepath.Join(t.TempDir(), "nowhere") }, []string{WebAppWasm, "make build"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := tt.setup(t)
			app, err := LoadWebApp(dir)
			if err == nil {
				t.Fatalf("LoadWebApp(%s) = %v, nil; want an error", dir, app)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("LoadWebApp(%s): %q does not say %q", dir, err, w)
				}
			}
		})
	}
}

// webTable serves a table on the LAN (TLS and plain on one port) with
// the web app of dir.
func webTable(t *testing.T, dir string) (base string, access *session.Access) {
	t.Helper()
	app, err := LoadWebApp(dir)
	if err != nil {
		t.Fatal(err)
	}
	cfg, _, err := SelfSigned()
	if err != nil {
		t.Fatal(err)
	}
	access = session.NewAccess("secret")
	access.AddPlayer("Alice", []string{"cyril"})
	sv, err := Serve(open(t), "127.0.0.1:0", access, cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sv.Close() })
	sv.ServeWebApp(app)
	return "http://" + sv.Addr().String(), access
}

// get fetches url with the request headers given (no transparent gzip).
func get(t *testing.T, url string, header ...string) (*http.Response, []byte) {
	t.Helper()
	req, err := http.NewRequest("GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Accept-Encoding", "identity")
	for i := 0; i+1 < len(header); i += 2 {
		req.Header.Set(header[i], header[i+1])
	}
	resp, err := (&http.Client{Transport: &http.Transport{DisableCompression: true}}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp, body
}

func TestThePageLoadsTheHashedWasm(t *testing.T) {
	base, access := webTable(t, webDir(t, fakeWasm))
	resp, page := get(t, base+BrowserPath)
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Fatalf("GET %s: %s %s", BrowserPath, resp.Status, resp.Header.Get("Content-Type"))
	}
	sum := sha256.Sum256(fakeWasm)
	name := "hexslinger-web." + hex.EncodeToString(sum[:])[:16] + ".wasm"
	for _, want := range []string{`data-wasm="` + name + `"`, `data-size="` + itoa(len(fakeWasm)) + `"`, `src="wasm_exec.js"`, "user-scalable=no", "Loading the table"} {
		if !bytes.Contains(page, []byte(want)) {
			t.Errorf("the page does not hold %q", want)
		}
	}
	for _, seat := range append(access.Players(), access.Judge()) {
		if bytes.Contains(page, []byte(seat.Token())) || bytes.Contains(page, []byte(SeatID(seat.Token()))) {
			t.Errorf("the page names %s's seat", seat.Name)
		}
	}
	h := resp.Header
	for k, want := range map[string]string{"Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"} {
		if got := h.Get(k); got != want {
			t.Errorf("the page's %s = %q, want %q", k, got, want)
		}
	}
	csp := h.Get("Content-Security-Policy")
	for _, want := range []string{"default-src 'none'", "'wasm-unsafe-eval'", "connect-src 'self'", "frame-ancestors 'none'"} {
		if !strings.Contains(csp, want) {
			t.Errorf("the page's CSP %q lacks %q", csp, want)
		}
	}
	// The inline script and style are allowed by their hashes, and
	// nothing else inline is.
	for _, re := range []string{`(?s)<script id="loader"[^>]*>(.*?)</script>`, `(?s)<style>(.*?)</style>`} {
		m := regexp.MustCompile(re).FindSubmatch(page)
		if m == nil {
			t.Fatalf("the page has no %s", re)
		}
		sum := sha256.Sum256(m[1])
		if tag := "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"; !strings.Contains(csp, tag) {
			t.Errorf("the CSP %q does not allow the inline %s (%s)", csp, re, tag)
		}
	}

	resp, body := get(t, base+BrowserPath+name, "Accept-Encoding", "gzip, deflate, br")
	h = resp.Header
	if resp.StatusCode != 200 || h.Get("Content-Type") != "application/wasm" || h.Get("Content-Encoding") != "gzip" {
		t.Fatalf("GET %s with gzip: %s, type %q, encoding %q; want 200 application/wasm gzip", name, resp.Status, h.Get("Content-Type"), h.Get("Content-Encoding"))
	}
	if got := h.Get("Cache-Control"); got != "public, max-age=31536000, immutable" {
		t.Errorf("the hashed wasm's Cache-Control = %q", got)
	}
	if !strings.Contains(h.Get("Vary"), "Accept-Encoding") {
		t.Errorf("the wasm's Vary = %q, want Accept-Encoding", h.Get("Vary"))
	}
	zr, err := gzip.NewReader(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if raw, _ := io.ReadAll(zr); !bytes.Equal(raw, fakeWasm) || len(body) >= len(fakeWasm)/4 {
		t.Errorf("the gzip wasm: %d bytes, unpacking to %d (equal: %v); want the wasm's %d, compressed", len(body), len(raw), bytes.Equal(raw, fakeWasm), len(fakeWasm))
	}
	gzTag := h.Get("ETag")

	resp, body = get(t, base+BrowserPath+name)
	if resp.Header.Get("Content-Encoding") != "" || !bytes.Equal(body, fakeWasm) {
		t.Errorf("the wasm without gzip: encoding %q, %d bytes; want it as it is (%d)", resp.Header.Get("Content-Encoding"), len(body), len(fakeWasm))
	}
	tag := resp.Header.Get("ETag")
	if !strings.HasPrefix(tag, `"`+hex.EncodeToString(sum[:])) || strings.HasPrefix(tag, "W/") || tag == gzTag {
		t.Errorf("ETags %q (identity) and %q (gzip): want strong, of the sha256, one each", tag, gzTag)
	}
	for _, tt := range []struct{ name, tag, enc string }{
		{"identity", tag, "identity"},
		{"gzip", gzTag, "gzip"},
		{"one of a list", `"other", ` + tag, "identity"},
	} {
		t.Run("304 "+tt.name, func(t *testing.T) {
			resp, body := get(t, base+BrowserPath+name, "If-None-Match", tt.tag, "Accept-Encoding", tt.enc)
			if resp.StatusCode != http.StatusNotModified || len(body) != 0 {
				t.Errorf("If-None-Match %s: %s with %d bytes, want 304 and none", tt.tag, resp.Status, len(body))
			}
		})
	}
	if resp, _ := get(t, base+BrowserPath+name, "If-None-Match", `"stale"`); resp.StatusCode != 200 {
		t.Errorf("If-None-Match of another version: %s, want 200", resp.Status)
	}

	resp, body = get(t, base+BrowserPath+"wasm_exec.js")
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/javascript") || !bytes.Contains(body, []byte("globalThis.Go")) {
		t.Errorf("GET wasm_exec.js: %s %q %q", resp.Status, resp.Header.Get("Content-Type"), body)
	}
	for _, path := range []string{BrowserPath + "hexslinger-web.0000000000000000.wasm", BrowserPath + "secret", "/"} {
		if resp, _ := get(t, base+path); resp.StatusCode != http.StatusNotFound && resp.StatusCode != http.StatusBadRequest {
			t.Errorf("GET %s: %s, want 404", path, resp.Status)
		}
	}
}

// TestWithoutTheWebAppThePageSaysWhy: a table whose web app is not
// loaded answers /play/ with why, not an empty page.
func TestWithoutTheWebAppThePageSaysWhy(t *testing.T) {
	_, sv := serve(t)
	resp, body := get(t, "http://"+sv.Addr().String()+BrowserPath)
	if resp.StatusCode != http.StatusNotFound || !strings.Contains(string(body), "make build") {
		t.Errorf("GET %s without a web app: %s %q", BrowserPath, resp.Status, body)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

func TestAcceptEncodingAndIfNoneMatch(t *testing.T) {
	gz := []struct {
		accept string
		want   bool
	}{
		{"gzip", true}, {"gzip, deflate, br", true}, {"br;q=1.0, GZIP;q=0.5", true},
		{"", false}, {"identity", false}, {"gzip;q=0", false}, {"gzip; q=0.000", false}, {"deflate, gzip;q=0.0", false},
		{"x-gzip", false}, {"gzip;q=0.001", true},
	}
	for _, tt := range gz {
		t.Run("Accept-Encoding "+tt.accept, func(t *testing.T) {
			if got := acceptsGzip(tt.accept); got != tt.want {
				t.Errorf("acceptsGzip(%q) = %v, want %v", tt.accept, got, tt.want)
			}
		})
	}
	tags := []struct {
		inm  string
		want bool
	}{
		{`"abc"`, true}, {`W/"abc"`, true}, {`"x", "abc"`, true}, {"*", true},
		{"", false}, {`"ab"`, false}, {`"abc-gzip"`, false}, {`abc`, false},
	}
	for _, tt := range tags {
		t.Run("If-None-Match "+tt.inm, func(t *testing.T) {
			if got := matchesTag(tt.inm, `"abc"`); got != tt.want {
				t.Errorf("matchesTag(%q, %q) = %v, want %v", tt.inm, `"abc"`, got, tt.want)
			}
		})
	}
}

// BenchmarkWebAppPageLoad: the page's three files as a browser fetches
// them (gzip, a connection each: the one-request rule), beside what one
// more connection costs: what keep-alive would save.
func BenchmarkWebAppPageLoad(b *testing.B) {
	app, err := LoadWebApp(webDir(b, fakeWasm))
	if err != nil {
		b.Fatal(err)
	}
	sv, err := Serve(open(b), "127.0.0.1:0", session.NewAccess("secret"), nil)
	if err != nil {
		b.Fatal(err)
	}
	defer sv.Close()
	sv.ServeWebApp(app)
	base := "http://" + sv.Addr().String() + BrowserPath
	files := []string{base, base + WebAppExec, base + app.wasmName}
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	b.Run("three files", func(b *testing.B) {
		for b.Loop() {
			for _, f := range files {
				req, _ := http.NewRequest("GET", f, nil)
				req.Header.Set("Accept-Encoding", "gzip")
				resp, err := client.Do(req)
				if err != nil {
					b.Fatal(err)
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
			}
		}
	})
	b.Run("one connection", func(b *testing.B) {
		for b.Loop() {
			c, err := net.Dial("tcp", sv.Addr().String())
			if err != nil {
				b.Fatal(err)
			}
			c.Close()
		}
	})
}
