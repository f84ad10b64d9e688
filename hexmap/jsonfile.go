package hexmap

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
)

// JSONFile says how DecodeJSON reads one kind of file.
type JSONFile struct {
	Kind    string // for errors: "map", "fight", "hero"
	MaxSize int    // bytes; a larger file is refused before it is decoded
	// Loose lets fields hexslinger does not know through: files written
	// by other tools (UVTT) carry their own. hexslinger's own files are
	// read strictly, so that a misspelt field is an error, not a default.
	Loose bool
}

// DecodeJSON reads one JSON document of kind k from r into v: at most
// k.MaxSize bytes, one document and nothing after it, strictly unless
// k.Loose. Errors name the line (bad syntax) or the field (a wrong type,
// an unknown field). It returns the bytes read, for the caller's own
// checks' errors. The five file formats hexslinger reads (map, UVTT,
// fight, hero, the rule tables) all come through here.
func DecodeJSON(r io.Reader, k JSONFile, v any) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, int64(k.MaxSize)+1))
	if err != nil {
		return nil, err
	}
	if len(data) > k.MaxSize {
		return nil, fmt.Errorf("larger than the %s a %s file may be", sizeText(k.MaxSize), k.Kind)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	if !k.Loose {
		dec.DisallowUnknownFields()
	}
	if err := dec.Decode(v); err != nil {
		return data, JSONError(data, err)
	}
	if off := dec.InputOffset(); len(bytes.TrimSpace(data[off:])) > 0 {
		return data, fmt.Errorf("offset %d: more after the closing brace (one %s to a file)", off, k.Kind)
	}
	return data, nil
}

// sizeText is a size for people: "32 MiB", "64 KiB".
func sizeText(n int) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
