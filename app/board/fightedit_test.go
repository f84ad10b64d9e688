package board

import (
	"slices"
	"testing"

	"hexslinger/app/session"
	"hexslinger/hexmap"
)

// TestFightEditSendsCells: the Judge paints in the connected map window;
// the window sends the painted cells as one edit_map command, and edits a
// fresh copy once the session's map has changed.
func TestFightEditSendsCells(t *testing.T) {
	p := demoPlay(t)
	c := newConn("ws://test", "t")
	c.status, c.role = "", string(session.RoleJudge)
	g := &Game{conn: c, play: *p, w: 800, h: 600}
	g.fit()
	g.toggleEdit()
	if g.edit == nil {
		t.Fatalf("Ctrl+E did not start editing: %q", g.message)
	}
	e := g.edit.ed.e
	e.tool, e.terrain, e.brush = toolTerrain, slices.Index(hexmap.TerrainNames(), "grass"), 1
	h := at(t, p, "E12")
	e.apply(h, 0)
	e.end()
	if err := g.updateEdit(); err != nil {
		t.Fatal(err)
	}
	var cmd session.Command
	select {
	case cmd = <-c.out:
	default:
		t.Fatal("no command sent")
	}
	if cmd.Kind != session.CommandEditMap || len(cmd.Cells) != 1 || cmd.Cells[0].At != h || cmd.Cells[0].Terrain != "grass" {
		t.Fatalf("sent %+v", cmd)
	}
	// Nothing more to send until something changes.
	g.updateEdit()
	if len(c.out) != 0 {
		t.Error("the same edit was sent twice")
	}
	// The event comes back: the window edits a copy of the new map.
	ev := session.Event{Seq: 2, Kind: session.EventMapEdited, Cells: cmd.Cells}
	if err := g.play.st.Apply(ev); err != nil {
		t.Fatal(err)
	}
	g.updateEdit()
	if g.edit.ed.e.m == g.play.st.Map {
		t.Error("the editor edits the fight's own map, not a copy")
	}
	if tr, _ := g.edit.ed.e.m.Terrain(h); tr.Name != "grass" {
		t.Errorf("the fresh copy has %s at E12", tr.Name)
	}
	// A player's window may not edit.
	g2 := &Game{conn: newConn("ws://test", "t"), play: *p}
	g2.conn.role = string(session.RolePlayer)
	g2.toggleEdit()
	if g2.edit != nil {
		t.Error("a player's window started editing")
	}
	g.toggleEdit()
	if g.edit != nil {
		t.Error("Ctrl+E again did not go back to play")
	}
}

// TestFightEditSendsALineAsOneEdit: a wall line dragged in the fight's map
// goes to the session as one edit_map command holding every hexside.
func TestFightEditSendsALineAsOneEdit(t *testing.T) {
	p := demoPlay(t)
	c := newConn("ws://test", "t")
	c.status, c.role = "", string(session.RoleJudge)
	g := &Game{conn: c, play: *p, w: 800, h: 600}
	g.fit()
	g.toggleEdit()
	e := g.edit.ed.e
	e.tool, e.edge = toolEdge, slices.Index(edgeKinds, "fence")
	run := hexmap.EdgeOf(at(t, p, "E12"), 5).LineTo(hexmap.EdgeOf(at(t, p, "K12"), 5))
	e.line(run)
	if err := g.updateEdit(); err != nil {
		t.Fatal(err)
	}
	if len(c.out) != 1 {
		t.Fatalf("%d commands sent, want 1", len(c.out))
	}
	cmd := <-c.out
	m := g.play.st.Map.Clone()
	for _, cell := range cmd.Cells {
		if err := m.SetCell(cell); err != nil {
			t.Fatal(err)
		}
	}
	for _, s := range run {
		if f, ok := m.EdgeFeature(s.Hex, s.Side); !ok || f.Kind != "fence" {
			t.Errorf("hexside %v of the line is not fenced in the edit: %+v", s, f)
		}
	}
}
