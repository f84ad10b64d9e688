//go:build js && wasm

// Command hexslinger-web is a player's map window in a browser: the map
// window of app/board built to WebAssembly, served by the console at
// transport.BrowserPath. The page's address carries the seat's token in
// its fragment (transport.BrowserLink), which the browser never sends:
// the window proves it holds the token to the session (transport's proof
// handshake) and takes that seat's view, played by touch.
//
// For the browser tests it sets a JS global, hexslinger: state
// ("loading", "connecting", "map" once the first frame with the map is
// drawn, "refused"), firstMapMs (from the wasm's start to that frame),
// heapBytes() (the Go heap: {"alloc","sys"} as JSON), figures() (the
// figures drawn now, as JSON [{"id","x","y"}] in CSS pixels of the page),
// buttons() (the action bar's buttons drawn now, as JSON
// [{"label","x","y","w","h"}], their boxes in CSS pixels) and hexPoint(q, r) (a hex's centre, JSON {"x","y"} in CSS pixels). They
// read what the window drew (board.Game.Drawn), not the session's state.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"runtime"
	"syscall/js"
	"time"

	"hexslinger/app/board"
	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/hexmap"
)

// noSeat and revoked are what the page says when it cannot play.
const (
	noSeat  = "This link has no seat: scan your seat's QR code again."
	revoked = "Your seat was revoked: ask the Judge for a new link."
)

func main() {
	start := time.Now()
	hooks := js.Global().Get("Object").New()
	js.Global().Set("hexslinger", hooks)
	hooks.Set("state", "loading")
	loc := js.Global().Get("location")
	token, ok := board.PageSeat(loc.Get("hash").String())
	if !ok {
		hooks.Set("state", "refused")
		say(noSeat)
		return
	}
	wsURL := board.PageSocket(loc.Get("protocol").String(), loc.Get("host").String())
	g := board.PlayerGame(wsURL, func(ctx context.Context) (*transport.Client, []session.Event, error) {
		return transport.DialProof(ctx, wsURL, token) // the token never leaves the page
	})
	export(hooks, g, start)
	hooks.Set("state", "connecting")
	err := board.RunPlayer(g)
	hooks.Set("state", "refused")
	if errors.Is(err, board.ErrRejected) {
		say(revoked)
		return
	}
	say("The map window stopped: " + errText(err) + " Reload the page to join again.")
}

// export sets the test hooks on hooks.
func export(hooks js.Value, g *board.Game, start time.Time) {
	hooks.Set("heapBytes", js.FuncOf(func(js.Value, []js.Value) any {
		var m runtime.MemStats
		runtime.ReadMemStats(&m)
		return jsonOf(map[string]uint64{"alloc": m.HeapAlloc, "sys": m.Sys})
	}))
	hooks.Set("figures", js.FuncOf(func(js.Value, []js.Value) any {
		d := g.Drawn()
		if d.Figures == nil {
			d.Figures = []board.FigureDrawn{}
		}
		return jsonOf(d.Figures)
	}))
	hooks.Set("connected", js.FuncOf(func(js.Value, []js.Value) any { return g.Connected() }))
	hooks.Set("taps", js.FuncOf(func(js.Value, []js.Value) any { return g.Taps() }))
	hooks.Set("buttons", js.FuncOf(func(js.Value, []js.Value) any {
		d := g.Drawn()
		if d.Buttons == nil {
			d.Buttons = []board.ButtonDrawn{}
		}
		return jsonOf(d.Buttons)
	}))
	hooks.Set("hexPoint", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) < 2 || args[0].Type() != js.TypeNumber || args[1].Type() != js.TypeNumber {
			return jsonOf(map[string]string{"error": "hexPoint(q, r): two numbers"})
		}
		return jsonOf(g.HexPoint(hexmap.Hex{Q: args[0].Int(), R: args[1].Int()}))
	}))
	// state and firstMapMs follow the frames: a goroutine looks at what
	// the window drew until the map is up.
	go func() {
		for {
			time.Sleep(50 * time.Millisecond)
			if g.Rejection() != nil {
				return // RunPlayer's end says so
			}
			if d := g.Drawn(); d.Map {
				hooks.Set("firstMapMs", d.FirstMap.Sub(start).Milliseconds())
				hooks.Set("state", "map")
				return
			}
		}
	}()
}

func jsonOf(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return "null"
	}
	return string(b)
}

func errText(err error) string {
	if err == nil {
		return "the page closed it."
	}
	return err.Error() + "."
}

// say shows text over the page, large, in place of the map: what went
// wrong and what to do.
func say(text string) {
	doc := js.Global().Get("document")
	div := doc.Call("getElementById", "hexslinger-message")
	if div.IsNull() || div.IsUndefined() {
		div = doc.Call("createElement", "div")
		div.Set("id", "hexslinger-message")
		st := div.Get("style")
		for k, v := range map[string]string{"position": "fixed", "inset": "0", "display": "flex", "alignItems": "center",
			"justifyContent": "center", "padding": "24px", "textAlign": "center", "font": "600 20px/1.4 sans-serif",
			"color": "#f2e8d5", "background": "#1c1814", "zIndex": "10"} {
			st.Set(k, v)
		}
		doc.Get("body").Call("appendChild", div)
	}
	div.Set("textContent", text)
}
