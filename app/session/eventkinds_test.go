package session

import (
	"errors"
	"strings"
	"testing"
)

// TestEveryEventKindIsRegistered: each kind of event the session writes
// has its entry in the table Apply and check dispatch from; the journal's
// opening line is no event to apply, as before the table.
func TestEveryEventKindIsRegistered(t *testing.T) {
	for _, kind := range []string{EventMoved, EventTurned, EventRode, EventRoundStarted, EventHidden, EventRevealed,
		EventSegment, EventActed, EventUndone, EventRedone, EventBlowDeclared, EventHexesRevealed,
		EventCharacterSet, EventCharacterRemoved, EventPlaced, EventFigureRemoved, EventOptionsSet, EventMapEdited} {
		if _, ok := eventKinds[kind]; !ok {
			t.Errorf("eventKinds[%q]: missing, want the kind's check and apply", kind)
		}
	}
	if _, ok := eventKinds[EventOpened]; ok {
		t.Errorf("eventKinds[%q]: registered, want it refused by Apply (the opening is read, not applied)", EventOpened)
	}
}

// TestARegisteredKindIsCheckedThenApplied: a kind registered from outside
// the shared code, as a system's own would be, is range-checked first (a
// refusal names it, and nothing is applied), then applied and logged.
func TestARegisteredKindIsCheckedThenApplied(t *testing.T) {
	const kind = "test_poked"
	var applied []string
	refuse := errors.New("no such figure to poke")
	registerEvent(kind,
		func(s *State, e Event) error {
			if s.Figures[e.Figure] == nil {
				return refuse
			}
			return nil
		},
		func(s *State, e Event) error {
			applied = append(applied, e.Figure)
			return nil
		})
	defer delete(eventKinds, kind)
	st, err := demo(t).State()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, figure string
		wantErr      error
		wantApplied  []string
	}{
		{"a figure of the fight", "cyril", nil, []string{"cyril"}},
		{"no such figure", "nobody", refuse, []string{"cyril"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			logged := len(st.Log)
			err := st.Apply(Event{Seq: 9, Kind: kind, Figure: tc.figure})
			if !errors.Is(err, tc.wantErr) {
				t.Fatalf("Apply(%s of %q) = %v, want %v", kind, tc.figure, err, tc.wantErr)
			}
			if strings.Join(applied, ",") != strings.Join(tc.wantApplied, ",") {
				t.Errorf("applied %v, want %v", applied, tc.wantApplied)
			}
			if wantLogged := logged + map[bool]int{true: 1, false: 0}[err == nil]; len(st.Log) != wantLogged {
				t.Errorf("log holds %d events, want %d", len(st.Log), wantLogged)
			}
		})
	}
}

// TestRegisteringAKindTwicePanics: two meanings of one journal line are a
// bug, caught when the program starts.
func TestRegisteringAKindTwicePanics(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Errorf("registerEvent(%q) a second time: no panic, want one", EventMoved)
		}
	}()
	registerEvent(EventMoved, nil, nil)
}
