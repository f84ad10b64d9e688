package hexmap

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Foundry VTT scenes: the JSON a scene's "Export Data" writes
// (fvtt-Scene-*.json), its picture a file beside it. hexslinger reads the
// scene's size and padding, its grid (square, gridless or one of the four
// hex grids), its walls (doors, secret doors, windows, invisible walls)
// and its lights, the formats of Foundry 0.7 to 13 alike:
//
//   - a grid of squares (or none) becomes hexes as a UVTT file's does,
//     one hex a square, the hexes' box at the grid line nearest the
//     picture's top left; a hex grid becomes the same hexes, each on a
//     hex of Foundry's, rows (pointy) or columns (flat) as the scene has
//     them, covering every hex of Foundry's whose centre lies on the
//     picture;
//   - walls go on the hexsides they separate as a UVTT file's do
//     (Map.separated): a wall that stops movement and sight is a wall,
//     one that stops movement and not all sight (a window, an invisible
//     wall, a terrain or proximity wall) a window, a door a door, open
//     when its state is open (locked is shut), a secret door shut or
//     locked the Judge's secret door (Feature.Secret), open a door; a wall that
//     stops no movement (sight, light or sound alone) puts nothing;
//   - lights keep their place, reach (the larger of dim and bright, in
//     hexes) and colour.
//
// docs/defaults.md, "Foundry VTT", says the same with its reasons.

// Limits on a Foundry scene, checked as it is read.
const (
	MaxFoundrySize   = MaxUVTTSize // the scene's JSON; its thumbnail may be inside it
	MaxFoundryWalls  = 20000
	MaxFoundryLights = MaxLights
	// MaxFoundryPixels is the most pixels a scene may be a side, or a
	// point of it lie from the canvas's corner.
	MaxFoundryPixels = 1e7
)

// The values of a Foundry wall's move, sight (sense, before 0.9's light
// and sight) and light restrictions, in both the numbering of Foundry
// 0.7 and 0.8 (1 normal, 2 limited) and of 9 on (10 limited, 20 normal,
// 30 proximity, 40 reverse proximity).
const (
	fvNone = iota
	fvLimited
	fvNormal
)

// fvRestriction reads a restriction's value: what it stops.
func fvRestriction(v float64) int {
	switch v {
	case 0:
		return fvNone
	case 1, 20:
		return fvNormal
	}
	return fvLimited // 2, 10, 30, 40: stops some of it
}

// fvWall is one of a scene's walls.
type fvWall struct {
	C     []float64 `json:"c"`
	Door  float64   `json:"door"`
	DS    float64   `json:"ds"`
	Move  *float64  `json:"move"`
	Sense *float64  `json:"sense"`
	Sight *float64  `json:"sight"`
}

// fvLightConfig is a light's look, in Foundry 10 on.
type fvLightConfig struct {
	Dim    float64  `json:"dim"`
	Bright float64  `json:"bright"`
	Color  *string  `json:"color"`
	Alpha  *float64 `json:"alpha"`
}

// fvLight is one of a scene's ambient lights: its look in config (10
// on), or beside its place (before 10).
type fvLight struct {
	X         float64        `json:"x"`
	Y         float64        `json:"y"`
	Config    *fvLightConfig `json:"config"`
	Dim       float64        `json:"dim"`
	Bright    float64        `json:"bright"`
	TintColor *string        `json:"tintColor"`
	TintAlpha *float64       `json:"tintAlpha"`
	Walls     *bool          `json:"walls"`
}

// fvGrid is a scene's grid as Foundry 10 on writes it.
type fvGrid struct {
	Type     *float64 `json:"type"`
	Size     *float64 `json:"size"`
	Distance *float64 `json:"distance"`
}

// fvBackground is a scene's picture as Foundry 10 on writes it.
type fvBackground struct {
	Src     *string `json:"src"`
	OffsetX float64 `json:"offsetX"`
	OffsetY float64 `json:"offsetY"`
}

