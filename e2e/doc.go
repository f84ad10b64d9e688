// Package e2e holds the end-to-end tests: the real console and map window
// under Xvfb, driven with xdotool, and the map window's scenes held to the
// kept pictures (go test -tags e2e ./e2e, or make e2e); with -tags wine,
// the Windows zip checked and its console run under Wine (make
// test-windows).
package e2e
