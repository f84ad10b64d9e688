package session

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"hexslinger/hexmap"
	"hexslinger/rules"
)

// FuzzCommands plays a fuzzer's bytes as a fight: which bundled fight,
// then commands of every kind from the Judge and a player, hidden figures
// among actors and targets. Its invariants are the defects a session must
// not have:
//   - no event, refusal or welcome a player is sent names a figure hidden
//     throughout the command;
//   - no refusal or event a player gets for its command differs because
//     of where a figure out of its view stands (checkNoPlaceTells), unless
//     the command brings the figure into view (a move runs into it);
//   - no move or turn costs less than its preview said (the preview is the
//     function the map window shows), nor leaves a TWTW figure below 0 AP;
//   - the journal the session wrote reopens to the same whole state;
//   - no player-supplied roll is used beyond the player's own figure: a
//     player's dice and cards are refused, telling of no die, unless the
//     fight lets players roll their own; then a refusal of them lists, and
//     names, the player's own figure's rolls alone, and every die taken
//     from them is taken for a roll the rules say is that figure's;
//   - no message a player is sent counts or times what it does not see:
//     a command of a figure out of its view that changes nothing of its
//     view sends it nothing, not even a fresh view; and one that changes
//     its view sends it something (checkQuietWhenUnseen);
//   - no refusal of a player's command comes after a roll the session made
//     in secret in it: a refusal changes nothing, and the command sent
//     again rolls anew, so such a refusal would let the player re-roll
//     the secret until it suits, and tell what it came out as;
//   - no roll is reproducible without the secret seed: a command the
//     session rolled for, decided again with the old public derivation
//     (seed 0 mixed with the seq) or with seed 0 fixed, rolls otherwise;
//     and no event or welcome a player is sent holds the seed;
//   - a player's countdown of dealt cards counts only the hands in its
//     view: the places it is sent are 1 to their number, without a gap.
func FuzzCommands(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15})
	f.Add([]byte("hide and seek: a long run of choices for many commands"))
	f.Add(bytes.Repeat([]byte{3, 200, 17}, 40))
	// Players rolling their own dice: a Savage Worlds run refused for its
	// secret running die (Doc Harlan "cannot reach B11", a hex beyond a 6),
	// and a Fudge exchange refused for the Sheriff's dice left over after
	// Big Ned's secret roll.
	f.Add([]byte("Kch\u05ed\xc1\x9e\x84\x89S\x06\xe3\"8f\xfa\xd9\xf6\xc7H\x94\xa6\xed\xecf9\x8c\xa2kF@9];\x03}x\xa8\xa4\x95k\xe0-\xa7ڸbv\x9c\xd9\xd5\xcbeo+u\xd33"))
	f.Add([]byte("\xee\x18\x7f\x04&^\xa4hSݻd\xa9\xaa\x11\xea\xe2\xfdK$\xbdE\xc7K\xc3Ÿ\t\xac\xb9\xd8\r\xba\x85\xfd\x90\xdf{\x9b%?c["))
	// Found by a random search: Cyril's run C8 → F8 in the TWTW quick-draw
	// demo was sent as a move with hidden Jeb at G5, as a fresh view with
	// him at D7, beside C8 (Cyril broke away from him: a free attack for
	// Jeb); a welcome after the Judge hid Jeb, at whom Cyril had aimed this
	// round, and one after he hid Cyril, at whom Miranda had, named him
	// ("aimed_at").
	f.Add([]byte("\u05caI#\xb1u\x8d\xb8\v\xc9G㙀\xa8\xfa\t\v\xb3\xe7,\xb3\x05\x1b\xf9\xb4i\xd6-\x04\xd5\r\xef\x06\x0e1\x8d\x1e\x94\xe6\xd53\x108\x18z8?\x91B9\nLz\xb4f\x91\x94\x14⮛AHݣ\xb1\x96\x14\x1f\x92:S\xd1\x19l\x7f\x9fN\xb6U?fp\x95\xf9\xc7\x05\xef\x14)\xc4]G\xd8r\x8a\x14\ng\xb7\xd2{\x1c5\xee\x88b7"))
	f.Add([]byte("z\xfd\xa3\xf4\x94\xea\xc9\x11/wO\x8b\xea<\x14c\x85\xf6\xcf-\x86;\xbd\xaeo\t*\x1d\x99{\xe5b\x1d\\s\x810\xb6:\xa1\xa5\xbf\x13\xb8~8Q[%\xf3/I\xdc(p\xbd\x80\x9b¯]\xbf\xfe\xef\x03\x92\x97\x04\xabi\xbd/\xc2\x04\xf0j<k5\x90\xa6YM\xac\x8a%yy~"))
	f.Add([]byte("5(\a\x91̴A\xbb\xeb\xe7\xb9\x16\xbfJ\xb3\\\x8c3\x95\xa5'\x80\xef\x98<\x89H\x9bx\x1f\\l\v\xac_~\xc76\x93\xb7\xc2#\xd6Z#n3\x8cS\x93\x1cO\xb9l\xc1d\r\xae\xa5\b\x17\xc3\xf1\xc7H;:\xb4\xd0\xf0j\u0091\x82\x96pA\x85\xa0\xe2\x82\x14\xdd\x1a\x91\xa2\x991~5\xe2\xf7\x15\xa8\xa7P\xc7|f\xf2\x9b\xfd\x02E`f\xb6o+M\xfcͺ\xabjF\xf8H\xca5:\xb6z3\xe2>\x06\x19SR\x1d\xd3\xfcP\xf54\x85J\xb6ǻ\xb4\x0e.\xe5\xb2.\xa4\xd7\\\x88\xb4\xb3\x8a\xe8\x0e\bű\xce\xc7\xcc\xf3J\xab\x92ɮ*_\xf6\\A\xfau:qP\xbc\xef\xee\x918\x19\xd4(\x9a\"\b\xbb\xa8\x8d\x91\x86\xa2\x80\xe7\x17\x81\xa1\xdbo\xe1\x1e\xd01C'\x96\xcdr0\xb1\xa0\xcf7\xc0\xcanR\x8ax\x0f\xf2G\x89줸\xe6\xffD\x1bD\x9a\x04\x94\xd2VP\b\x1d,ǳ\x8fE\x7f#\b\x88\xec\xd8\xeb\x14\xe5e\x0f\x9e"))
	names := bundledNames()
	noSync(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		r := &byteChooser{data: data}
		name := names[r.IntN(len(names))]
		path := filepath.Join(t.TempDir(), "f.journal.jsonl")
		s, err := Open(bundledFight(t, name), path)
		if err != nil {
			t.Fatal(err)
		}
		defer s.Close()
		if r.IntN(2) == 0 { // players roll their own dice from the start
			o := s.State().Options
			o.PlayerDice = true
			if _, err := s.Do(Command{Kind: CommandSetOptions, Options: &o}); err != nil {
				t.Fatal(err)
			}
		}
		st := s.State()
		posse := seat(st).Owned(st)
		player := &Seat{Name: "Alice", Role: RolePlayer, Figures: posse}
		for i := 0; i < 40 && len(r.data) > 0; i++ {
			before := s.State()
			judge := r.IntN(3) > 0
			seat := player
			if judge {
				seat = nil
			}
			c := randomCommand(r, before, judge)
			if !judge && r.IntN(2) == 0 {
				c = playersOwn(r, before, player, c)
			}
			if !judge && r.IntN(3) == 0 { // a player's own dice, or a try at choosing the rolls
				for n := r.IntN(12); n > 0; n-- {
					c.Dice = append(c.Dice, 1+r.IntN(8))
				}
				if r.IntN(2) == 0 {
					c.Cards = append(c.Cards, pick(r, []string{"AS", "3H", "red joker"}))
				}
			}
			if !judge {
				checkNoPlaceTells(t, before, player, c, r)
			}
			preview, previewErr := previewCost(before, c)
			var took []string // whose rolls a player's dice were taken for
			givenFor = func(who string) { took = append(took, who) }
			secret := 0 // the session's rolls and cards made in secret
			secretRolled = func() { secret++ }
			events, err := s.DoAs(seat, c)
			givenFor, secretRolled = nil, nil
			after := s.State()
			words := secretWords(before, after)
			if !judge {
				playersDiceAreTheirs(t, before, c, err, took)
			}
			if err != nil {
				if errors.Is(err, ErrInternal) {
					t.Fatalf("%+v: %v", c, err)
				}
				if !judge && secret > 0 {
					t.Fatalf("a player's %+v was refused after %d secret rolls: %v", c, secret, err)
				}
				if !judge {
					if found := leaks([]byte(s.ReplyText(player, err.Error())), words); len(found) > 0 {
						t.Fatalf("a refusal to the player names hidden %v: %v", found, err)
					}
				}
				continue
			}
			rollsAreSecret(t, before, seat, c, events)
			checkQuietWhenUnseen(t, s, before, player, c, events)
			for _, e := range events {
				if pe, send, _ := s.ForSeat(player, e); send {
					data, _ := json.Marshal(pe)
					if found := leaks(data, words); len(found) > 0 {
						t.Fatalf("the player is sent %s naming hidden %v: %s", e.Kind, found, data)
					}
					if bytes.Contains(data, []byte(`"seed"`)) {
						t.Fatalf("the player is sent the seed: %s", data)
					}
					if pe.Kind == EventRoundStarted && len(pe.Dealt) > 0 && !countsUp(pe.APs) {
						t.Fatalf("the player's countdown has a gap: %v (the Judge's %v)", pe.APs, e.APs)
					}
				}
			}
			if previewErr == nil && (c.Kind == CommandMove || c.Kind == CommandTurn) {
				spent := before.Figures[c.Figure].AP - after.Figures[c.Figure].AP
				if spent < preview {
					t.Fatalf("%s of %s cost %d AP, its preview %d", c.Kind, c.Figure, spent, preview)
				}
			}
			if SystemOf(after).MovesCostAP() {
				for _, id := range after.Order {
					if ap := after.Figures[id].AP; ap < 0 {
						t.Fatalf("%s has %d AP after %+v", id, ap, c)
					}
				}
			}
		}
		for _, w := range s.Welcome(player) {
			data, _ := json.Marshal(w)
			data = bytes.ReplaceAll(data, []byte(st.Name), nil)
			now := s.State()
			if found := leaks(data, secretWords(now, now)); len(found) > 0 {
				t.Fatalf("the player's welcome names hidden %v", found)
			}
			if bytes.Contains(data, []byte(`"seed"`)) {
				t.Fatalf("the player's welcome holds the seed: %s", data)
			}
		}
		want := stateKey(t, s.State())
		s.Close()
		s2, err := Open(bundledFight(t, name), path)
		if err != nil {
			t.Fatalf("the journal the session wrote does not reopen: %v", err)
		}
		defer s2.Close()
		if got := stateKey(t, s2.State()); got != want {
			t.Fatalf("the journal reopens to another state:\n%s", firstDiff(got, want))
		}
	})
}

