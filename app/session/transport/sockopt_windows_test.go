package transport

import "syscall"

// setReceiveBuffer sets a socket's receive buffer (SO_RCVBUF) in bytes.
// Windows names a socket by a Handle, Unix by an int descriptor: one
// helper per kind.
func setReceiveBuffer(fd uintptr, bytes int) error {
	return syscall.SetsockoptInt(syscall.Handle(fd), syscall.SOL_SOCKET, syscall.SO_RCVBUF, bytes)
}
