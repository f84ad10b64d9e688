package session

import (
	"bytes"
	"encoding/json"
	"testing"

	"hexslinger/rules"
)

// TestAStatusNamesNoFigureOutOfTheSeatsView: a figure's status can name
// another figure: the one its aimed shot of this round was at (TWTW
// Conflict: Two Weapons), the one at whose place in the order its stun
// ends (Dragon Warriors II: Injury), the one its skill test partway paid
// for is on. When that figure is out of a player's view, the player's
// view (its welcome, a fresh view) and the events it is sent of the
// figure in view say nothing of it, and the figure in view's next action
// comes as an event, not a fresh view. Before, the welcome carried
// "aimed_at":"jeb" after the Judge hid Jeb (found by a random search of
// FuzzCommands, as were the same with Cyril, aimed at by Miranda).
func TestAStatusNamesNoFigureOutOfTheSeatsView(t *testing.T) {
	noSync(t)
	tests := []struct {
		name string
		// world is the fight, the unseen figure, and a next command of
		// the figure in view whose status names it (none: a stunned
		// figure does nothing).
		world func(t *testing.T) (s *Session, unseenID string, next Command)
	}{
		{"a foe aimed at, then hidden", func(t *testing.T) (*Session, string, Command) {
			s := open(t)
			newRound8(t, s)
			countDownTo(t, s, "cyril")
			mustDo(t, s, Command{Kind: CommandShoot, Figure: "cyril", Weapon: "schofield",
				Shots: []ShotOrder{{Target: "jeb", Kind: "aimed", Aims: 1}}})
			mustDo(t, s, Command{Kind: CommandHide, Figure: "jeb"})
			return s, "jeb", Command{Kind: CommandCock, Figure: "cyril", Weapon: "schofield"}
		}},
		{"a friend aimed at, then hidden", func(t *testing.T) (*Session, string, Command) {
			s := open(t)
			newRound8(t, s)
			countDownTo(t, s, "miranda")
			mustDo(t, s, Command{Kind: CommandShoot, Figure: "miranda", Weapon: "peacemaker",
				Shots: []ShotOrder{{Target: "cyril", Kind: "aimed", Aims: 1}}})
			mustDo(t, s, Command{Kind: CommandHide, Figure: "cyril"})
			return s, "cyril", Command{Kind: CommandCock, Figure: "miranda", Weapon: "peacemaker"}
		}},
		{"stunned until a hidden figure's place", func(t *testing.T) (*Session, string, Command) {
			f := placed(t, bundledFight(t, "dragonwarriors"), "lennox", "K8", true)
			withStatus(t, f, "rolf", func(st *FigureStatus) {
				st.Condition = rules.Stunned
				setPart(&st.Parts, dwStatus{StunnedIn: 1, StunnedAt: "lennox"})
			})
			return openFight(t, f), "lennox", Command{}
		}},
		{"a skill test on a hidden figure", func(t *testing.T) (*Session, string, Command) {
			f := placed(t, demo(t), "miranda", "D8", true)
			withStatus(t, f, "cyril", func(st *FigureStatus) {
				st.Attempt = &Attempt{Skill: "medicine", Cost: 4, Paid: 2, Target: "miranda"}
			})
			return openFight(t, f), "miranda", Command{Kind: CommandTurn, Figure: "cyril", Turn: 1}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, u, next := tc.world(t)
			table := seat(s.State())
			if !unseen(s, table, u) {
				t.Fatalf("%s is in the table's view", u)
			}
			words := secretWords(s.State(), s.State())
			if len(words) == 0 {
				t.Fatalf("no word names %s", u)
			}
			data, _ := json.Marshal(s.Welcome(table))
			data = bytes.ReplaceAll(data, []byte(s.State().Name), nil) // the Judge's title may name anyone
			if found := leaks(data, words); len(found) > 0 {
				t.Errorf("the table's welcome names unseen %v: %s", found, statusesOf(t, data))
			}
			if next.Kind == "" {
				return
			}
			countDownTo(t, s, next.Figure)
			events, err := s.Do(next)
			if err != nil {
				t.Fatalf("%+v: %v", next, err)
			}
			for _, e := range events {
				out, send, resync := s.ForSeat(table, e)
				data, _ := json.Marshal(out)
				switch {
				case resync:
					t.Errorf("%s's %s: the table is sent a fresh view; want the event", next.Figure, next.Kind)
				case !send:
					t.Errorf("%s's %s: the table is sent nothing; want the event", next.Figure, next.Kind)
				case len(leaks(data, words)) > 0:
					t.Errorf("%s's %s: the table is sent %s, naming unseen %v", next.Figure, next.Kind, data, leaks(data, words))
				}
			}
		})
	}
}

// withStatus sets, in fight f, figure id's status by set.
func withStatus(t *testing.T, f *FightFile, id string, set func(*FigureStatus)) {
	t.Helper()
	for i := range f.Figures {
		if f.Figures[i].ID == id {
			var st FigureStatus
			if f.Figures[i].Status != nil {
				st = f.Figures[i].Status.clone()
			}
			set(&st)
			f.Figures[i].Status = &st
			return
		}
	}
	t.Fatalf("no figure %s in %s", id, f.Name)
}

// statusesOf is the figures' statuses in a welcome's JSON, for a failure
// message shorter than the whole fight.
func statusesOf(t *testing.T, data []byte) string {
	t.Helper()
	var w []Event
	if err := json.Unmarshal(data, &w); err != nil || len(w) == 0 || w[0].Fight == nil {
		return string(data)
	}
	out := ""
	for _, f := range w[0].Fight.Figures {
		st, _ := json.Marshal(f.Status)
		out += f.ID + ": " + string(st) + "\n"
	}
	return out
}