// playersDiceAreTheirs checks a player's command c on state st, answered
// err, whose dice were taken for the rolls of took: refused, telling of
// no die, unless players roll their own; then taken for the command's
// figure's rolls alone, and a refusal's needs name no other figure.
func playersDiceAreTheirs(t *testing.T, st *State, c Command, err error, took []string) {
	t.Helper()
	brought := len(c.Dice) > 0 || len(c.Cards) > 0
	if !brought {
		return
	}
	if !st.Options.PlayerDice {
		var forbidden *Forbidden
		if !errors.As(err, &forbidden) || dieSize.MatchString(err.Error()) || len(took) > 0 {
			t.Fatalf("a player's %+v with players' dice off: %v (dice taken for %q), want it forbidden telling of no die", c, err, took)
		}
		return
	}
	for _, who := range took {
		if who != c.Figure {
			t.Fatalf("a player's die of %+v was taken for %q's roll", c, who)
		}
	}
	var ref *Refusal
	if !errors.As(err, &ref) {
		return
	}
	own := st.FigureName(c.Figure)
	for _, id := range st.Order {
		name := st.FigureName(id)
		if id == c.Figure || name == own || strings.Contains(own, name) {
			continue
		}
		for _, n := range ref.Needs {
			if strings.Contains(n, name) {
				t.Fatalf("a player's %s of %s is refused with a need naming %s: %q", c.Kind, c.Figure, name, ref.Needs)
			}
		}
	}
}

