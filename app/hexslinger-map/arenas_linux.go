//go:build cgo

package main

/*
#include <malloc.h>

// hexslinger_malloc_arenas runs as the program is loaded, before any
// thread starts. glibc gives each thread that allocates an arena of its
// own, up to eight a core, and memory freed in one arena is not reused by
// another: the software renderer's threads allocate and free the
// buffers of each frame they draw, and the window's resident memory
// depended on which thread happened to free what (the bench's peak with
// a 4096² picture: 272-291 MiB over six runs; with two arenas 273-289
// over eleven).
__attribute__((constructor)) static void hexslinger_malloc_arenas(void) {
#ifdef M_ARENA_MAX
	mallopt(M_ARENA_MAX, 2);
#endif
}
*/
import "C"
