package board

import (
	"bytes"
	"strings"
	"testing"

	"hexslinger/app/session"
	"hexslinger/assets"
	"hexslinger/hexmap"
)

func demoPlay(t *testing.T) *play {
	t.Helper()
	f, err := session.DecodeFight(bytes.NewReader(assets.DemoFight()))
	if err != nil {
		t.Fatal(err)
	}
	st, err := f.State()
	if err != nil {
		t.Fatal(err)
	}
	return &play{st: st}
}

func at(t *testing.T, p *play, label string) hexmap.Hex {
	t.Helper()
	h, err := p.st.Map.ParseHex(label)
	if err != nil {
		t.Fatal(err)
	}
	return h
}

func TestClickSelectsThenMoves(t *testing.T) {
	p := demoPlay(t)
	cmd, msg := p.click(at(t, p, "C8"))
	if cmd != nil || p.selected != "cyril" || !strings.HasPrefix(msg, "Cyril Wellington — 8 AP left") {
		t.Fatalf("click on Cyril: cmd %v, selected %q, msg %q", cmd, p.selected, msg)
	}
	cmd, _ = p.click(at(t, p, "J8"))
	if cmd == nil || cmd.Kind != session.CommandMove || cmd.Figure != "cyril" || *cmd.To != at(t, p, "J8") {
		t.Fatalf("click on J8 with Cyril selected: %+v", cmd)
	}
	// Clicking another figure selects it instead of moving onto it.
	cmd, _ = p.click(at(t, p, "C10"))
	if cmd != nil || p.selected != "miranda" {
		t.Errorf("click on Miranda: cmd %+v, selected %q", cmd, p.selected)
	}
	// Clicking the selected figure again lets it go.
	p.click(at(t, p, "C10"))
	if p.selected != "" {
		t.Errorf("second click on Miranda kept her selected")
	}
	if cmd, msg := p.click(at(t, p, "J8")); cmd != nil || msg == "" {
		t.Errorf("click on an empty hex with nothing selected: %+v %q", cmd, msg)
	}
}

func TestTurnNeedsASelection(t *testing.T) {
	p := demoPlay(t)
	if cmd, msg := p.turn(-1); cmd != nil || !strings.Contains(msg, "Select a figure") {
		t.Errorf("turn with nothing selected: %+v %q", cmd, msg)
	}
	p.click(at(t, p, "C8"))
	if cmd, _ := p.turn(-1); cmd == nil || cmd.Kind != session.CommandTurn || cmd.Turn != -1 {
		t.Errorf("E/right click: %+v", cmd)
	}
	if cmd, _ := p.turn(+1); cmd == nil || cmd.Turn != 1 {
		t.Errorf("Q: %+v", cmd)
	}
}

func TestPreviewUsesTheSessionRule(t *testing.T) {
	p := demoPlay(t)
	p.click(at(t, p, "C8"))
	plan, err, ok := p.preview(at(t, p, "J8"))
	if !ok || err != nil || plan.AP != 2 || plan.Route.Steps() != 7 {
		t.Errorf("preview to J8: %+v %v %v, want 7 paces for 2 AP", plan, err, ok)
	}
	if _, err, ok := p.preview(at(t, p, "B11")); !ok || err == nil || !strings.Contains(err.Error(), "barrel") {
		t.Errorf("preview into a barrel: %v %v", err, ok)
	}
	if _, _, ok := p.preview(at(t, p, "C10")); ok {
		t.Errorf("a preview onto a figure")
	}
}
