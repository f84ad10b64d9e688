package board

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	"github.com/hajimehoshi/ebiten/v2"
	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// Colours of the map window.
var (
	colBackground = color.RGBA{0x26, 0x22, 0x1e, 0xff}
	colGrid       = color.RGBA{0x3a, 0x30, 0x26, 0x70}
	colGridSolid  = color.RGBA{0x8a, 0x74, 0x58, 0xff} // the grid's colour where it shows between hexes
	colGridOver   = color.RGBA{0x1a, 0x14, 0x10, 0x80} // the grid's lines over a map's picture
	colContour    = color.RGBA{0x3a, 0x2a, 0x1a, 0xc0}
	colWall       = color.RGBA{0x3b, 0x26, 0x16, 0xff}
	colDoor       = color.RGBA{0xb0, 0x5a, 0x22, 0xff}
	colSecret     = color.RGBA{0xd8, 0x4a, 0xe0, 0xff} // the marks on a secret door: the Judge's alone
	colWindow     = color.RGBA{0xa8, 0xd8, 0xf0, 0xff}
	colFence      = color.RGBA{0xe8, 0xd4, 0xa8, 0xff}
	colWood       = color.RGBA{0x7a, 0x4e, 0x26, 0xff}
	colWater      = color.RGBA{0x5f, 0x9f, 0xc8, 0xff}
	colInk        = color.RGBA{0x20, 0x18, 0x10, 0xff}
	colLabel      = color.RGBA{0x20, 0x18, 0x10, 0x60}
	colSelect     = color.RGBA{0xff, 0xd7, 0x3a, 0xff}
	colPath       = color.RGBA{0xff, 0xe0, 0x60, 0xe0}
	colBad        = color.RGBA{0xe0, 0x40, 0x30, 0xff}
	colBar        = color.RGBA{0x18, 0x15, 0x12, 0xff}
	colText       = color.RGBA{0xf0, 0xe8, 0xd8, 0xff}
	colDim        = color.RGBA{0xb0, 0xa8, 0x98, 0xff}
	colHint       = color.RGBA{0xd8, 0xd0, 0xc0, 0xff} // the status bar's second line: read from across the table
	colRuler      = color.RGBA{0x60, 0xe0, 0xff, 0xff}
	colArmor      = color.RGBA{0xff, 0xff, 0xff, 0xff}
	colWarn       = color.RGBA{0xff, 0xb0, 0x30, 0xff} // acting before one's number
)

// sideColours gives each side of a fight its token colour, in order of
// first appearance.
var sideColours = []color.RGBA{
	{0x2f, 0x5f, 0xb0, 0xff}, // blue
	{0xb0, 0x2f, 0x2a, 0xff}, // red
	{0x2f, 0x8a, 0x4a, 0xff}, // green
	{0x8a, 0x4a, 0xa0, 0xff}, // purple
}

// frameKey is everything a frame shows: when it has not changed since the
// last frame, Draw leaves the screen as it is (the window runs with
// ebiten.SetScreenClearedEveryFrame(false)).
type frameKey struct {
	seq        int
	st         *session.State
	mapVersion uint64
	layout     hexmap.Layout
	w, h       int
	preview    previewKey
	hover      hexmap.Hex
	hoverOK    bool
	tip        bool
	selected   string
	attacking  bool
	message    string
	conn       string
	anim       int
	ruler      ruler
	result     int
	scale      float64 // the table scale
	picture    int     // the picture mode (backdrop.mode)
	noGrid     bool
	pic        pictureState // how far the map's picture has come
	dice       int          // the dice prompt's changes (Game.diceN)
	tray       trayKey      // the tray, and a sheet dragged from it
	barOpen    bool         // the last message open over the map (phonebar.go)
}

