package hexmap

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
)

// Map file format identifiers (DESIGN.md "Files a Judge keeps").
const (
	FileFormat = "hexslinger/map"
	// FileVersion is the version maps are written in: 2, whose terrain
	// rows and levels are run-length encoded (rle.go). Version 1 files,
	// a symbol a column and a list of levels, still open.
	FileVersion = 2
	// MaxFileSize caps a map file: a 1024×1024 map with features fits well.
	MaxFileSize = 32 << 20
)

// File is the JSON form of a map (*.hexmap.json). Positions are battle-mat
// labels ("C7": column letters, row number from 1). Terrain is one string a
// row, one symbol a column, each symbol named in Legend; a space is off the
// map. In version 2 a row is runs, a symbol after its count ("3.2=" is
// "...=="; a count of 1 is left out), and no legend symbol is a digit;
// Levels, each hex's elevation, is one string a row of runs "count*level"
// or "level" between spaces ("3*0 1"), left out when the map is flat.
// Elevation, a list of the hexes not at level 0, is version 1's (and is
// read in version 2 too, after Levels).
type File struct {
	Format      string            `json:"format"`
	Version     int               `json:"version"`
	Name        string            `json:"name"`
	Orientation string            `json:"orientation"`
	Width       int               `json:"width"`
	Height      int               `json:"height"`
	Scale       float64           `json:"scale"`
	Legend      map[string]string `json:"legend"`
	Terrain     []string          `json:"terrain"`
	Levels      []string          `json:"levels,omitempty"`
	Elevation   []FileLevel       `json:"elevation,omitempty"`
	Edges       []FileFeature     `json:"edges,omitempty"`
	Features    []FileFeature     `json:"features,omitempty"`
	Labels      []FileLabel       `json:"labels,omitempty"`
	Lights      []Light           `json:"lights,omitempty"`
	Environment *Environment      `json:"environment,omitempty"`
	Portals     []Portal          `json:"portals,omitempty"`
	Background  *Background       `json:"background,omitempty"`
}

// FileLevel is one hex's elevation in a map file.
type FileLevel struct {
	At    string `json:"at"`
	Level int    `json:"level"`
}

// FileFeature is an edge feature (with Side) or a hex feature in a map file.
// Armor and Height default to the kind's; BaseArmor defaults to Armor.
type FileFeature struct {
	At        string `json:"at"`
	Side      string `json:"side,omitempty"`
	Kind      string `json:"kind"`
	Open      bool   `json:"open,omitempty"`
	Secret    bool   `json:"secret,omitempty"` // a door hidden from the players (Feature.Secret)
	Armor     *int   `json:"armor,omitempty"`
	BaseArmor *int   `json:"base_armor,omitempty"`
	Height    string `json:"height,omitempty"`
}

// FileLabel is a text label on a hex.
type FileLabel struct {
	At   string `json:"at"`
	Text string `json:"text"`
}

// FieldError names the field of a map file that is wrong.
type FieldError struct {
	Field string
	Err   error
}

func (e *FieldError) Error() string { return e.Field + ": " + e.Err.Error() }
func (e *FieldError) Unwrap() error { return e.Err }

// withinField names err's field as within field: a *FieldError's field (as
// ".at") after it, else field itself.
func withinField(field string, err error) error {
	if fe, ok := err.(*FieldError); ok {
		return &FieldError{Field: field + fe.Field, Err: fe.Err}
	}
	return &FieldError{Field: field, Err: err}
}

func fieldErr(field string, format string, args ...any) error {
	return &FieldError{Field: field, Err: fmt.Errorf(format, args...)}
}

// Decode reads a map from JSON, checking every field.
func Decode(r io.Reader) (*Map, error) {
	var f File
	if _, err := DecodeJSON(r, JSONFile{Kind: "map", MaxSize: MaxFileSize}, &f); err != nil {
		return nil, err
	}
	return f.Map()
}

// jsonKind says in words what JSON a Go type is read from: "a number",
// not "a float64".
func jsonKind(t reflect.Type) string {
	if t == nil {
		return "a value"
	}
	switch t.Kind() {
	case reflect.Float32, reflect.Float64, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "a list"
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Pointer:
		return jsonKind(t.Elem())
	}
	return "a " + t.String()
}

