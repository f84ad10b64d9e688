package session

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"hexslinger/hexmap"
	"hexslinger/rules"
	"hexslinger/rules/savage"
)

func openSW(t *testing.T) *Session {
	t.Helper()
	s := openBundled(t, "savage")
	return s
}

func TestSavageWorldsThroughTheSession(t *testing.T) {
	s := openSW(t)
	// The deal: the Marshal Q♥, Doc Q♠, the two bandits (Extras of one
	// side) share the 3♣. Spades beat hearts on a tie.
	e := mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QH", "QS", "3C"}})
	if !strings.Contains(e.Text, "Q♠ Doc Harlan; Q♥ Marshal Dane; 3♣ Bandit, Bandit") {
		t.Errorf("the countdown: %s", e.Text)
	}
	if e.Dealt["bandit-1"] != e.Dealt["bandit-2"] || e.APs["doc"] <= e.APs["marshal"] {
		t.Errorf("deal %v, order %v", e.Dealt, e.APs)
	}
	// The Marshal (Fighting d8, a Wild Card) strikes bandit 1 (Parry 5):
	// 7 and a Wild Die 2: a hit; d8 Strength 5 + d6 3 = 8 against
	// Toughness 5: Shaken. Doc's Q♠ comes up first: he goes on Hold.
	mustDo(t, s, Command{Kind: CommandDelay, Figure: "doc"})
	e = mustDo(t, s, Command{Kind: CommandStrike, Figure: "marshal", Target: "bandit-1", Dice: []int{7, 2, 5, 3}})
	if !strings.Contains(e.Text, "against Bandit's Parry 5") || !strings.Contains(e.Text, "8 vs Toughness 5, 0 raise(s): Shaken") {
		t.Errorf("the Marshal's blow: %s", e.Text)
	}
	b1 := s.State().Figures["bandit-1"]
	if !b1.sw().Shaken || b1.Hurt != 0 {
		t.Fatalf("bandit 1: %+v", b1.FigureStatus)
	}
	// Shaken: free actions only, until the Spirit roll (an Extra: no Wild
	// Die) of 4 recovers.
	if _, err := s.Do(Command{Kind: CommandStrike, Figure: "bandit-1", Target: "marshal", Dice: []int{6, 6}}); err == nil || !strings.Contains(err.Error(), "Shaken") {
		t.Errorf("a Shaken bandit strikes: %v", err)
	}
	mustDo(t, s, Command{Kind: CommandRecover, Figure: "bandit-1", Dice: []int{4}})
	if s.State().Figures["bandit-1"].sw().Shaken {
		t.Error("a 4 on Spirit did not recover")
	}
	// Doc (Shooting d10) fires at bandit 2, 18" away: Medium, −2. The d10
	// Aces (10, 3), the Wild Die 1: 13 − 2 = 11, a raise; 2d6 4 and 4 and
	// the raise's d6 2: 10 against Toughness 5: Shaken and a Wound: an
	// Extra is Incapacitated, and rolls Vigor (a 4).
	e = mustDo(t, s, Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-2"}}, Dice: []int{10, 3, 1, 4, 4, 2, 4}})
	if !strings.Contains(e.Text, "Colt Peacemaker at 18\" (Medium -2)") || !strings.Contains(e.Text, "success, 1 raise(s)") || !strings.Contains(e.Text, "Shaken, 1 Wound(s), Incapacitated") {
		t.Errorf("Doc's shot: %s", e.Text)
	}
	if b2 := s.State().Figures["bandit-2"]; b2.Condition != rules.Unconscious {
		t.Errorf("bandit 2: %+v", b2.FigureStatus)
	}
	// Out of range without Aim, and a rate of fire of one.
	for _, tc := range []struct {
		cmd  Command
		want string
	}{
		{Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-1"}, {Target: "bandit-1"}}}, "fires 1 shot(s) an action"},
		{Command{Kind: CommandStrike, Figure: "doc", Target: "bandit-1"}, "not beside"},
		{Command{Kind: CommandSegment}, "not an action of Savage Worlds fights"},
	} {
		if _, err := s.Do(tc.cmd); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.cmd.Kind, err, tc.want)
		}
	}
}

// Savage Worlds movement: Pace in inches, difficult ground at 2", running
// adds the running die.
func TestSavageWorldsPace(t *testing.T) {
	s := openSW(t)
	st := s.State()
	hex := func(l string) *hexmap.Hex { h, _ := st.Map.ParseHex(l); return &h }
	// Doc (Pace 6) walks C10 → H10 along the street: 5".
	e := mustDo(t, s, Command{Kind: CommandMove, Figure: "doc", To: hex("H10")})
	if !strings.Contains(e.Text, "5\" of Pace 6") {
		t.Errorf("Doc's walk: %s", e.Text)
	}
	if _, err := s.Do(Command{Kind: CommandMove, Figure: "doc", To: hex("J10")}); err == nil || !strings.Contains(err.Error(), "has 1\" of Pace left") {
		t.Errorf("past his Pace: %v", err)
	}
	// Running adds a d6 (a 4): 5" more.
	e = mustDo(t, s, Command{Kind: CommandMove, Figure: "doc", To: hex("M10"), Run: true, Dice: []int{4}})
	if !strings.Contains(e.Text, "running (d6: 4") {
		t.Errorf("the run: %s", e.Text)
	}
	// A new round gives the Pace back.
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QH", "QS", "3C"}})
	if s.State().Figures["doc"].Paced != 0 {
		t.Error("Pace was not given back")
	}
}

func TestSavageWorldsProneAndUnaimed(t *testing.T) {
	s := openSW(t)
	e := mustDo(t, s, Command{Kind: CommandProne, Figure: "marshal", Prone: true})
	if !strings.Contains(e.Text, "a free action") || !s.State().Figures["marshal"].Prone {
		t.Errorf("dropping prone: %s", e.Text)
	}
	mustDo(t, s, Command{Kind: CommandProne, Figure: "marshal", Prone: false})
	if m := s.State().Figures["marshal"]; m.Prone || m.Paced != 2 {
		t.Errorf("standing: %+v", m.FigureStatus)
	}
	// Lead and Chrome's initiative: Doc declares an unaimed shot: −5 to hit.
	opts := s.State().Options
	setLC(&opts, func(l *LeadChromeOptions) { l.Initiative = InitiativeLeadChrome })
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
	mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{5, 5, 5, 5, 5, 5, 5, 5}, Declare: []Declaration{{Figure: "doc", Unaimed: true}}})
	e = mustDo(t, s, Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-2"}}, Dice: []int{2, 2}})
	if !strings.Contains(e.Text, "unaimed shot -5") {
		t.Errorf("an unaimed shot: %s", e.Text)
	}
}

