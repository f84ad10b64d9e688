package session

// SeatByProof returns the seat a browser proved it holds without sending
// its token: the seat whose token has the id seatID (id(token)) and
// answers the challenge with proof (answer(token)), both compared in
// constant time. Every seat is tried, so the time taken does not tell
// which part failed; a wrong id and a wrong proof are the same
// ErrWrongToken, and a revoked seat is ErrRevokedToken only to its
// token's holder (the proof is right).
func (a *Access) SeatByProof(seatID, proof string, id, answer func(token string) string) (*Seat, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	var found *Seat
	for t, s := range a.seats {
		idOK := tokensEqual(id(t), seatID)
		proofOK := tokensEqual(answer(t), proof)
		if idOK && proofOK && found == nil {
			found = s
		}
	}
	switch {
	case found == nil:
		return nil, ErrWrongToken
	case found.revoked:
		return nil, ErrRevokedToken
	}
	return found, nil
}
