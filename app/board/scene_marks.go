package board

import "hexslinger/app/session"

// savageSigns: the Savage Worlds shootout at a table's 1920×1080, after
// the Marshal's blow leaves a Bandit Shaken and a shot of Doc's
// Incapacitates the other: each token shows its state at a glance in
// Savage Worlds' words (State.Signs): "Shaken", "Incapacitated" on a
// greyed token, Doc "prone".
func (sc *Scene) savageSigns() error {
	if err := sc.bundledScene(fightShootout); err != nil {
		return err
	}
	sc.w, sc.h = 1920, 1080
	_, err := sc.live([]session.Command{
		{Kind: session.CommandNewRound, Cards: []string{"QH", "QS", "3C"}},
		{Kind: session.CommandDelay, Figure: "doc"},
		{Kind: session.CommandStrike, Figure: "marshal", Target: "bandit-1", Dice: []int{7, 2, 5, 3}},
		{Kind: session.CommandShoot, Figure: "doc", Shots: []session.ShotOrder{{Target: "bandit-2"}}, Dice: []int{10, 3, 1, 4, 4, 2, 4}},
		{Kind: session.CommandProne, Figure: "doc", Prone: true},
	}, nil, "")
	sc.setup = sc.connected
	return err
}
