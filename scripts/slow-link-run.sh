#!/bin/bash
# One whole run through scripts/slow-link.ts, timed (issue 32's figures, taken by turns by hand):
#   scripts/slow-link-run.sh OUT "<slow-link flags>" [plumbline run flags...]
# e.g. scripts/slow-link-run.sh /tmp/w1 "--window 20/1000" --concurrency fixed:32
# The proxy and the reference start from this tree; the run from $TREE (default: this tree, so a
# worktree of another commit can be run against the same target). Appends one line to OUT/../summary.txt:
# the exit status, the wall time, the run's CPU and peak memory, and what the proxy recorded
# (OUT/proxy.json: the seconds from the first request to the last, the busiest token's requests, the
# floor they set under a window and the 429s per minute after the first 30 s).
set -u
OUT=$1; PROXY=$2; shift 2
HERE=$(cd "$(dirname "$0")/.." && pwd)
TREE=${TREE:-$HERE}
rm -rf "$OUT"; mkdir -p "$OUT"
cd "$HERE"
# shellcheck disable=SC2086
node --import tsx scripts/slow-link.ts $PROXY --record "$OUT/proxy.json" >"$OUT/flags" 2>"$OUT/proxy.err" &
LINK=$!
for _ in $(seq 120); do [ -s "$OUT/flags" ] && break; sleep 0.5; done
cd "$TREE"
S=$(date +%s.%N)
# shellcheck disable=SC2046
/usr/bin/time -f "%e s wall %U user %S sys %M KB" node bin/plumbline.mjs run $(cat "$OUT/flags") "$@" \
  --report-dir "$OUT/r" --ledger-dir "$OUT/l" >"$OUT/run.out" 2>"$OUT/run.err"
RC=$?
E=$(date +%s.%N)
kill -TERM "$LINK"; wait "$LINK"
echo "$(basename "$OUT") rc=$RC wall=$(echo "$E - $S" | bc) $(tail -1 "$OUT/run.err") | $(tail -1 "$OUT/proxy.err")" |
  tee -a "$(dirname "$OUT")/summary.txt"
