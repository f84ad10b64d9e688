package hexmap

import (
	"fmt"
	"os"
)

// SyncDir makes the files created, renamed or removed in a folder
// durable. Windows has no folder sync (a folder cannot be opened for
// writing, so FlushFileBuffers on it is refused): NTFS logs a rename in
// its journal, and the file itself was synced before it was renamed.
// SyncDir only checks that the folder is there.
func SyncDir(dir string) error {
	st, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return fmt.Errorf("sync folder %s: not a folder", dir)
	}
	return nil
}