// JSONError turns an encoding/json error from decoding data into one that
// names the line (bad syntax) or the field (a wrong type).
func JSONError(data []byte, err error) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		line := 1 + bytes.Count(data[:min(int(se.Offset), len(data))], []byte("\n"))
		return fmt.Errorf("line %d: bad JSON: %v", line, se)
	case errors.As(err, &te):
		return fieldErr(te.Field, "want %s, got a JSON %s", jsonKind(te.Type), te.Value)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("line %d: bad JSON: the file ends inside the JSON (cut short?)", 1+bytes.Count(data, []byte("\n")))
	case errors.Is(err, io.EOF):
		return errors.New("empty file")
	}
	return err
}

// Map converts the file form to a map, checking every field.
func (f *File) Map() (*Map, error) {
	if f.Format != FileFormat {
		return nil, fieldErr("format", "is %q, want %q", f.Format, FileFormat)
	}
	if f.Version != 1 && f.Version != FileVersion {
		return nil, fieldErr("version", "is %d; this hexslinger reads versions 1 and %d", f.Version, FileVersion)
	}
	o, err := ParseOrientation(f.Orientation)
	if err != nil {
		return nil, &FieldError{"orientation", err}
	}
	if f.Width < 1 || f.Width > MaxSide {
		return nil, fieldErr("width", "is %d, want 1 to %d", f.Width, MaxSide)
	}
	if f.Height < 1 || f.Height > MaxSide {
		return nil, fieldErr("height", "is %d, want 1 to %d", f.Height, MaxSide)
	}
	m, _ := New(f.Name, o, f.Width, f.Height, "dirt")
	m.Scale = f.Scale
	if m.Scale == 0 {
		m.Scale = 1
	}
	if m.Scale < 0 || m.Scale > 1000 {
		return nil, fieldErr("scale", "is %g paces per hex, want more than 0 and at most 1000", f.Scale)
	}
	legend := map[rune]string{' ': ""}
	// symbols is the legend's terrain ids by symbol, for the ASCII ones
	// (a cell is looked up a million times in a 1024² map).
	var symbols [128]struct {
		id    uint8
		known bool
	}
	symbols[' '].known = true
	for sym, name := range f.Legend {
		rs := []rune(sym)
		if len(rs) != 1 {
			return nil, fieldErr("legend", "symbol %q must be one character", sym)
		}
		if _, ok := Terrains[name]; !ok {
			return nil, fieldErr("legend."+sym, "terrain %q is not known (have %v)", name, TerrainNames())
		}
		if f.Version >= 2 && rs[0] >= '0' && rs[0] <= '9' {
			return nil, fieldErr("legend."+sym, "a digit is a run's count in a version %d row, not a symbol: take another", f.Version)
		}
		legend[rs[0]] = name
		if rs[0] < 128 {
			symbols[rs[0]].id, symbols[rs[0]].known = terrainIDs[name], true
		}
	}
	if len(f.Terrain) != f.Height {
		return nil, fieldErr("terrain", "has %d rows, want height %d", len(f.Terrain), f.Height)
	}
	for row, line := range f.Terrain {
		rs := []rune(line)
		if f.Version >= 2 {
			var err error
			if rs, err = unrunRow(rs, f.Width); err != nil {
				return nil, &FieldError{fmt.Sprintf("terrain[%d]", row), err}
			}
		}
		if len(rs) != f.Width {
			return nil, fieldErr(fmt.Sprintf("terrain[%d]", row), "has %d columns, want width %d", len(rs), f.Width)
		}
		cells := m.terrain[row*f.Width : (row+1)*f.Width]
		for col, sym := range rs {
			if sym >= 0 && sym < 128 && symbols[sym].known {
				cells[col] = symbols[sym].id
				continue
			}
			name, ok := legend[sym]
			if !ok {
				return nil, fieldErr(fmt.Sprintf("terrain[%d]", row), "column %s: symbol %q is not in the legend", ColumnName(col), sym)
			}
			cells[col] = terrainIDs[name]
		}
	}
	at := func(field, label string) (Hex, error) {
		h, err := m.ParseHex(label)
		if err != nil {
			return Hex{}, &FieldError{field + ".at", err}
		}
		if m.index(h) < 0 {
			return Hex{}, fieldErr(field+".at", "%s is outside the %d×%d map", label, f.Width, f.Height)
		}
		return h, nil
	}
	if len(f.Levels) > 0 {
		if f.Version < 2 {
			return nil, fieldErr("levels", "is version 2's: this file says version %d (use elevation)", f.Version)
		}
		if len(f.Levels) != f.Height {
			return nil, fieldErr("levels", "has %d rows, want height %d", len(f.Levels), f.Height)
		}
		for row, line := range f.Levels {
			if err := unrunLevels(line, m.elevation[row*f.Width:(row+1)*f.Width]); err != nil {
				return nil, &FieldError{fmt.Sprintf("levels[%d]", row), err}
			}
		}
	}
	for i, l := range f.Elevation {
		field := fmt.Sprintf("elevation[%d]", i)
		h, err := at(field, l.At)
		if err != nil {
			return nil, err
		}
		if err := m.SetElevation(h, l.Level); err != nil {
			return nil, &FieldError{field + ".level", err}
		}
	}
	// A field's name is made only for its error: a 1024² map has some
	// 150,000 edges.
	for i, ff := range f.Edges {
		h, err := at("", ff.At)
		if err != nil {
			return nil, withinField(fmt.Sprintf("edges[%d]", i), err)
		}
		d, err := o.ParseSide(ff.Side)
		if err != nil {
			return nil, &FieldError{fmt.Sprintf("edges[%d].side", i), err}
		}
		feat, err := ff.feature("")
		if err != nil {
			return nil, withinField(fmt.Sprintf("edges[%d]", i), err)
		}
		if err := m.SetEdge(h, d, feat); err != nil {
			return nil, &FieldError{fmt.Sprintf("edges[%d]", i), err}
		}
	}
	for i, ff := range f.Features {
		field := fmt.Sprintf("features[%d]", i)
		h, err := at(field, ff.At)
		if err != nil {
			return nil, err
		}
		if ff.Side != "" {
			return nil, fieldErr(field+".side", "a hex feature has no side; put %s under \"edges\"", ff.Kind)
		}
		feat, err := ff.feature(field)
		if err != nil {
			return nil, err
		}
		if err := m.SetFeature(h, feat); err != nil {
			return nil, &FieldError{field, err}
		}
	}
	if b := f.Background; b != nil {
		if _, _, err := backgroundHeader(b.Image); err != nil {
			return nil, &FieldError{"background.image", err}
		}
		if !(b.PixelsPerHex > 0 && b.PixelsPerHex < 10000) {
			return nil, fieldErr("background.pixels_per_hex", "is %g, want more than 0 and less than 10000", b.PixelsPerHex)
		}
		if math.IsNaN(b.Origin.X) || math.IsNaN(b.Origin.Y) || math.IsInf(b.Origin.X, 0) || math.IsInf(b.Origin.Y, 0) {
			return nil, fieldErr("background.origin", "is not a finite point")
		}
		m.Background = b
	}
	for i, l := range f.Labels {
		field := fmt.Sprintf("labels[%d]", i)
		h, err := at(field, l.At)
		if err != nil {
			return nil, err
		}
		if len(l.Text) > 200 {
			return nil, fieldErr(field+".text", "is %d bytes long, want at most 200", len(l.Text))
		}
		m.Labels[h] = l.Text
	}
	if err := checkLights(f.Lights); err != nil {
		return nil, err
	}
	m.Lights = slices.Clone(f.Lights)
	if err := checkPortals(f.Portals); err != nil {
		return nil, err
	}
	m.Portals = slices.Clone(f.Portals)
	if e := f.Environment; e != nil {
		if len(e.AmbientLight) > maxAmbientLight {
			return nil, fieldErr("environment.ambient_light", "has %d characters, want at most %d", len(e.AmbientLight), maxAmbientLight)
		}
		env := *e
		m.Environment = &env
	}
	return m, nil
}