// rollsAreSecret checks that a command the session rolled for (no dice
// of its own, no seed fixed) is not rebuilt from what a player is sent:
// decided again on the state before it with the old public derivation,
// or with seed 0 fixed, it rolls other initiative. Only rounds with a
// dozen dice or more are weighed, so that a match by chance is out of
// the question.
func rollsAreSecret(t *testing.T, st *State, seat *Seat, c Command, events []Event) {
	t.Helper()
	if len(c.Dice) > 0 || len(c.Cards) > 0 || st.Options.Seed != nil || st.Options.TableDice {
		return
	}
	for _, e := range events {
		n := 0
		for _, d := range e.Rolls {
			n += len(d)
		}
		if e.Kind != EventRoundStarted || n < 12 {
			continue
		}
		for name, guess := range map[string]rules.Source{
			"the old public derivation": oldRolls(0, events[0].Seq),
			"seed 0 fixed":              keyedRolls(rollKey(fixedKey(0), events[0].Seq, 0)),
		} {
			again, err := decide(st.Clone(), c, func(needs []need) (rules.Source, error) {
				return chooseDice(seat, st, c, needs, func() (rules.Source, error) { return guess, nil })
			})
			if err != nil {
				continue
			}
			for _, a := range again {
				if a.Kind == EventRoundStarted && reflect.DeepEqual(a.Rolls, e.Rolls) {
					t.Fatalf("%s rebuilds round %d's initiative %v", name, e.Round, e.Rolls)
				}
			}
		}
	}
}