// Draw implements ebiten.Game.
func (g *Game) Draw(screen *ebiten.Image) {
	if g.edit != nil {
		g.drawEdit(screen)
		return
	}
	if g.play.st != nil {
		g.backdrop.poll(g.play.st.Map.Background) // the picture comes a step a frame
	}
	key := frameKey{seq: g.seq, st: g.play.st, layout: g.layout, w: g.w, h: g.h, preview: g.previewFor, hover: g.hover,
		hoverOK: g.hoverOK, tip: g.tipOn, selected: g.play.selected, attacking: g.play.attacking, message: g.message, conn: g.conn.statusText(), ruler: g.ruler, result: g.resultN, scale: g.scale.get(), picture: g.backdrop.mode, noGrid: g.backdrop.noGrid, pic: g.backdrop.state(), dice: g.diceN, tray: g.tray.key(), barOpen: g.barOpen}
	if g.play.st != nil {
		key.mapVersion = g.play.st.Map.Version()
	}
	if live := g.livePings(); g.liveEffects() || live {
		g.animFrame++
		key.anim = g.animFrame
	}
	if g.drawn && key == g.lastFrame && !g.chunks.pending {
		return
	}
	g.drawn, g.lastFrame = true, key
	st := g.play.st
	if st == nil {
		screen.Fill(colBackground)
	} else {
		// The map, the reachable area and the figures change seldom: they
		// are drawn into one image, and a frame copies it and draws only
		// what follows the pointer over it.
		bk := baseKey{st: st, seq: g.seq, mapVersion: key.mapVersion, layout: g.layout, w: g.w, h: g.h,
			selected: g.play.selected, attacking: g.play.attacking, blow: g.play.blow + map[bool]string{true: "!"}[g.play.melee], kind: g.play.kind, weapon: g.play.weapon, reachSeq: g.reachSeq, reachFor: g.reachFor, moving: g.moving(), ruler: g.ruler.on, scale: g.scale.get(), picture: g.backdrop.mode, noGrid: g.backdrop.noGrid, pic: g.backdrop.state().whole(), myDice: g.myDice && g.offersMyDice()}
		full := g.base == nil || g.baseFor != bk
		if full {
			if g.base == nil || g.base.Bounds().Dx() != g.w || g.base.Bounds().Dy() != g.h {
				if g.base != nil {
					g.base.Deallocate()
				}
				g.base = ebiten.NewImageWithOptions(image.Rect(0, 0, g.w, g.h), &ebiten.NewImageOptions{Unmanaged: true})
			}
			g.base.Fill(colBackground)
			g.chunks.backdrop = &g.backdrop
			g.chunks.text = g.minText()
			g.chunks.draw(g.base, g.mapDrawn(st), g.layout, g.w, g.h)
			// While a zoom's chunks are still being drawn, a frame after
			// another, the reachable area waits for the last of them: those
			// frames hand the renderer the vertices of chunks, not of a
			// reach of thousands of hexes as well (it keeps buffers as large
			// as its largest frame's). A pan's few new chunks are drawn in
			// one frame, with the reach.
			if !g.chunks.pending {
				g.drawReach(g.base)
			}
			g.drawRangeBands(g.base, st)
			g.drawLoose(g.base, st)
			// The fog under the figures: every figure drawn stands in a hex
			// its window sees, and its badge and tag may reach into the fog
			// beside it.
			g.drawFog(g.base, st)
			// The placer lays out every word on the map: the rulers
			// first (fixed at the map's edges), then the tokens, their
			// badges and tags, the map's labels, the range bands' and
			// the loose weapons' names, each off all before it.
			g.newPlace(st.Map)
			g.drawRulers(g.base, st)
			g.drawFigures(g.base, st)
			g.drawLabels(g.base, st) // over the figures, placed off them
			g.drawRangeLabels(g.base, st)
			g.drawLooseNames(g.base, st)
			g.drawButtons(g.base, nil) // the action bar changes with the selection only
			g.baseFor = bk
			if g.chunks.pending {
				g.baseFor = baseKey{} // more of the map, and the reach, to draw next frame
			} else {
				g.drawnNow.frame(g.layout, g.dev.px()) // the whole map: told outside
			}
		}
		// Copy the base over the whole screen when it changed, else only
		// where last frame's overlays were.
		areas := []image.Rectangle{g.base.Bounds()}
		if !full {
			areas = g.damage
		}
		for _, r := range areas {
			r = r.Intersect(g.base.Bounds())
			if r.Empty() {
				continue
			}
			op := &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy}
			op.GeoM.Translate(float64(r.Min.X), float64(r.Min.Y))
			screen.DrawImage(g.base.SubImage(r).(*ebiten.Image), op)
		}
		var dmg damage
		g.drawOverlay(screen, st, &dmg)
		g.drawTray(screen, &dmg)
		g.damage = append(g.damage[:0], dmg...)
		g.drawDice(screen)
		g.drawMessageOpen(screen)
	}
	g.drawBar(screen)
	g.drawReplay(screen)
	g.drawBanner(screen)
	if s := g.conn.statusText(); s != "" {
		g.damage = append(g.damage, image.Rect(0, 0, g.w, 60)) // the banner
	}
}

// baseKey is what the cached base image shows.
type baseKey struct {
	st         *session.State
	seq        int
	mapVersion uint64
	layout     hexmap.Layout
	w, h       int
	selected   string
	attacking  bool
	blow       string // the hand-to-hand kind: the bar's buttons show it
	kind       string
	weapon     string // the range bands' TNs are the weapon's
	reachSeq   int
	reachFor   string
	moving     string
	ruler      bool    // the action bar's Ruler button
	scale      float64 // the table scale
	picture    int
	noGrid     bool
	pic        pictureState // whether the map's picture is ready (the action bar says)
	myDice     bool         // the action bar's My dice button
}

func drawFeature(dst *ebiten.Image, b *batch, f hexmap.Feature, c hexmap.Point, s float64) {
	switch f.Kind {
	case "barrel":
		b.path(dst, circle(c, s*0.42), 0, colWood)
		b.path(dst, circle(c, s*0.42), float32(s*0.06), colInk)
		b.path(dst, circle(c, s*0.22), float32(s*0.05), colInk)
	case "trough":
		r := rect(c, s*0.8, s*0.45)
		b.path(dst, polygon(r), 0, colWood)
		b.path(dst, polygon(rect(c, s*0.62, s*0.27)), 0, colWater)
		b.path(dst, polygon(r), float32(s*0.05), colInk)
	case "table":
		b.path(dst, polygon(rect(c, s*0.7, s*0.7)), 0, shade(colWood, 0.25))
		b.path(dst, polygon(rect(c, s*0.7, s*0.7)), float32(s*0.05), colInk)
	case "counter":
		b.path(dst, polygon(rect(c, s*1.5, s*0.5)), 0, shade(colWood, -0.1))
		b.path(dst, polygon(rect(c, s*1.5, s*0.5)), float32(s*0.05), colInk)
	case "ladder", "stairs":
		for i := -2; i <= 2; i++ {
			y := c.Y + float64(i)*s*0.16
			b.path(dst, polyline([]hexmap.Point{{X: c.X - s*0.35, Y: y}, {X: c.X + s*0.35, Y: y}}), float32(s*0.06), colInk)
		}
	default:
		b.path(dst, circle(c, s*0.3), 0, colInk)
	}
}