// The deck is shuffled only after a Joker: until then a card dealt cannot
// come again.
func TestSavageWorldsDeck(t *testing.T) {
	s := openSW(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QH", "QS", "3C"}})
	if _, err := s.Do(Command{Kind: CommandNewRound, Cards: []string{"QH", "2S", "4C"}}); err == nil || !strings.Contains(err.Error(), "Q♥ was dealt already") {
		t.Errorf("a card dealt twice: %v", err)
	}
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"red joker", "2S", "4C"}})
	if len(swRoundOf(s.State()).DeckOut) != 0 {
		t.Errorf("after a Joker the deck is shuffled: %v out", swRoundOf(s.State()).DeckOut)
	}
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QH", "QS", "3C"}})
	// The seeded deck never deals a card twice before a Joker.
	for i := 0; i < 10; i++ {
		before := map[string]bool{}
		for _, c := range swRoundOf(s.State()).DeckOut {
			before[c] = true
		}
		e := mustDo(t, s, Command{Kind: CommandNewRound})
		for _, c := range e.Dealt {
			if before[c] && len(e.DeckOut) > 0 {
				t.Fatalf("round %d dealt %s again", e.Round, c)
			}
		}
	}
}

// TestSavageRateOfFire: "Rate of Fire is how many shots (Shooting dice) a
// ranged weapon can fire in one action ... declare how many of the shots
// are aimed at each target, The Wild Die can only replace one of these
// rolls. Firing more than one shot in one action ... subtracts 2 ... due
// to Recoil" (Savage Worlds: Rate of Fire). Doc, with a gun of Rate of
// Fire 3, fires two shots at bandit 1 and one at bandit 2: three Shooting
// dice (2, 9, 3) and one Wild Die (6+2), which replaces the first shot's
// 2 only; both shots at bandit 1 hit, the second Incapacitates him, and
// he rolls Vigor (a 4).
func TestSavageRateOfFire(t *testing.T) {
	s := openSW(t)
	doc := s.State().Characters["doc"]
	sheet := *doc.Savage
	sheet.Gun = &savage.Weapon{Name: "Gatling gun", Short: 24, Med: 48, Long: 96, RoF: 3, Damage: []int{6, 6}}
	doc.Savage = &sheet
	mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &doc})
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QH", "KS", "3C"}})
	shots := []ShotOrder{{Target: "bandit-1"}, {Target: "bandit-1"}, {Target: "bandit-2"}}
	if _, err := s.Do(Command{Kind: CommandShoot, Figure: "doc", Shots: append(shots, ShotOrder{Target: "bandit-2"})}); err == nil || !strings.Contains(err.Error(), "fires 3 shot(s) an action, not 4") {
		t.Errorf("four shots from Rate of Fire 3: %v", err)
	}
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "doc", Shots: shots, Dice: []int{2, 9, 3, 6, 2, 3, 3, 3, 3, 4}})
	switch {
	case !slices.Equal(e.Targets, []string{"bandit-1", "bandit-2"}):
		t.Errorf("targets %v", e.Targets)
	case e.Hits["bandit-1"] != 2:
		t.Errorf("hits %v: %s", e.Hits, e.Text)
	case !strings.Contains(e.Text, "the Wild Die (6+2) replaces shot 1's roll, the one roll it may"):
		t.Errorf("the Wild Die: %s", e.Text)
	case strings.Count(e.Text, "recoil -2") != 3 || !strings.Contains(e.Text, "Shot 3 at Bandit"):
		t.Errorf("each shot with its recoil: %s", e.Text)
	}
}

// TestSavageRunningCostsEveryAction: "A hero can choose to "run" ... at
// the cost of a -2 penalty to all actions that turn" (Savage Worlds:
// Running): the Marshal runs, then his blow takes the −2 too.
func TestSavageRunningCostsEveryAction(t *testing.T) {
	s := openSW(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QS", "QH", "3C"}})
	still, err := s.State().PlanSavage(Command{Kind: CommandStrike, Figure: "marshal", Target: "bandit-1"})
	if err != nil {
		t.Fatal(err)
	}
	bandit := s.State().Figures["bandit-1"].At
	var to hexmap.Hex
	for d := range hexmap.Direction(6) {
		h := bandit.Neighbor(d)
		if _, taken := s.State().FigureAt(h); !taken && s.State().Map.CanStand(h) == nil && h != s.State().Figures["marshal"].At {
			to = h
			break
		}
	}
	mustDo(t, s, Command{Kind: CommandMove, Figure: "marshal", To: &to, Run: true, Dice: []int{4}})
	ran, err := s.State().PlanSavage(Command{Kind: CommandStrike, Figure: "marshal", Target: "bandit-1"})
	if err != nil {
		t.Fatal(err)
	}
	if ran.Mod != still.Mod-2 || !strings.Contains(strings.Join(ran.Why, ", "), "ran this turn -2") {
		t.Errorf("after running: %+d (%v), standing %+d", ran.Mod, ran.Why, still.Mod)
	}
}

// shakeTheMarshal deals round 1 with the bandits' card first and has
// bandit 1 strike the Marshal (Parry 6): a d6 Ace 6+2 = 8 hits; d6 4 +
// d4 3 = 7 against Toughness 6: Shaken. Bandit 2, dealt the same card,
// goes on Hold: the Marshal's 3♥ comes up.
func shakeTheMarshal(t *testing.T, s *Session) {
	t.Helper()
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"3H", "2S", "KC"}})
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "bandit-1", Target: "marshal", Dice: []int{6, 2, 4, 3}})
	if !s.State().Figures["marshal"].sw().Shaken {
		t.Fatalf("the Marshal is not Shaken: %s", e.Text)
	}
	mustDo(t, s, Command{Kind: CommandDelay, Figure: "bandit-2"})
}

