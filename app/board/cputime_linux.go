package board

import (
	"syscall"
	"time"
	"unsafe"
)

// threadCPU is the CPU time the calling thread has used (Linux's
// CLOCK_THREAD_CPUTIME_ID): what the bench charges to Update and Draw,
// without the time the thread waited while other programs (the X server,
// the software renderer's threads) had the machine's cores.
func threadCPU() (time.Duration, bool) {
	const clockThreadCPUTime = 3
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0, false
	}
	return time.Duration(ts.Nano()), true
}