func rect(c hexmap.Point, w, h float64) []hexmap.Point {
	return []hexmap.Point{{X: c.X - w/2, Y: c.Y - h/2}, {X: c.X + w/2, Y: c.Y - h/2}, {X: c.X + w/2, Y: c.Y + h/2}, {X: c.X - w/2, Y: c.Y + h/2}}
}

func drawEdge(dst *ebiten.Image, b *batch, f hexmap.Feature, a, z hexmap.Point, s float64) {
	line := func(p, q hexmap.Point, w float64, c color.Color) {
		b.path(dst, polyline([]hexmap.Point{p, q}), float32(w), c)
	}
	switch f.Kind {
	case "wall":
		line(a, z, s*0.2, colWall)
	case "door":
		line(a, lerpPt(a, z, 0.12), s*0.2, colWall)
		line(lerpPt(a, z, 0.88), z, s*0.2, colWall)
		if f.Open {
			// An open door swings out from its hinge.
			h := lerpPt(a, z, 0.12)
			dx, dy := z.X-a.X, z.Y-a.Y
			line(h, hexmap.Point{X: h.X - dy*0.6, Y: h.Y + dx*0.6}, s*0.1, colDoor)
		} else {
			line(lerpPt(a, z, 0.12), lerpPt(a, z, 0.88), s*0.16, colDoor)
		}
		if f.Secret {
			// The Judge's secret door: three marks along it (the players'
			// windows are sent a wall there, and the Judge's side view
			// draws one: chunkCache.players).
			for _, t := range []float64{0.3, 0.5, 0.7} {
				b.path(dst, circle(lerpPt(a, z, t), s*0.07), 0, colSecret)
			}
		}
	case "window":
		line(a, z, s*0.2, colWall)
		line(lerpPt(a, z, 0.2), lerpPt(a, z, 0.8), s*0.09, colWindow)
	case "fence":
		line(a, z, s*0.07, colInk)
		for i := 0; i < 3; i++ {
			p := lerpPt(a, z, 0.17+float64(i)*0.33)
			b.path(dst, circle(p, s*0.09), 0, colFence)
			b.path(dst, circle(p, s*0.09), float32(s*0.03), colInk)
		}
	default:
		line(a, z, s*0.1, colInk)
	}
}

// drawOverlay draws the hover outline and the move preview.
func (g *Game) drawOverlay(dst *ebiten.Image, st *session.State, dmg *damage) {
	defer g.drawTip(dst, dmg)
	defer g.drawPings(dst, dmg)
	defer g.drawRuler(dst, dmg)
	defer g.drawResult(dst, dmg)
	defer g.drawEffects(dst, dmg)
	l := g.layout
	s := l.Size
	b := batch{dmg: dmg}
	if g.hoverOK && st.Map.Contains(g.hover) {
		c := l.Corners(g.hover)
		b.path(dst, polygon(c[:]), float32(math.Max(2, s/12)), color.RGBA{0xff, 0xff, 0xff, 0x90})
	}
	// A shot's line of sight and the cover it crosses, as the session
	// answers it for every system (State.AttackLine): grey where the
	// shooter does not see the target, red where the shot is refused.
	tw := g.aimOK && len(g.aimPlan.Targets) > 0
	if g.aimLineOK && (tw || g.aimTextOK && g.aimFor()) {
		col := color.RGBA{0xff, 0x60, 0x40, 0xe0}
		switch {
		case tw && g.aimErr != nil, !tw && g.aimRefuse != nil:
			col = colBad // refused: the tag says why
		case !g.aimLine.Sight.Clear:
			col = color.RGBA{0x90, 0x90, 0x90, 0xc0}
		}
		b.path(dst, polyline([]hexmap.Point{l.ToPixel(g.aimLine.From), l.ToPixel(g.aimLine.To)}), float32(math.Max(2, s/10)), col)
		for _, c := range g.aimLine.Sight.Cover {
			var pts []hexmap.Point
			if c.OnEdge {
				a, z := l.Edge(c.At, c.Side)
				pts = []hexmap.Point{a, z}
			} else {
				cs := l.Corners(c.At)
				pts = append(cs[:], cs[0])
			}
			b.path(dst, polyline(pts), float32(math.Max(3, s/6)), colSelect)
		}
	}
	g.drawAimTag(dst, &b, dmg)
	if g.planOK && g.planFor == g.hover {
		col := colPath
		if !g.plan.OK() {
			col = colBad
		}
		if route := g.plan.Path(); len(route) > 1 {
			pts := make([]hexmap.Point, len(route))
			for i, hx := range route {
				pts[i] = l.ToPixel(hx)
			}
			b.path(dst, polyline(pts), float32(math.Max(3, s/7)), col)
		}
		c := l.Corners(g.hover)
		b.path(dst, polygon(c[:]), float32(math.Max(3, s/8)), col)
		b.flush(dst)
		if cost := g.plan.Cost(); cost != "" {
			p := l.ToPixel(g.hover)
			size := math.Max(g.minText(), s*0.4)
			// As wide as the cost ("3\" of Pace"), and never narrower
			// than a hex's "2 AP".
			w := math.Max(s*1.4, textWidth(cost, face(size, true))+s*0.3)
			k := tagKey{text: cost, size: size, fg: col,
				bg: color.RGBA{0x10, 0x10, 0x10, 0xd0}, boxW: w, boxH: math.Max(s*0.7, size*1.3), centered: true}
			ty := p.Y
			if g.dragging && g.dragFig != "" {
				ty -= s*0.95 + k.boxH*0.6 // above the ring round the pointer
			}
			dmg.add(g.tags.draw(dst, k, p.X, ty))
		}
	}
	if f, ok := st.Figures[g.dragFig]; ok && g.dragging && !g.dragOff {
		// The figure in hand: a ring of its side's colour round the pointer.
		b.path(dst, circle(g.cursorAt, s*0.95), float32(math.Max(3, s/6)), sideColour(st, f.Side))
	}
	b.flush(dst)
}