// TestSavageSpendABennyToRemoveShaken: "At any time (even when it is not
// their turn) a player may spend a Benny to instantly remove their Shaken
// status" (Savage Worlds: Shaken). The Marshal's player spends one in the
// bandits' turn, from the players' seat; undo gives it back.
func TestSavageSpendABennyToRemoveShaken(t *testing.T) {
	s := openSW(t)
	if m := s.State().Mark("marshal"); m.Label != "3 Bennies" {
		t.Errorf("a Wild Card starts with %q, want the default 3 Bennies", m.Label)
	}
	if m := s.State().Mark("bandit-1"); m != (Mark{}) {
		t.Errorf("an Extra's mark: %+v", m)
	}
	if _, err := s.Do(Command{Kind: CommandBenny, Figure: "marshal"}); err == nil || !strings.Contains(err.Error(), "not Shaken") {
		t.Errorf("a Benny with nothing to remove: %v", err)
	}
	shakeTheMarshal(t, s)
	before := figures(s.State())
	evs, err := s.DoAs(seat(s.State()), Command{Kind: CommandBenny, Figure: "marshal"})
	if err != nil {
		t.Fatalf("the Marshal's player spends a Benny in the bandits' turn: %v", err)
	}
	e := evs[0]
	if e.Action != CommandBenny || e.Text != "Marshal Dane spends a Benny and is no longer Shaken; 2 Bennies left (Savage Worlds: Shaken)." {
		t.Errorf("the event: %s %q", e.Action, e.Text)
	}
	m := s.State().Figures["marshal"]
	if m.sw().Shaken || m.sw().BenniesSpent != 1 || s.State().Mark("marshal") != (Mark{Text: "2", Label: "2 Bennies"}) {
		t.Errorf("after the Benny: %+v, mark %+v", m.FigureStatus, s.State().Mark("marshal"))
	}
	// A snapshot of the fight keeps the Benny spent.
	for _, fs := range s.State().Snapshot(nil).Figures {
		if fs.ID == "marshal" && (fs.Status == nil || fs.Status.sw().BenniesSpent != 1) {
			t.Errorf("the snapshot's Marshal: %+v", fs.Status)
		}
	}
	mustDo(t, s, Command{Kind: CommandUndo})
	if got := figures(s.State()); !reflect.DeepEqual(got, before) {
		t.Errorf("undo did not give the Benny back: %+v", s.State().Figures["marshal"].FigureStatus)
	}
	// An Extra has no Bennies; a sheet of none, none to spend.
	marshal := s.State().Characters["marshal"]
	sheet := *marshal.Savage
	none := 0
	sheet.Bennies = &none
	marshal.Savage = &sheet
	mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &marshal})
	if _, err := s.Do(Command{Kind: CommandBenny, Figure: "marshal"}); err == nil || !strings.Contains(err.Error(), "no Bennies left") {
		t.Errorf("a Benny of none: %v", err)
	}
	if _, err := s.DoAs(seat(s.State()), Command{Kind: CommandBenny, Figure: "bandit-1"}); err == nil {
		t.Error("a player spends an outlaw's Benny")
	}
}

// TestSavageCrawlingWhileProne: "A character may fall prone as a free
// action during your turn and while Prone you may crawl" (Savage Worlds:
// Prone), and "Non-standard movement such as climbing, crawling, or
// swimming use 2" of Pace" (Movement). Doc drops prone and crawls two
// inches for 4" of his Pace 6, still prone; the reach overlay prices the
// crawl as the move does; he cannot run prone.
func TestSavageCrawlingWhileProne(t *testing.T) {
	s := openSW(t)
	st := s.State()
	hex := func(l string) hexmap.Hex { h, _ := st.Map.ParseHex(l); return h }
	mustDo(t, s, Command{Kind: CommandProne, Figure: "doc", Prone: true})
	area, err := s.State().Reach("doc", false)
	if err != nil {
		t.Fatal(err)
	}
	for label, want := range map[string]int{"D10": 2, "E10": 4, "F10": 6} {
		if got, ok := area.Costs[hex(label)]; !ok || got != want {
			t.Errorf("crawling to %s: the overlay says %d\" (%v), want %d\"", label, got, ok, want)
		}
	}
	if _, ok := area.Costs[hex("G10")]; ok {
		t.Error("the overlay offers G10, 8\" of crawling, to a Pace of 6")
	}
	to := hex("E10")
	if _, err := s.Do(Command{Kind: CommandMove, Figure: "doc", To: &to, Run: true, Dice: []int{3}}); err == nil || !strings.Contains(err.Error(), "prone: it crawls") {
		t.Errorf("running prone: %v", err)
	}
	e := mustDo(t, s, Command{Kind: CommandMove, Figure: "doc", To: &to})
	if want := "Doc Harlan crawls C10 → E10: 4\" of Pace 6, prone: 2\" of Pace an inch (Savage Worlds: Prone)."; e.Text != want {
		t.Errorf("the crawl:\n got %q\nwant %q", e.Text, want)
	}
	if d := s.State().Figures["doc"]; !d.Prone || d.Paced != 4 || d.At != to {
		t.Errorf("after the crawl: at %v, %+v", d.At, d.FigureStatus)
	}
}

// TestSavageAnIncapacitatedExtraRollsVigor: "Extras are Incapacitated if
// they take a single Wound" (Wounds) and "When Incapacitated by damage or
// injury, he must make an immediate Vigor roll" (Savage Worlds:
// Incapacitation): the Marshal's blow with a raise (d8 8+1, Wild Die 2:
// 9 against Parry 5) deals d8 5 + d6 3 + the raise's d6 2 = 10 against
// bandit 1's Toughness 5: a Wound, and the Extra's Vigor d6 (no Wild Die)
// says what becomes of it.
func TestSavageAnIncapacitatedExtraRollsVigor(t *testing.T) {
	for _, tc := range []struct {
		name  string
		vigor []int
		want  string
	}{
		{"Failure: a permanent injury, bleeding out", []int{1}, "Bandit's Vigor: d6 1 -1 = 0 vs TN 4: failure: permanent injury, bleeding out."},
		{"Success: the injury goes with the Wounds", []int{5}, "Bandit's Vigor: d6 5 -1 = 4 vs TN 4: success, 0 raise(s): injury until all Wounds are healed."},
		{"Raise: the injury goes in 24 hours", []int{6, 3}, "Bandit's Vigor: d6 6+3 -1 = 8 vs TN 4: success, 1 raise(s): injury for 24 hours or until the Wounds heal."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openSW(t)
			mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QS", "QH", "3C"}})
			e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "marshal", Target: "bandit-1", Dice: append([]int{8, 1, 2, 5, 3, 2}, tc.vigor...)})
			if !strings.Contains(e.Text, "Shaken, 1 Wound(s), Incapacitated. "+tc.want) {
				t.Errorf("the blow:\n%s\nwant …%s", e.Text, tc.want)
			}
			if b := s.State().Figures["bandit-1"]; b.Condition != rules.Unconscious {
				t.Errorf("bandit 1 is %s", b.Condition)
			}
		})
	}
}

