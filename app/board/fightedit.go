package board

import (
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// fightEdit is the Judge editing the running fight's map inside the map
// window (Ctrl+E): the editor's tools work on a copy of the map, and each
// finished stroke, undo or label is sent to the session as the cells it
// changed (edit_map), so it is journaled, undoable and seen by every
// window.
type fightEdit struct {
	ed     *Editor
	play   hexmap.Layout // the play view, given back after editing
	from   uint64        // the fight map's version the copy was made at
	synced uint64        // the copy's version last sent
	stale  bool          // the session refused an edit: copy the map afresh
}

// toggleEdit answers Ctrl+E.
func (g *Game) toggleEdit() {
	if g.edit != nil {
		g.layout = g.edit.play
		g.edit = nil
		g.drawn, g.baseFor = false, baseKey{}
		g.say("Back to play.", false)
		return
	}
	if g.play.st == nil || !g.conn.judge() {
		g.say("Only the Judge edits the fight's map.", true)
		return
	}
	ed := &Editor{e: newEditState(g.play.st.Map.Clone(), ""), w: g.w, h: g.h, dialogs: make(chan dialogResult, 1),
		lastSave: time.Now(), fight: true, cursor: g.cursor, back: g.toggleEdit, backdrop: &g.backdrop}
	ed.figures = func(dst *ebiten.Image, l hexmap.Layout) {
		saved := g.layout
		g.layout = l
		g.place = nil // laid out afresh at the editor's zoom
		g.drawFigures(dst, g.play.st)
		g.layout = saved
	}
	ed.fit() // the whole map between the editor's toolbar and legend
	g.edit = &fightEdit{ed: ed, play: g.layout, from: g.play.st.Map.Version(), synced: ed.e.m.Version()}
	ed.say("Editing the fight's map: every change goes to the session, and Undo takes it back.", false)
}

// updateEdit runs the editor and sends what it changed.
func (g *Game) updateEdit() error {
	fe := g.edit
	st := g.play.st
	stroke := ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft)
	if !stroke && (fe.stale || st.Map.Version() != fe.from) {
		// The fight's map changed (this edit came back, or a door opened):
		// edit a fresh copy, keeping the tools and the undo steps.
		fe.ed.e.m = st.Map.Clone()
		fe.from, fe.synced, fe.stale = st.Map.Version(), fe.ed.e.m.Version(), false
	}
	if fe.ed.w != g.w || fe.ed.h != g.h { // the window was resized
		fe.ed.w, fe.ed.h = g.w, g.h
		fe.ed.fit()
	}
	if err := fe.ed.Update(); err != nil {
		return err
	}
	if stroke || ebiten.IsMouseButtonPressed(ebiten.MouseButtonLeft) || fe.ed.e.m.Version() == fe.synced {
		return nil
	}
	fe.synced = fe.ed.e.m.Version()
	cells, err := hexmap.Diff(st.Map, fe.ed.e.m)
	if err != nil || len(cells) == 0 {
		return nil
	}
	if len(cells) > session.MaxEditCells {
		fe.ed.say("That changes too many hexes at once; paint in smaller strokes.", true)
		fe.stale = true
		return nil
	}
	g.issue(&session.Command{Kind: session.CommandEditMap, Cells: cells}, "")
	return nil
}

// drawEdit draws the editor, with the figures over its map.
func (g *Game) drawEdit(screen *ebiten.Image) { g.edit.ed.Draw(screen) }
