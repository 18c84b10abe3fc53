#!/usr/bin/env bash
# Installs what PopSim needs beyond the Swift toolchain, and only what is missing:
#   - GSL (Debian's libgsl-dev), linked through the CPopSimGSL system-library target;
#   - pkg-config, which SwiftPM uses to find GSL's flags;
#   - matplotlib, for the plotting scripts in Scripts/;
#   - valgrind (Debian's package: the valgrind program and its headers), for `bench --counts`: the bench
#     includes <valgrind/callgrind.h> when it is present at build time (client requests around each
#     counted call), so this must run before `swift build`; without it the bench builds and `--counts`
#     says what is missing. objcopy (binutils) strips the copy of the bench that valgrind runs.
# Idempotent; works as root or through sudo. Safe to run before every build.
set -euo pipefail

log() { printf 'bootstrap: %s\n' "$*" >&2; }

as_root() {
  if [ "$(id -u)" -eq 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo "$@"
  else
    log "need root to run: $* (run as root or install sudo)"
    return 1
  fi
}

missing_debs=()
command -v pkg-config >/dev/null 2>&1 || missing_debs+=(pkg-config)
if ! { command -v pkg-config >/dev/null 2>&1 && pkg-config --exists gsl; }; then
  missing_debs+=(libgsl-dev)
fi
counting_debs=()
if ! command -v valgrind >/dev/null 2>&1 || [ ! -f /usr/include/valgrind/callgrind.h ]; then
  counting_debs+=(valgrind)
fi
if ! command -v objcopy >/dev/null 2>&1 && ! command -v llvm-objcopy >/dev/null 2>&1; then
  counting_debs+=(binutils)
fi
if [ ${#counting_debs[@]} -gt 0 ]; then
  if command -v apt-get >/dev/null 2>&1; then
    missing_debs+=("${counting_debs[@]}")
  else
    log "no apt-get: ${counting_debs[*]} not installed; everything but bench --counts works without them"
  fi
fi

if [ ${#missing_debs[@]} -gt 0 ]; then
  if ! command -v apt-get >/dev/null 2>&1; then
    log "missing ${missing_debs[*]} and apt-get is not available; install GSL (>= 2.5) and pkg-config by hand"
    exit 1
  fi
  log "installing ${missing_debs[*]}"
  export DEBIAN_FRONTEND=noninteractive
  as_root apt-get update -qq
  as_root apt-get install -y -qq --no-install-recommends "${missing_debs[@]}" >/dev/null
fi

python=$(command -v python3 || true)
if [ -n "$python" ]; then
  if ! "$python" -c 'import matplotlib' >/dev/null 2>&1; then
    log "installing matplotlib (pip)"
    pip_install() { "$python" -m pip install --quiet --disable-pip-version-check --root-user-action=ignore "$@" matplotlib; }
    if ! { pip_install || pip_install --user || pip_install --break-system-packages; } >/dev/null 2>&1; then
      log "pip could not install matplotlib; trying Debian's python3-matplotlib"
      export DEBIAN_FRONTEND=noninteractive
      as_root apt-get update -qq
      as_root apt-get install -y -qq --no-install-recommends python3-matplotlib >/dev/null
    fi
    "$python" -c 'import matplotlib' || { log "matplotlib is still missing: the plotting scripts will not run"; exit 1; }
  fi
else
  log "python3 not found: the plotting scripts in Scripts/ will not run (everything else will)"
fi

log "ok: gsl $(pkg-config --modversion gsl), $(valgrind --version 2>/dev/null || echo 'no valgrind (bench --counts unavailable)')"
