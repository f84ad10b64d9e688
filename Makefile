# hexslinger: `make run` builds and opens the console with the demo fight;
# `make test` runs every test, the GUI ones under Xvfb. Both install the
# system packages they need first (scripts/deps.sh).
GO ?= go
BIN := bin
GOFLAGS_BUILD ?=

.PHONY: all run build web deps test-deps test unit e2e vet fmt-check fuzz bench bench-scale mutate mutate-seam package windows test-windows clean

all: build

deps:
	@scripts/deps.sh build

test-deps:
	@scripts/deps.sh test

# build also makes the player's map for browsers beside the console,
# which serves it when the table opens on the LAN: the map window built
# to WebAssembly and Go's wasm_exec.js of the same Go (lib/wasm since Go
# 1.24, misc/wasm before).
build: deps
	$(GO) build $(GOFLAGS_BUILD) -o $(BIN)/hexslinger .
	$(GO) build $(GOFLAGS_BUILD) -o $(BIN)/hexslinger-map ./app/hexslinger-map
	$(MAKE) --no-print-directory web

# web: the player's map for browsers, which the console serves (built
# without the symbol table and DWARF, which a browser never reads: a
# smaller download; stack traces keep their names).
web:
	GOOS=js GOARCH=wasm $(GO) build $(GOFLAGS_BUILD) -ldflags "-s -w" -o $(BIN)/hexslinger-web.wasm ./app/hexslinger-web
	@root=$$($(GO) env GOROOT); \
	for f in $$root/lib/wasm/wasm_exec.js $$root/misc/wasm/wasm_exec.js; do \
	  if [ -f $$f ]; then cp $$f $(BIN)/wasm_exec.js; exit 0; fi; \
	done; \
	echo "web: no wasm_exec.js under $$root/lib/wasm or $$root/misc/wasm" >&2; exit 1

run: build
	$(BIN)/hexslinger

# Every target that compiles installs what it needs first: cgo compiles
# Fyne's and Ebiten's C parts even for vet.
vet: deps
	$(GO) vet ./...

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi

# unit: every package's tests (the console's through Fyne's test driver);
# run under Xvfb because the board package links Ebiten.
unit: test-deps
	scripts/xvfb.sh $(GO) test -count=1 ./...

# e2e: the real console and map window under Xvfb, driven with xdotool.
# Real windows on a shared machine are timing-sensitive: one failure is
# retried once, and says so.
e2e: test-deps build
	scripts/xvfb.sh $(GO) test -count=1 -tags e2e -v ./e2e/ || \
	  { echo "e2e: failed once (output above); retrying"; scripts/xvfb.sh $(GO) test -count=1 -tags e2e -v ./e2e/; }

test: test-deps fmt-check vet unit e2e

# mutate: mutation testing of the pure rules (rules and its system
# packages: gremlins walks the folder given, so ./rules, not ./rules/...,
# which it reads as no package) with gremlins run at its pinned version,
# so go.mod stays clean. Not part of `make test`: it rebuilds and reruns
# the package's tests once per mutant (about 870), which takes a while.
# MUTATE_WORKERS is how many at once (the machine is shared).
# MUTATE_MEM caps each process's memory (KiB, ulimit -v): a mutant that
# makes a loop endless and allocates without end fails its tests at the
# cap (killed) instead of swapping the machine.
GREMLINS := github.com/go-gremlins/gremlins/cmd/gremlins@v0.6.0
MUTATE_WORKERS ?= 1
MUTATE_MEM ?= 8000000
mutate:
	ulimit -v $(MUTATE_MEM); $(GO) run $(GREMLINS) unleash --workers $(MUTATE_WORKERS) ./rules

