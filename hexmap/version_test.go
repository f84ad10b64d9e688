package hexmap

import (
	"slices"
	"testing"
)

func TestChangedSince(t *testing.T) {
	m, _ := New("v", Pointy, 10, 10, "dirt")
	v0 := m.Version()
	m.SetTerrain(Hex{2, 2}, "rough")
	wall, _ := NewFeature("wall")
	m.SetEdge(Hex{3, 3}, 0, wall)
	got, ok := m.ChangedSince(v0)
	if !ok || !slices.Contains(got, Hex{2, 2}) || !slices.Contains(got, Hex{3, 3}) || !slices.Contains(got, Hex{4, 3}) {
		t.Errorf("changes since %d: %v %v", v0, got, ok)
	}
	if got, ok := m.ChangedSince(m.Version()); !ok || len(got) != 0 {
		t.Errorf("no changes since now: %v %v", got, ok)
	}
	for i := 0; i < maxChanges; i++ {
		m.SetElevation(Hex{1, 1}, i%3)
	}
	if _, ok := m.ChangedSince(v0); ok {
		t.Errorf("changes remembered past the limit")
	}
}

// CopyHex copies a hex's data, its hexsides too, and counts as changed
// only what differed: a door opened names its two hexes, nothing else.
func TestCopyHexChangesOnlyWhatDiffers(t *testing.T) {
	src, _ := New("v", Pointy, 6, 6, "dirt")
	door, _ := NewFeature("door")
	src.SetEdge(Hex{2, 2}, 0, door)
	dst := src.Clone()
	if !dst.SameHex(src, Hex{2, 2}) {
		t.Fatal("a clone differs")
	}
	door.Open = true
	src.SetEdge(Hex{2, 2}, 0, door)
	src.SetTerrain(Hex{1, 4}, "rough")
	v := dst.Version()
	dst.CopyHex(src, Hex{2, 2})
	got, _ := dst.ChangedSince(v)
	slices.SortFunc(got, func(a, b Hex) int { return a.Q*100 + a.R - b.Q*100 - b.R })
	got = slices.Compact(got)
	if f, _ := dst.EdgeFeature(Hex{2, 2}, 0); !f.Open || len(got) != 2 || !dst.SameHex(src, Hex{2, 2}) {
		t.Errorf("door open %v, changed %v", f.Open, got)
	}
	if dst.SameHex(src, Hex{1, 4}) {
		t.Error("a hex not copied is the same")
	}
	v = dst.Version()
	dst.CopyHex(src, Hex{2, 2})
	if dst.Version() != v {
		t.Error("copying what is the same counts as a change")
	}
}