func (ff FileFeature) feature(field string) (Feature, error) {
	feat, err := NewFeature(ff.Kind)
	if err != nil {
		return Feature{}, &FieldError{field + ".kind", err}
	}
	if ff.Armor != nil {
		if *ff.Armor < 0 || *ff.Armor > 20 {
			return Feature{}, fieldErr(field+".armor", "is %d, want 0 to 20", *ff.Armor)
		}
		feat.Armor, feat.BaseArmor = *ff.Armor, *ff.Armor
	}
	if ff.BaseArmor != nil {
		if *ff.BaseArmor < feat.Armor || *ff.BaseArmor > 20 {
			return Feature{}, fieldErr(field+".base_armor", "is %d, want %d to 20", *ff.BaseArmor, feat.Armor)
		}
		feat.BaseArmor = *ff.BaseArmor
	}
	if ff.Height != "" {
		h, err := ParseHeight(ff.Height)
		if err != nil {
			return Feature{}, &FieldError{field + ".height", err}
		}
		feat.Height = h
	}
	if ff.Open && !feat.Info().Openable {
		return Feature{}, fieldErr(field+".open", "a %s cannot be open", ff.Kind)
	}
	feat.Open = ff.Open
	if ff.Secret {
		switch {
		case !feat.Info().Openable:
			return Feature{}, fieldErr(field+".secret", "a %s cannot be secret: only a door", ff.Kind)
		case ff.Open:
			return Feature{}, fieldErr(field+".secret", "an open door is no secret: leave out open or secret")
		}
	}
	feat.Secret = ff.Secret
	return feat, nil
}