// fvScene is what hexslinger reads of a scene.
type fvScene struct {
	Name    string
	Width   float64
	Height  float64
	Padding float64
	// The grid: 10 on, an object; before, numbers beside the scene's.
	GridType, GridSize, GridDistance float64
	// OffsetX and OffsetY move the picture from the padding's corner
	// (background.offsetX in 10 on, shiftX before); LegacyHex is a hex
	// grid whose size is its hexes' points' width (flags.core.legacyHex).
	OffsetX, OffsetY float64
	LegacyHex        bool
	Picture          string
	Walls            []fvWall
	Lights           []fvLight
	seen             map[string]bool
}

// FoundryExportPattern is the name Foundry gives a scene's export
// ("fvtt-Scene-" the scene's name and id ".json"), lower case, as
// path.Match reads a pattern: what a file chooser lists.
const FoundryExportPattern = "fvtt-scene-*.json"

// IsFoundrySceneName reports whether path may name a Foundry scene by its
// ending: a .json file that is not a hexslinger map (.hexmap.json) nor a
// fight (.fight.json). Whether it is one, its content says (OpenMap).
func IsFoundrySceneName(path string) bool {
	p := strings.ToLower(path)
	return strings.HasSuffix(p, ".json") && !strings.HasSuffix(p, ".hexmap.json") && !strings.HasSuffix(p, ".fight.json")
}

// isFoundryScene reports whether data is a Foundry scene's JSON: an object
// with walls and a grid (grid or gridType), and no UVTT resolution nor
// hexslinger map format.
func isFoundryScene(data []byte) bool {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var probe struct {
		Walls      json.RawMessage `json:"walls"`
		Grid       json.RawMessage `json:"grid"`
		GridType   json.RawMessage `json:"gridType"`
		Resolution json.RawMessage `json:"resolution"`
		Format     json.RawMessage `json:"format"`
	}
	if i := bytes.IndexFunc(data, func(r rune) bool { return !strings.ContainsRune(" \t\r\n", r) }); i < 0 || data[i] != '{' {
		return false
	}
	if err := json.Unmarshal(data, &probe); err != nil {
		// A scene cut short or with a value of the wrong type is still a
		// scene, to be refused for what is wrong with it: look for its
		// keys before the fault.
		return bytes.Contains(data, []byte(`"walls"`)) && (bytes.Contains(data, []byte(`"grid"`)) || bytes.Contains(data, []byte(`"gridType"`))) &&
			!bytes.Contains(data, []byte(`"resolution"`)) && !bytes.Contains(data, []byte(`"hexslinger/map"`))
	}
	return probe.Walls != nil && (probe.Grid != nil || probe.GridType != nil) && probe.Resolution == nil && probe.Format == nil
}

// PictureFinder reads the picture a scene names by its file's base name,
// found beside the scene's file; an error wrapping fs.ErrNotExist when
// there is none.
type PictureFinder func(name string) ([]byte, error)

// PictureBeside finds a scene's picture in the folder dir, refusing one
// larger than a map's picture may be before reading it.
func PictureBeside(dir string) PictureFinder {
	return func(name string) ([]byte, error) {
		p := filepath.Join(dir, name)
		fi, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		if fi.Size() > MaxUVTTSize {
			return nil, fmt.Errorf("%s is larger than the %s a picture may be", name, sizeText(MaxUVTTSize))
		}
		return os.ReadFile(p)
	}
}

// ImportFoundry reads a Foundry VTT scene's exported JSON as a hex map
// named name (the scene's own name when it has one), its picture read by
// find (nil: none looked for); a picture not found leaves the map without
// one, naming it in MissingPicture for the Judge to choose.
func ImportFoundry(r io.Reader, name string, find PictureFinder) (*Map, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxFoundrySize+1))
	if err != nil {
		return nil, err
	}
	if len(data) > MaxFoundrySize {
		return nil, fmt.Errorf("larger than the %s a Foundry scene may be", sizeText(MaxFoundrySize))
	}
	return importFoundry(nil, data, name, find)
}

// LoadFoundry reads a Foundry VTT scene's file, its picture beside it;
// errors name the file.
func LoadFoundry(path string) (*Map, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("import Foundry scene: %w", err)
	}
	defer fh.Close()
	m, err := ImportFoundry(fh, FoundryName(path), PictureBeside(filepath.Dir(path)))
	if err != nil {
		return nil, fmt.Errorf("import Foundry scene %s: %w", path, err)
	}
	return m, nil
}

