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

stage "static checks" checks
stage "console build" node scripts/build-console.mjs
stage "test files" node --enable-source-maps scripts/run-tests.mjs "$@"
