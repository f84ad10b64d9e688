package main

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"

	"hexslinger/app/session"
	"hexslinger/app/session/transport"
)

// playerFlags collects --player "Name=figure,figure" flags.
type playerFlags []string

func (p *playerFlags) String() string     { return strings.Join(*p, "; ") }
func (p *playerFlags) Set(v string) error { *p = append(*p, v); return nil }

// serve runs a session without a window (hexslinger serve): it opens the
// table on the LAN over TLS and prints a join code for the Judge and for
// each player.
func serve(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fightPath := fs.String("fight", "", "the fight to run: a *.fight.json file, or a bundled fight (demo, dragonwarriors, savage, fudge, quickdraw); default: the demo")
	listen := fs.String("listen", ":7777", "the address to listen on")
	journalPath := fs.String("journal", "", "the fight's journal; an existing one is replayed; default: a new one under the user data folder")
	setAside := fs.Bool("set-aside-damaged", false, "a journal whose last line is damaged (cut off by a crash, or not an event): move that line to NAME.journal.jsonl.damaged-TIME beside it and open the fight without it; without this flag such a journal is refused and left as it is")
	var players playerFlags
	fs.Var(&players, "player", `a player and the figures they command, as "Alice=cyril,miranda" (repeat for each player)`)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `hexslinger serve: run a fight without a window, for a table on the LAN over TLS.
It prints a join code for the Judge and for each player; each runs
hexslinger-map --join CODE on their own machine.

  hexslinger serve --fight my.fight.json --player "Alice=cyril,miranda" --player "Bob=zeke"

Flags:
`)
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	fight, err := loadFight(*fightPath)
	if err != nil {
		return err
	}
	if *journalPath == "" {
		if *journalPath, err = newJournalPath(fight.Name); err != nil {
			return err
		}
	}
	s, err := openServed(fight, *journalPath, *setAside, os.Stderr)
	if err != nil {
		return err
	}
	defer s.Close()
	st := s.State()
	access := session.NewAccess(session.NewToken())
	var seats []*session.Seat
	for _, p := range players {
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
	srv, err := transport.Serve(s, *listen, access, cfg)
	if err != nil {
		return err
	}
	defer srv.Close()
	port := srv.Addr().(*net.TCPAddr).Port
	host := transport.LANAddress(port)
	if h, _, err := net.SplitHostPort(*listen); err == nil && h != "" && h != "0.0.0.0" && h != "::" {
		host = net.JoinHostPort(h, strconv.Itoa(port))
	}
	judge := access.Judge()
	fmt.Printf("hexslinger serve: %q on %s (journal %s)\n", fight.Name, srv.URL(), s.JournalPath())
	fmt.Printf("  Judge: hexslinger-map --join '%s'\n", transport.JoinCode(host, judge.Token(), fp))
	for _, seat := range seats {
		fmt.Printf("  %s (%s): hexslinger-map --join '%s'\n", seat.Name, strings.Join(seat.Figures, ", "), transport.JoinCode(host, seat.Token(), fp))
	}
	fmt.Println(`Type "revoke NAME" to revoke a player's seat, "players" to list them; Ctrl+C stops.`)
	go commands(os.Stdin, access)
	waitForStop()
	return nil
}

// waitForStop returns on Ctrl+C or SIGTERM (tests return at once).
var waitForStop = func() {
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	<-stop
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

// commands reads the Judge's lines on standard input while serving.
func commands(in io.Reader, access *session.Access) {
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		verb, arg, _ := strings.Cut(strings.TrimSpace(sc.Text()), " ")
		switch verb {
		case "":
		case "revoke":
			if err := access.Revoke(strings.TrimSpace(arg)); err != nil {
				fmt.Println("revoke:", err)
			} else {
				fmt.Printf("%s's seat is revoked.\n", strings.TrimSpace(arg))
			}
		case "players":
			for _, p := range access.Players() {
				state := "seated"
				if p.Revoked() {
					state = "revoked"
				}
				fmt.Printf("  %s (%s): %s\n", p.Name, strings.Join(p.Figures, ", "), state)
			}
		default:
			fmt.Printf("unknown command %q: revoke NAME, players\n", verb)
		}
	}
}
