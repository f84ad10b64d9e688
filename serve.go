package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
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
	s, err := session.Open(fight, *journalPath)
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
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	<-stop
	return nil
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
