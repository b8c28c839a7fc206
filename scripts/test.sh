#!/usr/bin/env bash
# npm test: the static checks, then every test file, each on PGlite and (with TEST_DATABASE_URL) on
# PostgreSQL. Prints how long each stage took. Arguments name test files to run instead of all.
set -euo pipefail
cd "$(dirname "$0")/.."

stage() {
  local name=$1 started=$SECONDS
  shift
  "$@"
  echo "stage: $name took $((SECONDS - started)) s"
}

checks() {
  tsc --noEmit
  tsc -p console
  biome check .
  npm run --silent lint:duplicates
  npm run --silent lint:openapi
  npm run --silent check:console-types
}

# Test files run several at once: each makes its own databases and listens on ports of its own, and
# most of a file's time is spent waiting (on PostgreSQL, on the browser, on a child process), which
# one file at a time per core would leave idle.
concurrency="${TEST_CONCURRENCY:-4}"

stage "static checks" checks
stage "console build" node scripts/build-console.mjs
if [ "$#" -gt 0 ]; then files=("$@"); else files=(test/*.test.ts test/*/*.test.ts); fi
stage "test files" node --import tsx --test --test-concurrency="$concurrency" \
  --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=./test/support/summary-reporter.mjs --test-reporter-destination=stdout "${files[@]}"
