// floor.c: hexslinger's reachable-set search (hexmap/lanes.go) written in C
// with SSE4.1, to measure what this machine does with the search itself,
// apart from Go. It reads the step table scripts/reachfloor writes, checks
// that it reaches the same hexes at the same costs as the Go search, and
// times it. See scripts/reachfloor/main.go for how to build and run it.
//
// A hex's record is one 16-byte vector: its six departure costs (lanes
// 0-5), the search generation (lane 6) and the taken departures (lane 7).
// Each pop takes the departures costing what is being settled; each step
// lowers the neighbour's departures with one compare and blend; the queue
// key of a hex is its cheapest departure not yet taken (PHMINPOSUW).
#include <immintrin.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
	int16_t steps[6];
	uint8_t pass, odd, pad[2];
} cell_t;

typedef struct {
	int32_t *a;
	int32_t len;
} bucket_t;

static int32_t W, H, start, limit, maxstep, turn[4], delta[2][6];
static cell_t *cells;
static __m128i *dyn, turns[6];
static uint16_t gen;
static bucket_t buckets[1024];
static int32_t *order;

static int hexsides(int a, int b) {
	int s = (b - a + 6) % 6;
	return s > 3 ? 6 - s : s;
}

static int search(void) {
	const uint16_t g = ++gen;
	int nb = 1;
	while (nb < maxstep + turn[3] + 1) nb *= 2;
	const int mask = nb - 1;
	for (int i = 0; i < nb; i++) buckets[i].len = 0;
	int reached = 0;
	const __m128i bits = _mm_setr_epi16(1, 2, 4, 8, 16, 32, 0, 0);
	const __m128i six = _mm_setr_epi16(-1, -1, -1, -1, -1, -1, 0, 0);
	const __m128i unset = _mm_setr_epi16(0x7fff, 0x7fff, 0x7fff, 0x7fff, 0x7fff, 0x7fff, g, 0);
	const __m128i gv = _mm_set1_epi16(g), ones = _mm_set1_epi16(-1);
	int16_t t[8];
	for (int e = 0; e < 6; e++) t[e] = turn[hexsides(0, e)];
	t[6] = g, t[7] = 0;
	dyn[start] = _mm_loadu_si128((__m128i *)t);
	buckets[0].a[buckets[0].len++] = start;
	int last = 0;  // the dearest level queued
	for (int at = 0; at <= last; at++) {
		bucket_t *b = &buckets[at & mask];
		const __m128i atv = _mm_set1_epi16(at);
		while (b->len > 0) {
			int32_t cell = b->a[--b->len];
			__m128i w = dyn[cell];
			int sent = _mm_extract_epi16(w, 7);
			__m128i taken = _mm_cmpeq_epi16(_mm_and_si128(_mm_set1_epi16(sent), bits), bits);
			__m128i eqv = _mm_andnot_si128(taken, _mm_cmpeq_epi16(w, atv));
			int eq = _mm_movemask_epi8(_mm_packs_epi16(eqv, _mm_setzero_si128()));
			if (!eq) continue;  // queued again lower since, and taken there
			order[reached] = cell;
			reached += sent == 0;
			dyn[cell] = w = _mm_insert_epi16(w, sent | eq, 7);
			int next = _mm_extract_epi16(_mm_minpos_epu16(_mm_or_si128(w, _mm_or_si128(taken, eqv))), 0);
			if (next <= limit) {
				bucket_t *q = &buckets[next & mask];
				q->a[q->len++] = cell;
				last = next > last ? next : last;
			}
			const cell_t *c = &cells[cell];
			const int32_t *dl = delta[c->odd];
			for (int out = eq & c->pass; out; out &= out - 1) {
				int d = __builtin_ctz(out);
				int nd = at + c->steps[d];
				if (nd > limit) continue;
				int32_t to = cell + dl[d];
				__m128i n = dyn[to];
				__m128i old = _mm_shuffle_epi32(_mm_cmpeq_epi16(_mm_shufflehi_epi16(n, 0xaa), gv), 0xff);
				n = _mm_or_si128(_mm_and_si128(old, n), _mm_andnot_si128(old, unset));
				int nsent = _mm_extract_epi16(n, 7);
				__m128i ntaken = _mm_cmpeq_epi16(_mm_and_si128(_mm_set1_epi16(nsent), bits), bits);
				int was = _mm_extract_epi16(_mm_minpos_epu16(_mm_or_si128(n, ntaken)), 0);
				__m128i cand = _mm_add_epi16(_mm_set1_epi16(nd), turns[d]);
				__m128i lower = _mm_and_si128(_mm_cmpgt_epi16(n, cand), six);
				dyn[to] = _mm_xor_si128(n, _mm_and_si128(_mm_xor_si128(n, cand), lower));
				int q = _mm_extract_epi16(_mm_minpos_epu16(_mm_or_si128(_mm_and_si128(lower, cand), _mm_andnot_si128(lower, ones))), 0);
				if (q <= limit && q < was) {
					bucket_t *qb = &buckets[q & mask];
					qb->a[qb->len++] = to;
					last = q > last ? q : last;
				}
			}
		}
	}
	return reached;
}

