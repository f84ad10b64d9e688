package console

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"

	"hexslinger/rules"
)

var (
	cardRed   = color.NRGBA{R: 0xc0, G: 0x1c, B: 0x1c, A: 0xff}
	cardBlack = color.NRGBA{R: 0x1a, G: 0x1a, B: 0x1a, A: 0xff}
	cardPaper = color.NRGBA{R: 0xfb, G: 0xf8, B: 0xf0, A: 0xff}
	cardEdge  = color.NRGBA{R: 0x70, G: 0x60, B: 0x50, A: 0xff}
)

// cardSize is an action card's size on screen.
var cardSize = fyne.NewSize(132, 176)

// cardView draws an action card as a card: its rank and suit, and every
// result it carries (phase, clock, YES/NO, hit location, penetration,
// burst, the calamity and unintended-target marks).
func cardView(name string) fyne.CanvasObject {
	c, err := rules.FindCard(rules.Cards(), name)
	if err != nil {
		return canvas.NewText(name, cardBlack)
	}
	ink := cardBlack
	if c.Suit == "hearts" || c.Suit == "diamonds" || c.Suit == "red" {
		ink = cardRed
	}
	bg := canvas.NewRectangle(cardPaper)
	bg.StrokeColor, bg.StrokeWidth, bg.CornerRadius = cardEdge, 2, 8
	corner := canvas.NewText(strings.TrimSuffix(c.Name(), " joker"), ink)
	corner.TextSize, corner.TextStyle.Bold = 22, true
	if c.Rank == "joker" {
		corner.Text = "JOKER"
	}
	line := func(s string, col color.Color, bold bool) *canvas.Text {
		t := canvas.NewText(s, col)
		t.TextSize, t.TextStyle.Bold = 12, bold
		return t
	}
	yes := "NO"
	if c.Yes {
		yes = "YES"
	}
	lines := []fyne.CanvasObject{
		corner,
		layout.NewSpacer(),
		line(fmt.Sprintf("Phase %d · %d o'clock", c.Phase, c.Clock), cardBlack, false),
		line(yes+" · "+string(c.Location), cardBlack, true),
		line(fmt.Sprintf("Pen %d · Burst %d", c.Penetration, c.Burst), cardBlack, false),
	}
	if c.Calamity {
		lines = append(lines, line("CALAMITY", cardRed, true))
	}
	if c.Unintended {
		lines = append(lines, line("unintended target", cardRed, false))
	}
	body := container.NewPadded(container.NewVBox(lines...))
	return container.NewGridWrap(cardSize, container.NewStack(bg, body))
}
