package console

import (
	"fmt"
	"log/slog"
	"os"
	"path/filepath"

	"hexslinger/app/session/transport"
)

// DefaultWebDir is where the player's map for browsers is looked for
// when not told: the folder of the running program, where make build
// puts hexslinger-web.wasm and wasm_exec.js beside hexslinger (and the
// Windows zip beside hexslinger.exe), or else ../share/hexslinger from
// it, where the Linux archive installs them (webDirOf).
func DefaultWebDir() string {
	exe, err := os.Executable()
	if err != nil {
		return "."
	}
	if real, err := filepath.EvalSymlinks(exe); err == nil {
		exe = real
	}
	return webDirOf(filepath.Dir(exe))
}

// webDirOf is the folder of the browser's map for a program in bin: bin
// itself when the map is there, else bin/../share/hexslinger when it is
// there, else bin (whose missing files the console then names).
func webDirOf(bin string) string {
	for _, dir := range []string{bin, filepath.Join(bin, "..", "share", "hexslinger")} {
		if _, err := os.Stat(filepath.Join(dir, transport.WebAppWasm)); err == nil {
			return filepath.Clean(dir)
		}
	}
	return bin
}

// serveWebApp loads the player's map for browsers from dir ("" for
// DefaultWebDir) and serves it on srv, the table reached at host; it
// returns the line that says where browsers join, or why they cannot.
// The table serves its map windows either way.
func serveWebApp(srv *transport.Server, dir, host string) string {
	if dir == "" {
		dir = DefaultWebDir()
	}
	app, err := transport.LoadWebApp(dir)
	if err != nil {
		slog.Warn("console: no browser join", "err", err)
		return "The browser join is unavailable: " + err.Error() + "."
	}
	srv.ServeWebApp(app)
	raw, gz := app.Sizes()
	return fmt.Sprintf("Browsers join at http://%s%s (each player's link carries their seat; the map is %.1f MB, %.1f MB to download).",
		host, transport.BrowserPath, float64(raw)/1e6, float64(gz)/1e6)
}
