//go:build !windows

package hexmap

import (
	"errors"
	"fmt"
	"os"
	"syscall"
)

// SyncDir syncs a folder, making the files created, renamed or removed in
// it durable. File systems that cannot sync a folder are taken at their
// word. (On Windows, which has no folder sync, it does nothing: see
// syncdir_windows.go.)
func SyncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, syscall.ENOTSUP) {
		return fmt.Errorf("sync folder %s: %w", dir, err)
	}
	return nil
}
