package console

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/skip2/go-qrcode"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
)

// tableConsole is a console whose LAN table is open, with Alice seated
// for Cyril and Bob for Zeke.
func tableConsole(t *testing.T) (*Console, fyne.Window, *session.Seat, *session.Seat) {
	t.Helper()
	s := demoSession(t)
	w := test.NewTempWindow(t, widget.NewLabel(""))
	w.Resize(fyne.NewSize(1180, 720))
	c, err := New(w, s, Options{Address: "ws://test", Manual: true, Access: session.NewAccess(session.NewToken())})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.Close)
	if err := c.openTable(); err != nil {
		t.Fatal(err)
	}
	alice := c.opts.Access.AddPlayer("Alice", []string{"cyril"})
	bob := c.opts.Access.AddPlayer("Bob", []string{"zeke"})
	c.library.showTable()
	return c, w, alice, bob
}

// objectsIn is o and everything inside it, through containers and
// scrolls.
func objectsIn(o fyne.CanvasObject) []fyne.CanvasObject {
	out := []fyne.CanvasObject{o}
	switch o := o.(type) {
	case *fyne.Container:
		for _, in := range o.Objects {
			out = append(out, objectsIn(in)...)
		}
	case *container.Scroll:
		out = append(out, objectsIn(o.Content)...)
	case *container.ThemeOverride:
		out = append(out, objectsIn(o.Content)...)
	}
	return out
}

// textOf is what a label, an entry or a canvas text says, "" for
// anything else.
func textOf(o fyne.CanvasObject) string {
	switch o := o.(type) {
	case *widget.Label:
		return o.Text
	case *widget.Entry:
		return o.Text
	case *canvas.Text:
		return o.Text
	}
	return ""
}

// seatRow is the table panel's row of the seat named name: the panel's
// part that names it with its figures.
func seatRow(t *testing.T, c *Console, name string) fyne.CanvasObject {
	t.Helper()
	for _, row := range c.library.players.Objects {
		for _, o := range objectsIn(row) {
			if strings.HasPrefix(textOf(o), name+" (") {
				return row
			}
		}
	}
	t.Fatalf("the table panel has no row for %s", name)
	return nil
}

// imagesIn lists the canvas images inside o.
func imagesIn(o fyne.CanvasObject) []*canvas.Image {
	var out []*canvas.Image
	for _, in := range objectsIn(o) {
		if img, ok := in.(*canvas.Image); ok {
			out = append(out, img)
		}
	}
	return out
}

// isQROf says why img is not the QR code go-qrcode makes of link at
// error correction Medium (quiet zone kept, one pixel a module, scaled
// by nearest neighbour, at least minSide units on the screen), or "".
func isQROf(img *canvas.Image, link string, minSide float32) string {
	q, err := qrcode.New(link, qrcode.Medium)
	if err != nil {
		return err.Error()
	}
	bits := q.Bitmap()
	if img.Image == nil {
		return "the image has no pixels"
	}
	if b := img.Image.Bounds(); b.Dx() != len(bits) || b.Dy() != len(bits) {
		return fmt.Sprintf("the image is %v, want %d×%d (one pixel a module, quiet zone kept)", b, len(bits), len(bits))
	}
	b := img.Image.Bounds()
	for y, row := range bits {
		for x, dark := range row {
			r, g, bl, _ := img.Image.At(b.Min.X+x, b.Min.Y+y).RGBA()
			if isDark := r+g+bl < 3*0x8000; isDark != dark {
				return fmt.Sprintf("module (%d,%d) is dark=%v, the QR code of %q has dark=%v", x, y, isDark, link, dark)
			}
		}
	}
	if img.ScaleMode != canvas.ImageScalePixels {
		return fmt.Sprintf("scale mode %v, want canvas.ImageScalePixels (crisp modules)", img.ScaleMode)
	}
	if img.FillMode != canvas.ImageFillContain {
		return fmt.Sprintf("fill mode %v, want canvas.ImageFillContain (square modules)", img.FillMode)
	}
	if m := img.MinSize(); m.Width < minSide || m.Height < minSide {
		return fmt.Sprintf("min size %v, want at least %v a side to scan off the screen", m, minSide)
	}
	return ""
}

