package session

import (
	"strings"
	"testing"

	"hexslinger/hexmap"
	"hexslinger/rules/leadchrome"
)

// The bundled fights share one map: the saloon's south wall runs along
// the SE hexside of E4 (a wall), with a barrel at M5 out in the street.
const (
	insideWall = "E4"
	wallSide   = hexmap.Direction(5) // SE
	barrelAt   = "M5"
)

// facing is bundled fight name with figure a at label at and figure b at
// label bt; edit, if any, changes the fight first.
func facing(t *testing.T, name, a, at, b, bt string, edit func(*FightFile)) *Session {
	t.Helper()
	f := bundledFight(t, name)
	if edit != nil {
		edit(f)
	}
	moved := 0
	for i := range f.Figures {
		switch f.Figures[i].ID {
		case a:
			f.Figures[i].At, moved = at, moved+1
		case b:
			f.Figures[i].At, moved = bt, moved+1
		}
	}
	if moved != 2 {
		t.Fatalf("fight %s has no figures %s and %s", name, a, b)
	}
	return openFile(t, f)
}

// wallHexes are the labels of the hex inside the saloon's wall, the hex
// across it (a blow's), and the hex two beyond (a shot's: its line
// crosses the wall's hexside square on).
func wallHexes(t *testing.T) (inside, across, beyond string) {
	t.Helper()
	m := openBundled(t, "savage").State().Map
	in, err := m.ParseHex(insideWall)
	if err != nil {
		t.Fatal(err)
	}
	if e, ok := m.EdgeFeature(in, wallSide); !ok || e.Kind != "wall" {
		t.Fatalf("the map has no wall on %s's %s hexside: %+v", insideWall, wallSide, e)
	}
	out := in.Neighbor(wallSide)
	return insideWall, m.Label(out), m.Label(out.Neighbor(wallSide))
}

// dwBow arms Sir Rolf with a bow, for a missile.
func dwBow(f *FightFile) {
	for i, c := range f.Characters {
		if c.ID == "rolf" {
			dw := *c.DragonWarriors
			dw.Weapon = "bow"
			f.Characters[i].DragonWarriors = &dw
		}
	}
}

// underLeadChrome puts Dragon Warriors II's fight under Lead and Chrome's
// initiative (its sheets carry the numbers): an option on top of a
// system, whose shots and blows are still the system's.
func underLeadChrome(t *testing.T, s *Session) {
	t.Helper()
	opts := s.State().Options
	setLC(&opts, func(l *LeadChromeOptions) { l.Initiative = InitiativeLeadChrome })
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
}