// TestSavageAShakenTargetHitWithARaise: "Each raise on the damage roll
// also inflicts a Wound. If the target is already Shaken, they do not
// become Shaken a second time, they instead take a Wound" (Savage Worlds:
// Applying Damage), against "Every raise on the damage roll inflicts a
// Wound" (Wounds). The Shaken Marshal (Toughness 6) takes bandit 1's blow
// of d6 6+3 + d4 2 = 11, a raise: by default two Wounds, one for the raise
// and one instead of Shaken; with the Fight tab's switch, the raise's one.
func TestSavageAShakenTargetHitWithARaise(t *testing.T) {
	for _, tc := range []struct {
		name       string
		raisesOnly bool
		wounds     int
	}{
		{"Applying Damage: a Wound for the raise and one instead of Shaken", false, 2},
		{"Wounds: only the raise's Wound (the switch)", true, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openSW(t)
			sw := s.State().Switches()
			if len(sw) != 2 || sw[0].On || !strings.Contains(sw[0].Label, "only the raises' Wounds") {
				t.Fatalf("the Fight tab's switches: %+v", sw)
			}
			if tc.raisesOnly {
				opts := sw[0].Set(s.State().Options, true)
				e := mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
				if !strings.Contains(e.Text, "A Shaken target hit with a raise takes only the raises' Wounds (Savage Worlds: Wounds).") {
					t.Errorf("the options' log: %s", e.Text)
				}
			}
			shakeTheMarshal(t, s)
			// Round 2: the Marshal does not recover; bandit 1 strikes again.
			mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"4H", "5S", "QC"}})
			e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "bandit-1", Target: "marshal", Dice: []int{6, 1, 6, 3, 2}})
			want := fmt.Sprintf("11 vs Toughness 6, 1 raise(s): %d Wound(s)", tc.wounds)
			if !strings.Contains(e.Text, want) {
				t.Errorf("the blow: %s\nwant …%s", e.Text, want)
			}
			if m := s.State().Figures["marshal"]; m.Hurt != tc.wounds || !m.sw().Shaken {
				t.Errorf("the Marshal: %d Wounds, Shaken %v", m.Hurt, m.sw().Shaken)
			}
		})
	}
}

// TestSavageOneRegularActionATurn: "On a player's turn they can move and
// perform one regular action at any point in their movement without
// penalty. Movement does not count as an action" (Savage Worlds:
// Actions). The Marshal strikes and misses; a second blow, or a shot, in
// the same turn is refused; he may still move; next round he strikes again.
func TestSavageOneRegularActionATurn(t *testing.T) {
	s := openSW(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QS", "QH", "3C"}})
	mustDo(t, s, Command{Kind: CommandStrike, Figure: "marshal", Target: "bandit-1", Dice: []int{2, 1}})
	for _, c := range []Command{
		{Kind: CommandStrike, Figure: "marshal", Target: "bandit-1", Dice: []int{7, 2, 5, 3}},
		{Kind: CommandShoot, Figure: "marshal", Shots: []ShotOrder{{Target: "bandit-2"}}, Dice: []int{7, 2, 5, 3}},
	} {
		if _, err := s.Do(c); err == nil || !strings.Contains(err.Error(), "Marshal Dane has taken this turn's action: one regular action a turn, and movement") {
			t.Errorf("a second %s: %v", c.Kind, err)
		}
	}
	mustDo(t, s, Command{Kind: CommandProne, Figure: "marshal", Prone: true})
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"KH", "5S", "4C"}})
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "marshal", Target: "bandit-1", Dice: []int{2, 1}})
	if !strings.Contains(e.Text, "Marshal Dane strikes at Bandit") {
		t.Errorf("next round's blow: %s", e.Text)
	}
}

// TestSavageTheIncapacitatedAreStillDealtCards: "Incapacitated
// characters may not perform actions but are dealt Action Cards for the
// remainder of the encounter in case they recover" (Savage Worlds:
// Incapacitation). Doc's shot Incapacitates bandit 2 (Vigor 4: an injury
// until healed); the next round deals him his side's card, and he cannot act.
func TestSavageTheIncapacitatedAreStillDealtCards(t *testing.T) {
	s := openSW(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QH", "QS", "3C"}})
	mustDo(t, s, Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-2"}}, Dice: []int{10, 3, 1, 4, 4, 2, 4}})
	if b := s.State().Figures["bandit-2"]; b.Condition != rules.Unconscious {
		t.Fatalf("bandit 2 is %s", b.Condition)
	}
	e := mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"5H", "6S", "7C"}})
	if e.Dealt["bandit-2"] != "7♣" || !strings.Contains(e.Text, "7♣ Bandit, Bandit") {
		t.Errorf("round 2's deal: %v: %s", e.Dealt, e.Text)
	}
	if _, err := s.Do(Command{Kind: CommandStrike, Figure: "bandit-2", Target: "marshal", Dice: []int{6, 2, 4, 3}}); err == nil {
		t.Error("an Incapacitated bandit strikes")
	}
}

// giveDocA sets Doc's ranged weapon to one of savage.Guns by name.
func giveDocA(t *testing.T, s *Session, gun string) {
	t.Helper()
	doc := s.State().Characters["doc"]
	sheet := *doc.Savage
	for _, g := range savage.Guns {
		if g.Name == gun {
			sheet.Gun = &g
		}
	}
	doc.Savage = &sheet
	mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &doc})
}

// TestSavageExtremeRangeNeedsTheAim: "Extreme Range is up to 4x a
// weapon's Long Range. Firing at such a distance requires the Aim action.
// This doesn't reduce the penalty ... You cannot throw weapons at Extreme
// Range", and "Throwing ... knives ... uses the Athletics skill" (Savage
// Worlds: Ranged Attacks). Bandit 2 is 18" from Doc: Extreme for a
// Derringer (3/6/12) and a throwing knife.
func TestSavageExtremeRangeNeedsTheAim(t *testing.T) {
	for _, tc := range []struct {
		name, gun, target string
		aims              int
		dice              []int
		want, refused     string
	}{
		{"a Derringer at Extreme Range, not aimed", "Derringer", "bandit-2", 0, nil, "", "a shot at Extreme Range needs the Aim action"},
		{"a Derringer at Extreme Range, aimed: the Aim action first, the shot at -8", "Derringer", "bandit-2", 1, nil, "takes the Aim action at Bandit 2, this turn's action: the shot (Derringer at 18\" (Extreme -8))", ""},
		{"a knife cannot be thrown at Extreme Range", "Throwing knife", "bandit-2", 1, nil, "", "thrown weapons cannot reach Extreme Range"},
		{"a knife is thrown on Athletics", "Throwing knife", "bandit-1", 0, []int{2, 1}, "thrown: Athletics", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openSW(t)
			giveDocA(t, s, tc.gun)
			mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QH", "KS", "3C"}})
			c := Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: tc.target, Aims: tc.aims}}, Dice: tc.dice}
			if tc.refused != "" {
				if _, err := s.Do(c); err == nil || !strings.Contains(err.Error(), tc.refused) {
					t.Errorf("%v, want %q", err, tc.refused)
				}
				return
			}
			if e := mustDo(t, s, c); !strings.Contains(e.Text, tc.want) {
				t.Errorf("%s\nwant …%s", e.Text, tc.want)
			}
		})
	}
}