// newPlace starts the frame's placer on the map's part of the window,
// the cover numbers the map writes there kept clear.
func (g *Game) newPlace(m *hexmap.Map) {
	top := 0 // the action bar's buttons are drawn over the base
	if g.replay.on() {
		b, _ := g.replayBars()
		top = b.Max.Y // the banner is drawn over the frame
	}
	g.place = &placer{area: image.Rect(0, top, g.w, g.h-g.barH())}
	g.keepCover(m)
}

// keepCover keeps the cover numbers map m writes on the screen (coverMark)
// clear of the placer's words and badges: the window's hexes only, and
// only at the sizes the map writes them.
func (g *Game) keepCover(m *hexmap.Map) {
	s := g.layout.Size
	if !coverShown(s) {
		return
	}
	text := g.minText()
	lo, hi := onScreen(m, g.layout, g.w, g.h)
	for row := lo.Row; row <= hi.Row; row++ {
		for col := lo.Col; col <= hi.Col; col++ {
			hx := m.Orientation.FromOffset(hexmap.Offset{Col: col, Row: row})
			if f, ok := m.Feature(hx); ok && f.IsCover() {
				at, r, _ := coverMark(g.layout.ToPixel(hx), s, 1, text)
				g.place.mark(box(at, 2*r, 2*r))
			}
		}
	}
}

// drawFigures draws every figure as a disc with initials (or its
// portrait) and a facing wedge.
func (g *Game) drawFigures(dst *ebiten.Image, st *session.State) {
	l := g.layout
	s := l.Size
	g.sprites.prepare(s, g.minText())
	margin := 2 * s
	moving := g.moving()
	if g.segmentsFor != g.seq || g.segmentsSt != st {
		// AP badges only where the round counts AP down (TWTW); a
		// figure's AP means nothing in Savage Worlds' or DW II's rounds.
		g.segments, g.segmentsFor, g.segmentsSt = st.Turn().Segments, g.seq, st
	}
	seat := g.play.seat
	type shown struct {
		f     *session.Figure
		c     hexmap.Point
		angle float64
	}
	var figs []shown
	g.drawnNow.next = g.drawnNow.next[:0]
	r := tokenRadius(s, g.minText())
	// The placer keeps every token's disc clear, then lays out the
	// badges and tags, and after them the map's words (drawLabels).
	if g.place == nil {
		g.newPlace(st.Map)
	}
	for _, id := range st.Order {
		f := st.Figures[id]
		if moving != "" && strings.Contains(","+moving, ","+id+",") {
			continue // drawn gliding over the base
		}
		if g.fogHides(st, f) {
			continue
		}
		c := l.ToPixel(f.At)
		if c.X < -margin || c.Y < -margin || c.X > float64(g.w)+margin || c.Y > float64(g.h)+margin {
			continue // off screen
		}
		// The facing's angle on screen: toward the faced hexside's middle.
		e1, e2 := l.Edge(f.At, f.Facing)
		mid := lerpPt(e1, e2, 0.5)
		figs = append(figs, shown{f, c, math.Atan2(mid.Y-c.Y, mid.X-c.X)})
		g.place.token(c, r)
		if c.X >= 0 && c.Y >= 0 && c.X < float64(g.w) && c.Y < float64(g.h) {
			g.drawnNow.figure(f.ID, c) // on the screen: told outside (drawn.go)
		}
	}
	for _, sh := range figs {
		tk := g.tokenFor(st, sh.f)
		tk.tag = "" // placed below
		if g.conn != nil && g.conn.own(sh.f.ID) {
			// A player's own figures wear a white ring.
			var b batch
			b.path(dst, circle(sh.c, math.Max(s*0.8, r+s*0.14)), float32(math.Max(2.5, s/8)), color.RGBA{0xff, 0xff, 0xff, 0xf0})
			b.flush(dst)
		}
		g.sprites.drawWedge(dst, tk.col, sh.c, sh.angle)
		g.sprites.drawToken(dst, tk, sh.c)
	}
	for _, sh := range figs {
		f := sh.f
		// A figure out of the fight has no AP to spend: its token
		// shows it down (drawMarks), with no badge.
		if s >= 14 && g.segments && st.InsightOf(seat, f.ID).Numbers && !st.Body(f.ID).Down {
			// Behind the upper shoulder, off the wedge, where it is free.
			img := g.sprites.badge(f.AP)
			bw, bh := float64(img.Bounds().Dx()), float64(img.Bounds().Dy())
			at, _ := g.place.Badge(sh.c, r, bw, bh, sh.angle+math.Pi*0.75)
			stamp(dst, img, rectMid(at))
		}
		g.drawMarks(dst, st, f, sh.c, r) // its state's signs (marks.go)
	}
}

