// Package e2e holds the end-to-end test: the real console and map window
// under Xvfb, driven with xdotool (go test -tags e2e ./e2e, or make e2e).
package e2e
