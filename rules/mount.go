package rules

// Mounts and vehicles (TWTW Conflict: Continuous Action Movement; Modifiers:
// "Firer is mounted"). How a mount's paces are spread over the round is
// ContinuousMove (clock.go); what it costs to get on and off, and to change
// its course, the chapter does not say: these are hexslinger's defaults
// (docs/defaults.md).

// Mounted is what riding costs and what it does to a shot.
var Mounted = struct {
	// MountAP and DismountAP: getting on a horse or a wagon, as "Stand
	// up: 2 AP", and off it, as "Drop prone: 1 AP" (the chapter is
	// silent).
	MountAP, DismountAP int
	// ManeuverAP is a change of the mount's course or speed after it has
	// moved in the round: "may need to pay AP for maneuvers or other
	// changes in the movement of the mount", priced as "Maneuver: 1 AP".
	ManeuverAP int
	// GallopTimesPace is a mount's gallop when the Judge gives none:
	// twice its pace, as a figure's Run is twice its Move.
	GallopTimesPace int
	// Skill is the skill that makes a rider: with it a mounted firer takes
	// Skilled downgrades, without it Unskilled ("Firer is mounted 1 or 2
	// downgrades depending on skill").
	Skill              string
	Skilled, Unskilled int
}{MountAP: 2, DismountAP: 1, ManeuverAP: 1, GallopTimesPace: 2, Skill: "riding", Skilled: 1, Unskilled: 2}

// MountedDowngrades is the "Firer is mounted" modifier for a rider c: 1
// downgrade with the riding skill, 2 without. Shot.Mounted uses it only if
// it is worse than the firer's movement's (TWTW Conflict: Move and Fire).
func MountedDowngrades(c Character) int {
	if c.Skills[Mounted.Skill] > 0 {
		return Mounted.Skilled
	}
	return Mounted.Unskilled
}