// placed is what the placer laid out this frame: the base's words and,
// over them, the result's tags when a result is up.
func (g *Game) placed() *placer {
	switch {
	case g.placeOver != nil:
		return g.placeOver
	case g.place != nil:
		return g.place
	}
	return &placer{}
}

// leader draws a thin line from a word's place r back to what it names
// at from, when the placer had to put it further than far from it: the
// word still points at its thing.
// It starts skip from from (off a token's disc).
func leader(dst *ebiten.Image, dmg *damage, from hexmap.Point, skip float64, r image.Rectangle, far float64, col color.RGBA) {
	to := hexmap.Point{X: math.Max(float64(r.Min.X), math.Min(from.X, float64(r.Max.X))), Y: math.Max(float64(r.Min.Y), math.Min(from.Y, float64(r.Max.Y)))}
	d := math.Hypot(to.X-from.X, to.Y-from.Y)
	if d <= far || d <= skip {
		return
	}
	from = lerpPt(from, to, skip/d)
	b := batch{dmg: dmg}
	col.A = 0xc0
	b.path(dst, polyline([]hexmap.Point{from, to}), 2.5, col)
	b.path(dst, circle(from, 4), 0, col)
	b.flush(dst)
}

// rectMid is r's middle.
func rectMid(r image.Rectangle) hexmap.Point {
	return hexmap.Point{X: float64(r.Min.X+r.Max.X) / 2, Y: float64(r.Min.Y+r.Max.Y) / 2}
}

// drawBar draws the status bar: the last message and what the selected
// figure may do. It is drawn into an image of its own and copied to the
// screen: on a software renderer, text drawn straight onto the screen
// between the map's copies and overlays doubled the cost of a frame.
func (g *Game) drawBar(screen *ebiten.Image) {
	// Its two lines at the table's least text, as the map's: the status
	// line and a refusal read from across the table.
	px := g.minText()
	bh := g.barH()
	if g.barImg == nil || g.barImg.Bounds().Dx() != g.w || g.barImg.Bounds().Dy() != bh {
		if g.barImg != nil {
			g.barImg.Deallocate()
		}
		g.barImg = ebiten.NewImageWithOptions(image.Rect(0, 0, g.w, bh), &ebiten.NewImageOptions{Unmanaged: true})
	}
	dst := g.barImg
	defer func() {
		op := &ebiten.DrawImageOptions{Blend: ebiten.BlendCopy}
		op.GeoM.Translate(0, float64(g.h-bh))
		screen.DrawImage(g.barImg, op)
	}()
	dst.Fill(colBar)
	f := face(px, true)
	msgY, hintY := barLines(px)
	msgCol := color.Color(colText)
	if g.messageErr {
		msgCol = colBad
	}
	msg := g.message
	if g.play.attacking && g.aimWarn != "" && g.aimFor() {
		msg, msgCol = g.aimWarn, colWarn // before the click, as the composer warns
	}
	if !g.dev.touch {
		barLine(dst, msg, f, g.w, msgY, msgCol)
	}
	hint := g.helpLine()
	if st := g.play.st; st != nil {
		hint = st.Turn().Heading + " · " + hint
	}
	if st := g.play.st; st != nil && g.play.selected != "" {
		if fig, ok := st.Figures[g.play.selected]; ok {
			hint = g.play.describe(fig)
			if g.planOK && g.planFor == g.hover {
				switch route := g.plan.Path(); {
				case !g.plan.OK():
					hint += " — " + g.plan.Err.Error()
				case len(route) > 1:
					hint += fmt.Sprintf(" — to %s: %d paces", st.Map.Label(g.hover), len(route)-1)
					if cost := g.plan.Cost(); cost != "" {
						hint += ", " + cost
					}
				}
			}
		}
	}
	hintCol := colHint
	if g.play.attacking {
		hint = g.play.attackHint()
		if g.aimTextOK && g.aimFor() {
			hint = g.aimText
			if g.aimRefuse != nil {
				hintCol = colBad
			}
		} else if g.aimOK && g.aimFor() {
			if g.aimErr != nil {
				hintCol = colBad
				hint = "Refused: " + firstLine(g.aimErr.Error())
			} else {
				p := g.aimPlan.Series.Plans[0]
				hint = fmt.Sprintf("%s at %s: %d AP, TN %d, pool %s, hit chance %.0f%% — %s", p.Shot.Kind, st0(g).FigureName(g.aimPlan.Targets[0].ID), g.aimPlan.Series.AP, p.TN, p.Pool, 100*p.HitChance(), g.aimOdds)
				for _, m := range p.Modifiers {
					hint += " · " + m.Name
				}
			}
		}
	}
	if a := g.answerHint(); a != "" {
		hint = a
	}
	if n := g.backdrop.note(); n != "" {
		hint = n + " · " + hint
	}
	if g.dev.touch { // a phone's bar is narrow: the message three lines, the hint the rest
		g.drawTouchBar(dst, msg, msgCol, hint, hintCol)
		return
	}
	barLine(dst, hint, face(px, false), g.w, hintY, hintCol)
}