// TestSavageUnarmedDamageIsTheStrengthDie: "Unarmed damage by default will
// just use your Strength die", and "If the damage roll is less than the
// target's Toughness the victim is beaten up a bit, but there is no game
// effect" (Savage Worlds: Damage, Applying Damage). An unarmed bandit's
// blow on the Marshal: d6 5 against Toughness 6.
func TestSavageUnarmedDamageIsTheStrengthDie(t *testing.T) {
	s := openSW(t)
	bandit := s.State().Characters["bandit"]
	sheet := *bandit.Savage
	sheet.Melee = 0
	bandit.Savage = &sheet
	mustDo(t, s, Command{Kind: CommandSetCharacter, Sheet: &bandit})
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"3H", "2S", "KC"}})
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "bandit-1", Target: "marshal", Dice: []int{6, 1, 5}})
	if !strings.Contains(e.Text, "Damage d6 5 = 5: 5 vs Toughness 6: beaten up a bit, no effect.") {
		t.Errorf("the blow: %s", e.Text)
	}
	if m := s.State().Figures["marshal"]; m.sw().Shaken || m.Hurt != 0 {
		t.Errorf("the Marshal: %+v", m.FigureStatus)
	}
}

// TestSavageAWildCardTakesThreeWounds: "Wild Cards can take three Wounds
// and still function ... Damage beyond their Wound limit then
// Incapacitates them. Each Wound ... causes a -1 penalty to their Pace
// (minimum of 1") and all Trait rolls, up to a maximum penalty of -3"
// (Savage Worlds: Wounds), and the Vigor roll's "Critical Failure: The
// character dies" (Incapacitation). Bandit 1's blow of 18 against the
// Marshal's Toughness 6 is three raises: Shaken and three Wounds; he
// still stands, at −3 and Pace 3"; round 2's blow of 11 makes a fourth
// and fifth Wound: Incapacitated, and his Vigor of 1 and 1 kills him.
func TestSavageAWildCardTakesThreeWounds(t *testing.T) {
	s := openSW(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"3H", "2S", "KC"}})
	e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "bandit-1", Target: "marshal", Dice: []int{6, 1, 6, 6, 4, 2}})
	if !strings.Contains(e.Text, "18 vs Toughness 6, 3 raise(s): Shaken, 3 Wound(s).") {
		t.Errorf("the first blow: %s", e.Text)
	}
	if m := s.State().Figures["marshal"]; m.Condition != rules.Fine || m.Hurt != 3 {
		t.Errorf("three Wounds: %s, %d", m.Condition, m.Hurt)
	}
	if got := s.State().Movement("marshal"); got != "Pace 6\" (3\" left)" {
		t.Errorf("his Pace: %q", got)
	}
	mustDo(t, s, Command{Kind: CommandDelay, Figure: "bandit-2"}) // the Marshal's 3♥ comes up
	e = mustDo(t, s, Command{Kind: CommandRecover, Figure: "marshal", Dice: []int{6, 2}})
	if !strings.Contains(e.Text, "d8 6, Wild Die 2 -3 = 3 vs TN 4: failure") {
		t.Errorf("his Spirit roll at −3: %s", e.Text)
	}
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"4H", "5S", "QC"}})
	e = mustDo(t, s, Command{Kind: CommandStrike, Figure: "bandit-1", Target: "marshal", Dice: []int{6, 1, 6, 3, 2, 1, 1}})
	if !strings.Contains(e.Text, "2 Wound(s), Incapacitated. Marshal Dane's Vigor: d8 1, Wild Die 1 -3: critical failure: dies.") {
		t.Errorf("the second blow: %s", e.Text)
	}
	if m := s.State().Figures["marshal"]; m.Condition != rules.Dead {
		t.Errorf("the Marshal is %s", m.Condition)
	}
}

// TestSavageDifficultGroundCostsTwoInches: "Difficult terrain such as a
// thick forest or slippery ice also use up 2" of Pace" (Savage Worlds:
// Movement). D10 made rough ground: the overlay and the move price it 2".
func TestSavageDifficultGroundCostsTwoInches(t *testing.T) {
	s := openSW(t)
	st := s.State()
	hex := func(l string) hexmap.Hex { h, _ := st.Map.ParseHex(l); return h }
	cell := st.Map.CellAt(hex("D10"))
	cell.Terrain = "rough"
	mustDo(t, s, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{cell}})
	area, err := s.State().Reach("doc", false)
	if err != nil {
		t.Fatal(err)
	}
	if area.Costs[hex("D10")] != 2 || area.Costs[hex("E10")] != 3 {
		t.Errorf("the overlay: D10 %d\", E10 %d\"", area.Costs[hex("D10")], area.Costs[hex("E10")])
	}
	to := hex("E10")
	if e := mustDo(t, s, Command{Kind: CommandMove, Figure: "doc", To: &to}); !strings.Contains(e.Text, "3\" of Pace 6") {
		t.Errorf("the move: %s", e.Text)
	}
}

// TestSavageRunningDiceNeverAce: "A hero can choose to "run" increasing
// her Pace for the round by her Running die (a d6 by default) ... Running
// dice never Ace" (Savage Worlds: Running): a 6 adds 6", and no die more.
func TestSavageRunningDiceNeverAce(t *testing.T) {
	s := openSW(t)
	to, _ := s.State().Map.ParseHex("O10")
	e := mustDo(t, s, Command{Kind: CommandMove, Figure: "doc", To: &to, Run: true, Dice: []int{6}})
	if !strings.Contains(e.Text, "12\" of Pace 6, running (d6: 6; −2 to actions this turn)") {
		t.Errorf("the run: %s", e.Text)
	}
}

