package child

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The tests run this test program again in a role, named by roleEnv:
//
//	sleeper  sleeps a minute: a map window
//	parent   starts a sleeper (bound by Start unless bindEnv is "no"),
//	         prints its pid, reads its input to the end (the test
//	         closes it, or kills the parent), then exits: the console
//	find     prints Find("hexslinger-map"), or "not found: …"
const (
	roleEnv = "HEXSLINGER_CHILD_TEST_ROLE"
	bindEnv = "HEXSLINGER_CHILD_TEST_BIND"
)

func TestMain(m *testing.M) {
	switch os.Getenv(roleEnv) {
	case "":
		os.Exit(m.Run())
	case "sleeper":
		time.Sleep(time.Minute)
		os.Exit(0)
	case "parent":
		beParent()
	case "find":
		p, err := Find("hexslinger-map")
		if err != nil {
			fmt.Println("not found:", err)
		} else {
			fmt.Println(p)
		}
		os.Exit(0)
	}
	fmt.Fprintln(os.Stderr, "unknown role", os.Getenv(roleEnv))
	os.Exit(2)
}

// beParent starts a sleeper and exits when its input ends.
func beParent() {
	exe, err := os.Executable()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), roleEnv+"=sleeper")
	if os.Getenv(bindEnv) == "no" {
		err = cmd.Start()
	} else {
		err = Start(cmd)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	fmt.Println(cmd.Process.Pid)
	io.Copy(io.Discard, os.Stdin)
	os.Exit(0)
}

// TestClosingTheParentEndsItsChild: a program started with Start ends
// within seconds of the program that started it, whether that exits or is
// killed; a program started without it outlives its parent, as the
// operating system leaves children by default.
func TestClosingTheParentEndsItsChild(t *testing.T) {
	if runtime.GOOS != "linux" && runtime.GOOS != "windows" {
		t.Skipf("%s cannot tie a child's life to its parent's: the console stops its windows as it quits", runtime.GOOS)
	}
	tests := []struct {
		name     string
		bind     string
		kill     bool // kill the parent, else close its input: it exits
		wantGone bool
	}{
		{"the parent exits", "yes", false, true},
		{"the parent is killed", "yes", true, true},
		{"an unbound child outlives its exiting parent", "no", false, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			parent := exec.Command(testExe(t), "-test.run=^$")
			parent.Env = append(os.Environ(), roleEnv+"=parent", bindEnv+"="+tc.bind)
			parent.Stderr = os.Stderr
			in, err := parent.StdinPipe()
			if err != nil {
				t.Fatal(err)
			}
			out, err := parent.StdoutPipe()
			if err != nil {
				t.Fatal(err)
			}
			if err := parent.Start(); err != nil {
				t.Fatal(err)
			}
			line, err := bufio.NewReader(out).ReadString('\n')
			pid, perr := strconv.Atoi(strings.TrimSpace(line))
			if err != nil || perr != nil {
				parent.Process.Kill()
				parent.Wait()
				t.Fatalf("the parent printed %q (%v), want its child's pid", line, err)
			}
			t.Cleanup(func() {
				if p, err := os.FindProcess(pid); err == nil {
					p.Kill()
					p.Release()
				}
			})
			if !alive(pid) {
				t.Fatalf("the child %d is gone while its parent runs", pid)
			}
			if tc.kill {
				parent.Process.Kill()
			} else {
				in.Close()
			}
			go io.Copy(io.Discard, out)
			parent.Wait()
			// A bound child dies within milliseconds; one left alive is
			// watched for two seconds.
			wait := 10 * time.Second
			if !tc.wantGone {
				wait = 2 * time.Second
			}
			gone := false
			for deadline := time.Now().Add(wait); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
				if gone = !alive(pid); gone {
					break
				}
			}
			if gone != tc.wantGone {
				t.Errorf("bind %s, parent killed %v: child gone %v, want %v", tc.bind, tc.kill, gone, tc.wantGone)
			}
		})
	}
}

