package transport

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"embed"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// The web app's files, as make build puts them beside the console.
const (
	WebAppWasm = "hexslinger-web.wasm" // the map window built to WebAssembly
	WebAppExec = "wasm_exec.js"        // Go's glue for it, of the same Go
)

// webSources are the page's parts: the page, its style and its loader,
// the last two inlined and allowed by their hashes (Content-Security-
// Policy), so that the page loads three files: itself, wasm_exec.js and
// the wasm.
//
//go:embed webapp/index.html webapp/style.css webapp/loader.js
var webSources embed.FS

// wasmMagic is how a WebAssembly module starts.
var wasmMagic = []byte("\x00asm")

// WebApp is the player's map for browsers, ready to serve at BrowserPath:
// the page, wasm_exec.js and the wasm, each compressed once (gzip, best)
// when loaded, with a strong ETag. Nothing in it depends on a seat: the
// token stays in the link's fragment.
type WebApp struct {
	page, exec, wasm asset
	// wasmName is the wasm's content-hashed name the page loads, cached
	// for good (a new build is a new name).
	wasmName string
}

// asset is one file served: its bytes as they are and gzipped (nil when
// that is not smaller), their ETags, and its headers.
type asset struct {
	raw, gz       []byte
	tag, gzTag    string
	typ, cache    string
	csp           string // the page's Content-Security-Policy
	sha256Hex     string
	compressedFor time.Duration
}

// LoadWebApp reads the web app from dir (hexslinger-web.wasm and
// wasm_exec.js, which make build writes to bin/ beside the console) and
// compresses it once; the error names the missing file.
func LoadWebApp(dir string) (*WebApp, error) {
	read := func(name string) ([]byte, error) {
		path := filepath.Join(dir, name)
		data, err := os.ReadFile(path)
		if errors.Is(err, os.ErrNotExist) {
			return nil, fmt.Errorf("the browser map needs %s, which is missing (make build makes it beside the console)", path)
		}
		if err != nil {
			return nil, fmt.Errorf("the browser map: read %s: %w", path, err)
		}
		return data, nil
	}
	wasm, err := read(WebAppWasm)
	if err != nil {
		return nil, err
	}
	if !bytes.HasPrefix(wasm, wasmMagic) {
		return nil, fmt.Errorf("the browser map: %s is not WebAssembly (rebuild it: make build)", filepath.Join(dir, WebAppWasm))
	}
	exec, err := read(WebAppExec)
	if err != nil {
		return nil, err
	}
	app := &WebApp{}
	app.wasm = newAsset(wasm, "application/wasm", "public, max-age=31536000, immutable")
	app.wasmName = "hexslinger-web." + app.wasm.sha256Hex[:16] + ".wasm"
	app.exec = newAsset(exec, "text/javascript; charset=utf-8", "no-cache")
	page, csp, err := buildPage(app.wasmName, len(wasm))
	if err != nil {
		return nil, err
	}
	app.page = newAsset(page, "text/html; charset=utf-8", "no-cache")
	app.page.csp = csp
	slog.Info("browser map loaded", "wasm", filepath.Join(dir, WebAppWasm), "bytes", len(wasm),
		"gzip_bytes", len(app.wasm.gz), "compressed_in", app.wasm.compressedFor.Round(time.Millisecond))
	return app, nil
}

// Sizes are the wasm's size and its gzipped size, in bytes: what a
// browser downloads the first time.
func (a *WebApp) Sizes() (raw, gzipped int) {
	gz := len(a.wasm.gz)
	if gz == 0 {
		gz = len(a.wasm.raw)
	}
	return len(a.wasm.raw), gz
}

// newAsset hashes and compresses data once.
func newAsset(data []byte, typ, cache string) asset {
	sum := sha256.Sum256(data)
	a := asset{raw: data, typ: typ, cache: cache, sha256Hex: hex.EncodeToString(sum[:])}
	a.tag = `"` + a.sha256Hex + `"`
	start := time.Now()
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	zw.Write(data)
	zw.Close()
	a.compressedFor = time.Since(start)
	if buf.Len() < len(data) {
		a.gz = buf.Bytes()
		a.gzTag = `"` + a.sha256Hex + `-gzip"`
	}
	return a
}