// TestSavageJumping: "Characters can jump 1" (2 yards) horizontally ...
// as a free action. Double these numbers if you can run at least 2" (four
// yards) prior to the jump. You can make an Athletics roll as an action to
// increase the distance another inch. Jumping can't exceed your Pace for
// the turn" (Savage Worlds: Jumping). Doc jumps along Main Street, where
// the Judge has made a hex of water.
func TestSavageJumping(t *testing.T) {
	for _, tc := range []struct {
		name, water string
		walk        string // a run-up first
		to          string
		athletics   bool
		dice        []int
		want        []string // the events' sentences
		refused     string
	}{
		{name: "a standing jump of 1\"", to: "D10",
			want: []string{"Doc Harlan jumps C10 → D10: 1\" of Pace 6 (1\" standing) (Savage Worlds: Jumping)."}},
		{name: "2\" over water needs a run-up", water: "D10", to: "E10",
			refused: "Doc Harlan jumps 1\" (1\" standing); E10 is 2\" away: a run-up of 2\" doubles the jump, an Athletics roll adds an inch"},
		{name: "a run-up of 2\" doubles it", water: "F10", walk: "E10", to: "G10",
			want: []string{"Doc Harlan jumps E10 → G10 over F10: 2\" of Pace 6 (2\" after a run-up of 2\") (Savage Worlds: Jumping)."}},
		{name: "an Athletics roll adds an inch", water: "D10", to: "E10", athletics: true, dice: []int{5, 2},
			want: []string{"Doc Harlan's Athletics roll to jump further, an action: d6 5, Wild Die 2 = 5 vs TN 4: success, 0 raise(s): an inch more (Savage Worlds: Jumping).",
				"Doc Harlan jumps C10 → E10 over D10: 2\" of Pace 6 (1\" standing, an inch more for the Athletics roll) (Savage Worlds: Jumping)."}},
		{name: "a failed Athletics roll leaves him where he stood", water: "D10", to: "E10", athletics: true, dice: []int{2, 1},
			want: []string{"Doc Harlan's Athletics roll to jump further, an action: d6 2, Wild Die 1 = 2 vs TN 4: failure: no inch more; Doc Harlan jumps 1\", not the 2\" to E10, and stays at C10 (Savage Worlds: Jumping)."}},
		{name: "no landing in water", water: "D10", to: "D10", refused: "Doc Harlan cannot land there: D10 is water, which no one can stand in"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openSW(t)
			hex := func(l string) hexmap.Hex { h, _ := s.State().Map.ParseHex(l); return h }
			if tc.water != "" {
				cell := s.State().Map.CellAt(hex(tc.water))
				cell.Terrain = "water"
				mustDo(t, s, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{cell}})
			}
			if tc.walk != "" {
				w := hex(tc.walk)
				mustDo(t, s, Command{Kind: CommandMove, Figure: "doc", To: &w})
			}
			to := hex(tc.to)
			c := Command{Kind: CommandMove, Figure: "doc", To: &to, Jump: &JumpOrder{Athletics: tc.athletics}, Dice: tc.dice}
			if tc.refused != "" {
				if _, err := s.Do(c); err == nil || err.Error() != tc.refused {
					t.Errorf("%v\nwant %q", err, tc.refused)
				}
				return
			}
			from := s.State().Figures["doc"].At
			evs, err := s.Do(c)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range evs {
				got = append(got, e.Text)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
			d := s.State().Figures["doc"]
			landed := len(tc.want) == 1 && !tc.athletics || len(tc.want) == 2
			if landed && d.At != to || !landed && d.At != from {
				t.Errorf("Doc is at %s", s.State().Map.Label(d.At))
			}
			if d.Attacked != tc.athletics {
				t.Errorf("the turn's action spent: %v", d.Attacked)
			}
		})
	}
	// Jump is a Savage Worlds move's; a TWTW move refuses it.
	s := open(t)
	to := hexAt(t, s, "J8")
	if _, err := s.Do(Command{Kind: CommandMove, Figure: "cyril", To: &to, Jump: &JumpOrder{}}); err == nil || !strings.Contains(err.Error(), "does not jump") {
		t.Errorf("a TWTW jump: %v", err)
	}
}

// TestSavageSwimmingUses2InchesOfPace: "Non-standard movement such as
// climbing, crawling, or swimming use 2" of Pace" (Savage Worlds:
// Movement). The Judge floods D10 on Main Street: the reach overlay prices
// it at 2", Doc swims into it for 2" of his Pace 6 and out again for an
// inch; the Judge may still edit the map while he swims; a prone figure
// does not crawl into water; in a TWTW fight water stays impassable.
func TestSavageSwimmingUses2InchesOfPace(t *testing.T) {
	s := openSW(t)
	hex := func(l string) hexmap.Hex { h, _ := s.State().Map.ParseHex(l); return h }
	cell := s.State().Map.CellAt(hex("D10"))
	cell.Terrain = "water"
	mustDo(t, s, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{cell}})
	area, err := s.State().Reach("doc", false)
	if err != nil {
		t.Fatal(err)
	}
	if got, ok := area.Costs[hex("D10")]; !ok || got != 2 {
		t.Errorf("the overlay prices water D10 at %d\" (%v), want 2\"", got, ok)
	}
	to := hex("D10")
	e := mustDo(t, s, Command{Kind: CommandMove, Figure: "doc", To: &to})
	if want := "Doc Harlan moves C10 → D10: 2\" of Pace 6, swimming D10: 2\" of Pace an inch (Savage Worlds: Movement)."; e.Text != want {
		t.Errorf("the swim:\n got %q\nwant %q", e.Text, want)
	}
	if d := s.State().Figures["doc"]; d.At != to || d.Paced != 2 {
		t.Errorf("after the swim: at %s, %d\" paced", s.State().Map.Label(d.At), d.Paced)
	}
	other := s.State().Map.CellAt(hex("H10"))
	other.Terrain = "rough"
	mustDo(t, s, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{other}})
	out := hex("E10")
	if e := mustDo(t, s, Command{Kind: CommandMove, Figure: "doc", To: &out}); e.Text != "Doc Harlan moves D10 → E10: 1\" of Pace 6 (Savage Worlds: Movement)." {
		t.Errorf("out of the water: %q", e.Text)
	}
	mustDo(t, s, Command{Kind: CommandProne, Figure: "doc", Prone: true})
	if a, _ := s.State().Reach("doc", false); a.Costs[to] != 0 {
		t.Errorf("a prone figure crawls into water for %d\"", a.Costs[to])
	}
	// TWTW: water is impassable.
	tw := open(t)
	c10 := hexAt(t, tw, "J8")
	wc := tw.State().Map.CellAt(c10)
	wc.Terrain = "water"
	mustDo(t, tw, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{wc}})
	if _, err := tw.Do(Command{Kind: CommandMove, Figure: "cyril", To: &c10}); err == nil {
		t.Error("a TWTW figure swims")
	}
}

