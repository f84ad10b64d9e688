package console

import (
	"strings"
	"testing"
)

// TestTheExportAsksTheMapWindowForTheRangeShown: an animation runs from
// the fight's opening to the event shown, a PNG is the event shown alone,
// from the seat chosen.
func TestTheExportAsksTheMapWindowForTheRangeShown(t *testing.T) {
	for _, tc := range []struct {
		name string
		png  bool
		want string
	}{
		{"an animation", false, "--journal j.jsonl --seat players --export out.gif --from 0 --to 17"},
		{"a moment", true, "--journal j.jsonl --seat players --png out.png --png-at 17 --from 17 --to 17"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := "out.gif"
			if tc.png {
				out = "out.png"
			}
			if got := strings.Join(exportArgs("j.jsonl", out, "players", 17, tc.png), " "); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

// TestTheExportsProgressIsRead: the progress bar follows the map
// window's "rendering k/n", whose lines end in carriage returns; what
// else it says is kept for an error.
func TestTheExportsProgressIsRead(t *testing.T) {
	var got []string
	rest := readProgress(strings.NewReader("\rrendering 1/3\rrendering 2/3\rrendering 3/3\nencoding 3 frames…\nhexslinger-map: disk full\n"), func(k, n int) {
		got = append(got, strings.Repeat("#", k)+"/"+strings.Repeat("#", n))
	})
	if strings.Join(got, " ") != "#/### ##/### ###/###" {
		t.Errorf("progress %q", got)
	}
	if !strings.Contains(rest, "disk full") || strings.Contains(rest, "rendering") {
		t.Errorf("the rest %q", rest)
	}
}
