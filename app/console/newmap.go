package console

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"hexslinger/hexmap"
)

// newMapSpec is what the New map form holds, as typed.
type newMapSpec struct {
	name, width, height, scale, orientation, terrain string
}

// The New map form's bounds on paces per hex.
const (
	minMapScale = 0.1
	maxMapScale = 1000
)

// mapSide reads a map's columns or rows, field naming the field.
func mapSide(field, s string) (int, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return 0, fmt.Errorf("%s: type a whole number from 1 to %d", field, hexmap.MaxSide)
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > hexmap.MaxSide {
		return 0, fmt.Errorf("%s: %q is not a whole number from 1 to %d", field, s, hexmap.MaxSide)
	}
	return n, nil
}

// mapScale reads a map's paces per hex.
func mapScale(s string) (float64, error) {
	s = strings.TrimSpace(s)
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) || v < minMapScale || v > maxMapScale {
		return 0, fmt.Errorf("Paces per hex: %q is not a number from %g to %g", s, float64(minMapScale), float64(maxMapScale))
	}
	return v, nil
}

// make is the blank map the form describes, or the first field that
// cannot be, named.
func (s newMapSpec) make() (*hexmap.Map, error) {
	name := strings.TrimSpace(s.name)
	if name == "" {
		return nil, fmt.Errorf("Name: give the map a name")
	}
	w, err := mapSide("Columns", s.width)
	if err != nil {
		return nil, err
	}
	h, err := mapSide("Rows", s.height)
	if err != nil {
		return nil, err
	}
	scale, err := mapScale(s.scale)
	if err != nil {
		return nil, err
	}
	var o hexmap.Orientation
	switch s.orientation {
	case "pointy":
	case "flat":
		o = hexmap.Flat
	default:
		return nil, fmt.Errorf("Hexes: %q is neither pointy nor flat", s.orientation)
	}
	if !slices.Contains(hexmap.TerrainNames(), s.terrain) {
		return nil, fmt.Errorf("Terrain: %q is not a terrain", s.terrain)
	}
	m, err := hexmap.New(name, o, w, h, s.terrain)
	if err != nil {
		return nil, err
	}
	m.Scale = scale
	return m, nil
}

// newMap asks for a blank map's name, size, paces per hex, hexes and
// terrain, each field checked as it is typed; then where to save it; then
// saves it and opens it in the map editor, as "Edit a map…" opens one.
func (p *libraryPanel) newMap() {
	name := widget.NewEntry()
	name.SetText("New map")
	name.Validator = func(s string) error {
		if strings.TrimSpace(s) == "" {
			return fmt.Errorf("Name: give the map a name")
		}
		return nil
	}
	side := func(field, v string) *widget.Entry {
		e := widget.NewEntry()
		e.SetPlaceHolder(fmt.Sprintf("%s, 1 to %d", strings.ToLower(field), hexmap.MaxSide))
		e.SetText(v)
		e.Validator = func(s string) error { _, err := mapSide(field, s); return err }
		return e
	}
	width, height := side("Columns", "30"), side("Rows", "20")
	scale := widget.NewEntry()
	scale.SetPlaceHolder(fmt.Sprintf("paces, %g to %g", float64(minMapScale), float64(maxMapScale)))
	scale.SetText("1")
	scale.Validator = func(s string) error { _, err := mapScale(s); return err }
	orient := widget.NewRadioGroup([]string{"pointy", "flat"}, nil)
	orient.Horizontal = true
	orient.Required = true
	orient.SetSelected("pointy")
	terrain := widget.NewSelect(hexmap.TerrainNames(), nil)
	terrain.SetSelected(hexmap.TerrainNames()[0])
	items := []*widget.FormItem{
		widget.NewFormItem("Name", name),
		widget.NewFormItem("Columns", width),
		widget.NewFormItem("Rows", height),
		widget.NewFormItem("Paces per hex", scale),
		widget.NewFormItem("Hexes", orient),
		widget.NewFormItem("Terrain", terrain),
	}
	d := dialog.NewForm("New map", "Choose where to save it…", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		m, err := newMapSpec{name.Text, width.Text, height.Text, scale.Text, orient.Selected, terrain.Selected}.make()
		if err != nil {
			dialog.ShowError(err, p.c.win)
			return
		}
		q := fileQuestion{save: true, title: "Save the new map", name: slug(m.Name) + ".hexmap.json", folder: p.folder(), kind: "hexslinger maps", suffixes: []string{".hexmap.json"}}
		p.ask(q, func(path string) { p.createMap(m, path) })
	}, p.c.win)
	d.Resize(fyne.NewSize(480, d.MinSize().Height))
	d.Show()
}

// ask puts file question q to the Judge (askSave, for tests, else the
// file dialog).
func (p *libraryPanel) ask(q fileQuestion, done func(path string)) {
	if p.askSave != nil {
		p.askSave(q, done)
		return
	}
	askFile(p.c.win, q, done)
}

// createMap saves the new map m to path (".hexmap.json" added if the
// Judge typed none) and opens it in the map editor.
func (p *libraryPanel) createMap(m *hexmap.Map, path string) {
	if !strings.HasSuffix(strings.ToLower(path), ".hexmap.json") {
		path += ".hexmap.json"
	}
	if err := hexmap.Save(path, m); err != nil {
		dialog.ShowError(fmt.Errorf("the new map was not saved to %s: %w", path, err), p.c.win)
		return
	}
	msg := "New map saved to " + path + "; it is open in the map editor."
	switch {
	case p.c.opts.MapBin == "":
		msg = "New map saved to " + path + "; no map window program (hexslinger-map) was found to edit it."
	default:
		if err := p.openEditor(path); err != nil {
			msg = "New map saved to " + path + "; the map editor did not start: " + err.Error()
		}
	}
	p.saved.SetText(msg)
	p.c.status.SetText(msg)
}
