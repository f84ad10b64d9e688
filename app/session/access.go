package session

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"fmt"
	"hexslinger/hexmap"
	"slices"
	"sort"
	"sync"
)

// Role is what a client may do: the Judge everything, a player only with
// its own figures.
type Role string

// Roles.
const (
	RoleJudge  Role = "judge"
	RolePlayer Role = "player"
)

// Seat is one client's place at the table: the Judge's, or a player's
// bound to figures, or to a side (the table monitor's seat commands every
// figure of the players' side, as it is when each command arrives).
type Seat struct {
	Name    string   `json:"name"`
	Role    Role     `json:"role"`
	Figures []string `json:"figures,omitempty"`
	Side    string   `json:"side,omitempty"`
	token   string
	revoked bool
}

// Owns reports whether the seat commands figure id in state st: the
// Judge every figure; a player its own figures and its side's that are in
// view.
func (s *Seat) Owns(st *State, id string) bool {
	if s == nil || s.Role == RoleJudge {
		return true
	}
	f, ok := st.Figures[id]
	if !ok || f.Hidden {
		return false
	}
	return slices.Contains(s.Figures, id) || s.Side != "" && f.Side == s.Side
}

// Owned lists the figures in view the seat commands in st, in order.
func (s *Seat) Owned(st *State) []string {
	var out []string
	for _, id := range st.Order {
		if s.Owns(st, id) {
			out = append(out, id)
		}
	}
	return out
}

// Token is the seat's secret.
func (s *Seat) Token() string { return s.token }

// Access errors.
var (
	ErrWrongToken   = errors.New("the token is wrong: this map window is not for this session")
	ErrRevokedToken = errors.New("the Judge has revoked this seat")
)

// Access holds the seats of a session: a Judge token and one token per
// player.
type Access struct {
	mu      sync.Mutex
	seats   map[string]*Seat // by token
	revoked []func(*Seat)
}

// NewAccess returns access with the Judge's seat for judgeToken.
func NewAccess(judgeToken string) *Access {
	a := &Access{seats: map[string]*Seat{}}
	a.seats[judgeToken] = &Seat{Name: "Judge", Role: RoleJudge, token: judgeToken}
	return a
}

// AddPlayer seats a player bound to figures and returns the seat.
func (a *Access) AddPlayer(name string, figures []string) *Seat {
	a.mu.Lock()
	defer a.mu.Unlock()
	s := &Seat{Name: name, Role: RolePlayer, Figures: append([]string(nil), figures...), token: NewToken()}
	a.seats[s.token] = s
	return s
}

// AddSide seats a player bound to a side: every figure of that side in
// view, as the fight goes (the table monitor's seat).
func (a *Access) AddSide(name, side string) *Seat {
	a.mu.Lock()
	defer a.mu.Unlock()
	s := &Seat{Name: name, Role: RolePlayer, Side: side, token: NewToken()}
	a.seats[s.token] = s
	return s
}

// Judge returns the Judge's seat.
func (a *Access) Judge() *Seat {
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, s := range a.seats {
		if s.Role == RoleJudge {
			return s
		}
	}
	return nil
}

// Seat returns the seat of a token.
func (a *Access) Seat(token string) (*Seat, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	for t, s := range a.seats {
		if tokensEqual(t, token) {
			if s.revoked {
				return nil, ErrRevokedToken
			}
			return s, nil
		}
	}
	return nil, ErrWrongToken
}

// Revoke ends a player's seat: its token no longer opens the session, and
// its connections are dropped.
func (a *Access) Revoke(name string) error {
	a.mu.Lock()
	var seats []*Seat
	for _, s := range a.seats {
		if s.Name == name && s.Role == RolePlayer && !s.revoked {
			s.revoked = true
			seats = append(seats, s)
		}
	}
	hooks := slices.Clone(a.revoked)
	a.mu.Unlock()
	if len(seats) == 0 {
		return fmt.Errorf("no player %q is seated", name)
	}
	for _, seat := range seats {
		for _, h := range hooks {
			h(seat)
		}
	}
	return nil
}

// RevokeSeat ends one seat, as Revoke does by name.
func (a *Access) RevokeSeat(seat *Seat) {
	a.mu.Lock()
	if seat == nil || seat.revoked || seat.Role != RolePlayer {
		a.mu.Unlock()
		return
	}
	seat.revoked = true
	hooks := slices.Clone(a.revoked)
	a.mu.Unlock()
	for _, h := range hooks {
		h(seat)
	}
}

