package board

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// holdDecoding makes the pictures' decoder report half its work done and
// then wait until the returned function is called (or its read is
// stopped); the decoder is put back when the test ends.
func holdDecoding(t *testing.T) (release func()) {
	t.Helper()
	held := make(chan struct{})
	decodeBackground = func(ctx context.Context, bg *hexmap.Background, fn hexmap.Progress) (image.Image, error) {
		if fn != nil {
			fn("decoding the picture", 0.5)
		}
		select {
		case <-held:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		return hexmap.DecodeBackgroundContext(ctx, bg, fn)
	}
	var once bool
	release = func() {
		if !once {
			once = true
			close(held)
		}
	}
	t.Cleanup(func() {
		release()
		decodeBackground = hexmap.DecodeBackgroundContext
	})
	return release
}

// loadNow has b take bg's picture, as frames would, until it is on the
// renderer or has failed.
func loadNow(t *testing.T, b *backdrop, bg *hexmap.Background) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for b.poll(bg); b.loading != nil; b.poll(bg) {
		if time.Now().After(deadline) {
			t.Fatal("the picture did not load in 20 s")
		}
		time.Sleep(time.Millisecond)
	}
}

// pictureGame is a Judge's fight window on the demo fight, its map given
// a 300×200 picture.
func pictureGame(t *testing.T) *Game {
	t.Helper()
	p := demoPlay(t)
	p.st.Map.Background = &hexmap.Background{Image: testPicture(t, 300, 200), PixelsPerHex: 40}
	c := newConn("ws://test", "t")
	c.status, c.role = "", string(session.RoleJudge)
	g := &Game{conn: c, play: *p, w: 800, h: 600}
	g.fit()
	return g
}

// framesUntil runs the window's frames, Update then Draw, until done
// reports true, failing after 20 s.
func framesUntil(t *testing.T, g *Game, screen *ebiten.Image, what string, done func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !done() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not after 20 s of frames", what)
		}
		if err := g.Update(); err != nil {
			t.Fatal(err)
		}
		g.Draw(screen)
		time.Sleep(time.Millisecond)
	}
}

// TestAFightWindowDrawsWhileItsPictureDecodes: a fight window (the
// Judge's or a player's) decodes its map's picture off its frame loop:
// while the decoding is held, its Update and Draw return, the map is drawn
// without the picture and the status bar says how far the picture has
// come; once decoded the picture is drawn under the hexes. The window
// decoded the picture inside the frame that first drew the map, frozen
// for up to 2.8 s on a big picture.
func TestAFightWindowDrawsWhileItsPictureDecodes(t *testing.T) {
	release := holdDecoding(t)
	g := pictureGame(t)
	screen := ebiten.NewImage(g.w, g.h)
	frame := func() {
		g.Update()
		g.Draw(screen)
	}
	for i := range 3 {
		if !returns(t, "the window's frame", frame) {
			release()
			return
		}
		if i == 0 {
			time.Sleep(50 * time.Millisecond) // the decoder reports its half
		}
	}
	if g.chunks.drawnWith.on || len(g.chunks.layers[0]) == 0 {
		t.Errorf("while the picture decodes: picture drawn %v, %d chunks drawn; want the map drawn without it", g.chunks.drawnWith.on, len(g.chunks.layers[0]))
	}
	// The decoder is half done: keepShare of the load is decoding.
	if got, want := g.backdrop.note(), fmt.Sprintf("Loading the map's picture… %d%%", int(50*keepShare)); got != want {
		t.Errorf("the status bar says %q while the picture decodes, want %q", got, want)
	}
	release()
	framesUntil(t, g, screen, "the picture drawn under the map", func() bool { return g.chunks.drawnWith.on && !g.chunks.pending })
	if r := g.backdrop.tex.Bounds(); r.Dx() != 300 || r.Dy() != 200 {
		t.Errorf("the picture's texture is %v, want 300×200", r)
	}
	if got := g.backdrop.note(); got != "" {
		t.Errorf("once drawn, the status bar says %q of the picture", got)
	}
}

// TestTheSamePictureIsNotDecodedAgain: a fresh state of the same fight
// (an undo, a redo, a resync: its map read anew from the session's
// message) brings the same picture in new bytes; the window keeps the
// picture it has. It decoded it again, from the start.
func TestTheSamePictureIsNotDecodedAgain(t *testing.T) {
	g := pictureGame(t)
	screen := ebiten.NewImage(g.w, g.h)
	framesUntil(t, g, screen, "the picture drawn under the map", func() bool { return g.chunks.drawnWith.on && !g.chunks.pending })
	tex := g.backdrop.tex
	holdDecoding(t) // a decoding now would never end
	bg := *g.play.st.Map.Background
	bg.Image = bytes.Clone(bg.Image)
	g.play.st.Map.Background = &bg
	g.seq++
	for range 3 {
		if !returns(t, "the window's frame", func() { g.Update(); g.Draw(screen) }) {
			return
		}
	}
	if g.backdrop.tex != tex || !g.chunks.drawnWith.on {
		t.Errorf("the same picture in new bytes: texture kept %v, picture drawn %v; want both", g.backdrop.tex == tex, g.chunks.drawnWith.on)
	}
}