// FoundryName is a map's name from a scene file's path, for a scene with
// no name: its base name without .json or Foundry's "fvtt-Scene-".
func FoundryName(path string) string {
	name := baseName(path)
	if strings.HasSuffix(strings.ToLower(name), ".json") {
		name = name[:len(name)-len(".json")]
	}
	return strings.TrimPrefix(name, "fvtt-Scene-")
}

// importFoundry imports a scene's bytes, telling rd how far it has come.
func importFoundry(rd *reading, data []byte, name string, find PictureFinder) (*Map, error) {
	s, err := decodeFoundry(rd, data)
	if err != nil {
		return nil, err
	}
	return s.hexMap(rd, name, find)
}

// decodeFoundry reads a scene's JSON, counting walls and lights as it goes.
func decodeFoundry(rd *reading, data []byte) (*fvScene, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	dec := json.NewDecoder(bytes.NewReader(data))
	fail := func(err error) (*fvScene, error) {
		if errors.Is(err, io.EOF) && len(bytes.TrimSpace(data)) > 0 {
			err = io.ErrUnexpectedEOF
		}
		return nil, JSONError(data, err)
	}
	if t, err := dec.Token(); err != nil {
		return fail(err)
	} else if t != json.Delim('{') {
		return nil, fmt.Errorf("not a Foundry scene: want a JSON object")
	}
	s := &fvScene{GridType: 1, GridSize: 100, GridDistance: 5, seen: map[string]bool{}}
	value := func(field string, v any) error {
		if err := dec.Decode(v); err != nil {
			return inField(field, err)
		}
		return nil
	}
	number := func(field string, dst *float64) error {
		var v *float64
		if err := value(field, &v); err != nil {
			return err
		}
		if v != nil {
			*dst = *v
		}
		return nil
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return fail(err)
		}
		key, _ := t.(string)
		s.seen[key] = true
		switch key {
		case "name":
			var v *string
			err = value(key, &v)
			if v != nil {
				s.Name = *v
			}
		case "width":
			err = number(key, &s.Width)
		case "height":
			err = number(key, &s.Height)
		case "padding":
			err = number(key, &s.Padding)
		case "gridType":
			err = number(key, &s.GridType)
		case "gridDistance":
			err = number(key, &s.GridDistance)
		case "shiftX":
			err = number(key, &s.OffsetX)
		case "shiftY":
			err = number(key, &s.OffsetY)
		case "img":
			var v *string
			if err = value(key, &v); v != nil && s.Picture == "" {
				s.Picture = *v
			}
		case "grid":
			// 10 on: an object; before, the size in pixels.
			var raw json.RawMessage
			if err = value(key, &raw); err != nil {
				break
			}
			if b := bytes.TrimSpace(raw); len(b) > 0 && b[0] == '{' {
				var g fvGrid
				if err = inField(key, json.Unmarshal(b, &g)); err == nil {
					if g.Type != nil {
						s.GridType = *g.Type
					}
					if g.Size != nil {
						s.GridSize = *g.Size
					}
					if g.Distance != nil {
						s.GridDistance = *g.Distance
					}
				}
			} else if !bytes.Equal(b, []byte("null")) {
				var v float64
				if json.Unmarshal(b, &v) != nil {
					err = fieldErr(key, "want a number or an object, got %s", clip(string(b)))
				} else {
					s.GridSize = v
				}
			}
		case "background":
			// 10 on: the picture; before, perhaps a colour.
			var raw json.RawMessage
			if err = value(key, &raw); err != nil {
				break
			}
			if b := bytes.TrimSpace(raw); len(b) > 0 && b[0] == '{' {
				var bg fvBackground
				if err = inField(key, json.Unmarshal(b, &bg)); err == nil {
					if bg.Src != nil && *bg.Src != "" {
						s.Picture = *bg.Src
					}
					s.OffsetX, s.OffsetY = bg.OffsetX, bg.OffsetY
				}
			}
		case "flags":
			var f struct {
				Core struct {
					LegacyHex bool `json:"legacyHex"`
				} `json:"core"`
			}
			// Modules' flags are theirs: only core's legacyHex counts.
			var raw json.RawMessage
			if err = value(key, &raw); err == nil && json.Unmarshal(raw, &f) == nil {
				s.LegacyHex = f.Core.LegacyHex
			}
		case "walls":
			err = eachElement(dec, key, func(i int) error {
				if i%1024 == 0 {
					if err := rd.at("reading the walls", readShare+jsonShare*float64(dec.InputOffset())/float64(max(1, len(data)))); err != nil {
						return err
					}
				}
				if i >= MaxFoundryWalls {
					return fieldErr(key, "has more than %d walls", MaxFoundryWalls)
				}
				var w fvWall
				if err := value(fmt.Sprintf("walls[%d]", i), &w); err != nil {
					return err
				}
				s.Walls = append(s.Walls, w)
				return nil
			})
		case "lights":
			err = eachElement(dec, key, func(i int) error {
				if i >= MaxFoundryLights {
					return fieldErr(key, "has more than %d lights", MaxFoundryLights)
				}
				var l fvLight
				if err := value(fmt.Sprintf("lights[%d]", i), &l); err != nil {
					return err
				}
				s.Lights = append(s.Lights, l)
				return nil
			})
		default:
			var skip json.RawMessage
			err = dec.Decode(&skip)
		}
		if err != nil {
			if _, ok := err.(*FieldError); ok || rd.stopped() != nil {
				return nil, err
			}
			return fail(err)
		}
	}
	if _, err := dec.Token(); err != nil {
		return fail(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("more than one JSON value: a scene is one object")
	}
	if !s.seen["walls"] {
		return nil, fieldErr("walls", "is missing: not a Foundry scene")
	}
	return s, nil
}

