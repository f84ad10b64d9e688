// Package userdir says where hexslinger keeps the files it makes for a
// user (the fights' journals, new fights): in the folder each operating
// system gives an application's data.
//
//	Linux, BSD  $XDG_DATA_HOME/hexslinger, else ~/.local/share/hexslinger
//	Windows     %AppData%\hexslinger (os.UserConfigDir: the roaming
//	            application data, C:\Users\NAME\AppData\Roaming)
//	macOS       ~/Library/Application Support/hexslinger (os.UserConfigDir)
//
// The map window's preferences (os.UserConfigDir) and the map editor's
// autosave of an untitled map (os.UserCacheDir) use the standard library
// directly.
package userdir

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
)

// Data returns the folder of hexslinger's data of one kind ("journals",
// "fights") under the user's data folder, made if need be.
func Data(kind string) (string, error) {
	base, err := dataBase(thisSystem)
	if err != nil {
		return "", err
	}
	dir := filepath.Join(base, "hexslinger", kind)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", fmt.Errorf("make the folder for hexslinger's %s: %w", kind, err)
	}
	return dir, nil
}

// system is what dataBase asks of the operating system.
type system struct {
	goos   string
	getenv func(string) string
	home   func() (string, error) // os.UserHomeDir
	config func() (string, error) // os.UserConfigDir
}

var thisSystem = system{runtime.GOOS, os.Getenv, os.UserHomeDir, os.UserConfigDir}

// dataBase is the user's folder for applications' data on system s.
func dataBase(s system) (string, error) {
	switch s.goos {
	case "windows", "darwin", "ios":
		dir, err := s.config()
		if err != nil {
			return "", fmt.Errorf("no folder for hexslinger's data: %w", err)
		}
		return dir, nil
	}
	// The XDG base directories, as hexslinger has always kept them.
	if dir := s.getenv("XDG_DATA_HOME"); dir != "" {
		return dir, nil
	}
	home, err := s.home()
	if err != nil {
		return "", fmt.Errorf("no folder for hexslinger's data (XDG_DATA_HOME is not set): %w", err)
	}
	return filepath.Join(home, ".local", "share"), nil
}
