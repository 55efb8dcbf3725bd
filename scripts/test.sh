#!/usr/bin/env bash
# The whole test suite: system packages the tests need, then lint, types and every test.
# Exits non-zero when any step fails; the last line printed is the test runner's summary.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system-packages.sh

echo '== lint'
npx eslint . --max-warnings 0
echo '== format'
npx prettier --check . >/dev/null || { npx prettier --check .; exit 1; }
echo '== typecheck'
npm run -s typecheck
echo '== build'
# The page and the service as `npm start` builds them, before any test runs: the build tests then
# find them fresh, and no test rebuilds the page while the end-to-end suite serves it.
npm run -s build
echo '== tests'
npx vitest run