// TestAWallStopsAShot: a shot at a figure behind a wall. Savage Worlds,
// Dragon Warriors II and Fudge (and Lead and Chrome over them) shoot at
// what the shooter sees, so the shot is refused, naming the wall, before
// any die; TWTW's blind shot goes on through the wall, the target not
// visible and the wall cover on the line (TWTW Conflict: Cover;
// docs/defaults.md, "a shot through a wall").
func TestAWallStopsAShot(t *testing.T) {
	inside, _, beyond := wallHexes(t)
	for _, tc := range []struct {
		name, fight, shooter, target string
		edit                         func(*FightFile)
		lc                           bool
	}{
		{"Savage Worlds", "savage", "doc", "bandit-1", nil, false},
		{"Dragon Warriors II", "dragonwarriors", "rolf", "lennox", dwBow, false},
		{"Fudge", "fudge", "sheriff", "bruiser", nil, false},
		{"Lead and Chrome over Dragon Warriors II", "dragonwarriors", "rolf", "lennox", dwBow, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := facing(t, tc.fight, tc.shooter, beyond, tc.target, inside, tc.edit)
			if tc.lc {
				underLeadChrome(t, s)
			}
			_, err := s.Do(Command{Kind: CommandShoot, Figure: tc.shooter, Shots: []ShotOrder{{Target: tc.target}}, Dice: []int{6, 6, 6, 6, 6, 6, 6, 6}})
			if err == nil || !strings.Contains(err.Error(), "no line of sight") || !strings.Contains(err.Error(), "wall between") {
				t.Errorf("%s at %s shoots %s at %s through the wall: got %v, want a refusal for want of a line of sight, naming the wall", tc.shooter, beyond, tc.target, inside, err)
			}
		})
	}
	t.Run("a player's seat, another of its figures seeing the target", func(t *testing.T) {
		s := facing(t, "savage", "doc", beyond, "bandit-1", inside, func(f *FightFile) {
			for i := range f.Figures {
				if f.Figures[i].ID == "marshal" {
					f.Figures[i].At = "J3" // in the saloon with bandit-1
				}
			}
		})
		if s.State().unseenBy("posse")["bandit-1"] {
			t.Fatal("the posse does not see bandit-1; the test wants the marshal to")
		}
		seat := &Seat{Role: RolePlayer, Figures: []string{"doc", "marshal"}}
		_, err := s.DoAs(seat, Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-1"}}})
		if err == nil || !strings.Contains(err.Error(), "no line of sight") {
			t.Errorf("the posse's seat fires Doc at bandit-1 through the wall, the marshal seeing him: got %v, want a refusal for want of Doc's own line of sight", err)
		}
	})
	t.Run("TWTW", func(t *testing.T) {
		s := facing(t, "demo", "cyril", beyond, "jeb", inside, nil)
		plan, err := s.State().PlanShoot("cyril", "schofield", []ShotOrder{{Target: "jeb"}})
		if err != nil {
			t.Fatal(err)
		}
		walled := false
		for _, c := range plan.Sights[0].Cover {
			walled = walled || c.Feature.Kind == "wall"
		}
		if plan.Sights[0].Clear || !walled || !plan.Series.Plans[0].Shot.NotVisible {
			t.Errorf("TWTW's shot through the wall: sight %+v, not visible %v; want the line closed, the wall cover on it, the target not visible", plan.Sights[0], plan.Series.Plans[0].Shot.NotVisible)
		}
	})
}

// TestAWallStopsABlow: figures side by side across a wall's hexside
// cannot strike each other, in every system (issue 37: "A wall always
// stops a blow and a shot").
func TestAWallStopsABlow(t *testing.T) {
	inside, across, _ := wallHexes(t)
	for _, tc := range []struct {
		name, fight, attacker, target string
		blow                          Command
		lc                            bool
	}{
		{"TWTW", "demo", "cyril", "jeb", Command{Kind: CommandMelee, Figure: "cyril", Blow: &BlowOrder{Target: "jeb", Attack: "quick"}}, false},
		{"Savage Worlds", "savage", "marshal", "bandit-1", Command{Kind: CommandStrike, Figure: "marshal", Target: "bandit-1"}, false},
		{"Dragon Warriors II", "dragonwarriors", "rolf", "lennox", Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox"}, false},
		{"Fudge", "fudge", "sheriff", "bruiser", Command{Kind: CommandStrike, Figure: "sheriff", Target: "bruiser"}, false},
		{"Lead and Chrome over Dragon Warriors II", "dragonwarriors", "rolf", "lennox", Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox"}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := facing(t, tc.fight, tc.attacker, across, tc.target, inside, nil)
			if tc.lc {
				underLeadChrome(t, s)
			}
			c := tc.blow
			c.Dice = []int{6, 6, 6, 6, 6, 6, 6, 6}
			_, err := s.Do(c)
			if err == nil || !strings.Contains(err.Error(), "a wall stands between") {
				t.Errorf("%s at %s strikes %s at %s across the wall: got %v, want a refusal naming the wall", tc.attacker, across, tc.target, inside, err)
			}
		})
	}
}

// behindBarrel places shooter three hexes from the barrel and target on the
// barrel's far side, the line crossing the barrel (waist-high cover);
// edit, if any, changes the fight first.
func behindBarrel(t *testing.T, name, shooter, target string, edit func(*FightFile)) *Session {
	t.Helper()
	m := openBundled(t, name).State().Map
	b, err := m.ParseHex(barrelAt)
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := m.Feature(b); !ok || f.Kind != "barrel" {
		t.Fatalf("no barrel at %s: %+v", barrelAt, f)
	}
	from := b.Neighbor(5).Neighbor(5).Neighbor(5)
	return facing(t, name, shooter, m.Label(from), target, m.Label(b.Neighbor(2)), edit)
}