// TestFindsTheMapProgramBesideItself: a copy of this program, put in a
// folder with files named like the map window's program, finds the one
// this system runs (hexslinger-map.exe on Windows, hexslinger-map
// elsewhere) beside itself, else the one on PATH.
func TestFindsTheMapProgramBesideItself(t *testing.T) {
	win := runtime.GOOS == "windows"
	pick := func(onWindows, elsewhere string) string {
		if win {
			return onWindows
		}
		return elsewhere
	}
	tests := []struct {
		name    string
		beside  []string // files beside the program ("name/" a folder)
		onPath  []string // files in the folder on PATH
		want    string   // "beside/NAME", "path/NAME" or "" for not found
		wantErr string
	}{
		{"this system's name beside", []string{Exe("hexslinger-map")}, nil, "beside/" + Exe("hexslinger-map"), ""},
		{"both names beside", []string{"hexslinger-map", "hexslinger-map.exe"}, nil, "beside/" + Exe("hexslinger-map"), ""},
		{"only the .exe beside", []string{"hexslinger-map.exe"}, nil, pick("beside/hexslinger-map.exe", ""), "not found"},
		{"only the bare name beside", []string{"hexslinger-map"}, nil, pick("", "beside/hexslinger-map"), "not found"},
		{"a folder of the name beside", []string{Exe("hexslinger-map") + "/"}, nil, "", "not found"},
		{"nothing beside, the program on PATH", nil, []string{Exe("hexslinger-map")}, "path/" + Exe("hexslinger-map"), ""},
		{"beside wins over PATH", []string{Exe("hexslinger-map")}, []string{Exe("hexslinger-map")}, "beside/" + Exe("hexslinger-map"), ""},
		{"nowhere", nil, nil, "", Exe("hexslinger-map") + ": program not found beside"},
	}
	self := testExe(t)
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			root := t.TempDir()
			dirs := map[string]string{"beside": filepath.Join(root, "app folder"), "path": filepath.Join(root, "on path")}
			for _, d := range dirs {
				if err := os.Mkdir(d, 0o755); err != nil {
					t.Fatal(err)
				}
			}
			for d, files := range map[string][]string{"beside": tc.beside, "path": tc.onPath} {
				for _, f := range files {
					p := filepath.Join(dirs[d], strings.TrimSuffix(f, "/"))
					if strings.HasSuffix(f, "/") {
						err := os.Mkdir(p, 0o755)
						if err != nil {
							t.Fatal(err)
						}
						continue
					}
					if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
						t.Fatal(err)
					}
				}
			}
			console := filepath.Join(dirs["beside"], Exe("hexslinger"))
			copyFile(t, self, console)
			cmd := exec.Command(console, "-test.run=^$")
			cmd.Env = append(withoutPath(os.Environ()), roleEnv+"=find", "PATH="+dirs["path"])
			out, err := cmd.Output()
			got := strings.TrimSpace(string(out))
			if err != nil {
				t.Fatalf("the copy failed: %v (%s)", err, got)
			}
			if tc.want == "" {
				if !strings.HasPrefix(got, "not found:") || !strings.Contains(got, tc.wantErr) {
					t.Errorf("beside %v, on PATH %v: found %q, want an error saying %q", tc.beside, tc.onPath, got, tc.wantErr)
				}
				return
			}
			d, f, _ := strings.Cut(tc.want, "/")
			want := filepath.Join(dirs[d], f)
			if !sameFile(got, want) {
				t.Errorf("beside %v, on PATH %v: found %q, want %q", tc.beside, tc.onPath, got, want)
			}
		})
	}
}

// TestProgramNamesFollowTheSystem: a program's file is named name.exe on
// Windows alone.
func TestProgramNamesFollowTheSystem(t *testing.T) {
	tests := []struct{ goos, name, want string }{
		{"windows", "hexslinger-map", "hexslinger-map.exe"},
		{"linux", "hexslinger-map", "hexslinger-map"},
		{"darwin", "hexslinger-map", "hexslinger-map"},
		{"freebsd", "hexslinger-map", "hexslinger-map"},
	}
	for _, tc := range tests {
		t.Run(tc.goos, func(t *testing.T) {
			if got := exeFor(tc.goos, tc.name); got != tc.want {
				t.Errorf("exeFor(%q, %q) = %q, want %q", tc.goos, tc.name, got, tc.want)
			}
		})
	}
}

// testExe is this test program.
func testExe(t *testing.T) string {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Skipf("this system does not say where the running program is: %v", err)
	}
	return exe
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	data, err := os.ReadFile(from)
	if err == nil {
		err = os.WriteFile(to, data, 0o755)
	}
	if err != nil {
		t.Fatal(err)
	}
}

// withoutPath is env without its PATH (named Path on Windows).
func withoutPath(env []string) []string {
	var out []string
	for _, kv := range env {
		if !strings.HasPrefix(strings.ToUpper(kv), "PATH=") {
			out = append(out, kv)
		}
	}
	return out
}

func sameFile(a, b string) bool {
	sa, err := os.Stat(a)
	if err != nil {
		return false
	}
	sb, err := os.Stat(b)
	return err == nil && os.SameFile(sa, sb)
}
