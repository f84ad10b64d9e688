package child

import "syscall"

// alive reports whether process pid runs: it can be opened and has no
// exit code yet.
func alive(pid int) bool {
	const queryLimited, stillActive = 0x1000, 259 // PROCESS_QUERY_LIMITED_INFORMATION, STILL_ACTIVE
	h, err := syscall.OpenProcess(queryLimited, false, uint32(pid))
	if err != nil {
		return false
	}
	defer syscall.CloseHandle(h)
	var code uint32
	return syscall.GetExitCodeProcess(h, &code) == nil && code == stillActive
}