// ForPlayers is the feature as the players are told it: a secret door a
// wall, anything else itself. The wall keeps the door's armor and height,
// so that a shot through it is the same cover on a player's window as in
// the session's decision (a Judge who would not have a thinner wall tell
// of it gives the door a wall's armor, 3).
func (ff FileFeature) ForPlayers() FileFeature {
	if !ff.Secret {
		return ff
	}
	wall, _ := NewFeature("wall")
	if door, err := ff.feature(""); err == nil {
		wall = door.ForPlayers()
	}
	// Written as a wall of the map's own is, its defaults left out.
	told := fileFeature(ff.At, wall).lean(wall)
	told.Side = ff.Side
	return told
}

// ForPlayers is the map file as the players are told it: f itself when it
// holds no secret door, else a copy whose secret doors are plain walls
// (FileFeature.ForPlayers). f does not change.
func (f *File) ForPlayers() *File {
	if f == nil || !slices.ContainsFunc(f.Edges, func(ff FileFeature) bool { return ff.Secret }) {
		return f
	}
	c := *f
	c.Edges = slices.Clone(f.Edges)
	for i := range c.Edges {
		c.Edges[i] = c.Edges[i].ForPlayers()
	}
	return &c
}

// File returns the file form of m.
func (m *Map) File() *File {
	f := &File{
		Format: FileFormat, Version: FileVersion, Name: m.Name,
		Orientation: m.Orientation.String(), Width: m.Width, Height: m.Height, Scale: m.Scale,
		Legend: map[string]string{}, Background: m.Background,
	}
	// Symbols: the first letter of each terrain name, or the next free one.
	sym := map[string]rune{}
	used := map[rune]bool{' ': true}
	for _, name := range TerrainNames() {
		r := []rune(name)[0]
		for used[r] {
			r++
		}
		used[r] = true
		sym[name] = r
	}
	present := map[string]bool{}
	var b strings.Builder
	row := make([]rune, m.Width)
	for r := 0; r < m.Height; r++ {
		for col := range row {
			t := m.terrain[r*m.Width+col]
			if t == 0 {
				row[col] = ' '
				continue
			}
			name := terrainList[t-1].Name
			present[name] = true
			row[col] = sym[name]
		}
		b.Reset()
		runRow(&b, row)
		f.Terrain = append(f.Terrain, b.String())
	}
	for t := range present {
		f.Legend[string(sym[t])] = t
	}
	if slices.ContainsFunc(m.elevation, func(lv int16) bool { return lv != 0 }) {
		for r := 0; r < m.Height; r++ {
			b.Reset()
			runLevels(&b, m.elevation[r*m.Width:(r+1)*m.Width])
			f.Levels = append(f.Levels, b.String())
		}
	}
	for _, e := range m.Edges() {
		feat, _ := m.EdgeAt(e)
		h, side := e.Hex, e.Side
		if m.index(h) < 0 { // name it from the hex that is on the map
			h, side = h.Neighbor(side), side.Opposite()
		}
		ff := fileFeature(m.Label(h), feat).lean(feat)
		ff.Side = m.Orientation.SideNames()[side]
		f.Edges = append(f.Edges, ff)
	}
	for _, h := range m.Features() {
		feat, _ := m.Feature(h)
		f.Features = append(f.Features, fileFeature(m.Label(h), feat).lean(feat))
	}
	for _, h := range sortedHexes(m.Labels) {
		f.Labels = append(f.Labels, FileLabel{m.Label(h), m.Labels[h]})
	}
	f.Lights = slices.Clone(m.Lights)
	f.Environment = m.Environment
	f.Portals = slices.Clone(m.Portals)
	return f
}

