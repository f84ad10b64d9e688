//go:build unix

package transport

import "syscall"

// setReceiveBuffer sets a socket's receive buffer (SO_RCVBUF) in bytes.
// Unix names a socket by an int descriptor, Windows by a Handle: one
// helper per kind.
func setReceiveBuffer(fd uintptr, bytes int) error {
	return syscall.SetsockoptInt(int(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, bytes)
}
