#!/usr/bin/env bash
# Installs what a fresh Debian machine lacks to build and test html5-wasm:
# Emscripten + binaryen (Debian packages) and the npm devDependencies.
# Idempotent: does nothing when everything is present.
set -euo pipefail
cd "$(dirname "$0")/.."

need_apt=()
command -v emcc >/dev/null 2>&1 || need_apt+=(emscripten)
command -v wasm-opt >/dev/null 2>&1 || need_apt+=(binaryen)
command -v clang >/dev/null 2>&1 || need_apt+=(clang)
# libFuzzer and the sanitizer runtimes for clang (make fuzz)
dpkg -s libclang-rt-dev >/dev/null 2>&1 || need_apt+=(libclang-rt-dev)
# Chromium is for the browser tests only (H5_BROWSER_TESTS=0 skips it).
if [ "${H5_BROWSER_TESTS:-1}" != 0 ] && ! command -v chromium >/dev/null 2>&1; then need_apt+=(chromium); fi

if [ ${#need_apt[@]} -gt 0 ]; then
  echo "setup: installing ${need_apt[*]} (apt-get)"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq "${need_apt[@]}" >/dev/null
fi

# npm devDependencies (parse5, htmlparser2, playwright-core, esbuild, ...).
stamp=node_modules/.package-lock.json
if [ ! -f "$stamp" ] || [ package-lock.json -nt "$stamp" ]; then
  # The versions package-lock.json names.  Not `npm ci`: the registry this
  # project's machines reach serves rollup's native package for Linux only,
  # so the lock cannot list rollup's optional packages for other platforms,
  # and `npm ci` refuses a lock without them; `npm install --no-save`
  # installs the locked versions and leaves the lock as it is.
  echo "setup: npm install (the locked versions)"
  npm install --no-save --no-audit --no-fund --loglevel=error
fi