func fileFeature(at string, feat Feature) FileFeature {
	a := feat.Armor
	ff := FileFeature{At: at, Kind: feat.Kind, Open: feat.Open, Secret: feat.Secret, Armor: &a}
	if feat.BaseArmor != feat.Armor {
		b := feat.BaseArmor
		ff.BaseArmor = &b
	}
	if feat.Height > 0 {
		ff.Height = feat.Height.String()
	}
	return ff
}

// lean leaves out of ff, feat's form in a map file, the armor and height
// that are its kind's (the defaults a file is read with): most walls,
// doors and barrels are as their kind makes them.
func (ff FileFeature) lean(feat Feature) FileFeature {
	kind, err := NewFeature(feat.Kind)
	if err != nil {
		return ff
	}
	if feat.Armor == kind.Armor && feat.BaseArmor == kind.Armor {
		ff.Armor, ff.BaseArmor = nil, nil
	}
	if feat.Height == kind.Height {
		ff.Height = ""
	}
	return ff
}

// Encode writes m as JSON indented two levels deep: a field a line, and
// in a list each row, edge, feature, label or light a line of its own.
func Encode(w io.Writer, m *Map) error {
	flat, err := json.Marshal(m.File())
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	buf.Grow(len(flat) + len(flat)/8)
	indentShallow(&buf, flat, 2)
	_, err = w.Write(buf.Bytes())
	return err
}

// Load reads a map file; errors name the file and the field.
func Load(path string) (*Map, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("load map: %w", err)
	}
	defer fh.Close()
	m, err := Decode(fh)
	if err != nil {
		return nil, fmt.Errorf("load map %s: %w", path, err)
	}
	return m, nil
}

// Save writes m to path atomically: a temporary file beside it, synced,
// then renamed over the old one, so a crash or full disk leaves the old
// file whole.
func Save(path string, m *Map) error {
	var buf bytes.Buffer
	if err := Encode(&buf, m); err != nil {
		return fmt.Errorf("save map %s: %w", path, err)
	}
	if err := WriteFileAtomic(path, buf.Bytes()); err != nil {
		if oe := (*OpenElsewhereError)(nil); errors.As(err, &oe) {
			return fmt.Errorf("save map: %w", err) // it names the file
		}
		return fmt.Errorf("save map %s: %w", path, err)
	}
	return nil
}

// removeKilledSaves removes the temporary files that saves of path killed
// mid-way left beside it: "." + its name + ".tmp" + the digits
// os.CreateTemp put for the "*". Names are compared, not globbed: a map
// named with "[", "*" or "?" would match other maps' files as a pattern.
func removeKilledSaves(path string) {
	prefix := "." + filepath.Base(path) + ".tmp"
	entries, _ := os.ReadDir(filepath.Dir(path))
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if ok && rest != "" && strings.Trim(rest, "0123456789") == "" {
			os.Remove(filepath.Join(filepath.Dir(path), e.Name()))
		}
	}
}

// WriteFileAtomic writes data to path through a synced temporary file and a
// rename, then syncs the folder so that the rename itself survives a crash.
// Temporary files a killed save of the same file left behind are removed.
// A file another program holds open (Windows) is tried again for about
// half a second, then left as it was, the error an *OpenElsewhereError.
func WriteFileAtomic(path string, data []byte) error {
	removeKilledSaves(path)
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	// Keep the old file's permissions; a new file is readable by all, as
	// os.WriteFile would make it.
	mode := os.FileMode(0o644)
	if st, serr := os.Stat(path); serr == nil {
		mode = st.Mode().Perm()
	}
	err = tmp.Chmod(mode)
	if err == nil {
		_, err = tmp.Write(data)
	}
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = ReplaceFile(name, path)
	}
	if err != nil {
		os.Remove(name)
		return err
	}
	return SyncDir(filepath.Dir(path))
}
