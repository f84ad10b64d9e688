package hexmap

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// secretDoorMap is a 4×3 map with a secret door on hexside 0 of B2, a
// plain door on hexside 1 of B2 and a wall on hexside 2.
func secretDoorMap(t testing.TB) *Map {
	t.Helper()
	m, err := New("vault", Flat, 4, 3, "dirt")
	if err != nil {
		t.Fatal(err)
	}
	at := m.Orientation.FromOffset(Offset{1, 1})
	door, _ := NewFeature("door")
	secret := door
	secret.Secret = true
	wall, _ := NewFeature("wall")
	for d, f := range []Feature{secret, door, wall} {
		if err := m.SetEdge(at, Direction(d), f); err != nil {
			t.Fatal(err)
		}
	}
	return m
}

// TestASecretDoorIsAShutDoorToFeetAndEyes: a secret door stops movement
// and sight as a shut door does, and once open lets both by.
func TestASecretDoorIsAShutDoorToFeetAndEyes(t *testing.T) {
	f, _ := NewFeature("door")
	f.Secret = true
	if !f.BlocksMove() || !f.BlocksSight() || !f.IsCover() {
		t.Errorf("a shut secret door: blocks movement %v, sight %v, is cover %v; want all", f.BlocksMove(), f.BlocksSight(), f.IsCover())
	}
	f.Open = true
	if f.BlocksMove() || f.BlocksSight() {
		t.Errorf("an open secret door: blocks movement %v, sight %v; want neither", f.BlocksMove(), f.BlocksSight())
	}
}

// TestASecretDoorRoundTripsInAMapFile: a map file keeps a door secret
// ("secret": true on its hexside), and reads it back the same.
func TestASecretDoorRoundTripsInAMapFile(t *testing.T) {
	m := secretDoorMap(t)
	var buf bytes.Buffer
	if err := Encode(&buf, m); err != nil {
		t.Fatal(err)
	}
	saved := buf.String()
	if n := strings.Count(saved, `"secret":true`); n != 1 {
		t.Errorf("the saved map says \"secret\" %d times, want once:\n%s", n, saved)
	}
	back, err := Decode(&buf)
	if err != nil {
		t.Fatalf("the saved map does not load: %v\n%s", err, saved)
	}
	if !back.Equal(m) {
		t.Errorf("the saved map loads as another map:\n%s", saved)
	}
	at := m.Orientation.FromOffset(Offset{1, 1})
	if f, _ := back.EdgeFeature(at, 0); !f.Secret || f.Kind != "door" {
		t.Errorf("hexside 0 of B2 loads as %+v, want a secret door", f)
	}
	if f, _ := back.EdgeFeature(at, 1); f.Secret {
		t.Errorf("hexside 1 of B2 loads as %+v, want a plain door", f)
	}
}

// TestASecretIsOnlyAShutDoor: a map file's "secret" on anything but a
// door, or on an open door, is refused naming the field.
func TestASecretIsOnlyAShutDoor(t *testing.T) {
	tests := []struct {
		name, edge, want string
	}{
		{"a secret wall", `{"at":"A1","side":"N","kind":"wall","secret":true}`, "edges[0].secret"},
		{"a secret window", `{"at":"A1","side":"N","kind":"window","secret":true}`, "edges[0].secret"},
		{"an open secret door", `{"at":"A1","side":"N","kind":"door","open":true,"secret":true}`, "edges[0].secret"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			doc := `{"format":"hexslinger/map","version":2,"orientation":"flat","width":2,"height":2,"legend":{"d":"dirt"},"terrain":["2d","2d"],"edges":[` + tc.edge + `]}`
			_, err := Decode(strings.NewReader(doc))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("edge %s: got error %v, want one naming %s", tc.edge, err, tc.want)
			}
		})
	}
}

