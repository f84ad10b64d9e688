package session

import (
	"errors"
	"testing"
)

// TestASeatIsFoundByItsProof: the seat whose token has the id and
// answers the proof, and no other; a wrong id and a wrong proof are one
// error; a revoked seat's right proof says revoked.
func TestASeatIsFoundByItsProof(t *testing.T) {
	a := NewAccess("judge-token")
	alice := a.AddPlayer("Alice", []string{"cyril"})
	bob := a.AddPlayer("Bob", []string{"miranda"})
	id := func(token string) string { return "id:" + token }
	answer := func(token string) string { return "proof:" + token }
	tests := []struct {
		name      string
		id, proof string
		want      *Seat
		err       error
	}{
		{"Alice's id and proof", "id:" + alice.Token(), "proof:" + alice.Token(), alice, nil},
		{"the Judge's", "id:judge-token", "proof:judge-token", a.Judge(), nil},
		{"Alice's id, Bob's proof", "id:" + alice.Token(), "proof:" + bob.Token(), nil, ErrWrongToken},
		{"an unknown id", "id:guess", "proof:guess", nil, ErrWrongToken},
		{"no id, no proof", "", "", nil, ErrWrongToken},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := a.SeatByProof(tt.id, tt.proof, id, answer)
			if got != tt.want || !errors.Is(err, tt.err) {
				t.Errorf("SeatByProof(%q, %q) = %v, %v; want %v, %v", tt.id, tt.proof, got, err, tt.want, tt.err)
			}
		})
	}
	a.RevokeSeat(bob)
	if _, err := a.SeatByProof("id:"+bob.Token(), "proof:"+bob.Token(), id, answer); !errors.Is(err, ErrRevokedToken) {
		t.Errorf("Bob's proof after his seat was revoked: %v, want %v", err, ErrRevokedToken)
	}
	if _, err := a.SeatByProof("id:"+bob.Token(), "proof:guess", id, answer); !errors.Is(err, ErrWrongToken) {
		t.Errorf("a wrong proof for Bob's revoked seat: %v, want %v (no hint the seat exists)", err, ErrWrongToken)
	}
}
