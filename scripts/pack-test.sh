#!/usr/bin/env bash
# The package as a user gets it: `npm pack`, installed into an empty folder (dependencies from the
# registry or npm's cache), then `npx plumbline run` on one small suite file against the embedded
# reference and against a reference started from the same install with `npx plumbline reference`.
# Nothing of this checkout is used after the pack: the run reads its settings from the empty
# folder's plumbline.config.yaml and writes reports and ledger there. Exit 0 when both runs pass
# and write their four reports; non-zero with the reason otherwise.
set -euo pipefail
REPO="$(cd "$(dirname "$0")/.." && pwd)"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/plumbline-pack.XXXXXX")"
SUITE=suites/conventions/empty.test.ts
REF_PID=""
cleanup() {
  # the reference runs in its own session: its whole group ends, npx and node alike
  if [ -n "$REF_PID" ]; then kill -- "-$REF_PID" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
fail() {
  echo "pack-test: FAIL: $*" >&2
  exit 1
}
started=$SECONDS

# a clean environment: no setting of this checkout's shell reaches the install
unset PLUMBLINE_TARGET PLUMBLINE_CONFIG PLUMBLINE_MATERIAL PLUMBLINE_REPORT_DIR PLUMBLINE_LEDGER_DIR
unset PLUMBLINE_ADMIN_TOKEN PLUMBLINE_RESTRICTED_TOKEN PLUMBLINE_SECONDARY_TOKEN PLUMBLINE_CONTROL_URL

tarball="$(cd "$REPO" && npm pack --silent --pack-destination "$WORK")"
mkdir "$WORK/app"
cd "$WORK/app"
echo '{ "name": "plumbline-pack-test", "private": true }' >package.json
npm install --prefer-offline --no-audit --no-fund --loglevel=error "$WORK/$tarball" >/dev/null
echo "pack-test: $tarball installed into an empty folder ($((SECONDS - started)) s)"
[ ! -e node_modules/plumbline/tests ] || fail "tests/ shipped in the package"
# the command's own modules ship as one bundle (bin/bundle.mjs), used as it is: never rebuilt here
bundle=node_modules/plumbline/dist/cli.mjs
[ -s "$bundle" ] || fail "$bundle was not shipped (npm pack runs prepack)"
bundled_at="$(stat -c %Y "$bundle")"

# one run: exit 0, the four reports, a passing verdict of at least one check against the URL given
# (or any URL for the embedded reference)
run_checked() {
  local name=$1 dir=$2 url=$3 rc=0
  shift 3
  npx --no-install plumbline run "$@" >"$name.log" 2>&1 || rc=$?
  [ "$rc" = 0 ] || { cat "$name.log" >&2; fail "$name: npx plumbline run $* exited $rc"; }
  for f in conformance.json conformance.md conformance.html junit.xml; do
    [ -s "$dir/$f" ] || fail "$name: $dir/$f was not written"
  done
  node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const ok = r.gate.verdict === "pass" && r.totals.all.pass > 0 && r.target.url.startsWith(process.argv[2]);
    if (!ok) { console.error(JSON.stringify({ gate: r.gate, totals: r.totals.all, target: r.target })); process.exit(1); }
  ' "$dir/conformance.json" "$url" || fail "$name: $dir/conformance.json is not a pass of $SUITE against ${url:-the embedded reference}"
  echo "pack-test: $name: pass, four reports ($((SECONDS - started)) s)"
}

# 1. the embedded reference; reports go where the user's plumbline.config.yaml says
echo "reportDir: embedded-reports" >plumbline.config.yaml
run_checked embedded embedded-reports "" --files "$SUITE"

# 2. a reference started from the same install, as a target given by URL and tokens
setsid npx --no-install plumbline reference --port 0 >reference.log 2>&1 &
REF_PID=$!
for _ in $(seq 100); do
  grep -q "^run the suite" reference.log && break
  kill -0 "$REF_PID" 2>/dev/null || { cat reference.log >&2; fail "npx plumbline reference ended"; }
  sleep 0.2
done
field() { sed -n "s/^  $1: *//p" reference.log; }
url="$(field url)"
[ -n "$url" ] || { cat reference.log >&2; fail "npx plumbline reference printed no url"; }
export PLUMBLINE_ADMIN_TOKEN="$(field "admin token")"
export PLUMBLINE_RESTRICTED_TOKEN="$(field "restricted token")"
export PLUMBLINE_SECONDARY_TOKEN="$(field "secondary token")"
# the suite file named as it lies in the install, from the working directory
run_checked target target-reports "$url" --files "node_modules/plumbline/$SUITE" \
  --target "$url" --control "$(field "control url")" --report-dir target-reports
# a run against a real target keeps its ledger in the user's folder, not in the package
[ -d .plumbline ] || fail "no ledger in the working directory (.plumbline)"
[ "$(stat -c %Y "$bundle")" = "$bundled_at" ] || fail "$bundle was rebuilt in the install"