// noSync makes journals skip the disk's sync for the rest of a fuzz
// target: a sync is a fraction of a millisecond, a fuzz input's whole
// session little more, and what the targets check (what is written, and
// read back) does not depend on it.
func noSync(tb testing.TB) {
	file, dir := syncFile, syncDir
	syncFile = func(*os.File) error { return nil }
	syncDir = func(string) error { return nil }
	tb.Cleanup(func() { syncFile, syncDir = file, dir })
}

// previewCost is what the map window would show a move or a turn to cost
// before it is made: the same functions the session decides with.
func previewCost(st *State, c Command) (int, error) {
	f, ok := st.Figures[c.Figure]
	if !ok {
		return 0, errors.New("no figure")
	}
	switch c.Kind {
	case CommandMove:
		if c.To == nil || !SystemOf(st).MovesCostAP() {
			return 0, errors.New("not priced in AP")
		}
		p, err := st.PlanMove(f.ID, *c.To, c.Run)
		return p.AP, err
	case CommandTurn:
		if c.Turn < -3 || c.Turn > 3 || c.Turn == 0 || !SystemOf(st).MovesCostAP() {
			return 0, errors.New("no turn")
		}
		return rules.TurnCost(max(c.Turn, -c.Turn)), nil
	}
	return 0, errors.New("not previewed here")
}

