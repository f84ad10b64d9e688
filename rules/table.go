package rules

import (
	"bytes"
	"fmt"

	"hexslinger/hexmap"
)

// decodeTable strictly decodes one of the rule tables in assets into v and
// checks its format and version, which v reports.
func decodeTable(data []byte, format string, v interface{ header() (string, int) }) error {
	if _, err := hexmap.DecodeJSON(bytes.NewReader(data), hexmap.JSONFile{Kind: format, MaxSize: len(data)}, v); err != nil {
		return err
	}
	if f, ver := v.header(); f != format || ver != 1 {
		return fmt.Errorf("format %q version %d: want %s version 1", f, ver, format)
	}
	return nil
}

func (f *DeckFile) header() (string, int)   { return f.Format, f.Version }
func (f *WeaponFile) header() (string, int) { return f.Format, f.Version }
func (t *MeleeTable) header() (string, int) { return t.Format, t.Version }