// drawBanner draws why the window is not connected, across the top.
func (g *Game) drawBanner(dst *ebiten.Image) {
	s := g.conn.statusText()
	if s == "" {
		return
	}
	var b batch
	if g.dev.touch { // as wide as the phone, in lines of the map's text
		bf := face(g.minText(), true)
		lines := wrapWords(s, bf, float64(g.w)-32)
		lh := g.minText() * 1.3
		h := lh*float64(len(lines)) + g.minText()
		b.path(dst, polygon(rect(hexmap.Point{X: float64(g.w) / 2, Y: h / 2}, float64(g.w), h)), 0, color.RGBA{0x90, 0x30, 0x10, 0xf0})
		b.flush(dst)
		for i, ln := range lines {
			say(dst, ln, bf, float64(g.w)/2, g.minText()/2+lh*(float64(i)+0.5), color.White, true)
		}
		g.damage = append(g.damage, image.Rect(0, 0, g.w, int(math.Ceil(h))))
		return
	}
	bf := face(22, true)
	b.path(dst, polygon(rect(hexmap.Point{X: float64(g.w) / 2, Y: 30}, float64(g.w)*0.7, 44)), 0, color.RGBA{0x90, 0x30, 0x10, 0xe8})
	b.flush(dst)
	say(dst, s, bf, float64(g.w)/2, 30, color.White, true)
}

func st0(g *Game) *session.State { return g.play.st }

// aimFor reports whether the shot preview is for the hex under the pointer.
func (g *Game) aimFor() bool { return g.previewFor.hover == g.hover }

// figureTag is the word under a token for its state: its condition in
// its system's words (State.Body: "dead", "out", "stunned", "Shaken"),
// else prone, hidden or wounded.
func figureTag(st *session.State, f *session.Figure) string {
	b := st.Body(f.ID)
	switch {
	case b.Tag != "":
		return b.Tag
	case f.Prone:
		return "prone"
	case f.Hidden:
		return "hidden"
	case b.Hurt:
		return "wounded"
	}
	return ""
}

// drawLabels writes the map's labels over the figures, each moved off
// the tokens it would cover (labels.go).
func (g *Game) drawLabels(dst *ebiten.Image, st *session.State) {
	drawMapLabelsAround(dst, st.Map, g.layout, g.w, g.h, g.minText(), g.place)
}

// drawMapLabels writes a map's labels in view (the map editor's, at the
// editor's own sizes), each on a plate in the colours mapLabelColours
// picks for the terrain of its hex: they read on any terrain.
func drawMapLabels(dst *ebiten.Image, m *hexmap.Map, l hexmap.Layout, w, h int) {
	size := math.Max(11, l.Size*0.42)
	big := face(size, true)
	plateH := labelPlateH(l.Size)
	type label struct {
		text string
		at   hexmap.Point
		fg   color.RGBA
	}
	var labels []label
	var b batch
	for hx, text := range m.Labels {
		p := l.ToPixel(hx)
		if p.X < -400 || p.Y < -50 || p.X > float64(w)+400 || p.Y > float64(h)+50 {
			continue
		}
		t, _ := m.Terrain(hx)
		fg, plate := mapLabelColours(t)
		b.path(dst, stadium(p, textWidth(text, big)+size*0.6, plateH), 0, plate)
		labels = append(labels, label{text, p, fg})
	}
	b.flush(dst)
	for _, lb := range labels {
		say(dst, lb.text, big, lb.at.X, lb.at.Y, lb.fg, true)
	}
}

// labelPlateH is how tall drawMapLabels' plates are at hex size s.
func labelPlateH(s float64) float64 { return math.Max(11, s*0.42) * 1.3 }

// mapLabelColours are the colours of a map label's letters and of the
// plate under them, on a hex of terrain t: dark ink on a pale plate over
// light ground, pale letters on a dark plate over dark ground (water,
// rock), so that the plate sits in with the ground and the letters stand
// out of it.
func mapLabelColours(t hexmap.Terrain) (fg, plate color.RGBA) {
	c := hexColor(t.Color)
	if 0.299*float64(c.R)+0.587*float64(c.G)+0.114*float64(c.B) < 110 {
		return color.RGBA{0xff, 0xf4, 0xdc, 0xff}, color.RGBA{0x18, 0x15, 0x12, 0xb0}
	}
	return colInk, color.RGBA{0xf4, 0xec, 0xd8, 0xb0}
}

// drawTip shows what is under the pointer, once it has rested a moment,
// beside the hovered hex where the placer finds room (placer.beside), never over
// the figure it describes.
func (g *Game) drawTip(dst *ebiten.Image, dmg *damage) {
	if !g.tipOn {
		return
	}
	tip := g.tipText(g.hover)
	if tip == "" {
		return
	}
	// One fact a line, so that the tip is narrow and reads at a glance;
	// the hex's name and terrain share the first.
	lines := strings.Split(tip, " · ")
	if len(lines) > 1 {
		lines = append([]string{lines[0] + " · " + lines[1]}, lines[2:]...)
	}
	f := face(g.minText(), false)
	lh := g.minText() * 1.25
	w := 0.0
	for _, ln := range lines {
		w = math.Max(w, textWidth(ln, f))
	}
	pad := g.minText() * 0.5
	size := image.Pt(int(w+2*pad), int(lh*float64(len(lines))+pad))
	area := image.Rect(0, buttonH+2*buttonPad, g.w, g.h-g.barH())
	keep := append(append(g.previewBoxes(), g.resultAreas()...), g.aimTags...) // the result and the shot's tag read too
	if _, _, box := g.rulerTag(); !box.Empty() {
		keep = append(keep, box) // the ruler's length reads too
	}
	if g.touch.has {
		keep = append(keep, g.fingerBox()) // not under the finger that points
	}
	r := g.placed().beside(g.layout.ToPixel(g.hover), g.layout.Size, float64(size.X), float64(size.Y), area, keep)
	g.tipAt = r
	b := batch{dmg: dmg}
	b.path(dst, polygon(rect(hexmap.Point{X: float64(r.Min.X+r.Max.X) / 2, Y: float64(r.Min.Y+r.Max.Y) / 2}, float64(r.Dx()), float64(r.Dy()))), 0, color.RGBA{0x18, 0x15, 0x12, 0xf0})
	b.flush(dst)
	for i, ln := range lines {
		say(dst, ln, f, float64(r.Min.X)+pad, float64(r.Min.Y)+pad/2+lh*(float64(i)+0.5), colText, false)
	}
}