// FuzzOpenJournal opens a session on anything as its journal: it either
// refuses with an error or opens a fight whose state, welcomes and next
// commands work, and which reopens to the same state. A last line that
// keeps the journal from opening, of whatever kind, is offered as a
// *DamagedJournal (the journal opens without it), never refused
// outright; and the seqs of a journal the session took and added to
// rise line by line.
func FuzzOpenJournal(f *testing.F) {
	s := journalOf(f, tinyFight(f), hexmap.Hex{Q: 1, R: 1})
	f.Add(s)
	for _, bad := range [][2]string{
		{`"facing":0,"ap":1`, `"facing":77,"ap":1`},
		{`"ap_left":7`, `"ap_left":-99`},
		{`"to":{"q":1,"r":1}`, `"to":{"q":-50000,"r":1}`},
	} {
		b := bytes.Replace(s, []byte(bad[0]), []byte(bad[1]), 1)
		if bytes.Equal(b, s) {
			f.Fatalf("the seed journal has no %s", bad[0])
		}
		f.Add(b)
	}
	f.Add(bytes.TrimSuffix(s, []byte("\n")))
	for _, tail := range []string{
		`{"seq":4,"kind":"mowed"}`, "null", "{}", `{"seq":1,"kind":"turned","figure":"cyril","facing":1}`,
	} {
		f.Add(append(bytes.Clone(s), tail+"\n"...))
	}
	noSync(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "j.journal.jsonl")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		sess, err := Open(demo(t), path)
		after, _ := os.ReadFile(path)
		var d *DamagedJournal
		switch {
		case errors.As(err, &d):
			// Never cut: shown, and set aside only when asked, the kept
			// and the set aside together the file.
			if !bytes.Equal(after, data) {
				t.Fatalf("a damaged journal was changed before it was set aside")
			}
			if d.Offset != lastLineStart(data) || d.Size != int64(len(data)) {
				t.Fatalf("damage at %d of %d: not the last line, which starts at %d of %d", d.Offset, d.Size, lastLineStart(data), len(data))
			}
			aside, serr := SetAside(d)
			if serr != nil {
				t.Fatalf("SetAside: %v", serr)
			}
			kept, _ := os.ReadFile(path)
			set, _ := os.ReadFile(aside)
			if !bytes.Equal(append(kept, set...), data) {
				t.Fatalf("kept %q and set aside %q are not the file %q", kept, set, data)
			}
			if sess, err = Open(demo(t), path); err != nil {
				return // refused whole, with a reason
			}
		case err != nil:
			if !bytes.Equal(after, data) {
				t.Fatalf("a refused journal was changed: %v", err)
			}
			// Refused whole: not for its last line alone, or that line
			// would have been offered.
			prefix := filepath.Join(t.TempDir(), "p.journal.jsonl")
			os.WriteFile(prefix, data[:lastLineStart(data)], 0o644)
			if without, perr := Open(demo(t), prefix); perr == nil {
				without.Close()
				t.Fatalf("refused outright (%v), but it opens without its last line: that line was not offered", err)
			}
			return
		case len(data) > 0 && !bytes.HasPrefix(after, data):
			t.Fatalf("opening the journal changed what it held")
		}
		player := &Seat{Name: "P", Role: RolePlayer, Figures: []string{"cyril"}}
		sess.Welcome(nil)
		sess.Welcome(player)
		want := stateKey(t, sess.State())
		for _, c := range []Command{{Kind: CommandTurn, Figure: "cyril", Turn: 1}, {Kind: CommandNewRound}, {Kind: CommandUndo}} {
			if _, err := sess.Do(c); errors.Is(err, ErrInternal) {
				t.Fatalf("%+v: %v", c, err)
			}
		}
		want = stateKey(t, sess.State())
		sess.Close()
		all, _ := os.ReadFile(path)
		events, _, err := readJournal(bytes.NewReader(all))
		if err != nil {
			t.Fatalf("the journal the session added to: %v", err)
		}
		for i := 1; i < len(events); i++ {
			if events[i].Seq <= events[i-1].Seq {
				t.Fatalf("line %d: seq %d after seq %d: the session took, or wrote, a seq that does not rise", i+1, events[i].Seq, events[i-1].Seq)
			}
		}
		again, err := Open(demo(t), path)
		if err != nil {
			t.Fatalf("a journal the session took and added to does not reopen: %v", err)
		}
		defer again.Close()
		if got := stateKey(t, again.State()); got != want {
			t.Fatalf("reopens to another state:\n%s", firstDiff(got, want))
		}
	})
}

// countsUp reports whether the places in aps are 1 to their number,
// each held at least once.
func countsUp(aps map[string]int) bool {
	held := map[int]bool{}
	for _, n := range aps {
		held[n] = true
	}
	for n := 1; n <= len(held); n++ {
		if !held[n] {
			return false
		}
	}
	return true
}

// lastLineStart is where the last line of a journal's bytes starts (its
// newline, if it has one, ends it).
func lastLineStart(data []byte) int64 {
	return int64(bytes.LastIndexByte(bytes.TrimSuffix(data, []byte("\n")), '\n') + 1)
}

// openFuzzSeed is a short real journal: the demo, a move and a turn.
func openFuzzSeed(tb testing.TB) []byte { return journalOf(tb, demo(tb), hexmap.Hex{Q: 6, R: 7}) }