// tapButton taps the button labelled label inside o.
func tapButton(t *testing.T, o fyne.CanvasObject, label string) {
	t.Helper()
	for _, in := range objectsIn(o) {
		if b, ok := in.(*widget.Button); ok && b.Text == label {
			test.Tap(b)
			return
		}
	}
	t.Fatalf("no button %q", label)
}

// TestTheTableShowsEachSeatsBrowserLinkAndQR: each seat of the LAN table
// shows, beside its native join code, its browser link, a button that
// copies it and the link's QR code, large enough to scan; a revoked seat
// shows neither.
func TestTheTableShowsEachSeatsBrowserLinkAndQR(t *testing.T) {
	c, _, alice, bob := tableConsole(t)
	tapButton(t, seatRow(t, c, "Bob"), "Revoke")
	t.Run("seated", func(t *testing.T) {
		row := seatRow(t, c, "Alice")
		link := transport.BrowserLink(c.table.host, alice.Token())
		var native, browser bool
		for _, o := range objectsIn(row) {
			switch textOf(o) {
			case transport.JoinCode(c.table.host, alice.Token(), c.table.fingerprint):
				native = true
			case link:
				browser = true
			}
		}
		if !native || !browser {
			t.Errorf("Alice's row shows the native code: %v, the browser link %q: %v; want both", native, link, browser)
		}
		imgs := imagesIn(row)
		if len(imgs) != 1 {
			t.Fatalf("Alice's row has %d images, want 1 QR code", len(imgs))
		}
		if why := isQROf(imgs[0], link, 160); why != "" {
			t.Errorf("Alice's QR code: %s", why)
		}
		tapButton(t, row, "Copy link")
		if got := fyne.CurrentApp().Clipboard().Content(); got != link {
			t.Errorf("Copy link put %q on the clipboard, want %q", got, link)
		}
	})
	t.Run("revoked", func(t *testing.T) {
		row := seatRow(t, c, "Bob")
		revoked := false
		for _, o := range objectsIn(row) {
			s := textOf(o)
			if strings.Contains(s, bob.Token()) || strings.Contains(s, transport.BrowserPath) {
				t.Errorf("Bob's revoked row still shows %q", s)
			}
			revoked = revoked || strings.Contains(s, "revoked")
		}
		if !revoked {
			t.Error("Bob's row does not say his seat is revoked")
		}
		if imgs := imagesIn(row); len(imgs) != 0 {
			t.Errorf("Bob's revoked row has %d images, want no QR code", len(imgs))
		}
	})
}

// boardTexts is every text the join-code window shows.
func boardTexts(b *joinBoard) []string {
	var out []string
	for _, o := range objectsIn(b.win.Content()) {
		if s := textOf(o); s != "" {
			out = append(out, s)
		}
	}
	return out
}