// shownRangeBands is, in attack mode, the attacker and the range bands of
// the weapon picked as its system says them (State.RangeBands).
func (g *Game) shownRangeBands(st *session.State) (*session.Figure, []session.RangeBand) {
	if !g.play.attacking {
		return nil, nil
	}
	f, ok := st.Figures[g.play.selected]
	if !ok {
		return nil, nil
	}
	return f, st.RangeBands(f.ID, g.play.weapon)
}

// drawRangeBands draws, in attack mode, the range bands of the weapon
// picked (shownRangeBands): a ring of dots for each, its label where the
// ring crosses the figure's facing.
func (g *Game) drawRangeBands(dst *ebiten.Image, st *session.State) {
	f, bands := g.shownRangeBands(st)
	l := g.layout
	s := l.Size
	var b batch
	for _, band := range bands {
		r := band.Hexes
		if r < 1 {
			continue
		}
		for _, h := range f.At.Ring(r) {
			if !st.Map.Contains(h) {
				continue
			}
			c := l.ToPixel(h)
			if c.X < -s || c.Y < -s || c.X > float64(g.w)+s || c.Y > float64(g.h)+s {
				continue
			}
			b.path(dst, circle(c, math.Max(2, s*0.12)), 0, color.RGBA{0xff, 0x90, 0x40, 0xb0})
		}
		b.flush(dst)
	}
}

// drawRangeLabels writes, in attack mode, each range band's label by its
// ring (drawRangeBands) where the placer finds room: off every token,
// badge, tag and map label.
func (g *Game) drawRangeLabels(dst *ebiten.Image, st *session.State) {
	f, bands := g.shownRangeBands(st)
	l := g.layout
	s := l.Size
	size := math.Max(g.minText(), s*0.36)
	for _, band := range bands {
		r := band.Hexes
		if r < 1 {
			continue
		}
		// Where the ring crosses the facing, or, off the map there, the
		// ring's hex on the map nearest it: the label stays on the map.
		want := f.At.Add(f.Facing.Vector().Scale(r))
		on, found := want, st.Map.Contains(want)
		if !found {
			for _, h := range f.At.Ring(r) {
				if st.Map.Contains(h) && (!found || h.DistanceTo(want) < on.DistanceTo(want)) {
					on, found = h, true
				}
			}
		}
		if !found {
			continue
		}
		k := tagKey{size: size, fg: color.RGBA{0xff, 0xb0, 0x70, 0xff}, bg: color.RGBA{0x14, 0x11, 0x0e, 0xd0}, padX: size * 0.3, boxH: size * 1.2}
		text, at, _ := g.place.word(band.Label, size, k.padX, k.boxH, l.ToPixel(on), 0, 3*s)
		k.text = text
		g.tags.draw(dst, k, rectMid(at).X, rectMid(at).Y)
	}
}

// drawLoose draws the weapons lying on the map (State.Loose) as a small
// blade at the lower right of their hex, where a figure standing there
// leaves it in view, with the weapon's name under it until it is picked
// up.
func (g *Game) drawLoose(dst *ebiten.Image, st *session.State) {
	if len(st.Loose) == 0 {
		return
	}
	l := g.layout
	s := l.Size
	var b batch
	steel, edge := color.RGBA{0xe8, 0xe8, 0xf0, 0xff}, color.RGBA{0x20, 0x18, 0x10, 0xff}
	for _, it := range st.Loose {
		p := l.ToPixel(it.At)
		c := hexmap.Point{X: p.X + s*0.45, Y: p.Y + s*0.4}
		tip := hexmap.Point{X: c.X + s*0.3, Y: c.Y - s*0.3}
		hilt := hexmap.Point{X: c.X - s*0.3, Y: c.Y + s*0.3}
		guardA := hexmap.Point{X: c.X - s*0.22, Y: c.Y - s*0.02}
		guardB := hexmap.Point{X: c.X - s*0.02, Y: c.Y + s*0.22}
		for _, pass := range []struct {
			col color.Color
			w   float64
		}{{edge, s / 5}, {steel, s / 10}} {
			b.path(dst, polyline([]hexmap.Point{hilt, tip}), float32(math.Max(2, pass.w)), pass.col)
			b.path(dst, polyline([]hexmap.Point{guardA, guardB}), float32(math.Max(2, pass.w)), pass.col)
		}
	}
	b.flush(dst)
}