// OnRevoke calls f with each seat revoked from now on.
func (a *Access) OnRevoke(f func(*Seat)) {
	a.mu.Lock()
	a.revoked = append(a.revoked, f)
	a.mu.Unlock()
}

// Players lists the players' seats (revoked ones too), by name.
func (a *Access) Players() []*Seat {
	a.mu.Lock()
	defer a.mu.Unlock()
	var out []*Seat
	for _, s := range a.seats {
		if s.Role == RolePlayer {
			out = append(out, s)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Revoked reports whether the seat was revoked.
func (s *Seat) Revoked() bool { return s.revoked }

// Forbidden is a command this seat may not give.
type Forbidden struct{ Reason string }

func (f *Forbidden) Error() string { return f.Reason }

// errNotInView is the one answer a player gets for a figure it may not see
// and for one that does not exist, so that probing ids finds nothing.
const errNotInView = "there is no such figure in view"

// authorize checks a command against a seat: the Judge may do anything; a
// player may only act with its own figures, and only on figures in view.
func authorize(seat *Seat, st *State, c Command) error {
	if seat == nil || seat.Role == RoleJudge {
		return nil
	}
	if err := playersRoll(seat, st, c); err != nil {
		return err
	}
	if c.Modifier != nil {
		return &Forbidden{Reason: "only the Judge may set a modifier of their own"}
	}
	if c.Fudge != nil {
		return &Forbidden{Reason: "only the Judge may rule on a shield check, a treatment or a critical"}
	}
	if c.Blow != nil && c.Blow.Defense != "" && !seat.Owns(st, c.Blow.Target) {
		return &Forbidden{Reason: fmt.Sprintf("%s chooses their own defense: send the blow without one, and it waits for their answer", st.FigureName(c.Blow.Target))}
	}
	switch c.Kind {
	case CommandDoor:
		if c.Figure == "" {
			return &Forbidden{Reason: "only the Judge may work a door with no figure at it"}
		}
		fallthrough
	case CommandMove, CommandTurn, CommandReady, CommandCock, CommandProne, CommandDuck, CommandShoot, CommandMelee, CommandRecover, CommandStrike,
		CommandPickUp, CommandReload, CommandDefend, CommandEscape, CommandSkill, CommandRide,
		CommandDelay, CommandBenny:
		v := st.sightOf(seat)
		for _, id := range referenced(c) {
			if _, ok := st.Figures[id]; !ok || v.hidden[id] {
				return &Forbidden{Reason: errNotInView}
			}
		}
		if !seat.Owns(st, c.Figure) {
			return &Forbidden{Reason: fmt.Sprintf("%s commands only their own figures, not %s", seat.Name, st.FigureName(c.Figure))}
		}
		if c.Kind == CommandDoor && secretDoorAt(st, c) {
			// The players see a wall there: answered as at a wall.
			return noDoor(st, *c.To, hexmap.Direction(c.Side))
		}
		return nil
	}
	return &Forbidden{Reason: fmt.Sprintf("only the Judge may %s", describeKind(c.Kind))}
}

// referenced lists every figure a command names: the actor and its
// targets.
func referenced(c Command) []string {
	ids := []string{c.Figure}
	if c.Target != "" {
		ids = append(ids, c.Target)
	}
	if c.Blow != nil {
		ids = append(ids, c.Blow.Target)
	}
	for _, b := range c.Blows {
		ids = append(ids, b.Target)
	}
	for _, s := range c.Shots {
		ids = append(ids, s.Target)
	}
	for _, d := range c.Declare {
		ids = append(ids, d.Figure)
	}
	return ids
}

func describeKind(k string) string {
	switch k {
	case CommandNewRound:
		return "start a new round"
	case CommandSegment:
		return "count the segments"
	case CommandUndo:
		return "undo"
	case CommandRedo:
		return "redo"
	case CommandHide, CommandReveal:
		return "hide or reveal figures"
	case CommandSetCharacter, CommandRemoveCharacter:
		return "edit character sheets"
	case CommandPlace, CommandRemoveFigure:
		return "place or remove figures"
	case CommandSetOptions:
		return "change the rule options"
	case CommandEditMap:
		return "edit the map"
	case CommandRevealHexes:
		return "reveal or fog hexes"
	}
	return fmt.Sprintf("give the command %q", k)
}

// tokensEqual compares tokens in constant time.
func tokensEqual(a, b string) bool { return subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1 }

// NewToken returns a random token for a seat.
func NewToken() string {
	b := make([]byte, 16)
	rand.Read(b)
	return hex.EncodeToString(b)
}