// TestSavageHazardousMovementAthleticsRoll: "If moving is hazardous for
// some reason, such as walking a tightrope, the GM may require an
// Athletics roll" (Savage Worlds: Movement). The Judge calls for Doc's
// Athletics (d6, a Wild Card) on a rope across the gulch at −2: 5 and a
// Wild Die 2 less 2 is 3, a failure against TN 4; at no modifier 5 makes
// it. The roll is journaled, not the turn's action; the composer offers
// it with the Judge's modifier; another skill is refused.
func TestSavageHazardousMovementAthleticsRoll(t *testing.T) {
	s := openSW(t)
	var act *Action
	for _, a := range s.State().Actions() {
		if a.Name == ActHazard {
			act = &a
		}
	}
	if act == nil || act.Kind != CommandSkill || act.Skill != savage.HazardSkill || act.JudgeModifier == "" {
		t.Fatalf("the composer's hazardous movement: %+v", act)
	}
	c := Command{Kind: act.Kind, Skill: act.Skill, Figure: "doc", Modifier: &JudgeModifier{Steps: -2, Reason: "a rope across the gulch"}, Dice: []int{5, 2}}
	e := mustDo(t, s, c)
	if want := "Doc Harlan's Athletics roll for hazardous movement (the Judge: a rope across the gulch -2): d6 5, Wild Die 2 -2 = 3 vs TN 4: failure: the Judge rules what befalls Doc Harlan (Savage Worlds: Movement)."; e.Text != want {
		t.Errorf("the roll:\n got %q\nwant %q", e.Text, want)
	}
	e = mustDo(t, s, Command{Kind: CommandSkill, Skill: savage.HazardSkill, Figure: "doc", Dice: []int{5, 2}})
	if !strings.Contains(e.Text, "success") || !strings.Contains(e.Text, "the move goes as the Judge allows") {
		t.Errorf("the second roll: %q", e.Text)
	}
	if s.State().Figures["doc"].Attacked {
		t.Error("the roll took the turn's action")
	}
	if _, err := s.Do(Command{Kind: CommandSkill, Skill: "fighting", Figure: "doc", Dice: []int{5, 2}}); err == nil || !strings.Contains(err.Error(), "hazardous movement") {
		t.Errorf("a Fighting roll: %v", err)
	}
}

// TestSavageJumpingVertically: "Characters can jump 1" (2 yards)
// horizontally or 0.5" (1 yard) vertically ... Double these numbers if you
// can run at least 2" (four yards) prior to the jump" (Savage Worlds:
// Jumping). A map's elevation level is a pace, a yard: standing, Doc jumps
// onto D10 a yard up, but not onto a porch of 2 yards, which he makes
// after a run-up of 2".
func TestSavageJumpingVertically(t *testing.T) {
	s := openSW(t)
	hex := func(l string) hexmap.Hex { h, _ := s.State().Map.ParseHex(l); return h }
	raise := func(label string, by int) {
		cell := s.State().Map.CellAt(hex(label))
		cell.Elevation += by
		mustDo(t, s, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{cell}})
	}
	raise("D10", 1)
	raise("E10", 3)
	to := hex("D10")
	e := mustDo(t, s, Command{Kind: CommandMove, Figure: "doc", To: &to, Jump: &JumpOrder{}})
	if want := "Doc Harlan jumps C10 → D10: 1\" of Pace 6 (1\" standing, 1 yard up) (Savage Worlds: Jumping)."; e.Text != want {
		t.Errorf("a yard up:\n got %q\nwant %q", e.Text, want)
	}
	to = hex("E10")
	if _, err := s.Do(Command{Kind: CommandMove, Figure: "doc", To: &to, Jump: &JumpOrder{}}); err == nil || err.Error() != "E10 is 2 yards higher than D10, and Doc Harlan jumps 1 yard up (0.5\" a yard, doubled after a run-up of 2\"): climb up (2\" of Pace an inch) rather than jump" {
		t.Errorf("2 yards up standing: %v", err)
	}
	// A new fight: along the street, 2" of run-up, then 2 yards up.
	s = openSW(t)
	walk := hex("E10")
	mustDo(t, s, Command{Kind: CommandMove, Figure: "doc", To: &walk})
	to = hex("F10")
	raise("F10", 2)
	e = mustDo(t, s, Command{Kind: CommandMove, Figure: "doc", To: &to, Jump: &JumpOrder{}})
	if want := "Doc Harlan jumps E10 → F10: 1\" of Pace 6 (2\" after a run-up of 2\", 2 yards up) (Savage Worlds: Jumping)."; e.Text != want {
		t.Errorf("2 yards up after a run-up:\n got %q\nwant %q", e.Text, want)
	}
}

// TestSavageBennyOfferedOnlyWhenItCanBeSpent: "a player may spend a Benny
// to instantly remove their Shaken status" (Savage Worlds: Shaken) is a
// Benny's only use, so the composer and the map window offer "Spend a
// Benny" (State.ActionsFor) only to a Shaken figure with one left, as the
// session would decide the spend; every other action stays offered.
func TestSavageBennyOfferedOnlyWhenItCanBeSpent(t *testing.T) {
	s := openSW(t)
	offered := func(id string) bool {
		for _, a := range s.State().ActionsFor(id) {
			if a.Kind == CommandBenny {
				return true
			}
		}
		return false
	}
	if offered("marshal") {
		t.Error("a Benny is offered to the Marshal, not Shaken")
	}
	// Nor the pick-up of a weapon a quick-draw dropped (none lies there),
	// nor a draw (the fight holsters no weapon).
	if n := len(s.State().ActionsFor("marshal")); n != len(s.State().Actions())-3 {
		t.Errorf("%d actions offered of %d, want all but the Benny, the draw and the pick-up", n, len(s.State().Actions()))
	}
	if !offered("") {
		t.Error("with no figure picked, the Benny is not among the system's actions")
	}
	shakeTheMarshal(t, s)
	if !offered("marshal") {
		t.Error("no Benny offered to the Shaken Marshal")
	}
	if offered("bandit-1") {
		t.Error("a Benny offered to an Extra with none")
	}
	e := mustDo(t, s, Command{Kind: CommandBenny, Figure: "marshal"})
	if !strings.Contains(e.Text, "spends a Benny and is no longer Shaken") {
		t.Errorf("the spend: %q", e.Text)
	}
	if offered("marshal") {
		t.Error("a Benny offered after Shaken is gone")
	}
}

// TestSavageTheSpiritRollIsOnceATurn: "At the start of their turn,
// Shaken characters must attempt to recover from being Shaken by making a
// Spirit roll as a free action … Failure. The character remains shaken
// and can only perform free actions" (Savage Worlds: Shaken). The
// Marshal, Shaken, fails his Spirit roll (d8 2, Wild Die 1): a second
// roll this turn is refused, and the next turn's 4 recovers.
func TestSavageTheSpiritRollIsOnceATurn(t *testing.T) {
	s := openSW(t)
	shakeTheMarshal(t, s)
	if e := mustDo(t, s, Command{Kind: CommandRecover, Figure: "marshal", Dice: []int{2, 1}}); !strings.Contains(e.Text, "stays Shaken") {
		t.Fatalf("the failed roll: %s", e.Text)
	}
	refused(t, s, Command{Kind: CommandRecover, Figure: "marshal", Dice: []int{5, 1}}, "Marshal Dane has made this turn's Spirit roll")
	if !s.State().Figures["marshal"].sw().Shaken {
		t.Error("a second Spirit roll in the turn recovered the Marshal")
	}
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QH", "5S", "4C"}})
	if e := mustDo(t, s, Command{Kind: CommandRecover, Figure: "marshal", Dice: []int{4, 1}}); !strings.Contains(e.Text, "is no longer Shaken") {
		t.Errorf("the next turn's roll: %s", e.Text)
	}
}

