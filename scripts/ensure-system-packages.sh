#!/usr/bin/env bash
# Installs with apt what the tests need and the machine lacks (Debian, run as root).
# Idempotent: it does nothing when everything is present.
set -euo pipefail

# command -> Debian package
declare -A needed=(
  [chromium]=chromium # end-to-end tests and the browser transport (playwright-core drives it)
)

# Debian package -> a file it installs (packages with no command of their own)
declare -A needed_files=(
  # colour emoji, so store emoji prefixes render in the test browser's screenshots, not as boxes
  [fonts-noto-color-emoji]=/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf
)

missing=()
for cmd in "${!needed[@]}"; do
  command -v "$cmd" >/dev/null 2>&1 || missing+=("${needed[$cmd]}")
done
for package in "${!needed_files[@]}"; do
  [[ -e "${needed_files[$package]}" ]] || missing+=("$package")
done
# PostgreSQL's server programs are not on PATH on Debian: look for them where the package puts them.
# The store's tests start a throwaway server with them (packages/store/test/support/postgres-server.ts).
postgres_installed() {
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null &&
    compgen -G '/usr/lib/postgresql/*/bin/pg_ctl' >/dev/null
}
postgres_installed || missing+=(postgresql)

if ((${#missing[@]})); then
  echo "Installing system packages: ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

postgres_installed || { echo 'postgresql was installed but initdb/pg_ctl are not under /usr/lib/postgresql/*/bin' >&2; exit 1; }
