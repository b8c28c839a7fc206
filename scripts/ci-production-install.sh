#!/usr/bin/env bash
# The production install of docs/OPERATIONS.md, from a clean clone of this commit, as CI proves it:
# npm ci builds once, npm prune drops the build tools, and the service and bis then run without them.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$work"' EXIT
pid=""

git clone --quiet --no-local "$repo" "$work/app"
cd "$work/app"
git checkout --quiet "$(git -C "$repo" rev-parse HEAD)"
npm ci --no-audit --no-fund --loglevel=error
npm prune --omit=dev --no-audit --no-fund --loglevel=error
if [ -e node_modules/typescript ] || [ -e node_modules/tsx ]; then
  echo "production install: the build tools are still installed after npm prune --omit=dev" >&2
  exit 1
fi

node bin/bis.mjs --version >/dev/null

export BIS_DATA_DIR="$work/data" PORT=0 HOST=127.0.0.1 BIS_ADMIN_TOKEN="$(node -e 'console.log(require("crypto").randomBytes(24).toString("hex"))')"
started=$(date +%s%N)
npm start >"$work/service.log" 2>&1 &
pid=$!
url=""
for _ in $(seq 1 600); do
  url=$(sed -n 's/.*Server listening at \(http:\/\/127\.0\.0\.1:[0-9]*\).*/\1/p' "$work/service.log" | head -n1)
  [ -n "$url" ] && break
  sleep 0.1
done
if [ -z "$url" ]; then
  echo "production install: the service did not start" >&2
  cat "$work/service.log" >&2
  exit 1
fi
ready_ms=$(( ($(date +%s%N) - started) / 1000000 ))
curl -fsS "$url/readyz" >/dev/null
BIS_URL="$url" node bin/bis.mjs clients list >/dev/null
# The bank's three calls, as bis demo's walk-through makes them, against the service as installed.
BIS_URL="$url" node bin/bis.mjs demo >"$work/demo.txt"
sed -n '/^BIS_URL=/,/^# Then/p' "$work/demo.txt" | bash >"$work/walk.txt"
for expected in '"resultCode":0,"message":"Customer found"' '"message":"Payment accepted"' '(HTTP 404)'; do
  if ! grep -qF "$expected" "$work/walk.txt"; then
    echo "production install: the demo walk-through did not answer $expected" >&2
    cat "$work/walk.txt" >&2
    exit 1
  fi
done

# npm start passes SIGTERM on: the service drains and exits 0.
kill -TERM "$pid"
wait "$pid"
grep -q 'shutting down' "$work/service.log"
echo "production install: built by npm ci, ran without the build tools, answered the bank's calls, started in ${ready_ms} ms on a new data directory, stopped cleanly on SIGTERM"