// TestSavageTheAimIsAnAction: "Extreme Range is up to 4x a weapon's Long
// Range. Firing at such a distance requires the Aim action" (Savage
// Worlds: Ranged Attacks), and "On a player's turn they can move and
// perform one regular action" (Actions). Doc's Derringer (3/6/12) at
// bandit 2, 18" away: the aimed order takes his turn's action aiming and
// rolls nothing; the shot waits for his next turn, where it goes at −8
// (d10 5, Wild Die 3: a miss) and uses the aim up.
func TestSavageTheAimIsAnAction(t *testing.T) {
	s := openSW(t)
	giveDocA(t, s, "Derringer")
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QH", "KS", "3C"}})
	aimed := Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-2", Aims: 1}}}
	if why, err := s.State().Explain(aimed); err != nil || !strings.Contains(why, "the Aim action") {
		t.Errorf("the preview of the aimed order: %q %v, want the Aim action", why, err)
	}
	e := mustDo(t, s, aimed)
	if !strings.Contains(e.Text, "Doc Harlan takes the Aim action at Bandit") || strings.Contains(e.Text, "fires at") {
		t.Fatalf("the aimed order rolled a shot in the Aim's turn: %s", e.Text)
	}
	aimed.Dice = []int{5, 3}
	refused(t, s, aimed, "has taken this turn's action")
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QD", "KD", "3D"}})
	e = mustDo(t, s, Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-2"}}, Dice: []int{5, 3}})
	if !strings.Contains(e.Text, "Derringer at 18\" (Extreme -8)") {
		t.Errorf("the shot after the Aim: %s", e.Text)
	}
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"QC", "KC", "3S"}})
	refused(t, s, Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-2"}}, Dice: []int{5, 3}}, "needs the Aim action")
}

// TestSavageATurnComesWhenItsCardComesUp: "A round is an entire
// countdown of Action Cards from the Ace to the Deuce. A character's
// "turn" occurs when his Action Card comes up in the countdown" (Savage
// Worlds: Time). Dealt K♠ (the Marshal), Q♠ (Doc) and 2♣ (the bandits),
// the bandits wait for the Marshal and Doc; the Marshal goes on Hold
// (delay) and acts when he likes, Doc shoots, and the bandits' card comes
// up.
func TestSavageATurnComesWhenItsCardComesUp(t *testing.T) {
	s := openSW(t)
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"KS", "QS", "2C"}})
	blow := Command{Kind: CommandStrike, Figure: "bandit-1", Target: "marshal", Dice: []int{2}}
	refused(t, s, blow, "Bandit's card (2♣) has not come up: Marshal Dane (K♠) and Doc Harlan (Q♠) act first, or go on Hold")
	refused(t, s, Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-2"}}, Dice: []int{2, 1}}, "Doc Harlan's card (Q♠) has not come up: Marshal Dane (K♠) acts first")
	if e := mustDo(t, s, Command{Kind: CommandDelay, Figure: "marshal"}); !strings.Contains(e.Text, "Marshal Dane goes on Hold") {
		t.Errorf("the Hold: %s", e.Text)
	}
	mustDo(t, s, Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-2"}}, Dice: []int{2, 1}})
	mustDo(t, s, blow)
	// On Hold, the Marshal acts when he likes.
	mustDo(t, s, Command{Kind: CommandStrike, Figure: "marshal", Target: "bandit-1", Dice: []int{2, 1}})
	// A new round ends the Hold and deals again.
	mustDo(t, s, Command{Kind: CommandNewRound, Cards: []string{"2D", "QD", "KD"}})
	if s.State().Figures["marshal"].Delayed {
		t.Error("the Hold outlasts the round")
	}
	refused(t, s, Command{Kind: CommandStrike, Figure: "marshal", Target: "bandit-1", Dice: []int{2, 1}}, "Marshal Dane's card (2♦) has not come up")
}

// TestSavageTheRunUpIsDistanceRun: "Double these numbers if you can run
// at least 2" (four yards) prior to the jump" (Savage Worlds: Jumping):
// the run-up is the distance moved, not the Pace spent. Doc standing up
// (2" of Pace, no distance), or crossing one hex of rough ground (2" of
// Pace, 1" of distance), has no run-up: his jump over the water at E10 is
// 1".
func TestSavageTheRunUpIsDistanceRun(t *testing.T) {
	for _, tc := range []struct {
		name, rough, walk, to string
		prone                 bool
		want                  string
	}{
		{name: "standing up", prone: true, to: "E10",
			want: "Doc Harlan jumps 1\" (1\" standing); E10 is 2\" away"},
		{name: "a hex of rough ground", rough: "D10", walk: "D10", to: "F10",
			want: "Doc Harlan jumps 1\" (1\" standing); F10 is 2\" away"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := openSW(t)
			hex := func(l string) hexmap.Hex { h, _ := s.State().Map.ParseHex(l); return h }
			water := hex(tc.to).Neighbor(hexmap.Direction(3))
			for label, terrain := range map[string]string{s.State().Map.Label(water): "water", tc.rough: "rough"} {
				if label == "" {
					continue
				}
				cell := s.State().Map.CellAt(hex(label))
				cell.Terrain = terrain
				mustDo(t, s, Command{Kind: CommandEditMap, Cells: []hexmap.Cell{cell}})
			}
			if tc.prone {
				mustDo(t, s, Command{Kind: CommandProne, Figure: "doc", Prone: true})
				mustDo(t, s, Command{Kind: CommandProne, Figure: "doc", Prone: false})
			}
			if tc.walk != "" {
				w := hex(tc.walk)
				mustDo(t, s, Command{Kind: CommandMove, Figure: "doc", To: &w})
			}
			if d := s.State().Figures["doc"]; d.Paced != 2 {
				t.Fatalf("Doc has spent %d\" of Pace, want 2", d.Paced)
			}
			to := hex(tc.to)
			refused(t, s, Command{Kind: CommandMove, Figure: "doc", To: &to, Jump: &JumpOrder{}}, tc.want)
		})
	}
}
