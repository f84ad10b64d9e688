package hexmap

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"os"
	"regexp"
	"slices"
	"strings"
)

// Universal VTT files (.dd2vtt, .uvtt, .df2vtt): a square-grid map image
// with walls as polylines and doors as portals, in grid units. hexslinger
// lays a hex map over the grid with one hex as wide as one grid square
// (one pace; pointy-top unless the file says otherwise), the hexes' box
// at the grid's origin: walls become wall features on the hexsides they
// separate, portals doors, the image the map's background
// (docs/defaults.md, "A square grid becomes hexes").

// Limits on a UVTT file, checked as it is read, before any work is done
// with what it holds: Dungeondraft's exports have hundreds of each.
const (
	MaxUVTTSize      = 96 << 20 // the file; the embedded image makes them large
	MaxUVTTWalls     = 20000    // polylines in line_of_sight and objects_line_of_sight together
	MaxUVTTPoints    = 200000   // points in all those polylines
	MaxUVTTPolyline  = 10000    // points in one polyline
	MaxUVTTPortals   = 5000
	MaxUVTTLights    = 5000
	maxUVTTExtension = MaxFileSize
)

// uvttFormats are the format numbers hexslinger reads: Dungeondraft,
// DungeonFog and Arkenforge write 0.2 and 0.3, converters 1.0; any
// version below the next major one (2) is read, as a number or a
// number in a string ("0.3").
const (
	minUVTTFormat  = 0.1
	nextUVTTFormat = 2
)

