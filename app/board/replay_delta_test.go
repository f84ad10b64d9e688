package board

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/assets"
	"hexslinger/hexmap"
)

// TestAScrubDeltaChangesTheShownMapInPlace: the window is sent a moment
// whole, then the next as a delta on it (protocol 2), also after Esc took
// it back to the live fight: it shows the next moment's fight (the hex
// edited between, the figures), on the same map it showed, changed in
// place, so that its picture redraws only the hexes the delta names.
func TestAScrubDeltaChangesTheShownMapInPlace(t *testing.T) {
	f, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		t.Fatal(err)
	}
	s, err := session.Open(f, filepath.Join(t.TempDir(), "delta.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	at := hexmap.Hex{Q: 5, R: 6}
	c := s.State().Map.CellAt(at)
	c.Terrain, c.Label = "water", "pond"
	if _, err := s.Do(session.Command{Kind: session.CommandEditMap, Cells: []hexmap.Cell{c}}); err != nil {
		t.Fatal(err)
	}
	tl, err := s.Timeline()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		esc  bool
	}{{"showing the replay", false}, {"after Esc", true}} {
		t.Run(tc.name, func(t *testing.T) {
			g := &Game{conn: newConn("", ""), w: WindowWidth, h: WindowHeight}
			g.receive(inMsg{welcome: s.Welcome(nil)})
			m0, _ := tl.Moment(0)
			m1, _ := tl.Moment(1)
			first, err := m0.Send(nil, 0)
			if err != nil {
				t.Fatal(err)
			}
			g.receive(inMsg{msg: transport.Message{Type: transport.MsgReplay, Replay: wire(t, first)}})
			shown := g.play.st.Map
			v := shown.Version()
			if tc.esc {
				g.replayKey(ebiten.KeyEscape)
			}
			d, err := m1.Send(m0, first.Mark)
			if err != nil || d.Base == 0 {
				t.Fatalf("the next moment was not made a delta: base %d, %v", d.Base, err)
			}
			g.receive(inMsg{msg: transport.Message{Type: transport.MsgReplay, Replay: wire(t, d)}})
			if !g.replay.on() {
				t.Fatalf("the delta did not show (the window says %q)", g.message)
			}
			if g.play.st.Map != shown {
				t.Errorf("the window's map was made afresh, want the one shown changed in place")
			}
			if got, _ := g.play.st.Map.Terrain(at); got.Name != "water" || g.play.st.Map.Labels[at] != "pond" {
				t.Errorf("the edited hex shows %q labelled %q, want water labelled pond", got.Name, g.play.st.Map.Labels[at])
			}
			hexes, ok := g.play.st.Map.ChangedSince(v)
			if !ok || !slices.Contains(hexes, at) {
				t.Errorf("the map's change record (what the picture redraws): %v, %v; want %v in it", hexes, ok, at)
			}
			for _, h := range hexes { // a hexside set names the hex beyond it too
				if h.DistanceTo(at) > 1 {
					t.Errorf("the map's change record names %v, beyond %v, the one hex that changed", h, at)
				}
			}
			whole, _ := m1.Whole()
			want, err := whole.Fight.State()
			if err != nil {
				t.Fatal(err)
			}
			if !g.play.st.Map.Equal(want.Map) || len(g.play.st.Figures) != len(want.Figures) {
				t.Errorf("the window's fight differs from the whole moment's")
			}
		})
	}
}

// wire is m as a window reads it off the connection.
func wire(t *testing.T, m *session.Moment) *session.Moment {
	t.Helper()
	data, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	var out session.Moment
	if err := json.Unmarshal(data, &out); err != nil {
		t.Fatal(err)
	}
	return &out
}