// TestSavageWorldsCover: a shot at a figure behind waist-high cover (a
// barrel) takes Medium cover's −4 (Savage Worlds Adventure Edition,
// Cover; docs/defaults.md, "Savage Worlds: cover"): Doc's Shooting 7 with
// the Wild Die's 2 hits TN 4 in the open, and misses (7 − 4 = 3) behind
// the barrel.
func TestSavageWorldsCover(t *testing.T) {
	s := behindBarrel(t, "savage", "doc", "bandit-1", nil)
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-1"}}, Dice: []int{7, 2}})
	if !strings.Contains(e.Text, "Medium cover -4 (a waist-high barrel at M5)") || e.Outcomes[0].Hit {
		t.Errorf("Doc's shot at bandit-1 behind the barrel, rolling 7: %s (hit %v); want Medium cover -4 named and a miss", e.Text, e.Outcomes[0].Hit)
	}
}

// TestDragonWarriorsCover: a missile at a figure behind a barrel has its
// difficulty raised by 2, as a shield raises it (DW II: Missile Combat;
// docs/defaults.md, "DW II: cover").
func TestDragonWarriorsCover(t *testing.T) {
	s := behindBarrel(t, "dragonwarriors", "rolf", "lennox", dwBow)
	// 4 hexes, 10 feet: 2 fathoms, +2 for the barrel.
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "rolf", Shots: []ShotOrder{{Target: "lennox"}}, Dice: []int{1, 1, 1, 1, 3, 3}})
	if !strings.Contains(e.Text, "+ 2 for cover (a waist-high barrel at M5)") {
		t.Errorf("Rolf's arrow at Lennox behind the barrel: %s; want the difficulty + 2 for cover", e.Text)
	}
}

// TestFudgeCover: a Fudge shot at a figure behind a barrel takes a level
// off the firer's skill (docs/defaults.md, "Fudge: cover"): the
// sheriff's Good rolling 0 beats Fair in the open, and behind the barrel
// is Fair, a tie, a miss.
func TestFudgeCover(t *testing.T) {
	s := behindBarrel(t, "fudge", "sheriff", "bruiser", nil)
	e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "sheriff", Shots: []ShotOrder{{Target: "bruiser"}}, Dice: []int{3, 3, 3, 3}})
	if !strings.Contains(e.Text, "cover -1 (a waist-high barrel at M5)") || e.Outcomes[0].Hit {
		t.Errorf("the sheriff's shot at Big Ned behind the barrel, rolling 0: %s (hit %v); want cover -1 named and a miss", e.Text, e.Outcomes[0].Hit)
	}
}

