package session

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"hexslinger/hexmap"
)

// Hero file identifiers (DESIGN.md "Files a Judge keeps": *.hero.json, one
// character sheet).
const (
	HeroFormat  = "hexslinger/hero"
	HeroVersion = 1
	// MaxHeroSize caps a hero file.
	MaxHeroSize = 1 << 20
)

// HeroFile is the JSON form of one character sheet.
type HeroFile struct {
	Format    string    `json:"format"`
	Version   int       `json:"version"`
	Character Character `json:"character"`
}

// DecodeHero reads a hero file and checks the sheet whole.
func DecodeHero(r io.Reader) (Character, error) {
	var h HeroFile
	if _, err := hexmap.DecodeJSON(r, hexmap.JSONFile{Kind: "hero", MaxSize: MaxHeroSize}, &h); err != nil {
		return Character{}, err
	}
	switch {
	case h.Format != HeroFormat:
		return Character{}, fmt.Errorf("format: is %q, want %q", h.Format, HeroFormat)
	case h.Version != HeroVersion:
		return Character{}, fmt.Errorf("version: is %d; this hexslinger reads version %d", h.Version, HeroVersion)
	}
	if err := CheckSheet(h.Character); err != nil {
		return Character{}, fmt.Errorf("character: %w", err)
	}
	return h.Character, nil
}

// LoadHero reads a hero file; errors name the file.
func LoadHero(path string) (Character, error) {
	fh, err := os.Open(path)
	if err != nil {
		return Character{}, fmt.Errorf("open hero: %w", err)
	}
	defer fh.Close()
	c, err := DecodeHero(fh)
	if err != nil {
		return Character{}, fmt.Errorf("open hero %s: %w", path, err)
	}
	return c, nil
}

// EncodeHero is a sheet as a hero file's bytes.
func EncodeHero(c Character) ([]byte, error) {
	return json.MarshalIndent(HeroFile{Format: HeroFormat, Version: HeroVersion, Character: c}, "", "  ")
}

// SaveHero writes a sheet to path atomically.
func SaveHero(path string, c Character) error {
	if err := CheckSheet(c); err != nil {
		return fmt.Errorf("save hero %s: %w", path, err)
	}
	data, err := EncodeHero(c)
	if err == nil {
		err = hexmap.WriteFileAtomic(path, append(data, '\n'))
	}
	if err != nil {
		return fmt.Errorf("save hero %s: %w", path, err)
	}
	return nil
}

// SaveFight writes a fight file to path atomically, checked first.
func SaveFight(path string, f *FightFile) error {
	if _, err := f.State(); err != nil {
		return fmt.Errorf("save fight %s: %w", path, err)
	}
	data, err := json.MarshalIndent(f, "", " ")
	if err == nil {
		err = hexmap.WriteFileAtomic(path, append(data, '\n'))
	}
	if err != nil {
		return fmt.Errorf("save fight %s: %w", path, err)
	}
	return nil
}