// journalOf is the journal of fight after Cyril moves to h and Zeke
// turns.
func journalOf(tb testing.TB, fight *FightFile, h hexmap.Hex) []byte {
	path := filepath.Join(tb.TempDir(), "seed.journal.jsonl")
	s, err := Open(fight, path)
	if err != nil {
		tb.Fatal(err)
	}
	if _, err := s.Do(Command{Kind: CommandMove, Figure: "cyril", To: &h}); err != nil {
		tb.Fatal(err)
	}
	if _, err := s.Do(Command{Kind: CommandTurn, Figure: "zeke", Turn: 1}); err != nil {
		tb.Fatal(err)
	}
	s.Close()
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// tinyFight is the smallest fight worth fuzzing with: Cyril and Zeke, with
// one gun each and no notes, on a 5×3 map with a wall and a window. A
// fuzzer seeded with the 15 KB demo spends its time shrinking it (each
// try a whole session) and finds little; this one is a few hundred bytes.
func tinyFight(tb testing.TB) *FightFile {
	tb.Helper()
	f := demo(tb)
	m, err := hexmap.New("tiny", hexmap.Pointy, 5, 3, "dirt")
	if err != nil {
		tb.Fatal(err)
	}
	for i, kind := range []string{"wall", "window"} {
		feat, err := hexmap.NewFeature(kind)
		if err != nil {
			tb.Fatal(err)
		}
		m.SetEdge(hexmap.Hex{Q: 2, R: i}, 0, feat)
	}
	f.Map = m.File()
	f.Name = "tiny"
	var chars []Character
	for _, c := range f.Characters {
		if c.ID == "cyril" || c.ID == "zeke" {
			c.Notes = ""
			chars = append(chars, c)
		}
	}
	f.Characters = chars
	var figs []FigureSpec
	for _, fig := range f.Figures {
		switch fig.ID {
		case "cyril":
			fig.At = "A1"
		case "zeke":
			fig.At = "E3"
		default:
			continue
		}
		figs = append(figs, fig)
	}
	f.Figures = figs
	if _, err := f.State(); err != nil {
		tb.Fatalf("the tiny fight: %v", err)
	}
	return f
}

// tinyFightJSON is tinyFight as a compact fight file.
func tinyFightJSON(tb testing.TB) []byte {
	data, err := json.Marshal(tinyFight(tb))
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// TestJournalFaults: the journal defects a file from outside could hold,
// each refused with a reason or repaired, never a crash later.
func TestJournalFaults(t *testing.T) {
	seed := openFuzzSeed(t)
	tests := []struct {
		name    string
		journal []byte
		wantErr string // "" to open
	}{
		{"facing out of range", bytes.Replace(seed, []byte(`"facing":0,"ap":2`), []byte(`"facing":77,"ap":2`), 1), "facing: 77"},
		{"AP below zero", bytes.Replace(seed, []byte(`"ap_left":6`), []byte(`"ap_left":-9999`), 1), "ap_left: -9999"},
		{"a hex far off the map", bytes.Replace(seed, []byte(`"to":{"q":6,"r":7}`), []byte(`"to":{"q":-50000,"r":7}`), 1), "off the map"},
		{"no newline at the end", bytes.TrimSuffix(seed, []byte("\n")), ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "j.journal.jsonl")
			os.WriteFile(path, tc.journal, 0o644)
			s, err := Open(demo(t), path)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("Open: %v, want an error saying %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			// The line that had no newline must not swallow the next.
			if _, err := s.Do(Command{Kind: CommandTurn, Figure: "miranda", Turn: 1}); err != nil {
				t.Fatal(err)
			}
			want := stateKey(t, s.State())
			s.Close()
			s2, err := Open(demo(t), path)
			if err != nil {
				t.Fatal(err)
			}
			defer s2.Close()
			if got := stateKey(t, s2.State()); got != want {
				t.Errorf("an acknowledged event was lost")
			}
		})
	}
}

// A fight whose name is full of '<' (escaped to six bytes by encoding/json
// by default) writes a journal it can read back.
func TestLargeFightJournalReopens(t *testing.T) {
	if testing.Short() {
		t.Skip("writes a 12 MB journal")
	}
	f := demo(t)
	f.Name = strings.Repeat("<", 12<<20)
	path := filepath.Join(t.TempDir(), "big.journal.jsonl")
	s, err := Open(f, path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if fi, _ := os.Stat(path); fi.Size() > 13<<20 {
		t.Errorf("the journal is %d MB for a 12 MB name", fi.Size()>>20)
	}
	s2, err := Open(demo(t), path)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	s2.Close()
}

// A turn of MinInt64 hexsides (whose negation overflows) is refused, not
// free.
func TestTurnRangeChecked(t *testing.T) {
	s := open(t)
	for _, turn := range []int{-9223372036854775808, 9223372036854775807, 4, -4, 0} {
		if _, err := s.Do(Command{Kind: CommandTurn, Figure: "cyril", Turn: turn}); err == nil {
			t.Errorf("turn %d accepted", turn)
		}
	}
	if ap := s.State().Figures["cyril"].AP; ap != 8 {
		t.Errorf("cyril has %d AP, want 8", ap)
	}
}