// fvFrame places a scene's canvas pixels among a map's hexes: point f (a
// hex's centre, or for a square grid the grid's corner) at at, scale
// pixels to a hex's width.
type fvFrame struct {
	f, at Point
	scale float64
}

func (fr fvFrame) toRef(x, y float64) Point {
	return Point{(x-fr.f.X)/fr.scale + fr.at.X, (y-fr.f.Y)/fr.scale + fr.at.Y}
}

// hexMap builds the map the scene describes.
func (s *fvScene) hexMap(rd *reading, name string, find PictureFinder) (*Map, error) {
	if s.Name != "" {
		name = clip(strings.TrimSpace(s.Name))
	}
	okPixels := func(v float64) bool { return v > 0 && v <= MaxFoundryPixels }
	if !okPixels(s.Width) || !okPixels(s.Height) {
		return nil, fieldErr("width", "the scene is %g×%g pixels, want 1 to %g each way", s.Width, s.Height, float64(MaxFoundryPixels))
	}
	if !(s.Padding >= 0 && s.Padding <= 0.5) {
		return nil, fieldErr("padding", "is %g, want 0 to 0.5", s.Padding)
	}
	if !(s.GridSize >= 1 && s.GridSize <= 10000) {
		return nil, fieldErr("grid.size", "is %g pixels, want 1 to 10000", s.GridSize)
	}
	if !(s.GridDistance > 0 && s.GridDistance < 1e6) {
		return nil, fieldErr("grid.distance", "is %g, want more than 0", s.GridDistance)
	}
	if math.Abs(s.OffsetX) > MaxFoundryPixels || math.Abs(s.OffsetY) > MaxFoundryPixels || math.IsNaN(s.OffsetX+s.OffsetY) {
		return nil, fieldErr("background.offsetX", "moves the picture (%g, %g) pixels, want at most %g", s.OffsetX, s.OffsetY, float64(MaxFoundryPixels))
	}
	typ := int(s.GridType)
	if float64(typ) != s.GridType || typ < 0 || typ > 5 {
		return nil, fieldErr("grid.type", "is %g, want 0 (gridless), 1 (square) or 2 to 5 (hexes)", s.GridType)
	}
	hex := typ >= 2
	columns := typ == 4 || typ == 5 // flat-topped
	even := typ == 3 || typ == 5
	size := s.GridSize
	if hex && s.LegacyHex {
		size *= math.Sqrt(3) / 2 // the points' width, before Foundry 12
	}
	// The picture's rectangle on the canvas: the padding, rounded as
	// Foundry rounds it, less the picture's offset.
	padX, padY := s.padding(hex, columns, size)
	sceneX, sceneY := padX-s.OffsetX, padY-s.OffsetY
	var (
		m   *Map
		fr  fvFrame
		err error
	)
	ref := Layout{Orientation: Pointy, Size: hexSize}
	if hex {
		m, fr, err = s.hexGrid(name, columns, even, size, sceneX, sceneY)
		if err != nil {
			return nil, err
		}
		ref.Orientation = m.Orientation
	} else {
		// The hexes' box at the grid line nearest the picture's corner.
		gx, gy := math.Round(sceneX/size)*size, math.Round(sceneY/size)*size
		w, h := (sceneX+s.Width-gx)/size, (sceneY+s.Height-gy)/size
		rows := math.Floor((h-hexSize)/(1.5*hexSize)+1e-6) + 1
		if w > MaxSide+1e-6 || rows > MaxSide {
			return nil, fieldErr("width", "the scene is %.0f×%.0f squares, more hexes than the %d a side a map may have", w, h, MaxSide)
		}
		cols, rws := GridHexes(max(w, 1), max(h, 1))
		if m, err = New(name, Pointy, cols, rws, "floor"); err != nil {
			return nil, err
		}
		lo, _ := ref.Bounds(m)
		fr = fvFrame{f: Point{gx, gy}, at: lo, scale: size}
	}
	lo, hi := ref.Bounds(m)
	work := newWallWalk(m, ref, lo, hi, 0)
	work.rd = rd
	work.segments = len(s.Walls)
	sides := map[Edge]uint8{}
	for i, w := range s.Walls {
		field := fmt.Sprintf("walls[%d]", i)
		if len(w.C) != 4 {
			return nil, fieldErr(field+".c", "has %d numbers, want 4: x0, y0, x1, y1", len(w.C))
		}
		for _, v := range w.C {
			if math.IsNaN(v) || math.Abs(v) > MaxFoundryPixels {
				return nil, fieldErr(field+".c", "is %v, want finite points within %g pixels of the canvas's corner", w.C, float64(MaxFoundryPixels))
			}
		}
		k := w.kind()
		if k == fvNothing {
			continue
		}
		err := work.walk(fr.toRef(w.C[0], w.C[1]), fr.toRef(w.C[2], w.C[3]), func(e Edge) {
			if fvRank(k) > fvRank(sides[e]) {
				sides[e] = k
			}
		})
		if err != nil {
			if stop := rd.stopped(); stop != nil {
				return nil, stop
			}
			return nil, &FieldError{field, err}
		}
	}
	for e, k := range sides {
		var f Feature
		switch k {
		case fvWallSide:
			f, _ = NewFeature("wall")
		case fvWindow:
			f, _ = NewFeature("window")
		default:
			f, _ = NewFeature("door")
			f.Open = k == fvOpenDoor
			f.Secret = k == fvSecretDoor
		}
		m.putEdge(e, f)
	}
	for i, l := range s.Lights {
		light, err := l.light(fr, s.GridDistance)
		if err != nil {
			return nil, &FieldError{fmt.Sprintf("lights[%d]", i), err}
		}
		m.Lights = append(m.Lights, light)
	}
	if err := s.picture(rd, m, fr, sceneX, sceneY, find); err != nil {
		return nil, err
	}
	return m, nil
}