// jsonNumber is a JSON number's text, for a format given as a string.
var jsonNumber = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][-+]?[0-9]+)?$`)

// uvttFormat reads a UVTT file's format, a number or a number in a
// string; ok is false for anything else (null among them).
func uvttFormat(raw json.RawMessage) (v float64, ok bool) {
	var s string
	if json.Unmarshal(raw, &s) == nil && raw[0] == '"' {
		if s = strings.TrimSpace(s); !jsonNumber.MatchString(s) {
			return 0, false
		}
		raw = json.RawMessage(s)
	}
	if len(raw) == 0 || raw[0] == 'n' || json.Unmarshal(raw, &v) != nil {
		return 0, false
	}
	return v, true
}

// hexSize is the size of the reference layout in which a pointy hex is
// one unit wide (flat to flat), or a flat hex one unit tall.
var hexSize = 1 / math.Sqrt(3)

// centreNudge is where a hex's centre counts as lying when a wall or door
// runs exactly through it: a hair to the south-east, the same for every
// hex and every wall, so a wall along a line of centres is put on the
// hexsides to one side of them and never closes a hex all round.
var centreNudge = Point{X: 1.13e-7, Y: 1.71e-7}

type uvPoint struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

type uvPortal struct {
	Position     uvPoint   `json:"position"`
	Bounds       []uvPoint `json:"bounds"`
	Rotation     float64   `json:"rotation"`
	Closed       bool      `json:"closed"`
	Freestanding bool      `json:"freestanding"`
}

// uvLight is a UVTT file's light: its range in grid squares (one hex each).
type uvLight struct {
	Position  uvPoint `json:"position"`
	Range     float64 `json:"range"`
	Intensity float64 `json:"intensity"`
	Color     string  `json:"color"`
	Shadows   bool    `json:"shadows"`
}

type uvResolution struct {
	MapOrigin     uvPoint `json:"map_origin"`
	MapSize       uvPoint `json:"map_size"`
	PixelsPerGrid float64 `json:"pixels_per_grid"`
}

type uvFile struct {
	Format             float64           `json:"format"`
	Resolution         uvResolution      `json:"resolution"`
	LineOfSight        [][]uvPoint       `json:"line_of_sight"`
	ObjectsLineOfSight [][]uvPoint       `json:"objects_line_of_sight,omitempty"`
	Portals            []uvPortal        `json:"portals"`
	Environment        json.RawMessage   `json:"environment,omitempty"`
	Lights             []json.RawMessage `json:"lights"`
	Image              string            `json:"image"`
	// Hexslinger is what a square grid cannot say of a hex map; other
	// tools pass it by.
	Hexslinger *uvExtension `json:"hexslinger,omitempty"`
	// imageRaw is the image's base64 as it lies in the file, when
	// decodeUVTT found it there and left it out of the JSON it decoded
	// (imageSpan): the file's largest part, never copied into a string.
	imageRaw []byte
}

// uvExtension is the hex map itself, without its background picture, for
// what a square grid cannot say (orientation, terrain, elevation, cover,
// windows, labels). Walls and doors are read from the grid's geometry all
// the same, so a file edited elsewhere keeps its edits.
type uvExtension struct {
	Map *File `json:"map"`
	// Rendered says the file's image is the terrain drawn by hexslinger
	// for other tools, not a picture of the map's own.
	Rendered bool `json:"rendered,omitempty"`
	// BackgroundOrigin is where the picture's top left lies among the
	// hexes (Background.Origin), when the map has a picture of its own.
	BackgroundOrigin *Point `json:"background_origin,omitempty"`
}

// ImportUVTT reads a Universal VTT file as a hex map named name.
func ImportUVTT(r io.Reader, name string) (*Map, error) {
	data, err := readLimited(nil, r, -1, MaxUVTTSize, "UVTT file")
	if err != nil {
		return nil, err
	}
	m, _, err := importUVTT(nil, data, name, 0)
	return m, err
}

// importUVTT imports data as ImportUVTT does, telling rd how far it has
// come, and says how many hexes the walls' and portals' walk looked at;
// stopAt, when more than 0, stops the walk with an error once it has
// looked at more (tests).
func importUVTT(rd *reading, data []byte, name string, stopAt int) (*Map, int, error) {
	f, err := decodeUVTT(rd, data)
	if err != nil {
		return nil, 0, err
	}
	return f.hexMap(rd, name, stopAt)
}

// importUVTTWork is importUVTT, not watched.
func importUVTTWork(data []byte, name string, stopAt int) (*Map, int, error) {
	return importUVTT(nil, data, name, stopAt)
}

// decodeUVTT reads a UVTT file's JSON, counting walls, points, portals and
// lights as it goes so that a file with too many stops there.
func decodeUVTT(rd *reading, data []byte) (*uvFile, error) {
	// The image, most of the file, is left where it lies: the decoder
	// reads the file with "" in its place, rather than copying it into
	// its buffer and then into a string.
	// A byte order mark, as some Windows tools write, is no part of
	// the JSON.
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var f uvFile
	src := io.Reader(bytes.NewReader(data))
	start, end, ok := imageSpan(data)
	if ok {
		f.imageRaw = data[start+1 : end-1]
		src = io.MultiReader(bytes.NewReader(data[:start]), strings.NewReader(`""`), bytes.NewReader(data[end:]))
	}
	// real is where an offset in what the decoder reads lies in data.
	real := func(off int64) int64 {
		if ok && off > int64(start)+1 {
			return off + int64(end-start-2)
		}
		return off
	}
	dec := json.NewDecoder(src)
	fail := func(err error) (*uvFile, error) {
		if errors.Is(err, io.EOF) && len(bytes.TrimSpace(data)) > 0 {
			err = io.ErrUnexpectedEOF // cut short, not empty
		}
		var se *json.SyntaxError
		if errors.As(err, &se) {
			se.Offset = real(se.Offset)
		}
		return nil, JSONError(data, err)
	}
	if t, err := dec.Token(); err != nil {
		return fail(err)
	} else if t != json.Delim('{') {
		return nil, fmt.Errorf("not a UVTT file: want a JSON object")
	}
	var sawFormat bool
	var formatText string // the format as the file gives it, for errors
	walls, points := 0, 0
	readWalls := func(field string, dst *[][]uvPoint) error {
		return eachElement(dec, field, func(i int) error {
			if i%1024 == 0 {
				if err := rd.at("reading the walls", readShare+jsonShare*float64(real(dec.InputOffset()))/float64(len(data))); err != nil {
					return err
				}
			}
			if walls++; walls > MaxUVTTWalls {
				return fieldErr(field, "has more than %d walls (line_of_sight and objects_line_of_sight together)", MaxUVTTWalls)
			}
			var line []uvPoint
			err := eachElement(dec, fmt.Sprintf("%s[%d]", field, i), func(j int) error {
				if len(line) >= MaxUVTTPolyline {
					return fieldErr(fmt.Sprintf("%s[%d]", field, i), "has more than %d points", MaxUVTTPolyline)
				}
				if points++; points > MaxUVTTPoints {
					return fieldErr(field, "has more than %d wall points in all", MaxUVTTPoints)
				}
				var p uvPoint
				if err := dec.Decode(&p); err != nil {
					return inField(fmt.Sprintf("%s[%d][%d]", field, i, j), err)
				}
				line = append(line, p)
				return nil
			})
			*dst = append(*dst, line)
			return err
		})
	}
	for dec.More() {
		t, err := dec.Token()
		if err != nil {
			return fail(err)
		}
		key, _ := t.(string)
		switch key {
		case "format":
			var raw json.RawMessage
			if err := dec.Decode(&raw); err != nil {
				return fail(err)
			}
			formatText = clip(string(raw))
			v, ok := uvttFormat(raw)
			if !ok {
				return nil, fieldErr("format", "is %s, want a number such as 0.3", formatText)
			}
			f.Format, sawFormat = v, true
		case "resolution":
			err = inField("resolution", dec.Decode(&f.Resolution))
		case "line_of_sight":
			err = readWalls("line_of_sight", &f.LineOfSight)
		case "objects_line_of_sight":
			err = readWalls("objects_line_of_sight", &f.ObjectsLineOfSight)
		case "portals":
			err = eachElement(dec, "portals", func(i int) error {
				if i >= MaxUVTTPortals {
					return fieldErr("portals", "has more than %d portals", MaxUVTTPortals)
				}
				var p uvPortal
				if err := dec.Decode(&p); err != nil {
					return inField(fmt.Sprintf("portals[%d]", i), err)
				}
				f.Portals = append(f.Portals, p)
				return nil
			})
		case "lights":
			err = eachElement(dec, "lights", func(i int) error {
				if i >= MaxUVTTLights {
					return fieldErr("lights", "has more than %d lights", MaxUVTTLights)
				}
				var l json.RawMessage
				if err := dec.Decode(&l); err != nil {
					return err
				}
				f.Lights = append(f.Lights, l)
				return nil
			})
		case "image":
			err = inField("image", dec.Decode(&f.Image))
		case "environment":
			err = dec.Decode(&f.Environment)
		case "hexslinger":
			err = inField("hexslinger", dec.Decode(&f.Hexslinger))
		default:
			var skip json.RawMessage
			err = dec.Decode(&skip)
		}
		if err != nil {
			if _, ok := err.(*FieldError); ok {
				return nil, err
			}
			return fail(err)
		}
	}
	if _, err := dec.Token(); err != nil {
		return fail(err)
	}
	if off := real(dec.InputOffset()); len(bytes.TrimSpace(data[off:])) > 0 {
		return nil, fmt.Errorf("offset %d: more after the closing brace (one map to a file)", off)
	}
	if !sawFormat {
		return nil, fieldErr("format", "is missing: not a Universal VTT file?")
	}
	if !(f.Format >= minUVTTFormat && f.Format < nextUVTTFormat) {
		return nil, fieldErr("format", "is %s; this hexslinger reads Universal VTT formats %g to %d.x (0.2 and 0.3 are common)", formatText, minUVTTFormat, nextUVTTFormat-1)
	}
	return &f, nil
}

// imageSpan finds the value of a UVTT file's last "image" member (the
// one the decoder keeps) at the top level of its object, a string
// without escapes: its quotes' offsets, start and end just past the
// closing one. ok is false for anything else, left to the decoder.
func imageSpan(data []byte) (start, end int, ok bool) {
	ws := func(i int) int {
		for i < len(data) && (data[i] == ' ' || data[i] == '\t' || data[i] == '\n' || data[i] == '\r') {
			i++
		}
		return i
	}
	// str is the end of the string at i, just past its closing quote
	// (-1 if there is none), and whether it has escapes, or anything but
	// printable ASCII, that the decoder would read otherwise.
	str := func(i int) (int, bool) {
		esc := false
		for j := i + 1; j < len(data); j++ {
			switch c := data[j]; {
			case c == '\\':
				esc = true
				j++
			case c == '"':
				return j + 1, esc
			case c < 0x20 || c >= 0x80:
				esc = true
			}
		}
		return -1, esc
	}
	// value is the end of the value at i (-1 if it has none).
	value := func(i int) int {
		if i >= len(data) {
			return -1
		}
		switch data[i] {
		case '"':
			e, _ := str(i)
			return e
		case '{', '[':
			depth := 0
			for j := i; j < len(data); j++ {
				switch data[j] {
				case '"':
					e, _ := str(j)
					if e < 0 {
						return -1
					}
					j = e - 1
				case '{', '[':
					depth++
				case '}', ']':
					if depth--; depth == 0 {
						return j + 1
					}
				}
			}
			return -1
		}
		j := i
		for j < len(data) && !strings.ContainsRune(",}] \t\r\n", rune(data[j])) {
			j++
		}
		return j
	}
	i := ws(0)
	if i >= len(data) || data[i] != '{' {
		return 0, 0, false
	}
	for i = ws(i + 1); i < len(data) && data[i] == '"'; {
		ke, kesc := str(i)
		if ke < 0 {
			return 0, 0, false
		}
		key := data[i+1 : ke-1]
		i = ws(ke)
		if i >= len(data) || data[i] != ':' {
			return 0, 0, false
		}
		vs := ws(i + 1)
		ve := value(vs)
		if ve < 0 {
			return 0, 0, false
		}
		if string(key) == "image" && !kesc {
			start, end, ok = 0, 0, false
			if data[vs] == '"' {
				if _, vesc := str(vs); !vesc {
					start, end, ok = vs, ve, true
				}
			}
		}
		if i = ws(ve); i < len(data) && data[i] == ',' {
			i = ws(i + 1)
			continue
		}
		break
	}
	return start, end, ok
}

// inField names the field of a value decoded whole, for a value of the
// wrong type inside it ("line_of_sight[2][5].x: want a number"); other
// errors (bad syntax) pass as they are.
func inField(field string, err error) error {
	var te *json.UnmarshalTypeError
	if !errors.As(err, &te) {
		return err
	}
	if te.Field != "" {
		field += "." + te.Field
	}
	return fieldErr(field, "want %s, got a JSON %s", jsonKind(te.Type), te.Value)
}

// eachElement reads a JSON array element by element, calling each with
// the element's index with the decoder before it; null is an empty array.
func eachElement(dec *json.Decoder, field string, each func(i int) error) error {
	t, err := dec.Token()
	if err != nil {
		return err
	}
	if t == nil {
		return nil
	}
	if t != json.Delim('[') {
		return fieldErr(field, "want an array")
	}
	for i := 0; dec.More(); i++ {
		if err := each(i); err != nil {
			return err
		}
	}
	_, err = dec.Token()
	return err
}

// clip shortens a value quoted in an error.
func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}

// uvFrame maps a UVTT file's grid points to a map's reference layout
// (ref, in which a hex is one unit across) and back: grid point origin
// (the image's top left) lies at at.
type uvFrame struct {
	ref    Layout
	at     Point
	origin uvPoint
}

func (fr uvFrame) toRef(p uvPoint) Point {
	return Point{p.X - fr.origin.X + fr.at.X, p.Y - fr.origin.Y + fr.at.Y}
}

func (fr uvFrame) toGrid(p Point) uvPoint {
	return uvPoint{round4(p.X - fr.at.X + fr.origin.X), round4(p.Y - fr.at.Y + fr.origin.Y)}
}

// hexMap builds the map a decoded UVTT file describes.
func (f *uvFile) hexMap(rd *reading, name string, stopAt int) (*Map, int, error) {
	res := f.Resolution
	if err := checkUVPoint("resolution.map_origin", res.MapOrigin); err != nil {
		return nil, 0, err
	}
	// A grid the hexes are laid on must give no more rows than a map
	// may have (a map from hexslinger's own part has its own size).
	ext := f.Hexslinger
	ownHexes := ext != nil && ext.Map != nil
	if !finite(res.MapSize) || res.MapSize.X < 1 || res.MapSize.Y < 1 || res.MapSize.X > MaxSide || res.MapSize.Y > MaxSide ||
		(!ownHexes && !gridFits(res.MapSize.X, res.MapSize.Y)) {
		return nil, 0, fieldErr("resolution.map_size", "is %gx%g squares, want 1 to %d wide and 1 to %.2f tall (%d rows of hexes, the most a map may have)",
			res.MapSize.X, res.MapSize.Y, MaxSide, maxGridHeight, MaxSide)
	}
	if !(res.PixelsPerGrid >= 1 && res.PixelsPerGrid < 10000) {
		return nil, 0, fieldErr("resolution.pixels_per_grid", "is %g, want 1 to 9999", res.PixelsPerGrid)
	}
	var m *Map
	// The picture's bytes first, so that the file's text of them (most
	// of the file) is garbage while the walls are placed; checked last.
	var img []byte
	raw := f.imageRaw
	if raw == nil {
		raw = []byte(f.Image)
	}
	if raw = bytes.TrimSpace(raw); len(raw) > 0 && !(ext != nil && ext.Rendered) {
		var err error
		if raw, err = dataURL(raw); err != nil {
			return nil, 0, &FieldError{"image", err}
		}
		img = make([]byte, base64.StdEncoding.DecodedLen(len(raw)))
		n, err := base64.StdEncoding.Decode(img, raw)
		if err != nil {
			return nil, 0, fieldErr("image", "is not base64: %v", err)
		}
		img = img[:n]
	}
	f.imageRaw, f.Image, raw = nil, "", nil
	if ext != nil && ext.Map != nil {
		file := *ext.Map
		file.Background = nil
		var err error
		if m, err = file.Map(); err != nil {
			if fe, ok := err.(*FieldError); ok {
				return nil, 0, &FieldError{"hexslinger.map." + fe.Field, fe.Err}
			}
			return nil, 0, fmt.Errorf("hexslinger.map: %w", err)
		}
	} else {
		cols, rows := GridHexes(res.MapSize.X, res.MapSize.Y)
		var err error
		if m, err = New(name, Pointy, cols, rows, "floor"); err != nil {
			return nil, 0, err
		}
	}
	// The image's top left at the top left of the hexes' box, unless the
	// map says where.
	ref := Layout{Orientation: m.Orientation, Size: hexSize}
	fr := uvFrame{ref: ref, origin: res.MapOrigin}
	lo, hi := ref.Bounds(m)
	fr.at = lo
	if ext != nil && ext.BackgroundOrigin != nil {
		o := *ext.BackgroundOrigin
		if err := checkUVPoint("hexslinger.background_origin", uvPoint{o.X, o.Y}); err != nil {
			return nil, 0, err
		}
		fr.at = o
	}
	// The picture is checked while the walls are placed, on a goroutine
	// of its own: the check makes no pixels, and the two take about as
	// long on a big file.
	var picture chan error
	if img != nil {
		ctx, stop := context.WithCancel(rd.context())
		defer stop()
		picture = make(chan error, 1)
		go func() {
			_, _, err := checkBackground(&reading{ctx: ctx}, img, 0, 1)
			picture <- err
		}()
	}
	work := newWallWalk(m, ref, lo, hi, stopAt)
	work.rd = rd
	geo, err := f.geometry(m, fr, work)
	if err != nil {
		return nil, work.touched, err
	}
	// Walls, doors and windows are the geometry's: kept with the hex
	// map's own armor, height and state where the two agree (a window
	// of the grid is the map's fence, a door its open door), put in or
	// taken out where a tool that knows no hexes changed them.
	for _, e := range m.Edges() {
		if feat, _ := m.EdgeAt(e); gridKind(feat) != "" {
			if g, ok := geo.at(e); !ok || g.Kind != gridKind(feat) {
				m.putEdge(e, Feature{})
			}
		}
	}
	geo.each(func(e Edge, g Feature) {
		if feat, ok := m.EdgeAt(e); !ok || gridKind(feat) != g.Kind {
			m.putEdge(e, g)
		}
	})
	if env := f.environment(); env != nil {
		m.Environment = env
	}
	// The file's portals are kept where they say more than the hexsides:
	// where touching ones would go out again as one.
	var spans []portalSpan
	for i, p := range f.Portals {
		spans = append(spans, portalSpan{Portal{fr.toRef(p.Bounds[0]), fr.toRef(p.Bounds[1])}, geo.portals[i]})
	}
	m.Portals = m.keptPortals(fr, spans)
	if ext != nil && ext.Map != nil && nearPortals(m.Portals, ext.Map.Portals) {
		m.Portals = slices.Clone(ext.Map.Portals)
	}
	m.Lights = nil
	for i, raw := range f.Lights {
		var l uvLight
		if err := json.Unmarshal(raw, &l); err != nil {
			return nil, 0, fieldErr(fmt.Sprintf("lights[%d]", i), "is not a light: %v", err)
		}
		if err := checkUVPoint(fmt.Sprintf("lights[%d].position", i), l.Position); err != nil {
			return nil, 0, err
		}
		light := Light{At: fr.toRef(l.Position), Range: l.Range, Intensity: l.Intensity, Color: l.Color, Shadows: l.Shadows}
		if err := light.check(); err != nil {
			return nil, 0, &FieldError{fmt.Sprintf("lights[%d]", i), err}
		}
		m.Lights = append(m.Lights, light)
	}
	// The file's lights are hexslinger's own, as it wrote them (to four
	// decimals): keep them exactly.
	if ext != nil && ext.Map != nil && nearLights(m.Lights, ext.Map.Lights) {
		m.Lights = slices.Clone(ext.Map.Lights)
	}
	if img != nil {
		var err error
		if err = rd.at("checking the picture", readShare+jsonShare+wallsShare); err == nil {
			err = <-picture
		}
		if err != nil {
			if stop := rd.stopped(); stop != nil {
				return nil, 0, stop
			}
			return nil, 0, &FieldError{"image", err}
		}
		m.Background = &Background{Image: img, PixelsPerHex: res.PixelsPerGrid, Origin: fr.at}
	}
	return m, work.touched, nil
}

// gridKind is what a hexside feature is in a UVTT file's grid: a wall
// (a secret door too: the tools that read the file show it their players,
// who must see a wall), a door (a closed portal, open or not on the map)
// or a window (a portal not closed: a window or a fence); "" for nothing.
func gridKind(f Feature) string {
	if f.Secret {
		return "wall"
	}
	switch kind := f.Kind; kind {
	case "wall", "door", "window":
		return kind
	case "fence":
		return "window"
	}
	return ""
}

// environment is the file's environment, as much of it as is what UVTT
// says it is (an ambient light of at most maxAmbientLight characters, a
// baked_lighting true or false): nil for none. What is not is passed by,
// as other tools do.
func (f *uvFile) environment() *Environment {
	var raw struct {
		AmbientLight  json.RawMessage `json:"ambient_light"`
		BakedLighting json.RawMessage `json:"baked_lighting"`
	}
	if len(f.Environment) == 0 || json.Unmarshal(f.Environment, &raw) != nil || raw.AmbientLight == nil && raw.BakedLighting == nil {
		return nil
	}
	var env Environment
	var light string
	if json.Unmarshal(raw.AmbientLight, &light) == nil && len(light) <= maxAmbientLight {
		env.AmbientLight = light
	}
	var baked bool
	if json.Unmarshal(raw.BakedLighting, &baked) == nil {
		env.BakedLighting = baked
	}
	return &env
}

// dataURL is the base64 of a picture given as a data URL
// ("data:image/png;base64,…"), as some tools write it, or raw itself
// when it is plain base64.
func dataURL(raw []byte) ([]byte, error) {
	if len(raw) < 5 || !strings.EqualFold(string(raw[:5]), "data:") {
		return raw, nil
	}
	comma := bytes.IndexByte(raw, ',')
	if comma < 0 || !strings.HasSuffix(strings.ToLower(string(raw[5:comma])), ";base64") {
		head := raw[:min(len(raw), 41)]
		if comma >= 0 {
			head = raw[:comma]
		}
		return nil, fmt.Errorf("is a data URL not in base64 (%s), want data:image/png;base64,…", clip(string(head)))
	}
	return raw[comma+1:], nil
}

// nearLights reports whether two lists of lights are the same but for
// the rounding of a file's positions and the form of their colours
// (uvColor).
func nearLights(a, b []Light) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		x, y := a[i], b[i]
		if math.Abs(x.At.X-y.At.X) > 1e-3 || math.Abs(x.At.Y-y.At.Y) > 1e-3 || x.Range != y.Range ||
			x.Intensity != y.Intensity || uvColor(x.Color) != uvColor(y.Color) || x.Shadows != y.Shadows {
			return false
		}
	}
	return true
}

// GridHexes is how many columns and rows of pointy hexes, one grid square
// wide, a square grid of w×h squares holds: a column for each square, and
// a row for each centre inside the grid's height (rows are √3/2 squares
// apart).
func GridHexes(w, h float64) (cols, rows int) {
	cols, rows = gridHexes(w, h)
	return min(cols, MaxSide), min(rows, MaxSide)
}

// gridHexes is GridHexes without the cap, for w and h of at most
// MaxSide+1 (no overflow).
func gridHexes(w, h float64) (cols, rows int) {
	cols = max(1, int(math.Floor(w+1e-6)))
	rows = max(1, int(math.Floor((h-hexSize)/(1.5*hexSize)+1e-6))+1)
	return cols, rows
}

// gridFits reports whether a square grid of w×h squares (finite, at
// most MaxSide each way) gives no more hexes than a map may have.
func gridFits(w, h float64) bool {
	cols, rows := gridHexes(w, h)
	return cols <= MaxSide && rows <= MaxSide
}

// maxGridHeight is, to two decimals and rounded down, the tallest grid
// whose hex rows a map may hold: a taller one has a centre for a row
// more than MaxSide.
var maxGridHeight = math.Floor(hexSize*(1+1.5*MaxSide)*100) / 100

// geometry is the walls and doors of f on the hexsides of m, as work
// walks them and keeps them.
func (f *uvFile) geometry(m *Map, fr uvFrame, work *wallWalk) (*wallWalk, error) {
	work.segments = len(f.Portals)
	for _, line := range slices.Concat(f.LineOfSight, f.ObjectsLineOfSight) {
		work.segments += max(0, len(line)-1)
	}
	for _, set := range []struct {
		field string
		lines [][]uvPoint
	}{{"line_of_sight", f.LineOfSight}, {"objects_line_of_sight", f.ObjectsLineOfSight}} {
		for i, line := range set.lines {
			for j := range line {
				if err := checkUVPoint(fmt.Sprintf("%s[%d][%d]", set.field, i, j), line[j]); err != nil {
					return nil, err
				}
				if j == 0 {
					continue
				}
				err := work.walk(fr.toRef(line[j-1]), fr.toRef(line[j]), func(e Edge) {
					if k := work.kind(e); k != sideDoor && k != sideWindow {
						work.put(e, sideWall)
					}
				})
				if err != nil {
					return nil, &FieldError{fmt.Sprintf("%s[%d][%d]", set.field, i, j), err}
				}
			}
		}
	}
	for i, p := range f.Portals {
		field := fmt.Sprintf("portals[%d].bounds", i)
		if len(p.Bounds) != 2 {
			return nil, fieldErr(field, "want two finite points")
		}
		for k, b := range p.Bounds {
			if err := checkUVPoint(fmt.Sprintf("%s[%d]", field, k), b); err != nil {
				return nil, err
			}
		}
		// A portal not closed is a window (docs/defaults.md, "UVTT:
		// doors and windows").
		door := uint8(sideDoor)
		if !p.Closed {
			door = sideWindow
		}
		var sides []Edge
		err := work.walk(fr.toRef(p.Bounds[0]), fr.toRef(p.Bounds[1]), func(e Edge) {
			work.put(e, door) // a door or window in a wall is one
			sides = append(sides, e)
		})
		work.portals = append(work.portals, sides)
		if err != nil {
			return nil, &FieldError{field, err}
		}
	}
	return work, nil
}

// What a walk puts on a hexside.
const (
	sideNone = iota
	sideWall
	sideDoor
	sideWindow
)

// kind is what the walk put on hexside e.
func (w *wallWalk) kind(e Edge) uint8 {
	if s := w.slot(e.Hex); s >= 0 && e.Side < 3 {
		return w.sides[3*s+int(e.Side)]
	}
	return w.far[e]
}

// put puts k on hexside e (in its canonical form, as EdgeOf gives it).
func (w *wallWalk) put(e Edge, k uint8) {
	if s := w.slot(e.Hex); s >= 0 && e.Side < 3 {
		w.sides[3*s+int(e.Side)] = k
		return
	}
	if w.far == nil {
		w.far = map[Edge]uint8{}
	}
	w.far[e] = k
}

// feature is the feature of what a walk puts on a hexside.
func sideFeature(k uint8) (Feature, bool) {
	switch k {
	case sideWall:
		f, _ := NewFeature("wall")
		return f, true
	case sideDoor:
		f, _ := NewFeature("door")
		return f, true
	case sideWindow:
		f, _ := NewFeature("window")
		return f, true
	}
	return Feature{}, false
}

// at is the wall or door the walk put on e.
func (w *wallWalk) at(e Edge) (Feature, bool) { return sideFeature(w.kind(e)) }

// each calls fn for each hexside the walk put a wall or door on.
func (w *wallWalk) each(fn func(Edge, Feature)) {
	for i, k := range w.sides {
		if k == sideNone {
			continue
		}
		s := i / 3
		h := w.m.Orientation.FromOffset(Offset{s%w.stride - w.inset, s/w.stride - w.inset})
		f, _ := sideFeature(k)
		fn(Edge{h, Direction(i % 3)}, f)
	}
	for e, k := range w.far {
		f, _ := sideFeature(k)
		fn(e, f)
	}
}

// checkUVPoint says what is wrong with a point of a UVTT file's field: not
// finite, or farther than MaxUVTTCoordinate.
func checkUVPoint(field string, p uvPoint) error {
	if !finite(p) {
		return fieldErr(field, "is not a finite point")
	}
	if math.Abs(p.X) > MaxUVTTCoordinate || math.Abs(p.Y) > MaxUVTTCoordinate {
		return fieldErr(field, "is (%g, %g), farther than %g squares from the grid's origin", p.X, p.Y, float64(MaxUVTTCoordinate))
	}
	return nil
}

func finite(p uvPoint) bool {
	return !math.IsNaN(p.X) && !math.IsNaN(p.Y) && !math.IsInf(p.X, 0) && !math.IsInf(p.Y, 0)
}

// LoadUVTT reads a .dd2vtt, .uvtt or .df2vtt file; errors name the file.
func LoadUVTT(path string) (*Map, error) {
	fh, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("import UVTT: %w", err)
	}
	defer fh.Close()
	// Read once, its size checked first.
	size := int64(-1)
	if fi, err := fh.Stat(); err == nil {
		size = fi.Size()
	}
	data, err := readLimited(nil, fh, size, MaxUVTTSize, "UVTT file")
	var m *Map
	if err == nil {
		m, _, err = importUVTT(nil, data, UVTTName(path), 0)
	}
	if err != nil {
		return nil, fmt.Errorf("import UVTT %s: %w", path, err)
	}
	return m, nil
}

// UVTTExtensions are the endings of Universal VTT files.
var UVTTExtensions = []string{".dd2vtt", ".uvtt", ".df2vtt"}

// IsUVTT reports whether path names a Universal VTT file by its ending.
func IsUVTT(path string) bool {
	for _, ext := range UVTTExtensions {
		if strings.HasSuffix(strings.ToLower(path), ext) {
			return true
		}
	}
	return false
}

// UVTTName is a map's name from a UVTT file's path: its base name without
// the ending.
func UVTTName(path string) string {
	name := baseName(path)
	for _, ext := range UVTTExtensions {
		if strings.HasSuffix(strings.ToLower(name), ext) {
			return name[:len(name)-len(ext)]
		}
	}
	return name
}

func baseName(path string) string {
	if i := strings.LastIndexAny(path, `/\`); i >= 0 {
		return path[i+1:]
	}
	return path
}

// separated are the hexsides of m (one hex of the two may be off the map)
// whose two hexes the segment a–b (in the reference layout) separates: the
// line between their centres, each nudged by centreNudge, crosses it.
func (m *Map) separated(ref Layout, a, b Point) []Edge {
	var out []Edge
	inf := math.Inf(1)
	w := &wallWalk{m: m, ref: ref, lo: Point{-inf, -inf}, hi: Point{inf, inf}, maxRun: inf, seen: map[Hex]int32{}}
	w.walk(a, b, func(e Edge) { out = append(out, e) })
	return out
}

// wallWalk finds the hexsides walls and portals separate (Map.separated),
// each segment clipped first to the map's box and one hex about it, where
// every hexside with a hex on the map lies: what a segment costs is what
// lies of it on the map, however far it reaches. It counts what it walks
// against a budget of squares (maxRun) and the hexes it looks at.
type wallWalk struct {
	m      *Map
	ref    Layout
	lo, hi Point // the box walked in
	// run is the squares walked, in all; maxRun the most there may be.
	run, maxRun float64
	// touched counts the hexes looked at; stopAt, when more than 0,
	// stops the walk past it (tests).
	touched, stopAt int
	// rd is told how far the walk has come: segments walked of all.
	rd               *reading
	segments, walked int
	// stamp marks the hexes of the box a segment has looked at already
	// (by segment number, gen), so that each is looked at once a segment;
	// seen does for a walk without one.
	stamp []int32
	seen  map[Hex]int32
	// sides is what the walk put on each hexside of the box: three a
	// hex, its hexsides 0, 1 and 2 (Edge's canonical sides); far is
	// what it put outside the box, if anything.
	sides         []uint8
	far           map[Edge]uint8
	gen           int32
	stride, inset int
	// portals are the hexsides each portal of a file was put on, in the
	// file's order (geometry).
	portals [][]Edge
}

// Limits on the walls of a UVTT file on the map: the squares of wall and
// portal the import walks, counting only their parts over the map and
// one hex about it, are at most MaxUVTTWallRun, or MaxUVTTWallRunPerHex
// for each hex of a bigger map (more than 50,000 hexes). A dungeon of
// rooms and furniture has about one square of wall a hex; the most a
// file within the limits walks (2 million squares over a 1024×1023-hex
// map) takes about half a second.
const (
	MaxUVTTWallRun       = 100000
	MaxUVTTWallRunPerHex = 2
)

// MaxUVTTCoordinate is the farthest, in grid squares either way, a point
// of a UVTT file may lie: a float64 still places a point there to a ten
// millionth of a square.
const MaxUVTTCoordinate = 1e9

// maxWallRun is the squares of wall and portal an import of m may walk.
func maxWallRun(m *Map) float64 {
	return max(MaxUVTTWallRun, MaxUVTTWallRunPerHex*float64(m.Width*m.Height))
}

// newWallWalk is a walk over m's hexsides in the reference layout ref, in
// which m's hexes lie within lo–hi (Layout.Bounds); stopAt as wallWalk
// says.
func newWallWalk(m *Map, ref Layout, lo, hi Point, stopAt int) *wallWalk {
	// A hexside with a hex on the map has the line between the two
	// centres inside the map's box and a hex (one unit) about it.
	const margin = 1.01
	lo.X, lo.Y, hi.X, hi.Y = lo.X-margin, lo.Y-margin, hi.X+margin, hi.Y+margin
	const inset = 4 // hexes of the box off the map's rectangle, each way
	w := &wallWalk{m: m, ref: ref, lo: lo, hi: hi, maxRun: maxWallRun(m), stopAt: stopAt,
		stride: m.Width + 2*inset, inset: inset}
	w.stamp = make([]int32, w.stride*(m.Height+2*inset))
	w.sides = make([]uint8, 3*len(w.stamp))
	return w
}

// slot is h's place in w.stamp, or -1 for a hex outside the box.
func (w *wallWalk) slot(h Hex) int {
	o := w.m.Orientation.ToOffset(h)
	c, r := o.Col+w.inset, o.Row+w.inset
	if c < 0 || r < 0 || c >= w.stride || r*w.stride+c >= len(w.stamp) {
		return -1
	}
	return r*w.stride + c
}

// errWalkStopped is the error of a walk stopped at its stopAt.
var errWalkStopped = errors.New("stopped: looked at more hexes than the test allows")

// walk calls emit for each hexside the segment a–b separates (a hexside
// may come twice); it fails when the walls walked pass maxRun (the error
// says the limit; the caller names the field).
func (w *wallWalk) walk(a, b Point, emit func(Edge)) error {
	if w.walked++; w.walked%256 == 0 {
		if err := w.rd.at("placing the walls", readShare+jsonShare+wallsShare*float64(w.walked)/float64(max(1, w.segments))); err != nil {
			return err
		}
	}
	p, q, ok := clipSegment(a, b, w.lo, w.hi)
	if !ok {
		return nil
	}
	length := math.Hypot(q.X-p.X, q.Y-p.Y)
	if w.run += length; w.run > w.maxRun {
		return fmt.Errorf("brings the walls and portals over the map to more than %d squares in all, the most for a map of %d×%d hexes (counting only what lies over the map)", int(w.maxRun), w.m.Width, w.m.Height)
	}
	w.gen++
	// Samples at most a hex's width (one unit) apart: a point of the
	// segment lies within half a unit of a sample, each within a hex's
	// radius (1/√3) of its hex's centre, so the hex a point lies in is
	// the sample's hex or its neighbour (centres at most 1.66 apart, the
	// next ring's √3). A pair of hexes the segment separates meet it
	// where the line between their centres crosses it, in one of the
	// two: so one of each pair is looked at.
	steps := int(length) + 1
	// A centre farther from the line than a neighbour's (one unit) has
	// all six neighbours on its side of it.
	far := 1.0001 * length
	var next [6]Point // from a hex's centre to its neighbours'
	for d := range next {
		c := w.ref.ToPixel(Hex{}.Neighbor(Direction(d)))
		next[d] = c
	}
	for i := 0; i <= steps; i++ {
		t := float64(i) / float64(steps)
		h := w.ref.HexAt(Point{p.X + (q.X-p.X)*t, p.Y + (q.Y-p.Y)*t})
		for k := -1; k < 6; k++ {
			c := h
			if k >= 0 {
				c = h.Neighbor(Direction(k))
			}
			if w.stamp == nil {
				if w.seen[c] == w.gen {
					continue
				}
				w.seen[c] = w.gen
			} else if s := w.slot(c); s >= 0 {
				if w.stamp[s] == w.gen {
					continue
				}
				w.stamp[s] = w.gen
			}
			if w.touched++; w.stopAt > 0 && w.touched > w.stopAt {
				return errWalkStopped
			}
			pc := nudged(w.ref.ToPixel(c))
			if math.Abs((q.X-p.X)*(pc.Y-p.Y)-(q.Y-p.Y)*(pc.X-p.X)) > far {
				continue
			}
			in := w.m.Contains(c)
			for d := Direction(0); d < 6; d++ {
				n := c.Neighbor(d)
				if !in && !w.m.Contains(n) {
					continue
				}
				if separates(p, q, pc, Point{pc.X + next[d].X, pc.Y + next[d].Y}) {
					emit(EdgeOf(c, d))
				}
			}
		}
	}
	return nil
}

// clipSegment is the part of segment a–b inside the box lo–hi (Liang and
// Barsky's clipping), its ends a and b themselves where they lie inside;
// ok is false when none of it does.
func clipSegment(a, b, lo, hi Point) (p, q Point, ok bool) {
	t0, t1 := 0.0, 1.0
	dx, dy := b.X-a.X, b.Y-a.Y
	for _, c := range [4]struct{ p, q float64 }{{-dx, a.X - lo.X}, {dx, hi.X - a.X}, {-dy, a.Y - lo.Y}, {dy, hi.Y - a.Y}} {
		if c.p == 0 {
			if c.q < 0 {
				return a, b, false // parallel to this side, outside it
			}
			continue
		}
		r := c.q / c.p
		if c.p < 0 {
			if r > t1 {
				return a, b, false
			}
			t0 = max(t0, r)
		} else {
			if r < t0 {
				return a, b, false
			}
			t1 = min(t1, r)
		}
	}
	p, q = a, b
	if t0 > 0 {
		p = Point{a.X + t0*dx, a.Y + t0*dy}
	}
	if t1 < 1 {
		q = Point{a.X + t1*dx, a.Y + t1*dy}
	}
	return p, q, true
}

func nudged(p Point) Point { return Point{p.X + centreNudge.X, p.Y + centreNudge.Y} }

// separates reports whether segment a–b parts p from q: p and q lie
// strictly on either side of its line, and the line p–q meets it between
// a and b (either end counts).
func separates(a, b, p, q Point) bool {
	cross := func(o, u, v Point) float64 { return (u.X-o.X)*(v.Y-o.Y) - (u.Y-o.Y)*(v.X-o.X) }
	d1, d2 := cross(a, b, p), cross(a, b, q)
	if !(d1 > 0 && d2 < 0 || d1 < 0 && d2 > 0) {
		return false
	}
	d3, d4 := cross(p, q, a), cross(p, q, b)
	return d3 >= 0 && d4 <= 0 || d3 <= 0 && d4 >= 0
}

// ExportUVTT writes m as a Universal VTT file: walls as polylines of line
// of sight, each door as one portal, the background image with its own
// size and resolution (or the terrain drawn at pixelsPerHex pixels a hex,
// made smaller if the image would pass 4096 pixels, when the map has
// none), and the hex map itself under "hexslinger", so that importing the
// file gives the same map.
func ExportUVTT(w io.Writer, m *Map, pixelsPerHex int) error {
	if len(m.Hexes()) == 0 {
		return fmt.Errorf("export UVTT: the map has no hexes")
	}
	var f uvFile
	f.Format = 0.3
	ext := &uvExtension{Map: m.File()}
	ext.Map.Background = nil
	ref := Layout{Orientation: m.Orientation, Size: hexSize}
	lo, hi := ref.Bounds(m)
	// The grid's origin is the image's top left.
	fr := uvFrame{ref: ref, at: lo}
	if bg := m.Background; bg != nil {
		cfg, _, err := backgroundHeader(bg.Image)
		if err != nil {
			return fmt.Errorf("export UVTT: background: %w", err)
		}
		fr.at = bg.Origin
		ext.BackgroundOrigin = &bg.Origin
		f.Resolution.PixelsPerGrid = bg.PixelsPerHex
		f.Resolution.MapSize = uvPoint{round4(float64(cfg.Width) / bg.PixelsPerHex), round4(float64(cfg.Height) / bg.PixelsPerHex)}
		f.Image = base64.StdEncoding.EncodeToString(bg.Image)
	} else {
		size := uvPoint{round4(hi.X - lo.X), round4(hi.Y - lo.Y)}
		ppg := float64(max(8, pixelsPerHex))
		if long := math.Max(size.X, size.Y) * ppg; long > 4096 {
			ppg = math.Floor(4096 / math.Max(size.X, size.Y))
		}
		f.Resolution.MapSize, f.Resolution.PixelsPerGrid = size, ppg
		img, err := m.render(ref, lo, size, ppg)
		if err != nil {
			return fmt.Errorf("export UVTT: %w", err)
		}
		f.Image = base64.StdEncoding.EncodeToString(img)
		ext.Rendered = true
	}
	f.Resolution.MapOrigin = fr.origin
	f.LineOfSight = [][]uvPoint{}
	for _, line := range m.wallLines(ref) {
		pts := make([]uvPoint, len(line))
		for i, p := range line {
			pts[i] = fr.toGrid(p)
		}
		f.LineOfSight = append(f.LineOfSight, pts)
	}
	f.Portals = []uvPortal{}
	for _, d := range m.doors(fr, m.portalSpans(fr)) {
		a, b := d.a, d.b
		f.Portals = append(f.Portals, uvPortal{Position: uvPoint{round4((a.X + b.X) / 2), round4((a.Y + b.Y) / 2)},
			Bounds: []uvPoint{a, b}, Rotation: round4(math.Atan2(b.Y-a.Y, b.X-a.X)), Closed: d.closed})
	}
	if m.Environment != nil {
		raw, err := json.Marshal(m.Environment)
		if err != nil {
			return fmt.Errorf("export UVTT: %w", err)
		}
		f.Environment = raw
	}
	f.Lights = []json.RawMessage{}
	for _, l := range m.Lights {
		raw, err := json.Marshal(uvLight{Position: fr.toGrid(l.At), Range: l.Range, Intensity: l.Intensity, Color: uvColor(l.Color), Shadows: l.Shadows})
		if err != nil {
			return fmt.Errorf("export UVTT: %w", err)
		}
		f.Lights = append(f.Lights, raw)
	}
	f.Hexslinger = ext
	enc := json.NewEncoder(w)
	enc.SetIndent("", " ")
	return enc.Encode(f)
}

func round4(x float64) float64 { return math.Round(x*1e4) / 1e4 }

// vertexKey names a hex corner whatever the rounding of the two sides
// that meet there.
type vertexKey struct{ x, y int64 }

func keyOf(p Point) vertexKey {
	return vertexKey{int64(math.Round(p.X * 1e6)), int64(math.Round(p.Y * 1e6))}
}

// wallLines are the map's wall hexsides joined into polylines of corners:
// as few lines as a walk along the walls makes, each side in one line.
func (m *Map) wallLines(ref Layout) [][]Point {
	type side struct {
		a, b Point
		used bool
	}
	var sides []*side
	at := map[vertexKey][]*side{}
	for _, e := range m.Edges() {
		if f, _ := m.EdgeAt(e); gridKind(f) != "wall" {
			continue
		}
		a, b := ref.Edge(e.Hex, e.Side)
		s := &side{a: a, b: b}
		sides = append(sides, s)
		at[keyOf(a)] = append(at[keyOf(a)], s)
		at[keyOf(b)] = append(at[keyOf(b)], s)
	}
	free := func(k vertexKey) int {
		n := 0
		for _, s := range at[k] {
			if !s.used {
				n++
			}
		}
		return n
	}
	walk := func(start Point) []Point {
		line := []Point{start}
		for cur := start; ; {
			var next *side
			for _, s := range at[keyOf(cur)] {
				if !s.used {
					next = s
					break
				}
			}
			if next == nil {
				return line
			}
			next.used = true
			if keyOf(next.a) == keyOf(cur) {
				cur = next.b
			} else {
				cur = next.a
			}
			line = append(line, cur)
		}
	}
	var lines [][]Point
	// Lines start at their loose ends first, so a wall is one line from
	// end to end; what is left are rings.
	for _, odd := range []bool{true, false} {
		for _, s := range sides {
			if s.used {
				continue
			}
			for _, p := range []Point{s.a, s.b} {
				if s.used || (free(keyOf(p))%2 == 1) != odd {
					continue
				}
				lines = append(lines, walk(p))
			}
		}
	}
	return lines
}

// door is one portal of a map, in grid points: a run of door, window or
// fence hexsides that the straight line from a to b separates, which a
// UVTT portal can say; closed for a door (open or not: a door to every
// tool), not for a window or fence (a wall that lets sight through).
type door struct {
	a, b   uvPoint
	closed bool
	sides  []Edge
}

// portalSpan is a portal of a map's file and the hexsides it separates.
type portalSpan struct {
	Portal
	sides []Edge
}

// portalSpans are m's portals with their hexsides; none if their walk
// over the map passes the walls' limit.
func (m *Map) portalSpans(fr uvFrame) []portalSpan {
	if len(m.Portals) == 0 {
		return nil
	}
	lo, hi := fr.ref.Bounds(m)
	w := newWallWalk(m, fr.ref, lo, hi, 0)
	var out []portalSpan
	for _, p := range m.Portals {
		var sides []Edge
		if err := w.walk(p.A, p.B, func(e Edge) { sides = append(sides, e) }); err != nil {
			return nil
		}
		out = append(out, portalSpan{p, sides})
	}
	return out
}

// keptPortals are the portals of spans m keeps (Map.Portals): all of
// them when the portals they make go out (Map.doors) are not the ones
// the map's hexsides alone make, else none.
func (m *Map) keptPortals(fr uvFrame, spans []portalSpan) []Portal {
	if len(spans) == 0 {
		return nil
	}
	groups := func(ds []door) []string {
		var out []string
		for _, d := range ds {
			keys := make([]string, 0, len(d.sides))
			for _, e := range d.sides {
				keys = append(keys, fmt.Sprint(EdgeOf(e.Hex, e.Side)))
			}
			slices.Sort(keys)
			out = append(out, strings.Join(slices.Compact(keys), " "))
		}
		slices.Sort(out)
		return out
	}
	if slices.Equal(groups(m.doors(fr, spans)), groups(m.doors(fr, nil))) {
		return nil
	}
	out := make([]Portal, len(spans))
	for i, s := range spans {
		out[i] = s.Portal
	}
	return out
}

// doors are the map's portals: each connected run of hexsides of one
// feature kind and state (doors, windows or fences) is the portals of
// spans when their hexsides on the map lie in it and cover it, else one
// portal when a straight line near its ends separates just its
// hexsides, else each hexside of it is a portal of its own.
func (m *Map) doors(fr uvFrame, spans []portalSpan) []door {
	ref := fr.ref
	var out []door
	seen := map[Edge]bool{}
	// The spans by the hexsides on the map they separate.
	spanSides := make([][]Edge, len(spans))
	bySide := map[Edge][]int{}
	for i, s := range spans {
		for _, e := range s.sides {
			e = EdgeOf(e.Hex, e.Side)
			if _, ok := m.EdgeAt(e); !ok || slices.Contains(spanSides[i], e) {
				continue
			}
			spanSides[i] = append(spanSides[i], e)
			bySide[e] = append(bySide[e], i)
		}
	}
	for _, e := range m.Edges() {
		f, _ := m.EdgeAt(e)
		kind := gridKind(f)
		if kind == "" || kind == "wall" || seen[e] {
			continue
		}
		// The run: sides of the same kind and state meeting corner to
		// corner.
		run := []Edge{e}
		seen[e] = true
		for i := 0; i < len(run); i++ {
			a, b := ref.Edge(run[i].Hex, run[i].Side)
			for _, o := range m.edgesAt(ref, a, b) {
				if g, _ := m.EdgeAt(o); g.Kind == f.Kind && g.Open == f.Open && g.Secret == f.Secret && !seen[o] {
					seen[o] = true
					run = append(run, o)
				}
			}
		}
		closed := kind == "door"
		if ds, ok := m.spannedRun(fr, run, spans, spanSides, bySide, closed); ok {
			out = append(out, ds...)
			continue
		}
		if a, b, ok := m.runLine(fr, run); ok {
			out = append(out, door{a: a, b: b, closed: closed, sides: run})
			continue
		}
		for _, r := range run {
			a, b := ref.Edge(r.Hex, r.Side)
			out = append(out, door{a: fr.toGrid(a), b: fr.toGrid(b), closed: closed, sides: []Edge{r}})
		}
	}
	return out
}

// spannedRun is a run of hexsides as the spans touching it say it, when
// each of them lies in the run and together they cover it.
func (m *Map) spannedRun(fr uvFrame, run []Edge, spans []portalSpan, spanSides [][]Edge, bySide map[Edge][]int, closed bool) ([]door, bool) {
	in := map[Edge]bool{}
	for _, e := range run {
		in[EdgeOf(e.Hex, e.Side)] = true
	}
	var picked []int
	for _, e := range run {
		is := bySide[EdgeOf(e.Hex, e.Side)]
		if len(is) == 0 {
			return nil, false
		}
		for _, i := range is {
			if slices.Contains(picked, i) {
				continue
			}
			for _, o := range spanSides[i] {
				if !in[o] {
					return nil, false
				}
			}
			picked = append(picked, i)
		}
	}
	slices.Sort(picked)
	out := make([]door, 0, len(picked))
	for _, i := range picked {
		out = append(out, door{a: fr.toGrid(spans[i].A), b: fr.toGrid(spans[i].B), closed: closed, sides: spanSides[i]})
	}
	return out, true
}

// edgesAt are the hexsides with a corner at a or b.
func (m *Map) edgesAt(ref Layout, a, b Point) []Edge {
	var out []Edge
	for _, p := range []Point{a, b} {
		h := ref.HexAt(p)
		for _, c := range h.Spiral(1) {
			for d := Direction(0); d < 6; d++ {
				u, v := ref.Edge(c, d)
				if keyOf(u) == keyOf(p) || keyOf(v) == keyOf(p) {
					out = append(out, EdgeOf(c, d))
				}
			}
		}
	}
	return out
}

// runLine is a straight line, in grid points as a file writes them, that
// separates exactly a run's hexsides: the line between the run's two
// ends, or that line moved a little to one side, so that a run round half
// a hex takes the hex's centre to the right side of it.
func (m *Map) runLine(fr uvFrame, run []Edge) (uvPoint, uvPoint, bool) {
	ref := fr.ref
	count := map[vertexKey]int{}
	pts := map[vertexKey]Point{}
	for _, e := range run {
		a, b := ref.Edge(e.Hex, e.Side)
		count[keyOf(a)]++
		count[keyOf(b)]++
		pts[keyOf(a)], pts[keyOf(b)] = a, b
	}
	var ends []Point
	for k, n := range count {
		if n == 1 {
			ends = append(ends, pts[k])
		}
	}
	if len(ends) != 2 {
		return uvPoint{}, uvPoint{}, false
	}
	if ends[1].X < ends[0].X || ends[1].X == ends[0].X && ends[1].Y < ends[0].Y {
		ends[0], ends[1] = ends[1], ends[0]
	}
	want := map[Edge]bool{}
	for _, e := range run {
		want[e] = true
	}
	l := math.Hypot(ends[1].X-ends[0].X, ends[1].Y-ends[0].Y)
	nx, ny := -(ends[1].Y-ends[0].Y)/l, (ends[1].X-ends[0].X)/l
	for _, shift := range []float64{0, 0.002, -0.002} {
		a := fr.toGrid(Point{ends[0].X + nx*shift, ends[0].Y + ny*shift})
		b := fr.toGrid(Point{ends[1].X + nx*shift, ends[1].Y + ny*shift})
		got := map[Edge]bool{}
		for _, e := range m.separated(ref, fr.toRef(a), fr.toRef(b)) {
			got[e] = true
		}
		same := len(got) == len(want)
		for e := range want {
			same = same && got[e]
		}
		if same {
			return a, b, true
		}
	}
	return uvPoint{}, uvPoint{}, false
}

// render draws the terrain of m as a PNG, ppg pixels a grid unit.
func (m *Map) render(ref Layout, lo Point, size uvPoint, ppg float64) ([]byte, error) {
	w, h := max(1, int(math.Round(size.X*ppg))), max(1, int(math.Round(size.Y*ppg)))
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			hx := ref.HexAt(Point{lo.X + (float64(x)+0.5)/ppg, lo.Y + (float64(y)+0.5)/ppg})
			c := color.RGBA{0x20, 0x1c, 0x18, 0xff}
			if t, ok := m.Terrain(hx); ok {
				c = parseColor(t.Color)
			}
			img.SetRGBA(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// parseColor reads "#rrggbb".
func parseColor(s string) color.RGBA {
	var r, g, b uint8
	if _, err := fmt.Sscanf(s, "#%02x%02x%02x", &r, &g, &b); err != nil {
		return color.RGBA{0x80, 0x80, 0x80, 0xff}
	}
	return color.RGBA{r, g, b, 0xff}
}
