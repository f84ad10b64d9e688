package userdir

import (
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestDataFolderFollowsTheSystem: each system's data folder, from its
// environment, whatever system the test runs on.
func TestDataFolderFollowsTheSystem(t *testing.T) {
	noHome := errors.New("$HOME is not defined")
	env := func(kv ...string) func(string) string {
		return func(k string) string {
			for i := 0; i+1 < len(kv); i += 2 {
				if kv[i] == k {
					return kv[i+1]
				}
			}
			return ""
		}
	}
	dir := func(d string) func() (string, error) { return func() (string, error) { return d, nil } }
	fail := func() (string, error) { return "", noHome }
	tests := []struct {
		name    string
		s       system
		want    string
		wantErr string
	}{
		{"linux with XDG_DATA_HOME", system{"linux", env("XDG_DATA_HOME", "/data/ann"), dir("/home/ann"), dir("/home/ann/.config")}, "/data/ann", ""},
		{"linux without XDG_DATA_HOME", system{"linux", env(), dir("/home/ann"), dir("/home/ann/.config")}, filepath.Join("/home/ann", ".local", "share"), ""},
		{"linux without a home", system{"linux", env(), fail, fail}, "", "XDG_DATA_HOME is not set"},
		{"freebsd as linux", system{"freebsd", env(), dir("/home/ann"), dir("/home/ann/.config")}, filepath.Join("/home/ann", ".local", "share"), ""},
		{"windows: AppData, roaming", system{"windows", env("XDG_DATA_HOME", `C:\xdg`), dir(`C:\Users\Ann`), dir(`C:\Users\Ann\AppData\Roaming`)}, `C:\Users\Ann\AppData\Roaming`, ""},
		{"windows without AppData", system{"windows", env(), dir(`C:\Users\Ann`), fail}, "", "no folder for hexslinger's data"},
		{"macos: Application Support", system{"darwin", env("XDG_DATA_HOME", "/xdg"), dir("/Users/ann"), dir("/Users/ann/Library/Application Support")}, "/Users/ann/Library/Application Support", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := dataBase(tc.s)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Errorf("got %q, %v; want an error saying %q", got, err, tc.wantErr)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Errorf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

// TestDataIsMadeInTheUsersFolder: on the system the test runs on, Data
// makes hexslinger's folder of the kind under the user's data folder as
// that system's environment names it.
func TestDataIsMadeInTheUsersFolder(t *testing.T) {
	root := t.TempDir()
	var want string
	switch runtime.GOOS {
	case "windows":
		t.Setenv("AppData", root) // os.UserConfigDir reads it
		want = filepath.Join(root, "hexslinger", "journals")
	case "darwin", "ios":
		t.Setenv("HOME", root)
		want = filepath.Join(root, "Library", "Application Support", "hexslinger", "journals")
	default:
		t.Setenv("XDG_DATA_HOME", root)
		want = filepath.Join(root, "hexslinger", "journals")
	}
	got, err := Data("journals")
	if err != nil || got != want {
		t.Fatalf("Data(journals) = %q, %v; want %q", got, err, want)
	}
	if st, err := os.Stat(got); err != nil || !st.IsDir() {
		t.Errorf("Data(journals) did not make %s: %v", got, err)
	}
}

// TestWindowsDataIsInRoamingAppData: on Windows (and Wine), the journals
// go under the user's %AppData% as Windows sets it, not a Linux folder.
func TestWindowsDataIsInRoamingAppData(t *testing.T) {
	if runtime.GOOS != "windows" {
		t.Skip("Windows only: %AppData%")
	}
	appData := os.Getenv("AppData")
	if appData == "" {
		t.Fatal("%AppData% is not set")
	}
	base, err := dataBase(thisSystem)
	if err != nil || base != appData {
		t.Fatalf("data folder %q, %v; want %%AppData%% %q", base, err, appData)
	}
	t.Logf("journals go in %s", filepath.Join(base, "hexslinger", "journals"))
	if strings.Contains(base, ".local") {
		t.Errorf("data folder %q is a Linux one", base)
	}
}
