package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"hexslinger/app/console"
)

// playerFlags collects --player "Name=figure,figure" flags.
type playerFlags []string

func (p *playerFlags) String() string     { return strings.Join(*p, "; ") }
func (p *playerFlags) Set(v string) error { *p = append(*p, v); return nil }

// serve is hexslinger serve: a session without a window, on the LAN over
// TLS (console.Serve).
func serve(args []string) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	v := console.Serving{In: os.Stdin, Out: os.Stdout, Err: os.Stderr, Wait: waitForStop}
	fs.StringVar(&v.Fight, "fight", "", "the fight to run: a *.fight.json file, or a bundled fight (demo, dragonwarriors, savage, fudge, quickdraw); default: the demo")
	fs.StringVar(&v.Listen, "listen", ":7777", "the address to listen on")
	fs.StringVar(&v.Journal, "journal", "", "the fight's journal; an existing one is replayed; default: a new one under the user data folder")
	fs.BoolVar(&v.SetAside, "set-aside-damaged", false, "a journal whose last line is damaged (cut off by a crash, or not an event): move that line to NAME.journal.jsonl.damaged-TIME beside it and open the fight without it; without this flag such a journal is refused and left as it is")
	fs.StringVar(&v.Web, "web", "", "the folder of the player's map for browsers (hexslinger-web.wasm and wasm_exec.js, which make build puts in bin/); default: the folder of this program")
	fs.Var((*playerFlags)(&v.Players), "player", `a player and the figures they command, as "Alice=cyril,miranda" (repeat for each player)`)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), `hexslinger serve: run a fight without a window, for a table on the LAN over TLS.
It prints a join code for the Judge and for each player; each runs
hexslinger-map --join CODE on their own machine, and, for each player, a
browser link and its QR code, for a phone to scan.

  hexslinger serve --fight my.fight.json --player "Alice=cyril,miranda" --player "Bob=zeke"

Flags:
`)
		fs.PrintDefaults()
	}
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	return console.Serve(v)
}

// waitForStop returns on Ctrl+C or SIGTERM (tests return at once).
var waitForStop = func() {
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, os.Interrupt, syscall.SIGTERM)
	<-stop
}