static int cmpd(const void *a, const void *b) {
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

int main(int argc, char **argv) {
	if (argc < 2) {
		fprintf(stderr, "usage: floor steps.bin [searches]\n");
		return 2;
	}
	FILE *f = fopen(argv[1], "rb");
	int32_t hdr[21];
	if (!f || fread(hdr, 4, 21, f) != 21) {
		fprintf(stderr, "floor: cannot read %s\n", argv[1]);
		return 1;
	}
	W = hdr[0], H = hdr[1], start = hdr[2], limit = hdr[3], maxstep = hdr[4];
	memcpy(turn, hdr + 5, 16);
	memcpy(delta, hdr + 9, 48);
	if (W <= 0 || H <= 0 || W * H > 1 << 22 || limit > 0x7fff - 4096 || maxstep + turn[3] >= 1024) {
		fprintf(stderr, "floor: %s is not a table this program takes\n", argv[1]);
		return 1;
	}
	int n = W * H;
	int16_t *steps = malloc(n * 12);
	uint8_t *odd = malloc(n);
	if (fread(steps, 2, n * 6, f) != (size_t)n * 6 || fread(odd, 1, n, f) != (size_t)n) {
		fprintf(stderr, "floor: %s is cut short\n", argv[1]);
		return 1;
	}
	cells = aligned_alloc(64, n * sizeof(cell_t));
	dyn = aligned_alloc(64, n * 16);
	memset(dyn, 0, n * 16);
	for (int i = 0; i < n; i++) {
		memcpy(cells[i].steps, &steps[i * 6], 12);
		cells[i].pass = 0;
		for (int d = 0; d < 6; d++) cells[i].pass |= (steps[i * 6 + d] >= 0) << d;
		cells[i].odd = odd[i];
	}
	int nb = 1;  // the ring search() uses
	while (nb < maxstep + turn[3] + 1) nb *= 2;
	for (int i = 0; i < nb; i++) buckets[i].a = malloc(n * 4);
	order = malloc(n * 4);
	for (int d = 0; d < 6; d++) {
		int16_t t[8] = {0};
		for (int e = 0; e < 6; e++) t[e] = turn[hexsides(d, e)];
		turns[d] = _mm_loadu_si128((__m128i *)t);
	}
	int reached = search();
	long sum = 0;  // a hex's cheapest departure is its cheapest arrival
	for (int k = 0; k < reached; k++) {
		uint16_t dep[8];
		_mm_storeu_si128((__m128i *)dep, dyn[order[k]]);
		int best = 0x7fff;
		for (int e = 0; e < 6; e++) best = dep[e] < best ? dep[e] : best;
		sum += best;
	}
	int runs = argc > 2 ? atoi(argv[2]) : 300;
	if (runs < 1) runs = 1;
	double *ms = malloc(runs * sizeof(double));
	for (int i = 0; i < runs; i++) {
		struct timespec t0, t1;
		clock_gettime(CLOCK_MONOTONIC, &t0);
		search();
		clock_gettime(CLOCK_MONOTONIC, &t1);
		ms[i] = (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6;
	}
	qsort(ms, runs, sizeof(double), cmpd);
	printf("C search: %d hexes, costs summing to %ld; %.2f ms median, %.2f ms fastest of %d\n",
	       reached, sum, ms[runs / 2], ms[0], runs);
	return 0;
}