// What a scene's wall puts on the hexsides it separates, in the order in
// which they win a hexside: a door in a wall is a door, a window in a
// wall a wall.
const (
	fvNothing uint8 = iota
	fvWindow
	fvWallSide
	fvDoor
	fvOpenDoor
	fvSecretDoor
)

// fvRank is how k ranks on a hexside: doors, shut, open or secret, alike.
func fvRank(k uint8) uint8 { return min(k, fvDoor) }

// kind is what the wall puts on the hexsides it separates: a door (open,
// or shut and perhaps locked), a secret door shut or locked (the Judge's
// hidden door; an open one is known, a door), a wall that stops
// movement and sight, a window that stops movement and not all sight,
// or nothing.
func (w fvWall) kind() uint8 {
	switch w.Door {
	case 1, 2:
		switch {
		case w.DS == 1:
			return fvOpenDoor
		case w.Door == 2:
			return fvSecretDoor
		}
		return fvDoor
	}
	move, sight := fvNormal, fvNormal // Foundry's defaults
	if w.Move != nil {
		move = fvRestriction(*w.Move)
	}
	if w.Sense != nil {
		sight = fvRestriction(*w.Sense)
	}
	if w.Sight != nil {
		sight = fvRestriction(*w.Sight)
	}
	switch {
	case move == fvNone:
		return fvNothing
	case sight == fvNormal:
		return fvWallSide
	}
	return fvWindow
}