// drawLooseNames writes the names of the weapons lying on the map beside
// their blades, where the placer finds room: off every token, badge, tag
// and label.
func (g *Game) drawLooseNames(dst *ebiten.Image, st *session.State) {
	l := g.layout
	s := l.Size
	steel := color.RGBA{0xe8, 0xe8, 0xf0, 0xff}
	size := math.Max(g.minText(), s*0.3) // read from the table, like every map label
	for _, it := range st.Loose {
		name := it.Label()
		if name == "" {
			name = it.Weapon
		}
		// Beside the blade, off every token and badge.
		k := tagKey{size: size, fg: steel, bg: color.RGBA{0x14, 0x11, 0x0e, 0xd0}, padX: size * 0.3, boxH: size * 1.3}
		p := l.ToPixel(it.At)
		blade := hexmap.Point{X: p.X + s*0.45, Y: p.Y + s*0.4}
		text, r, _ := g.place.word(name, size, k.padX, k.boxH, blade, s*0.45, 4*s)
		k.text = text
		leader(dst, nil, blade, 0, r, s, steel)
		g.tags.draw(dst, k, rectMid(r).X, rectMid(r).Y)
	}
}

// tipPlace is where the hover tip of w×h goes: beside the pointer, on the
// window, and off the last result's marks and clock face where it can be
// (below right, below left, above right, above left).
func (g *Game) tipPlace(w, h float64) (float64, float64) {
	cx, cy := g.cursorAt.X, g.cursorAt.Y
	clamp := func(x, y float64) (float64, float64) {
		return math.Max(0, math.Min(x, float64(g.w)-w)), math.Max(0, math.Min(y, float64(g.h-g.barH())-h))
	}
	keep := append(g.resultAreas(), g.aimTags...)
	var first [2]float64
	for i, at := range [][2]float64{{cx + 18, cy + 18}, {cx - 18 - w, cy + 18}, {cx + 18, cy - 18 - h}, {cx - 18 - w, cy - 18 - h}} {
		x, y := clamp(at[0], at[1])
		if i == 0 {
			first = [2]float64{x, y}
		}
		r := image.Rect(int(x), int(y), int(x+w), int(y+h))
		clear := true
		for _, k := range keep {
			if r.Overlaps(k) {
				clear = false
			}
		}
		if clear {
			return x, y
		}
	}
	return first[0], first[1]
}

// drawAimTag writes the shot under the pointer beside its target before
// the click: its AP, TN and hit chance, or the session's refusal in red;
// and under it, in amber, the session's warning that the figure would act
// before its number (State.Interrupt).
func (g *Game) drawAimTag(dst *ebiten.Image, b *batch, dmg *damage) {
	g.aimTags = g.aimTags[:0]
	if !g.play.attacking || !g.aimFor() || !(g.aimOK || g.aimTextOK) {
		return
	}
	var lines []string
	var cols []color.RGBA
	switch {
	case g.aimOK && g.aimErr != nil:
		lines, cols = append(lines, "Refused: "+firstLine(g.aimErr.Error())), append(cols, colBad)
	case g.aimTextOK && g.aimRefuse != nil:
		lines, cols = append(lines, "Refused: "+firstLine(g.aimRefuse.Error())), append(cols, colBad)
	case g.aimOK && len(g.aimPlan.Series.Plans) > 0:
		p := g.aimPlan.Series.Plans[0]
		lines = append(lines, fmt.Sprintf("%s shot: %d AP · TN %d · hit %.0f%%", p.Shot.Kind, g.aimPlan.Series.AP, p.TN, 100*p.HitChance()))
		cols = append(cols, colText)
	}
	if g.aimWarn != "" {
		lines, cols = append(lines, g.aimWarn), append(cols, colWarn)
	}
	if len(lines) == 0 {
		return
	}
	b.flush(dst)
	size := g.minText()
	f := face(size, true)
	// Whole words on as many lines as it takes, none cut: the warning
	// reads to its end.
	maxW := math.Max(240, float64(g.w)*0.4)
	var rows []string
	var rowCols []color.RGBA
	for i := range lines {
		for _, r := range wrapWords(lines[i], f, maxW) {
			rows, rowCols = append(rows, r), append(rowCols, cols[i])
		}
	}
	w := 0.0
	for _, r := range rows {
		w = math.Max(w, textWidth(r, f))
	}
	lh, pad := size*1.35, size*0.5
	box := image.Pt(int(w+2*pad), int(lh*float64(len(rows))+pad))
	// Beside the target, off every token (the shooter's too) and the
	// line of fire where it can be.
	area := image.Rect(0, buttonH+2*buttonPad, g.w, g.h-g.barH())
	r := g.placed().beside(g.layout.ToPixel(g.hover), g.layout.Size, float64(box.X), float64(box.Y), area, g.previewBoxes())
	b.path(dst, polygon(rect(hexmap.Point{X: float64(r.Min.X+r.Max.X) / 2, Y: float64(r.Min.Y+r.Max.Y) / 2}, float64(r.Dx()), float64(r.Dy()))), 0, colBox)
	b.flush(dst)
	for i, row := range rows {
		say(dst, row, f, float64(r.Min.X)+pad, float64(r.Min.Y)+pad/2+lh*(float64(i)+0.5), rowCols[i], false)
	}
	dmg.add(r)
	g.aimTags = append(g.aimTags, r)
}

// wrapWords breaks s into lines of whole words no wider than width in
// face f (a word wider than width is cut to fit).
func wrapWords(s string, f *text.GoTextFace, width float64) []string {
	var out []string
	line := ""
	for _, w := range strings.Fields(s) {
		try := w
		if line != "" {
			try = line + " " + w
		}
		if textWidth(try, f) <= width || line == "" {
			line = try
			continue
		}
		out = append(out, fit(line, f, width))
		line = w
	}
	if line != "" {
		out = append(out, fit(line, f, width))
	}
	return out
}

// firstLine is s up to its first line break.
func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