# mutate-seam: the same over the systems' seam files in app/session,
# lines.go (the map's answers) and parts.go (each system's part of a
# figure and a fight), and nothing else: gremlins only excludes
# (--exclude-files, a regexp on the path under ./app/session), so every
# other file there and every subfolder is excluded. Each mutant reruns
# the whole app/session test suite (tens of seconds), so the timeout is
# MUTATE_TIMEOUT times the unmutated run's, and the run takes long:
# optional, not part of `make test` or `make mutate`.
SEAM_FILES := lines.go parts.go
SEAM_EXCLUDE := -E '/' $(foreach f,$(filter-out $(SEAM_FILES) %_test.go,$(notdir $(wildcard app/session/*.go))),-E '^$(subst .,\.,$(f))$$')
MUTATE_TIMEOUT ?= 6
mutate-seam:
	ulimit -v $(MUTATE_MEM); $(GO) run $(GREMLINS) unleash --workers $(MUTATE_WORKERS) --timeout-coefficient $(MUTATE_TIMEOUT) $(SEAM_EXCLUDE) ./app/session

# fuzz: every fuzz target for FUZZTIME each (the map window's under
# Xvfb). The minimizer gets 50 tries an input: an input of the session's
# targets is a whole session, and by default the minimizer's minute for
# each new input is the whole run.
FUZZTIME ?= 2m
fuzz: deps
	@for pkg in ./hexmap ./app/session ./app/session/transport ./app/board; do \
	  run=""; [ $$pkg = ./app/board ] && run=scripts/xvfb.sh; \
	  for f in $$($$run $(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "== $$pkg $$f"; \
	    $$run $(GO) test -run XXX -fuzz "^$$f\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 50x $$pkg || exit 1; \
	  done; \
	done

# bench: every benchmark, the scale ones of issue 38 among them
# (BenchmarkScale, BenchmarkScaleThroughput8Clients: 64², 256² and 1024²
# maps with 4, 50 and 500 figures) but for their 1024² fight of 500
# figures, which -short skips. BENCH narrows the run (a -bench pattern:
# `make bench BENCH=Scale/edit`), BENCHFLAGS replaces -short (empty: every
# case), BENCHTIME sets -benchtime (say 1x: one iteration each). The map
# window's (app/board: BenchmarkFittedWindow, a fight to a fitted window)
# run under a virtual display (scripts/xvfb.sh).
BENCH ?= .
BENCHFLAGS ?= -short
BENCHTIME ?= 1s
BENCHPKGS := ./hexmap ./rules ./app/session ./app/session/transport ./app/board
bench: test-deps
	scripts/xvfb.sh $(GO) test -run XXX -bench '$(BENCH)' -benchtime $(BENCHTIME) $(BENCHFLAGS) -timeout 3h $(BENCHPKGS)

# bench-scale: only the scale benchmarks, every case (the 1024² fight of
# 500 figures too), SCALETIME each (1x: one iteration, as issue 38's
# baseline was measured); BENCH=Scale/undo and the like narrow it.
SCALETIME ?= 1x
bench-scale: deps
	$(GO) test -run XXX -bench '$(if $(filter .,$(BENCH)),Scale,$(BENCH))' -benchtime $(SCALETIME) -timeout 3h ./app/session ./app/session/transport

# package: an archive that installs both programs, the icon and the menu
# entry (scripts/package.sh; fyne package does the console's part).
package:
	@scripts/deps.sh package
	scripts/package.sh

# windows: build/hexslinger-VERSION-windows-amd64.zip, cross-compiled here
# (scripts/windows.sh): hexslinger.exe, hexslinger-map.exe and README.txt.
windows:
	@scripts/deps.sh windows
	scripts/windows.sh

# test-windows: the pure packages' tests under Wine, then the zip checked
# and its console started under Wine and Xvfb to make a move, quit and
# reopen the fight (scripts/test-windows.sh). Test harness only: the Wine
# shim and Go overlay never go in the zip.
test-windows: windows
	@scripts/deps.sh windows-test
	scripts/test-windows.sh

clean:
	rm -rf $(BIN) e2e/shots build
