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
