package transport

import (
	"context"
	"errors"
	"hexslinger/app/session"
	"strings"
	"testing"
	"time"
)

func TestJoinCodes(t *testing.T) {
	fp := strings.Repeat("ab", 32)
	code := JoinCode("192.168.1.20:7777", "tok123", fp)
	u, tok, got, err := ParseJoinCode(code)
	if err != nil || u != "wss://192.168.1.20:7777/ws" || tok != "tok123" || got != fp {
		t.Fatalf("ParseJoinCode(%q) = %q %q %q %v", code, u, tok, got, err)
	}
	for _, bad := range []string{
		"", "http://x:1/t#" + fp, "hexslinger://x/t#" + fp, "hexslinger://x:1/#" + fp,
		"hexslinger://x:1/t#abc", "hexslinger://x:1/t#" + strings.Repeat("zz", 32), "hexslinger://x:1/a/b#" + fp,
	} {
		if _, _, _, err := ParseJoinCode(bad); err == nil {
			t.Errorf("ParseJoinCode(%q) accepted", bad)
		}
	}
}

func TestTableOverTLS(t *testing.T) {
	s := open(t)
	cfg, fp, err := SelfSigned()
	if err != nil {
		t.Fatal(err)
	}
	a := session.NewAccess("judge")
	alice := a.AddPlayer("Alice", []string{"cyril"})
	sv, err := Serve(s, "127.0.0.1:0", a, cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer sv.Close()
	if !strings.HasPrefix(sv.URL(), "wss://") {
		t.Errorf("URL %s", sv.URL())
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	addr := sv.Addr().String()
	cl, past, err := DialJoinCode(ctx, JoinCode(addr, alice.Token(), fp))
	if err != nil {
		t.Fatal(err)
	}
	cl.Close()
	if cl.Role != "player" || len(past) != 1 {
		t.Errorf("joined as %s with %d events", cl.Role, len(past))
	}
	// Another certificate's fingerprint: refused before any token is sent.
	_, other, _ := SelfSigned()
	if _, _, err := DialJoinCode(ctx, JoinCode(addr, alice.Token(), other)); err == nil || !strings.Contains(err.Error(), "certificate does not match") {
		t.Errorf("a wrong fingerprint: %v", err)
	}
	if _, _, err := DialJoinCode(ctx, "hexslinger://nonsense"); !errors.Is(err, ErrRejected) {
		t.Errorf("a bad code: %v", err)
	}
}