// TestTheJudgesModifierInEverySystem: the Judge's own modifier, for what
// no rule covers, counts in Savage Worlds (points added to the roll),
// Fudge (levels on the skill) and a Dragon Warriors II blow (points on
// the Attack) as in TWTW and a Dragon Warriors II missile.
func TestTheJudgesModifierInEverySystem(t *testing.T) {
	fog := &JudgeModifier{Steps: -2, Reason: "fog"}
	t.Run("Savage Worlds", func(t *testing.T) {
		// Doc's Shooting 5 hits TN 4 at short range; the fog's −2 makes
		// it 3, a miss.
		s := facing(t, "savage", "doc", "J10", "bandit-1", "J12", nil)
		e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "doc", Shots: []ShotOrder{{Target: "bandit-1"}}, Dice: []int{5, 2}, Modifier: fog})
		if !strings.Contains(e.Text, "the Judge: fog -2") || e.Outcomes[0].Hit {
			t.Errorf("Doc's shot in the fog, rolling 5: %s (hit %v); want the Judge's -2 named and a miss", e.Text, e.Outcomes[0].Hit)
		}
	})
	t.Run("Fudge", func(t *testing.T) {
		// The sheriff's Good ranged skill rolling 0 beats Fair; the fog's
		// two levels make it Mediocre, a miss.
		s := facing(t, "fudge", "sheriff", "J10", "bruiser", "J12", nil)
		e := mustDo(t, s, Command{Kind: CommandShoot, Figure: "sheriff", Shots: []ShotOrder{{Target: "bruiser"}}, Dice: []int{3, 3, 3, 3}, Modifier: fog})
		if !strings.Contains(e.Text, "the Judge: fog -2") || e.Outcomes[0].Hit {
			t.Errorf("the sheriff's shot in the fog, rolling 0: %s (hit %v); want the Judge's -2 named and a miss", e.Text, e.Outcomes[0].Hit)
		}
	})
	t.Run("Dragon Warriors II blow", func(t *testing.T) {
		// Sir Rolf's Attack 14 beats Lennox's Defence 10 on even rolls;
		// knee-deep mud's −10 makes it 4, and Lennox wins.
		s := openDW(t)
		mud := &JudgeModifier{Steps: -10, Reason: "knee-deep mud"}
		e := mustDo(t, s, Command{Kind: CommandStrike, Figure: "rolf", Target: "lennox", Dice: []int{3, 3, 3, 3}, Modifier: mud})
		if !strings.Contains(e.Text, "the Judge: knee-deep mud -10: 4") || e.Outcomes[0].Hit {
			t.Errorf("Rolf's blow in the mud, rolling even: %s (hit %v); want the Judge's -10 named, Attack 4, and a miss", e.Text, e.Outcomes[0].Hit)
		}
	})
}

// TestAStrayShotStopsAtAWall: "5: The gun goes off accidentally, hitting
// a random person or object in the shooter's fire arc" (Lead and Chrome:
// Quick-draw fumbles): a figure in the arc behind a wall is not among
// those it may hit (issue 37: "A wall always stops a blow and a shot").
// Doc at F6 faces NW; bandit-1 in his front arc stands inside the saloon
// at E4, seen by the marshal in there at J3 (in the arc too, and behind
// the wall as well): the shot hits an object.
func TestAStrayShotStopsAtAWall(t *testing.T) {
	inside, _, beyond := wallHexes(t)
	s := facing(t, "savage", "doc", beyond, "bandit-1", inside, func(f *FightFile) {
		for i := range f.Figures {
			switch f.Figures[i].ID {
			case "doc":
				f.Figures[i].Facing = "NW"
			case "marshal":
				f.Figures[i].At = "J3" // in the saloon: the posse sees bandit-1
			}
		}
	})
	st := s.State()
	if st.unseenBy("posse")["bandit-1"] {
		t.Fatal("the posse does not see bandit-1; the test wants the marshal to")
	}
	if a := hexmap.ArcOf(st.Figures["doc"].At, st.Figures["doc"].Facing, st.Figures["bandit-1"].At); a != hexmap.Front {
		t.Fatalf("bandit-1 is in Doc's %s arc; the test wants the front", a)
	}
	opts := st.Options
	setLC(&opts, func(l *LeadChromeOptions) { l.Initiative, l.QuickDraw = InitiativeLeadChrome, true })
	mustDo(t, s, Command{Kind: CommandSetOptions, Options: &opts})
	// The marshal's 2D10; Doc's natural 2 fumbles, the D6 a 5; the
	// bandits' 2D10.
	e := mustDo(t, s, Command{Kind: CommandNewRound, Dice: []int{5, 5, 1, 1, 5, 5, 5, 5, 5}, Declare: []Declaration{{Figure: "doc",
		QuickDraw: &leadchrome.QuickDraw{Weapon: leadchrome.Revolver, Modifiers: []string{"hip"}}}}})
	if !strings.Contains(e.Text, "no one stands in the fire arc within reach: it hits an object") {
		t.Errorf("Doc's stray shot with bandit-1 behind the wall: %s; want it to hit an object", e.Text)
	}
}

