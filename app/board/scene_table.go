package board

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"time"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// The table's scenes: a ping, a token with a portrait, and the whole
// window at a table monitor's size at the default table scale.

// ping: Alice pings Zeke's street from her seat: the ring on the hex and
// her name over it, on the Judge's window.
func (sc *Scene) ping() error {
	s, err := sc.live(nil, nil, "")
	pinged := false
	sc.setup = func() bool {
		if !sc.connected() {
			return false
		}
		if !pinged {
			pinged = true
			h, _ := sc.g.play.st.Map.ParseHex("P8")
			if err := s.Ping("Alice", h); err != nil {
				return false
			}
		}
		sc.g.pings.still = 900 * time.Millisecond // one moment of the rings
		return len(sc.g.pings.live) > 0
	}
	return err
}

// portrait: Cyril's and Miranda's sheets get portraits while the window
// watches (a sheet change), drawn in their tokens; Jeb keeps his
// initials. Zoomed in on the posse.
func (sc *Scene) portrait() error {
	s, err := sc.live(nil, nil, "")
	if err != nil {
		return err
	}
	set := false
	sc.setup = func() bool {
		if !sc.connected() {
			return false
		}
		st := sc.g.play.st
		if !set {
			set = true
			// In turn, so that the bar says the same every time.
			var cmds []session.Command
			for _, p := range []struct {
				id  string
				hue color.RGBA
			}{{"cyril", color.RGBA{0x5a, 0x8a, 0xc8, 0xff}}, {"miranda", color.RGBA{0xc8, 0x6a, 0x3a, 0xff}}} {
				c := st.Characters[p.id]
				c.Portrait = scenePortrait(p.hue)
				cmds = append(cmds, session.Command{Kind: session.CommandSetCharacter, Sheet: &c})
			}
			go func() {
				for _, c := range cmds {
					s.Do(c)
				}
			}()
			return false
		}
		for _, id := range []string{"cyril", "miranda"} {
			if len(st.Characters[id].Portrait) == 0 {
				return false
			}
		}
		// Cyril's hex near the left, at a zoom of 52 px hexes.
		l := hexmap.Layout{Orientation: st.Map.Orientation, Size: 52}
		c := l.ToPixel(st.Figures["cyril"].At)
		l.Origin = hexmap.Point{X: 220 - c.X, Y: float64(sc.h-sc.g.barH())/2 - c.Y}
		sc.g.layout = l
		return true
	}
	return nil
}

// scenePortrait draws a small portrait for the scenes: a figure in a
// wide-brimmed hat against a sky of hue, as a PNG.
func scenePortrait(hue color.RGBA) []byte {
	const n = 96
	img := image.NewRGBA(image.Rect(0, 0, n, n))
	skin := color.RGBA{0xe8, 0xb8, 0x90, 0xff}
	hat := color.RGBA{0x4a, 0x30, 0x1c, 0xff}
	coat := color.RGBA{0x30, 0x2a, 0x26, 0xff}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			fx, fy := float64(x)-n/2, float64(y)
			c := shade(hue, 0.5*float64(n-y)/n)
			switch {
			case math.Hypot(fx/22, (fy-54)/26) < 1: // the face
				c = skin
				if math.Hypot(fx-8, fy-50) < 3 || math.Hypot(fx+8, fy-50) < 3 {
					c = coat // the eyes
				}
			case fy > 74 && math.Abs(fx) < 44-(96-fy)*0.3: // the coat
				c = coat
			}
			if (fy > 30 && fy < 38 && math.Abs(fx) < 40) || (fy >= 8 && fy <= 30 && math.Abs(fx) < 20) { // the hat
				c = hat
			}
			img.SetRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	png.Encode(&buf, img)
	return buf.Bytes()
}

// tableScale: the map window filling a 1920×1080 monitor at the default
// table scale, as the players see it across the table: Cyril selected
// with his reach and its AP, Zeke stunned by a shot (his tag), Jeb hidden
// by the Judge (faded, with the crossed eye), and the pointer resting on
// Zeke (the tip beside him).
func (sc *Scene) tableScale() error {
	sc.w, sc.h = 1920, 1080
	_, err := sc.live([]session.Command{
		{Kind: session.CommandHide, Figure: "jeb"},
		{Kind: session.CommandShoot, Figure: "cyril", Weapon: "schofield", Shots: []session.ShotOrder{{Target: "zeke", Kind: "normal"}},
			Dice: []int{9, 2, 1, 1, 1, 1}, Cards: []string{"3H"}},
	}, nil, "")
	sc.setup = func() bool {
		if !sc.connected() {
			return false
		}
		sc.g.play.selected = "cyril"
		x, y := sc.hexPoint("U8")
		sc.g.cursor = func() (int, int) { return x, y }
		return true
	}
	sc.settle = 900 * time.Millisecond // the tip shows after 400 ms
	return err
}
