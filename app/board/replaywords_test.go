package board

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
	"hexslinger/assets"
)

// TestTheReplaysWordsFitAReplay: a moment of a live console's timeline
// says the live fight goes on in the console; a moment of a standalone
// replay (hexslinger replay FILE: Moment.Journal set) says it is a replay
// of that journal and never speaks of a live fight, in the status line,
// the banner, the hint line, and after Esc.
func TestTheReplaysWordsFitAReplay(t *testing.T) {
	f, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		t.Fatal(err)
	}
	s, err := session.Open(f, filepath.Join(t.TempDir(), "words.journal.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	tl, err := s.Timeline()
	if err != nil {
		t.Fatal(err)
	}
	view, err := tl.ViewAt(0, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, journal string
		want          []string // in what the window says
		never         string   // in none of it
	}{
		{name: "the console's timeline", want: []string{"The live fight goes on in the console", "returns to live", "Back to the live fight"}, never: "journal"},
		{name: "a replay of a journal", journal: "showdown.journal.jsonl", want: []string{"replay of the journal showdown.journal.jsonl", "journal's last event"}, never: "live"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := &Game{conn: newConn("", ""), w: WindowWidth, h: WindowHeight}
			g.receive(inMsg{welcome: s.Welcome(nil)})
			g.receive(inMsg{msg: transport.Message{Type: transport.MsgReplay, Replay: &session.Moment{Fight: view, Of: 1, Round: 1, Segment: 20, Journal: tc.journal}}})
			if !g.replay.on() {
				t.Fatal("the replay does not show")
			}
			said := []string{g.message, replayBanner(g.replay.moment), replayHint(g.replay.moment)}
			g.replayKey(ebiten.KeyEscape)
			said = append(said, g.message)
			all := strings.Join(said, " | ")
			for _, w := range tc.want {
				if !strings.Contains(all, w) {
					t.Errorf("the window says %q, want %q in it", all, w)
				}
			}
			if strings.Contains(strings.ToLower(all), tc.never) {
				t.Errorf("the window says %q: want no %q in it", all, tc.never)
			}
		})
	}
}