// buildPage makes the page naming the wasm, and its Content-Security-
// Policy allowing its inline style and loader by their hashes.
func buildPage(wasmName string, wasmSize int) (page []byte, csp string, err error) {
	part := func(name string) (string, error) {
		b, err := webSources.ReadFile("webapp/" + name)
		return string(b), err
	}
	index, err := part("index.html")
	if err != nil {
		return nil, "", err
	}
	style, err := part("style.css")
	if err != nil {
		return nil, "", err
	}
	loader, err := part("loader.js")
	if err != nil {
		return nil, "", err
	}
	hash := func(s string) string {
		sum := sha256.Sum256([]byte(s))
		return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
	}
	page = []byte(strings.NewReplacer("{{STYLE}}", style, "{{LOADER}}", loader,
		"{{WASM}}", wasmName, "{{SIZE}}", strconv.Itoa(wasmSize)).Replace(index))
	csp = strings.Join([]string{
		"default-src 'none'",
		"script-src 'self' " + hash(loader) + " 'wasm-unsafe-eval'",
		"style-src " + hash(style),
		"connect-src 'self'",
		"img-src 'self' data: blob:",
		"base-uri 'none'",
		"form-action 'none'",
		"frame-ancestors 'none'",
	}, "; ")
	return page, csp, nil
}

// ServeWebApp serves app at BrowserPath from now on (nil: no longer),
// on the port's plain side and its TLS one: the page, wasm_exec.js and
// the wasm, compressed for clients that take gzip and cacheable.
func (sv *Server) ServeWebApp(app *WebApp) { sv.web.Store(app) }

// serveWeb answers a request under BrowserPath.
func (sv *Server) serveWeb(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	app := sv.web.Load()
	if app == nil {
		http.Error(w, "This table does not serve the map to browsers: the console found no "+WebAppWasm+" beside it (make build makes it). Join with the map window and a join code.", http.StatusNotFound)
		return
	}
	var a *asset
	switch name := strings.TrimPrefix(r.URL.Path, BrowserPath); name {
	case "", "index.html":
		a = &app.page
	case WebAppExec:
		a = &app.exec
	case app.wasmName:
		a = &app.wasm
	default:
		http.NotFound(w, r)
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		h.Set("Allow", "GET, HEAD")
		http.Error(w, "only GET and HEAD", http.StatusMethodNotAllowed)
		return
	}
	body, tag := a.raw, a.tag
	if a.gz != nil {
		h.Set("Vary", "Accept-Encoding")
		if acceptsGzip(r.Header.Get("Accept-Encoding")) {
			body, tag = a.gz, a.gzTag
			h.Set("Content-Encoding", "gzip")
		}
	}
	h.Set("Cache-Control", a.cache)
	h.Set("ETag", tag)
	if a.csp != "" {
		h.Set("Content-Security-Policy", a.csp)
	}
	if matchesTag(r.Header.Get("If-None-Match"), tag) {
		h.Del("Content-Encoding")
		w.WriteHeader(http.StatusNotModified)
		return
	}
	h.Set("Content-Type", a.typ)
	h.Set("Content-Length", strconv.Itoa(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method == http.MethodGet {
		w.Write(body)
	}
}

// acceptsGzip reports whether an Accept-Encoding takes gzip (not with
// q=0).
func acceptsGzip(accept string) bool {
	for _, part := range strings.Split(accept, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(coding), "gzip") {
			continue
		}
		q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
		return !strings.HasPrefix(strings.ToLower(q), "q=0") || strings.Trim(q[2:], "0.") != ""
	}
	return false
}

// matchesTag reports whether an If-None-Match names tag (or is "*"),
// compared weakly as RFC 9110 says for If-None-Match.
func matchesTag(inm, tag string) bool {
	for _, t := range strings.Split(inm, ",") {
		t = strings.TrimPrefix(strings.TrimSpace(t), "W/")
		if t == "*" || t == tag {
			return true
		}
	}
	return false
}