// TestJoinCodesOnTheTableMonitor: the table panel opens a window for the
// table monitor (fullscreen, as the player view) with every open
// player seat's name, figures and QR code, two or three across and as
// large as the screen allows, and the line telling players to scan; it
// follows the seats as they are added and revoked, and Close or Escape
// closes it.
func TestJoinCodesOnTheTableMonitor(t *testing.T) {
	c, _, alice, bob := tableConsole(t)
	c.opts.Access.AddSide("Table", "posse") // the player view's own seat: not for a phone
	carol := c.opts.Access.AddPlayer("Carol", []string{"miranda"})
	c.library.showTable()
	tapButton(t, c.library.players, "Show join codes on the table monitor")
	b := c.library.board
	if b == nil {
		t.Fatal("the button opened no window")
	}
	if !b.win.FullScreen() {
		t.Error("the join-code window is not fullscreen, though the player view is set to be")
	}
	b.win.Resize(fyne.NewSize(1600, 900))
	seated := func(t *testing.T, want map[string]*session.Seat, gone ...string) {
		t.Helper()
		texts := strings.Join(boardTexts(b), "\n")
		if !strings.Contains(texts, "Scan your seat's code with your phone's camera") {
			t.Errorf("the window does not tell players to scan; it says:\n%s", texts)
		}
		imgs := imagesIn(b.win.Content())
		if len(imgs) != len(want) {
			t.Errorf("the window shows %d QR codes, want %d (%v)", len(imgs), len(want), slicesKeys(want))
		}
		for name, seat := range want {
			figs := joinAnd(namesOf(c, seat.Figures))
			if !strings.Contains(texts, name) || !strings.Contains(texts, figs) {
				t.Errorf("the window does not name %s and %s; it says:\n%s", name, figs, texts)
			}
			link := transport.BrowserLink(c.table.host, seat.Token())
			found := false
			for _, img := range imgs {
				found = found || isQROf(img, link, 0) == ""
			}
			if !found {
				t.Errorf("no QR code of %s's link %s", name, link)
			}
		}
		for _, name := range gone {
			if strings.Contains(texts, name) {
				t.Errorf("the window still names %s; it says:\n%s", name, texts)
			}
		}
		d := fyne.CurrentApp().Driver()
		for i, img := range imgs {
			pos, size := d.AbsolutePositionForObject(img), img.Size()
			side := min(size.Width, size.Height)
			if side < 200 || pos.X < 0 || pos.Y < 0 || pos.X+size.Width > 1600 || pos.Y+size.Height > 900 {
				t.Errorf("QR code %d is %v at %v: want at least 200 a side, inside the 1600×900 window", i, size, pos)
			}
			for _, other := range imgs[i+1:] {
				op, os := d.AbsolutePositionForObject(other), other.Size()
				if pos.X < op.X+os.Width && op.X < pos.X+size.Width && pos.Y < op.Y+os.Height && op.Y < pos.Y+size.Height {
					t.Errorf("QR codes at %v and %v overlap", pos, op)
				}
			}
		}
	}
	t.Run("opened", func(t *testing.T) {
		seated(t, map[string]*session.Seat{"Alice": alice, "Bob": bob, "Carol": carol}, "Table")
		if imgs := imagesIn(b.win.Content()); len(imgs) == 3 {
			d := fyne.CurrentApp().Driver()
			if y0, y2 := d.AbsolutePositionForObject(imgs[0]).Y, d.AbsolutePositionForObject(imgs[2]).Y; y0 != y2 {
				t.Errorf("three seats are not shown three across: rows at %v and %v", y0, y2)
			}
		}
	})
	t.Run("revoked", func(t *testing.T) {
		tapButton(t, seatRow(t, c, "Bob"), "Revoke")
		seated(t, map[string]*session.Seat{"Alice": alice, "Carol": carol}, "Bob")
	})
	t.Run("added", func(t *testing.T) {
		dave := c.opts.Access.AddPlayer("Dave", []string{"zeke"})
		c.library.showTable()
		seated(t, map[string]*session.Seat{"Alice": alice, "Carol": carol, "Dave": dave}, "Bob")
	})
	t.Run("escape", func(t *testing.T) {
		b.win.Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
		if c.library.board != nil {
			t.Error("Escape left the join-code window open")
		}
	})
	t.Run("close", func(t *testing.T) {
		tapButton(t, c.library.players, "Show join codes on the table monitor")
		if b = c.library.board; b == nil {
			t.Fatal("the button opened no window")
		}
		tapButton(t, b.win.Content(), "Close")
		if c.library.board != nil {
			t.Error("Close left the join-code window open")
		}
	})
}

// namesOf is the figures' names.
func namesOf(c *Console, ids []string) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = c.state.FigureName(id)
	}
	return out
}

// slicesKeys is the names of seats.
func slicesKeys(m map[string]*session.Seat) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