// light is a scene's light among the map's hexes.
func (l fvLight) light(fr fvFrame, distance float64) (Light, error) {
	dim, bright, color, alpha := l.Dim, l.Bright, l.TintColor, l.TintAlpha
	if c := l.Config; c != nil {
		dim, bright, color, alpha = c.Dim, c.Bright, c.Color, c.Alpha
	}
	for _, v := range []float64{l.X, l.Y} {
		if math.IsNaN(v) || math.Abs(v) > MaxFoundryPixels {
			return Light{}, fmt.Errorf("stands at (%g, %g), want within %g pixels of the canvas's corner", l.X, l.Y, float64(MaxFoundryPixels))
		}
	}
	if !(dim >= 0 && bright >= 0) {
		return Light{}, fmt.Errorf("has dim %g and bright %g, want 0 or more", dim, bright)
	}
	out := Light{At: fr.toRef(l.X, l.Y), Range: max(dim, bright) / distance, Intensity: 1, Shadows: l.Walls == nil || *l.Walls}
	out.Range = min(out.Range, MaxSide)
	if color != nil {
		out.Color = fvColor(*color, alpha)
	}
	return out, out.check()
}

// fvColor is a Foundry colour ("#rrggbb") as UVTT writes a light's,
// "aarrggbb" (opaque unless the light says how much it tints); "" for
// what is not a colour.
func fvColor(s string, alpha *float64) string {
	s = strings.TrimPrefix(s, "#")
	if len(s) != 6 {
		return ""
	}
	if _, err := strconv.ParseUint(s, 16, 32); err != nil {
		return ""
	}
	a := 255
	if alpha != nil && *alpha >= 0 && *alpha <= 1 {
		a = int(math.Round(*alpha * 255))
	}
	return fmt.Sprintf("%02x%s", a, strings.ToLower(s))
}

// padding is where the picture's rectangle starts on the canvas before
// its offset: the padding rounded to whole grid spaces as Foundry rounds
// it (for a hex grid, to whole rows and columns, half a hex more across
// the rows or columns when they are an odd number).
func (s *fvScene) padding(hex, columns bool, size float64) (x, y float64) {
	if s.Padding == 0 {
		return 0, 0
	}
	if !hex {
		step := size
		if s.LegacyHex {
			step = math.Round(size * 2 / math.Sqrt(3))
		}
		return math.Ceil(s.Padding*s.Width*(1/step)) * step, math.Ceil(s.Padding*s.Height*(1/step)) * step
	}
	if s.LegacyHex {
		legacy := math.Round(size * 2 / math.Sqrt(3))
		return math.Ceil(s.Padding*s.Width*(1/legacy)) * legacy, math.Ceil(s.Padding*s.Height*(1/legacy)) * legacy
	}
	sizeX, sizeY := size, 2*size/math.Sqrt(3)
	if columns {
		sizeX, sizeY = sizeY, size
	}
	strideX, strideY := sizeX, 0.75*sizeY
	if columns {
		strideX, strideY = 0.75*sizeX, sizeY
	}
	x = math.Ceil(s.Padding*s.Width*(1/strideX)) * strideX
	y = math.Ceil(s.Padding*s.Height*(1/strideY)) * strideY
	cross := math.Round(y / strideY)
	if columns {
		cross = math.Round(x / strideX)
	}
	if math.Mod(cross, 2) != 0 {
		if columns {
			y += sizeY / 2
		} else {
			x += sizeX / 2
		}
	}
	return x, y
}

