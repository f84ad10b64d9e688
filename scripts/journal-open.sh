#!/bin/sh
# journal-open.sh BIN JOURNAL: how long `BIN serve` takes to open a fight's
# journal and the most memory it held meanwhile (the kernel's VmHWM, read
# once the session has opened and serve prints its first line). The
# journal is opened on a copy beside it, so the file itself is left as it
# is. Make a big journal first with
#   HEXSLINGER_BIG_JOURNAL=/tmp/big.journal.jsonl go test ./app/session/ -run TestWriteBigJournal -timeout 2h
set -eu
bin=${1:?usage: journal-open.sh BIN JOURNAL}
journal=${2:?usage: journal-open.sh BIN JOURNAL}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
copy="$dir/open.journal.jsonl"
cp "$journal" "$copy"
size=$(stat -c %s "$copy")
start=$(date +%s.%N)
"$bin" serve --journal "$copy" --listen 127.0.0.1:0 >"$dir/out" 2>"$dir/err" </dev/null &
pid=$!
while ! grep -q '^hexslinger serve:' "$dir/out" 2>/dev/null; do
	if ! kill -0 "$pid" 2>/dev/null; then
		echo "journal-open: $bin serve exited:" >&2
		cat "$dir/err" >&2
		exit 1
	fi
	sleep 0.05
done
end=$(date +%s.%N)
hwm=$(awk '/^VmHWM/ {print $2}' "/proc/$pid/status")
kill -TERM "$pid"
wait "$pid" || true
awk -v s="$start" -v e="$end" -v h="$hwm" -v b="$size" 'BEGIN {
	printf "journal %.1f MiB: opened in %.2f s, peak memory (VmHWM) %.0f MiB = %.2f× the file\n", b/1048576, e-s, h/1024, h*1024/b
}'
