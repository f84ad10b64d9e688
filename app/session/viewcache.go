package session

import (
	"sync"
	"weak"

	"hexslinger/hexmap"
)

// A viewCache keeps the fields of view made lately, each by the hex it
// was seen from and the map it was made from, at that map's version. A
// state's clones share it (fogBook.clone): the live state, its undo
// points and the states an undo folds again from them. A replay of moves
// (an undo, a redo) so finds the view a figure had at each hex instead of
// sweeping the map again: at 1024² one sweep is ~10 ms.
//
// A map is named by a weak pointer: the cache does not keep a map alive,
// and a weak pointer to a map is never equal to one to another map, even
// at an address the first one's memory held. A map's version only grows,
// with each change (hexmap's touch), so one map at one version is one
// map; two maps at one version (a copy edited apart) are two keys.
type viewCache struct {
	mu   sync.Mutex
	keys []viewKey // oldest first; at most maxCachedViews
	fovs map[viewKey]*hexmap.FOV
}

// viewKey names a field of view: from hex at, of map m at version.
type viewKey struct {
	m       weak.Pointer[hexmap.Map]
	version uint64
	at      hexmap.Hex
}

// maxCachedViews bounds a cache: enough for the views of the figures'
// last few hexes each over the last commands (an undo folds at most
// pointEvery events again), small beside a 1024² map (a compact view of
// an open one is some hundreds of kB).
const maxCachedViews = 48

// find returns the view of k, or nil.
func (c *viewCache) find(k viewKey) *hexmap.FOV {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.fovs[k]
}

// keep puts fov in as k's view, forgetting the oldest past the bound.
func (c *viewCache) keep(k viewKey, fov *hexmap.FOV) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.fovs == nil {
		c.fovs = map[viewKey]*hexmap.FOV{}
	}
	if _, ok := c.fovs[k]; ok {
		return
	}
	if len(c.keys) == maxCachedViews {
		delete(c.fovs, c.keys[0])
		c.keys = append(c.keys[:0], c.keys[1:]...)
	}
	c.keys = append(c.keys, k)
	c.fovs[k] = fov
}
