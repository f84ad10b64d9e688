// Package display tells, before a GUI toolkit starts, whether there is a
// display to open windows on, so that a program started without one says so
// in one line instead of panicking inside the toolkit. It uses only the standard
// library, so that it can run before any toolkit's own initialisation.
package display

import (
	"errors"
	"fmt"
	"net"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// ErrNoDisplay is wrapped by Check's error when there is no display at all.
var ErrNoDisplay = errors.New("no display")

// Check reports whether a window can be opened: on Linux and the BSDs,
// that $WAYLAND_DISPLAY is set or the X server named by $DISPLAY answers.
// Elsewhere it always answers nil. The error says what to do.
func Check() error {
	switch runtime.GOOS {
	case "linux", "freebsd", "openbsd", "netbsd", "dragonfly":
	default:
		return nil
	}
	return check(os.Getenv("DISPLAY"), os.Getenv("WAYLAND_DISPLAY"), dialX)
}

// check is Check with the environment and the dialer passed in, for tests.
func check(x, wayland string, dial func(network, addr string) error) error {
	if wayland != "" && x == "" {
		return nil // Wayland alone: GLFW opens its own connection
	}
	if x == "" {
		return fmt.Errorf("%w: $DISPLAY is not set; start it from a desktop session, or under a virtual display (xvfb-run, or scripts/xvfb.sh in the source tree)", ErrNoDisplay)
	}
	network, addr, err := xAddress(x)
	if err != nil {
		return fmt.Errorf("%w: $DISPLAY=%q: %v", ErrNoDisplay, x, err)
	}
	if err := dial(network, addr); err != nil {
		if network == "unix" {
			// Linux X servers also listen on an abstract socket of the
			// same name, which a chroot or container may share.
			if dial(network, "@"+addr) == nil {
				return nil
			}
		}
		if wayland != "" {
			return nil
		}
		return fmt.Errorf("%w: the X server at $DISPLAY=%q does not answer (%v); is it running, and may this user connect to it?", ErrNoDisplay, x, err)
	}
	return nil
}

// xAddress turns an X display name ([host]:N[.S], or a socket path as
// macOS's launchd writes) into the address its server listens on.
func xAddress(name string) (network, addr string, err error) {
	if strings.HasPrefix(name, "/") {
		return "unix", name, nil
	}
	host, rest, ok := strings.Cut(name, ":")
	if !ok {
		return "", "", errors.New("want [host]:number, as :0")
	}
	host = strings.TrimPrefix(host, "unix")
	num, _, _ := strings.Cut(rest, ".")
	n, err := strconv.Atoi(num)
	if err != nil || n < 0 || n > 59535 {
		return "", "", errors.New("want [host]:number, as :0")
	}
	if host == "" {
		return "unix", "/tmp/.X11-unix/X" + num, nil
	}
	return "tcp", net.JoinHostPort(host, strconv.Itoa(6000+n)), nil
}

func dialX(network, addr string) error {
	c, err := net.DialTimeout(network, addr, 3*time.Second)
	if err != nil {
		return err
	}
	return c.Close()
}
