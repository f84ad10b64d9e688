package console

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/skip2/go-qrcode"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
)

// Serving is what hexslinger serve is started with: a fight run without a
// window, for a table on the LAN.
type Serving struct {
	// Fight is the fight to run: a *.fight.json file, or a bundled
	// fight's name; "" for the demo.
	Fight string
	// Listen is the address to listen on, as ":7777".
	Listen string
	// Journal is the fight's journal (an existing one is replayed); ""
	// for a new one under the user data folder.
	Journal string
	// SetAside moves a damaged last line of the journal beside it and
	// opens the fight without it; without it such a journal is refused
	// and left as it is.
	SetAside bool
	// Web is the folder of the player's map for browsers
	// (hexslinger-web.wasm and wasm_exec.js); "" for DefaultWebDir.
	// Without them the table opens all the same, for map windows only.
	Web string
	// Players are the players and the figures each commands, as
	// "Alice=cyril,miranda".
	Players []string
	// In carries the Judge's commands (revoke NAME, players), if not
	// nil; Out gets the join codes and the answers, Err what the opening
	// says.
	In       io.Reader
	Out, Err io.Writer
	// Wait returns when the table should stop (Ctrl+C); it must be set.
	Wait func()
}

// Serve runs the fight v names without a window: it opens the table on
// the LAN over TLS, prints a join code for the Judge and for each player,
// answers the Judge's commands on v.In and returns when v.Wait does.
func Serve(v Serving) error {
	fight, err := loadFight(v.Fight)
	if err != nil {
		return err
	}
	journal := v.Journal
	if journal == "" {
		if journal, err = newJournalPath(fight.Name); err != nil {
			return err
		}
	}
	s, err := openServed(fight, journal, v.SetAside, v.Err)
	if err != nil {
		return err
	}
	defer s.Close()
	st := s.State()
	access := session.NewAccess(session.NewToken())
	var seats []*session.Seat
	for _, p := range v.Players {
		name, figs, ok := strings.Cut(p, "=")
		if !ok || strings.TrimSpace(name) == "" {
			return fmt.Errorf("--player %q: want Name=figure,figure", p)
		}
		var ids []string
		for _, id := range strings.Split(figs, ",") {
			if id = strings.TrimSpace(id); id == "" {
				continue
			}
			if _, ok := st.Figures[id]; !ok {
				return fmt.Errorf("--player %q: the fight has no figure %q (it has %s)", p, id, strings.Join(st.Order, ", "))
			}
			ids = append(ids, id)
		}
		seats = append(seats, access.AddPlayer(strings.TrimSpace(name), ids))
	}
	cfg, fp, err := transport.SelfSigned()
	if err != nil {
		return fmt.Errorf("make the table's certificate: %w", err)
	}
	srv, err := transport.Serve(s, v.Listen, access, cfg)
	if err != nil {
		return err
	}
	defer srv.Close()
	port := srv.Addr().(*net.TCPAddr).Port
	host := transport.LANAddress(port)
	if h, _, err := net.SplitHostPort(v.Listen); err == nil && h != "" && h != "0.0.0.0" && h != "::" {
		host = net.JoinHostPort(h, strconv.Itoa(port))
	}
	judge := access.Judge()
	fmt.Fprintf(v.Out, "hexslinger serve: %q on %s (journal %s)\n", fight.Name, srv.URL(), s.JournalPath())
	fmt.Fprintln(v.Out, "  "+serveWebApp(srv, v.Web, host))
	fmt.Fprintf(v.Out, "  Judge: hexslinger-map --join '%s'\n", transport.JoinCode(host, judge.Token(), fp))
	for _, seat := range seats {
		fmt.Fprintf(v.Out, "  %s (%s): hexslinger-map --join '%s'\n", seat.Name, strings.Join(seat.Figures, ", "), transport.JoinCode(host, seat.Token(), fp))
		printBrowserJoin(v.Out, host, seat.Token())
	}
	fmt.Fprintln(v.Out, `Type "revoke NAME" to revoke a player's seat, "players" to list them; Ctrl+C stops.`)
	if v.In != nil {
		go commands(v.In, v.Out, access)
	}
	v.Wait()
	return nil
}

// openServed opens the session serve runs, telling say how far a big
// journal has been read. A journal whose last line is damaged is refused
// with the damage and the flag that sets it aside; with setAside, the
// line is moved beside the journal, say is told where, and the fight
// opens without it.
func openServed(fight *session.FightFile, journal string, setAside bool, say io.Writer) (*session.Session, error) {
	var opts session.OpenOptions
	if fi, err := os.Stat(journal); err == nil && fi.Size() >= 32<<20 {
		told := -1
		opts.Progress = func(done float64) {
			if tenth := int(done * 10); tenth > told {
				told = tenth
				fmt.Fprintf(say, "hexslinger serve: reading the journal (%d MiB): %d%%\n", fi.Size()>>20, tenth*10)
			}
		}
	}
	s, err := session.OpenWith(fight, journal, opts)
	var d *session.DamagedJournal
	if !errors.As(err, &d) {
		return s, err
	}
	if !setAside {
		return nil, fmt.Errorf("%w\n  The journal is left as it is. To open the fight without that line, run again with --set-aside-damaged:\n  the line is moved to %s.damaged-TIME beside the journal", err, filepath.Base(journal))
	}
	aside, err := session.SetAside(d)
	if err != nil {
		return nil, err
	}
	fmt.Fprintf(say, "hexslinger serve: line %d of %s (%d bytes) was damaged: set aside to %s; the fight opens without it\n", d.Line, journal, d.Size-d.Offset, aside)
	return session.OpenWith(fight, journal, opts)
}

// commands reads the Judge's lines from in while serving and answers on
// out.
func commands(in io.Reader, out io.Writer, access *session.Access) {
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		verb, arg, _ := strings.Cut(strings.TrimSpace(sc.Text()), " ")
		switch verb {
		case "":
		case "revoke":
			if err := access.Revoke(strings.TrimSpace(arg)); err != nil {
				fmt.Fprintln(out, "revoke:", err)
			} else {
				fmt.Fprintf(out, "%s's seat is revoked.\n", strings.TrimSpace(arg))
			}
		case "players":
			for _, p := range access.Players() {
				state := "seated"
				if p.Revoked() {
					state = "revoked"
				}
				fmt.Fprintf(out, "  %s (%s): %s\n", p.Name, strings.Join(p.Figures, ", "), state)
			}
		default:
			fmt.Fprintf(out, "unknown command %q: revoke NAME, players\n", verb)
		}
	}
}

// printBrowserJoin prints a seat's browser link and its QR code as text,
// for a phone to scan off the Judge's terminal.
func printBrowserJoin(out io.Writer, host, token string) {
	link := transport.BrowserLink(host, token)
	fmt.Fprintf(out, "    In a browser: %s\n", link)
	if q, err := qrcode.New(link, qrLevel); err == nil {
		fmt.Fprint(out, indent(q.ToSmallString(false), "    "))
	}
}

// indent puts prefix before each line of text.
func indent(text, prefix string) string {
	lines := strings.SplitAfter(text, "\n")
	for i, l := range lines {
		if l != "" {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "")
}
