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
	from   uint64 // the fight map's version the copy was made at
	synced uint64 // the copy's version last sent
	stale  bool   // the session refused an edit: copy the map afresh
}

// toggleEdit answers Ctrl+E.
func (g *Game) toggleEdit() {
	if g.edit != nil {
		g.layout = g.edit.ed.layout
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
		lastSave: time.Now(), fight: true, layout: g.layout, fitted: true, cursor: g.cursor}
	g.edit = &fightEdit{ed: ed, from: g.play.st.Map.Version(), synced: ed.e.m.Version()}
	ed.say("Editing the fight's map: T terrain · U/J raise/lower · W hexside · F feature · X erase · [ ] brush · +/- armor · H height · Enter label · Ctrl+Z/Y undo/redo · Ctrl+E back to play", false)
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

// drawEdit draws the editor and the figures over it.
func (g *Game) drawEdit(screen *ebiten.Image) {
	fe := g.edit
	fe.ed.Draw(screen)
	if g.play.st != nil {
		saved := g.layout
		g.layout = fe.ed.layout
		g.drawFigures(screen, g.play.st)
		g.layout = saved
	}
}