// TestTheArcAnAttackComesFrom: the arc of the target's facing an attack
// comes from (attackArc), as TWTW reads it (DESIGN.md "facing"):
// the faced hexside and the two beside it are the front, the next two the
// flanks, the opposite one the rear; a blow from the rear alone counts as
// from behind (fromBehind). A hex further off takes the arc of its
// hexside's direction.
func TestTheArcAnAttackComesFrom(t *testing.T) {
	target := hexmap.Hex{Q: 5, R: 5}
	facingE := hexmap.Direction(0)
	for _, tc := range []struct {
		name   string
		from   hexmap.Hex
		arc    hexmap.Arc
		behind bool
	}{
		{"through the faced hexside (E)", target.Neighbor(0), hexmap.Front, false},
		{"beside it (NE)", target.Neighbor(1), hexmap.Front, false},
		{"beside it (SE)", target.Neighbor(5), hexmap.Front, false},
		{"a flank (NW)", target.Neighbor(2), hexmap.Flank, false},
		{"a flank (SW)", target.Neighbor(4), hexmap.Flank, false},
		{"the rear (W)", target.Neighbor(3), hexmap.Rear, true},
		{"three hexes off the rear", target.Neighbor(3).Neighbor(3).Neighbor(3), hexmap.Rear, true},
		{"the same hex", target, hexmap.Front, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := attackArc(tc.from, target, facingE); got != tc.arc {
				t.Errorf("attackArc(%v, %v, E) = %s, want %s", tc.from, target, got, tc.arc)
			}
			if got := fromBehind(tc.from, target, facingE); got != tc.behind {
				t.Errorf("fromBehind(%v, %v, E) = %v, want %v", tc.from, target, got, tc.behind)
			}
		})
	}
}

// TestTheLineSaysTheRise: the map's answer gives the attacker's height
// above its target, which TWTW's higher-ground advantage reads (TWTW
// Conflict: Advantage).
func TestTheLineSaysTheRise(t *testing.T) {
	s := open(t)
	st := s.State()
	f, o := st.Figures["cyril"], st.Figures["zeke"]
	if err := st.Map.SetElevation(f.At, 2); err != nil {
		t.Fatal(err)
	}
	if got := attackLine(st, f, o).Rise; got != 2 {
		t.Errorf("Cyril two levels up: rise %d, want 2", got)
	}
	if got := attackLine(st, o, f).Rise; got != -2 {
		t.Errorf("Zeke at Cyril, two levels below: rise %d, want -2", got)
	}
	if !st.fighter(f, o).Higher || st.fighter(o, f).Higher {
		t.Errorf("the higher ground: Cyril %v, Zeke %v; want Cyril's alone", st.fighter(f, o).Higher, st.fighter(o, f).Higher)
	}
}

// TestTheCoverCountedIsTheTallestNearestTheTarget: a system with one cover
// modifier a shot counts the tallest cover the line crosses, and of two
// as tall, the one nearest the target, which the target stands behind
// (the line lists cover nearest the target first): the log and the hover
// name it.
func TestTheCoverCountedIsTheTallestNearestTheTarget(t *testing.T) {
	barrel := hexmap.Feature{Kind: "barrel", Height: hexmap.Waist}
	trough := hexmap.Feature{Kind: "trough", Height: hexmap.Waist}
	crate := hexmap.Feature{Kind: "crates", Height: hexmap.Chest}
	for _, tc := range []struct {
		name  string
		cover []hexmap.CoverHit
		want  string
	}{
		{"none", nil, ""},
		{"two as tall", []hexmap.CoverHit{{Feature: barrel, Distance: 1}, {Feature: trough, Distance: 3}}, "barrel"},
		{"a taller one farther", []hexmap.CoverHit{{Feature: barrel, Distance: 1}, {Feature: crate, Distance: 3}}, "crates"},
		{"a lower one farther", []hexmap.CoverHit{{Feature: crate, Distance: 1}, {Feature: trough, Distance: 2}}, "crates"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l := AttackLine{Sight: hexmap.Sight{Cover: tc.cover}}
			got, ok := l.tallestCover()
			if ok != (tc.want != "") || got.Feature.Kind != tc.want {
				t.Errorf("cover %+v: counted %q (%v), want %q", tc.cover, got.Feature.Kind, ok, tc.want)
			}
		})
	}
}
