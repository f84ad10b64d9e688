//go:build !linux && !windows

package child

// alive is not asked where children are not bound: the test skips.
func alive(int) bool { return true }
