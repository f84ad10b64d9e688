/*
 * bcryptprimitives.c: a stand-in bcryptprimitives.dll for the test harness
 * only (never shipped). Go 1.22 and later call ProcessPrng from
 * bcryptprimitives.dll at start; Debian bookworm's Wine 8.0 has no such DLL,
 * so every Go program dies with "bcryptprimitives.dll not found". This one
 * exports ProcessPrng, filling the buffer from advapi32's SystemFunction036
 * (RtlGenRandom), which Wine has. scripts/wine/prefix.sh builds it with mingw
 * and copies it into a Wine prefix's windows/system32, the only folder Go
 * loads system DLLs from.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG len);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
    while (len > 0) {
        ULONG n = len > 0x10000000 ? 0x10000000 : (ULONG)len;
        if (!SystemFunction036(data, n)) return FALSE;
        data += n;
        len -= n;
    }
    return TRUE;
}
