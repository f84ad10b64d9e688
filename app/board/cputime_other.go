//go:build !linux

package board

import "time"

// threadCPU is not available here: the bench measures wall time instead.
func threadCPU() (time.Duration, bool) { return 0, false }