// hexGrid is the map of a hex-grid scene: Foundry's hexes whose centres
// lie on the picture, one of the map's on each (a row or column more
// where Foundry's first is of the parity the map's second has), and the
// frame that puts the first's centre on the map's first hex's.
func (s *fvScene) hexGrid(name string, columns, even bool, size, sceneX, sceneY float64) (*Map, fvFrame, error) {
	// Along the rows (pointy) or columns (flat): centres a size apart;
	// across them, 0.75 of a hex's points' width apart, every other one
	// moved half a hex along. Row (column) i is "first" when it is not
	// moved: Foundry's odd grids move the odd ones, its even grids the
	// even ones, as hexslinger moves its odd rows (columns).
	along, across := sceneX, sceneY
	alongLen, acrossLen := s.Width, s.Height
	o := Pointy
	if columns {
		along, across, alongLen, acrossLen, o = sceneY, sceneX, s.Height, s.Width, Flat
	}
	points := 2 * size / math.Sqrt(3)
	const eps = 1e-9
	i0 := math.Ceil((across/points-0.5)/0.75 - eps)
	i1 := math.Floor(((across+acrossLen)/points-0.5)/0.75 + eps)
	unmoved := func(i float64) bool { return even == (math.Mod(math.Abs(i), 2) == 1) }
	if !unmoved(i0) {
		i0--
	}
	j0 := math.Ceil(along/size - eps)
	j1 := math.Floor((along+alongLen)/size + eps)
	n, k := max(1, i1-i0+1), max(1, j1-j0+1)
	if n > MaxSide || k > MaxSide {
		return nil, fvFrame{}, fieldErr("width", "the scene is %.0f×%.0f hexes, more than the %d a side a map may have", k, n, MaxSide)
	}
	cols, rows := int(k), int(n)
	if columns {
		cols, rows = rows, cols
	}
	m, err := New(name, o, cols, rows, "floor")
	if err != nil {
		return nil, fvFrame{}, err
	}
	first := Point{j0 * size, points * (0.75*i0 + 0.5)}
	if columns {
		first.X, first.Y = first.Y, first.X
	}
	ref := Layout{Orientation: o, Size: hexSize}
	return m, fvFrame{f: first, at: ref.ToPixel(o.FromOffset(Offset{})), scale: size}, nil
}

// picture puts the scene's picture under the hexes, when find finds it;
// when it does not (or find is nil), the map names the picture missing,
// with where it goes (Map.MissingPicture, LayScenePicture).
func (s *fvScene) picture(rd *reading, m *Map, fr fvFrame, sceneX, sceneY float64, find PictureFinder) error {
	if s.Picture == "" {
		return nil
	}
	base := s.Picture
	if i := strings.IndexAny(base, "?#"); i >= 0 {
		base = base[:i]
	}
	base = baseName(base)
	if u, err := url.PathUnescape(base); err == nil {
		base = u
	}
	if base == "" || base == "." || base == ".." || !IsImage(base) {
		return nil // a video, or no file: the map goes without
	}
	// The picture fills the scene's rectangle.
	place := &ScenePicture{Name: base, origin: fr.toRef(sceneX, sceneY), scale: fr.scale, width: s.Width}
	if find == nil {
		m.MissingPicture = place
		return nil
	}
	img, err := find(base)
	if errors.Is(err, fs.ErrNotExist) {
		m.MissingPicture = place
		return nil
	}
	if err != nil {
		return fieldErr("background.src", "%v", err)
	}
	if err := rd.at("checking the picture", readShare+jsonShare+wallsShare); err != nil {
		return err
	}
	bg, err := place.background(rd, img, readShare+jsonShare+wallsShare, 1)
	if err != nil {
		if stop := rd.stopped(); stop != nil {
			return stop
		}
		return fieldErr("background.src", "%s: %v", base, err)
	}
	m.Background = bg
	return nil
}
