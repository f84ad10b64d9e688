package console

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os/exec"
	"regexp"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"hexslinger/internal/child"
)

// The timeline's export: the fight up to the event shown as an animated
// GIF, or the moment shown as a PNG, drawn by the map window's own
// renderer (hexslinger-map --export, a program of its own: the console
// cannot link Ebiten), as the Judge or the players saw it, with a
// progress bar while it renders.

// exportSeats are the views an export is drawn from, as the Select says
// them, with hexslinger-map's --seat.
var exportSeats = []struct{ label, seat string }{
	{"the Judge's view", "judge"},
	{"the players' view (their fog)", "players"},
}

// exportPanel is the timeline's export row.
type exportPanel struct {
	p        *timelinePanel
	seat     *widget.Select
	progress *widget.ProgressBar
	said     *widget.Label
	box      *fyne.Container
}

func newExportPanel(p *timelinePanel) *exportPanel {
	x := &exportPanel{p: p, progress: widget.NewProgressBar(), said: widget.NewLabel("")}
	var labels []string
	for _, s := range exportSeats {
		labels = append(labels, s.label)
	}
	x.seat = widget.NewSelect(labels, nil)
	x.seat.SetSelectedIndex(0)
	x.said.Wrapping = fyne.TextWrapWord
	x.progress.Hide()
	gif := widget.NewButton("Export animation to here…", func() { x.ask(false) })
	png := widget.NewButton("Save this moment as PNG…", func() { x.ask(true) })
	seen := container.NewBorder(nil, nil, widget.NewLabel("Drawn as"), nil, x.seat)
	x.box = container.NewVBox(heading("Share"), seen, container.NewHBox(gif, png), x.progress, x.said)
	return x
}

// exportArgs are hexslinger-map's arguments for an export of journal,
// from the start to event at (a GIF), or of event at alone (a PNG).
func exportArgs(journal, out, seat string, at int, png bool) []string {
	args := []string{"--journal", journal, "--seat", seat}
	if png {
		return append(args, "--png", out, "--png-at", strconv.Itoa(at), "--from", strconv.Itoa(at), "--to", strconv.Itoa(at))
	}
	return append(args, "--export", out, "--from", "0", "--to", strconv.Itoa(at))
}

// progressLine reads hexslinger-map's "rendering 37/120".
var progressLine = regexp.MustCompile(`rendering (\d+)/(\d+)`)

// readProgress calls done(k, n) for each progress line of r (lines end
// in a newline or a carriage return) and returns the rest of what it
// said, for an error.
func readProgress(r io.Reader, done func(k, n int)) string {
	var rest strings.Builder
	sc := bufio.NewScanner(r)
	sc.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		if i := bytes.IndexAny(data, "\r\n"); i >= 0 {
			return i + 1, data[:i], nil
		}
		if atEOF && len(data) > 0 {
			return len(data), data, nil
		}
		return 0, nil, nil
	})
	for sc.Scan() {
		line := sc.Text()
		if m := progressLine.FindStringSubmatch(line); m != nil {
			k, _ := strconv.Atoi(m[1])
			n, _ := strconv.Atoi(m[2])
			done(k, n)
			continue
		}
		if strings.TrimSpace(line) != "" {
			rest.WriteString(line + "\n")
		}
	}
	return rest.String()
}

// ask asks where to write the export, then runs it.
func (x *exportPanel) ask(png bool) {
	c := x.p.c
	if c.opts.MapBin == "" {
		x.said.SetText("No hexslinger-map program beside the console: it draws the export.")
		return
	}
	name, ext := slug(c.state.Name), ".gif"
	if png {
		name, ext = fmt.Sprintf("%s-event-%d", name, x.p.at), ".png"
	}
	kind := map[bool]string{false: "GIF animations", true: "PNG pictures"}[png]
	askFile(c.win, fileQuestion{save: true, title: "Export", name: name + ext, kind: kind, suffixes: []string{ext}}, func(path string) {
		if !strings.HasSuffix(strings.ToLower(path), ext) {
			path += ext
		}
		x.run(path, png)
	})
}

// run draws the export in hexslinger-map, the progress bar following it.
func (x *exportPanel) run(out string, png bool) {
	c := x.p.c
	seat := exportSeats[max(0, x.seat.SelectedIndex())].seat
	cmd := exec.Command(c.opts.MapBin, exportArgs(c.s.JournalPath(), out, seat, x.p.at, png)...)
	stderr, err := cmd.StderrPipe()
	if err == nil {
		err = child.Start(cmd) // stops drawing when the console ends
	}
	if err != nil {
		x.said.SetText("The export could not start: " + err.Error())
		return
	}
	x.progress.SetValue(0)
	x.progress.Show()
	x.said.SetText("Rendering " + out + "…")
	go func() {
		rest := readProgress(stderr, func(k, n int) {
			fyne.Do(func() { x.progress.SetValue(float64(k) / float64(max(n, 1))) })
		})
		err := cmd.Wait()
		fyne.Do(func() {
			x.progress.Hide()
			if err != nil {
				x.said.SetText(fmt.Sprintf("The export failed (%v): %s", err, strings.TrimSpace(rest)))
				return
			}
			x.said.SetText("Wrote " + out + ".")
			c.status.SetText("Wrote " + out + ".")
		})
	}()
}
