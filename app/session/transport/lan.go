package transport

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/sha256"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"net"
	"net/url"
	"strings"
	"time"
)

// SelfSigned makes a fresh self-signed certificate for opening the table
// on the LAN, and returns the TLS configuration and the certificate's
// fingerprint (hex SHA-256 of its DER bytes), which join codes carry so
// that clients pin it.
func SelfSigned() (*tls.Config, string, error) {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, "", err
	}
	serial, _ := rand.Int(rand.Reader, new(big.Int).Lsh(big.NewInt(1), 62))
	tmpl := &x509.Certificate{
		SerialNumber: serial,
		Subject:      pkix.Name{CommonName: "hexslinger table"},
		NotBefore:    time.Now().Add(-time.Hour),
		NotAfter:     time.Now().Add(30 * 24 * time.Hour),
		KeyUsage:     x509.KeyUsageDigitalSignature,
		ExtKeyUsage:  []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		return nil, "", err
	}
	cert := tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
	return &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS13}, Fingerprint(der), nil
}

// Fingerprint is the hex SHA-256 of a certificate's DER bytes.
func Fingerprint(der []byte) string {
	sum := sha256.Sum256(der)
	return hex.EncodeToString(sum[:])
}

// JoinCode is what a player types or pastes to join a table:
// hexslinger://HOST:PORT/TOKEN#FINGERPRINT.
func JoinCode(addr, token, fingerprint string) string {
	return "hexslinger://" + addr + "/" + token + "#" + fingerprint
}

// ParseJoinCode reads a join code into the WebSocket address, the token
// and the certificate fingerprint to pin.
func ParseJoinCode(code string) (wsURL, token, fingerprint string, err error) {
	bad := func(why string) error {
		return fmt.Errorf("join code %q: %s; a join code looks like hexslinger://192.168.1.20:7777/TOKEN#FINGERPRINT", code, why)
	}
	u, err := url.Parse(strings.TrimSpace(code))
	if err != nil {
		return "", "", "", bad("not a join code")
	}
	switch {
	case u.Scheme != "hexslinger":
		return "", "", "", bad("it does not start with hexslinger://")
	case u.Host == "" || u.Port() == "":
		return "", "", "", bad("it has no host and port")
	case len(strings.Trim(u.Path, "/")) == 0 || strings.Contains(strings.Trim(u.Path, "/"), "/"):
		return "", "", "", bad("it has no token")
	case len(u.Fragment) != 64:
		return "", "", "", bad("its fingerprint is not 64 hex digits")
	}
	if _, err := hex.DecodeString(u.Fragment); err != nil {
		return "", "", "", bad("its fingerprint is not hex")
	}
	return "wss://" + u.Host + "/ws", strings.Trim(u.Path, "/"), strings.ToLower(u.Fragment), nil
}

// ErrFingerprint is a TLS certificate that does not match the join code.
var ErrFingerprint = errors.New("the table's certificate does not match the join code (someone else may be answering)")

// LANAddress returns this machine's first LAN IPv4 address with port, for
// join codes; 127.0.0.1 when it has none.
func LANAddress(port int) string {
	addrs, _ := net.InterfaceAddrs()
	for _, a := range addrs {
		if ipn, ok := a.(*net.IPNet); ok && !ipn.IP.IsLoopback() && ipn.IP.To4() != nil {
			return net.JoinHostPort(ipn.IP.String(), fmt.Sprint(port))
		}
	}
	return net.JoinHostPort("127.0.0.1", fmt.Sprint(port))
}
