package console

import (
	"image"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/skip2/go-qrcode"

	"hexslinger/app/session/transport"
)

// qrLevel is the error correction of the seats' QR codes: Medium (15% of
// the code may be lost), the usual trade between size and a scan off a
// screen with glare.
const qrLevel = qrcode.Medium

// qrSide is the side of a seat's QR code in the table panel: large
// enough for a phone to scan it off the Judge's screen.
const qrSide = 180

// qrImage is the QR code of link, one pixel a module with its quiet zone,
// drawn at least side units a side and scaled by nearest neighbour so
// that its modules stay crisp; nil if link cannot be encoded.
func qrImage(link string, side float32) *canvas.Image {
	q, err := qrcode.New(link, qrLevel)
	if err != nil {
		return nil
	}
	bits := q.Bitmap()
	img := image.NewGray(image.Rect(0, 0, len(bits), len(bits)))
	for y, row := range bits {
		for x, dark := range row {
			if !dark {
				img.SetGray(x, y, color.Gray{Y: 0xff})
			}
		}
	}
	out := canvas.NewImageFromImage(img)
	out.ScaleMode = canvas.ImageScalePixels
	out.FillMode = canvas.ImageFillContain
	out.SetMinSize(fyne.NewSquareSize(side))
	return out
}

// scanLine is what the join-code window tells the players.
const scanLine = "Scan your seat's code with your phone's camera"

// joinBoard is the window showing the seats' QR codes on the table
// monitor, for the players to scan from their chairs.
type joinBoard struct {
	p   *libraryPanel
	win fyne.Window
}

// openBoard opens the join-code window (or brings it forward): fullscreen
// when the player view is set to be, each open player seat's name,
// figures and QR code, as large as the screen allows.
func (p *libraryPanel) openBoard() {
	if p.board != nil {
		p.board.win.RequestFocus()
		return
	}
	b := &joinBoard{p: p, win: fyne.CurrentApp().NewWindow("hexslinger — join codes")}
	p.board = b
	b.win.SetOnClosed(func() {
		if p.board == b {
			p.board = nil
		}
	})
	b.win.Canvas().SetOnTypedKey(func(e *fyne.KeyEvent) {
		switch e.Name {
		case fyne.KeyEscape:
			b.close()
		case fyne.KeyF11:
			b.win.SetFullScreen(!b.win.FullScreen())
		}
	})
	b.refresh()
	if p.full == nil || p.full.Checked {
		b.win.SetFullScreen(true)
	} else {
		b.win.Resize(fyne.NewSize(1280, 800))
	}
	b.win.Show()
}

// followBoard keeps the join-code window to the table: the seats as they
// stand, and closed with the table.
func (p *libraryPanel) followBoard() {
	switch {
	case p.board == nil:
	case p.c.table == nil:
		p.board.close()
	default:
		p.board.refresh()
	}
}

// close closes the window.
func (b *joinBoard) close() {
	if b.p.board == b {
		b.p.board = nil
	}
	b.win.Close()
}

// refresh lays out the open player seats as they stand now, two or three
// across; the player view's own seat (a side's) is not for a phone.
func (b *joinBoard) refresh() {
	c := b.p.c
	var cells []fyne.CanvasObject
	for _, seat := range c.opts.Access.Players() {
		if seat.Revoked() || seat.Side != "" {
			continue
		}
		qr := qrImage(transport.BrowserLink(c.table.host, seat.Token()), 120)
		if qr == nil {
			continue
		}
		names := make([]string, len(seat.Figures))
		for i, id := range seat.Figures {
			names[i] = c.state.FigureName(id)
		}
		name := widget.NewLabelWithStyle(seat.Name, fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
		name.SizeName = theme.SizeNameSubHeadingText
		name.Truncation = fyne.TextTruncateEllipsis
		figs := widget.NewLabelWithStyle(joinAnd(names), fyne.TextAlignCenter, fyne.TextStyle{})
		figs.Truncation = fyne.TextTruncateEllipsis
		// A gap of the page's colour keeps each code apart from the next.
		gap := container.New(layout.NewCustomPaddedLayout(8, 8, 24, 24), qr)
		cells = append(cells, container.NewBorder(container.NewVBox(name, figs), nil, nil, nil, gap))
	}
	var body fyne.CanvasObject
	if len(cells) == 0 {
		body = container.NewCenter(widget.NewLabel("No player is seated: add players in the console's Library tab."))
	} else {
		body = container.NewGridWithColumns(boardColumns(len(cells)), cells...)
	}
	top := widget.NewLabelWithStyle(scanLine, fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	top.SizeName = theme.SizeNameHeadingText
	bottom := container.NewHBox(layout.NewSpacer(), widget.NewButton("Close", b.close))
	b.win.SetContent(container.NewThemeOverride(container.NewBorder(top, bottom, nil, nil, body), bigTheme{fyne.CurrentApp().Settings().Theme()}))
}

// boardColumns is how many seats a row of the join-code window holds:
// two or three across, so that the codes stay large.
func boardColumns(n int) int {
	switch {
	case n <= 2:
		return max(n, 1)
	case n == 4:
		return 2
	default:
		return 3
	}
}

// bigTheme is the app's theme with its text twice as large, read across
// the table.
type bigTheme struct{ fyne.Theme }

func (t bigTheme) Size(n fyne.ThemeSizeName) float32 {
	s := t.Theme.Size(n)
	switch n {
	case theme.SizeNameText, theme.SizeNameSubHeadingText, theme.SizeNameHeadingText:
		return 2 * s
	}
	return s
}
