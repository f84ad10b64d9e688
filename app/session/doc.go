// Package session is the one authority over a fight: it validates commands
// with the fight's rule system (rules, the system's own package under
// rules/, and hexmap), turns them into events, appends them to the
// journal, applies them to the state and hands them, in journal order, to
// its subscribers (Session.Subscribe); what each seat may see of them is
// decided here (sight.go). It carries nothing over the network: its
// transport (app/session/transport) serves it to the console's and the
// map windows' connections over WebSocket. It imports no GUI toolkit, and
// not its transport.
package session
