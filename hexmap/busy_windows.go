package hexmap

import "syscall"

// busyErrors are Windows' refusals of a rename over a file another
// program holds: access denied (as MoveFileEx answers a file open without
// delete sharing), a sharing violation, a lock violation.
var busyErrors = []error{syscall.ERROR_ACCESS_DENIED, syscall.Errno(32), syscall.Errno(33)} // ERROR_SHARING_VIOLATION, ERROR_LOCK_VIOLATION