// TestPlayersAreToldASecretDoorIsAWall: the file form a player is sent
// (File.ForPlayers) and a cell a player is sent (Cell.ForPlayers) hold a
// plain wall where the secret door is, and no word of a secret; the
// Judge's forms are not changed.
func TestPlayersAreToldASecretDoorIsAWall(t *testing.T) {
	m := secretDoorMap(t)
	judge := m.File()
	told := judge.ForPlayers()
	data, _ := json.Marshal(told)
	if strings.Contains(string(data), "secret") {
		t.Errorf("the players' map file names a secret:\n%s", data)
	}
	pm, err := told.Map()
	if err != nil {
		t.Fatal(err)
	}
	at := m.Orientation.FromOffset(Offset{1, 1})
	wall, _ := NewFeature("wall")
	door, _ := NewFeature("door")
	// The door's armor and height, on a wall: cover as the session reckons it.
	asWall := Feature{Kind: "wall", Armor: door.Armor, BaseArmor: door.BaseArmor, Height: door.Height}
	for d, want := range []Feature{asWall, door, wall} {
		if got, _ := pm.EdgeFeature(at, Direction(d)); got != want {
			t.Errorf("the players' hexside %d of B2: got %+v, want %+v", d, got, want)
		}
	}
	if data, _ := json.Marshal(judge); !strings.Contains(string(data), `"secret":true`) {
		t.Errorf("ForPlayers changed the Judge's file:\n%s", data)
	}
	c := m.CellAt(at).ForPlayers()
	if data, _ := json.Marshal(c); strings.Contains(string(data), "secret") || c.Edges[0] == nil || c.Edges[0].Kind != "wall" {
		t.Errorf("the players' cell B2: %s, want a wall on hexside 0 and no secret", data)
	}
	if c := m.CellAt(at); c.Edges[0] == nil || !c.Edges[0].Secret {
		t.Errorf("ForPlayers changed the Judge's cell: %+v", c.Edges[0])
	}
}

// TestASecretDoorGoesToUVTTAsAWall: exported, a secret door is a wall to
// the other tools (no portal: a table that reads the file shows its
// players no door), and hexslinger reads it back a secret door.
func TestASecretDoorGoesToUVTTAsAWall(t *testing.T) {
	m, _ := New("vault", Flat, 4, 3, "dirt")
	at := m.Orientation.FromOffset(Offset{1, 1})
	secret, _ := NewFeature("door")
	secret.Secret = true
	if err := m.SetEdge(at, 0, secret); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := ExportUVTT(&buf, m, 40); err != nil {
		t.Fatal(err)
	}
	var out uvFile
	if err := json.Unmarshal(buf.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	if len(out.Portals) != 0 || len(out.LineOfSight) != 1 {
		t.Errorf("a secret door went out as %d portals and %d wall lines, want 0 and 1", len(out.Portals), len(out.LineOfSight))
	}
	back, err := ImportUVTT(&buf, "again")
	if err != nil {
		t.Fatal(err)
	}
	if !back.Equal(m) {
		f, _ := back.EdgeFeature(at, 0)
		t.Errorf("the secret door came back as %+v, want %+v", f, secret)
	}
}

// TestFoundrySecretDoorsAreSecret: a Foundry secret door (door 2) shut or
// locked is the Judge's secret door; one open is an open door, known.
func TestFoundrySecretDoorsAreSecret(t *testing.T) {
	const span = `"c":[400,550,500,550]`
	tests := []struct {
		name, wall   string
		open, secret bool
	}{
		{"shut", `{` + span + `,"door":2,"ds":0}`, false, true},
		{"locked", `{` + span + `,"door":2,"ds":2}`, false, true},
		{"open", `{` + span + `,"door":2,"ds":1}`, true, false},
		{"a plain door", `{` + span + `,"door":1,"ds":0}`, false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := ImportFoundry(strings.NewReader(fvTestScene(tc.wall, "")), "x", nil)
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, e := range m.Edges() {
				f, _ := m.EdgeAt(e)
				n++
				if f.Kind != "door" || f.Open != tc.open || f.Secret != tc.secret {
					t.Errorf("wall %s: hexside %v holds %+v, want a door open %v, secret %v", tc.wall, e, f, tc.open, tc.secret)
				}
			}
			if n != 2 {
				t.Errorf("wall %s: %d hexsides, want 2", tc.wall, n)
			}
		})
	}
}
