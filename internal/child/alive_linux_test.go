package child

import (
	"os"
	"strconv"
	"strings"
)

// alive reports whether process pid runs: it is in /proc and neither a
// zombie (dead, not yet reaped by its new parent) nor dead.
func alive(pid int) bool {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	// The state follows the command's name in parentheses.
	s := string(data)
	rest := s[strings.LastIndexByte(s, ')')+1:]
	f := strings.Fields(rest)
	return len(f) > 0 && f[0] != "Z" && f[0] != "X"
}
