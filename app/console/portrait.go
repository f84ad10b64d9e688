package console

import (
	"bytes"
	"fmt"
	"image/color"
	"io"
	"os"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"hexslinger/app/session"
)

// pictureSuffixes name the picture files a portrait is read from.
var pictureSuffixes = []string{".png", ".jpg", ".jpeg"}

// showPortrait shows a sheet's picture in the editor, or says there is
// none.
func (p *sheetsPanel) showPortrait(data []byte) {
	p.portrait = data
	p.pic.RemoveAll()
	if len(data) == 0 {
		bg := canvas.NewRectangle(color.Transparent)
		bg.StrokeColor, bg.StrokeWidth = color.NRGBA{R: 0x80, G: 0x80, B: 0x80, A: 0xff}, 1
		none := widget.NewLabelWithStyle("No picture", fyne.TextAlignCenter, fyne.TextStyle{Italic: true})
		p.pic.Add(bg)
		p.pic.Add(container.NewCenter(none))
	} else {
		img := canvas.NewImageFromReader(bytes.NewReader(data), "portrait")
		img.FillMode = canvas.ImageFillContain
		p.pic.Add(img)
	}
	p.pic.Refresh()
}

// setPortrait gives the sheet a picture (nil removes it). The session
// checks it (session.CheckPortrait); a sheet already in the fight is
// changed at once with set_character, journaled and undoable like any
// sheet change; a new sheet keeps it until it is saved.
func (p *sheetsPanel) setPortrait(data []byte) {
	if err := session.CheckPortrait(data); err != nil {
		p.msg.SetText("Picture not used: " + err.Error() + ".")
		return
	}
	prev, saved := p.c.state.Characters[p.cur]
	if !saved || p.cur == "" {
		p.showPortrait(data)
		p.msg.SetText("The picture is kept with the sheet when you save it to the fight.")
		return
	}
	ch := prev.Clone()
	ch.Portrait = data
	if err := p.c.doErr(session.Command{Kind: session.CommandSetCharacter, Sheet: &ch}); err != nil {
		p.msg.SetText("Picture not used: " + err.Error())
		return
	}
	p.base.Portrait = data
	p.showPortrait(data)
	if data == nil {
		p.msg.SetText(fmt.Sprintf("Removed %s's picture (Ctrl+Z takes it back).", ch.Name))
	} else {
		p.msg.SetText(fmt.Sprintf("Set %s's picture (Ctrl+Z takes it back).", ch.Name))
	}
}

// choosePortrait asks for a PNG or JPEG file for the sheet's picture.
func (p *sheetsPanel) choosePortrait() {
	askFile(p.c.win, fileQuestion{title: "Choose the picture", kind: "PNG and JPEG pictures", suffixes: pictureSuffixes}, func(path string) {
		f, err := os.Open(path)
		if err != nil {
			p.msg.SetText("Picture not used: " + err.Error())
			return
		}
		defer f.Close()
		p.readPortrait(f)
	})
}

// readPortrait reads a picture file (at most a byte more than the session
// takes, so that a file too big is refused without reading it whole).
func (p *sheetsPanel) readPortrait(r io.Reader) {
	data, err := io.ReadAll(io.LimitReader(r, session.MaxPortraitBytes+1))
	if err != nil {
		p.msg.SetText("Picture not used: " + err.Error())
		return
	}
	if len(data) == 0 {
		p.msg.SetText("Picture not used: the file is empty.")
		return
	}
	p.setPortrait(data)
}

// dropped takes files dropped on the console's window: on the Sheets tab,
// the first picture file becomes the sheet's picture.
func (c *Console) dropped(_ fyne.Position, uris []fyne.URI) {
	if c.tabs.Selected() != c.sheetsTab {
		c.status.SetText("To give a sheet a picture, drop it on the Sheets tab (F3).")
		return
	}
	for _, u := range uris {
		if !suffixFilter(pictureSuffixes).Matches(u) {
			continue
		}
		rc, err := storage.Reader(u)
		if err != nil {
			c.sheets.msg.SetText("Picture not used: " + err.Error())
			return
		}
		c.sheets.readPortrait(rc)
		rc.Close()
		return
	}
	var names []string
	for _, u := range uris {
		names = append(names, u.Name())
	}
	c.sheets.msg.SetText("Picture not used: " + strings.Join(names, ", ") + " is not a PNG or JPEG file.")
}
