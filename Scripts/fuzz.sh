#!/usr/bin/env bash
# Builds PopSim's libFuzzer targets (the Fuzz/ package) and runs one of them, or all in turn.
#
#   Scripts/fuzz.sh TARGET [SECONDS]     fuzz TARGET for SECONDS (default 60), then replay its fail cases
#   Scripts/fuzz.sh replay [TARGET]      only replay Fuzz/FailCases (every target, or one)
#
# TARGET: touch-stream, line-reader, arguments, golden-table, check, or all. Exit status 0 when no input
# crashed, hung (10 s per input), leaked or exceeded 2 GB; otherwise 1, with the input saved under
# Fuzz/.build/artifacts/TARGET/. New corpus entries go to Fuzz/.build/corpus/TARGET/ (seeded from
# Fuzz/Corpus/TARGET/), never into the repository. Extra libFuzzer flags: FUZZ_FLAGS="-jobs=2 …".
# Documentation/reliability.md explains long campaigns and turning a crash into a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."

log() { printf 'fuzz: %s\n' "$*" >&2; }

targets=(touch-stream line-reader arguments golden-table check)
product() {
  case "$1" in
    touch-stream) echo FuzzTouchStream ;;
    line-reader) echo FuzzLineReader ;;
    arguments) echo FuzzArguments ;;
    golden-table) echo FuzzGoldenTable ;;
    check) echo FuzzCheck ;;
    *) log "unknown target '$1': expected one of ${targets[*]} or all"; exit 2 ;;
  esac
}

usage() { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
[ $# -ge 1 ] || usage
mode=fuzz
if [ "$1" = replay ]; then mode=replay; shift; fi
selected=${1:-all}
seconds=${2:-60}
case "$seconds" in ''|*[!0-9]*) log "SECONDS must be a whole number, not '$seconds'"; exit 2 ;; esac
if [ "$selected" = all ]; then run=("${targets[@]}"); else product "$selected" >/dev/null; run=("$selected"); fi

# libFuzzer ships with the Swift toolchain on Linux (clang's runtime, libclang_rt.fuzzer); check that
# swiftc can link a fuzz target, and install Debian's clang runtime if it cannot.
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
cat > "$probe/probe.swift" <<'SWIFT'
@_cdecl("LLVMFuzzerTestOneInput") public func probe(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 { 0 }
SWIFT
if ! swiftc -sanitize=fuzzer,address -parse-as-library "$probe/probe.swift" -o "$probe/probe" >/dev/null 2>&1; then
  log "swiftc cannot link a libFuzzer target; installing clang's runtime"
  runtime=$(apt-cache search --names-only '^libclang-rt-[0-9]+-dev$' 2>/dev/null | sort -V | tail -1 | cut -d' ' -f1)
  if [ -z "$runtime" ] || ! { [ "$(id -u)" -eq 0 ] && apt-get install -y -qq --no-install-recommends "$runtime" >/dev/null; }; then
    log "no libFuzzer runtime: install your distribution's clang runtime (Debian: libclang-rt-NN-dev) or a Swift toolchain that has it"
    exit 1
  fi
  swiftc -sanitize=fuzzer,address -parse-as-library "$probe/probe.swift" -o "$probe/probe" >/dev/null
fi

# The fuzz targets reach PopSim's internal modules through the products they depend on, so SwiftPM
# does not see those modules as their dependencies and could link a target against stale code after
# PopSim changes: rebuild from scratch whenever any source differs from the last build.
stamp=$(find Sources Fuzz/Sources Package.swift Fuzz/Package.swift -type f -print0 | sort -z | xargs -0 sha1sum | sha1sum | cut -d' ' -f1)
if [ "$(cat Fuzz/.build/sources.sha1 2>/dev/null)" != "$stamp" ]; then
  rm -rf Fuzz/.build/release Fuzz/.build/*-linux-gnu Fuzz/.build/*-apple-* Fuzz/.build/build.db Fuzz/.build/*.yaml Fuzz/.build/sources.sha1
fi
log "building (release, -sanitize=fuzzer,address)"
flags=(--package-path Fuzz -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -enable-testing)
if ! swift build "${flags[@]}" > "$probe/build.log" 2>&1; then
  grep -v 'Cannot export local symbol' "$probe/build.log" | tail -40 >&2
  log "the fuzz targets did not build"
  exit 1
fi
bin=$(swift build "${flags[@]}" --show-bin-path)
echo "$stamp" > Fuzz/.build/sources.sha1

# The Swift runtime's backtracer would wait on a crash; libFuzzer reports and saves the input itself.
export SWIFT_BACKTRACE=enable=no
# Global initialisers' allocations are not leaks (Fuzz/lsan.supp says why).
export LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp${LSAN_OPTIONS:+:$LSAN_OPTIONS}"
status=0
for target in "${run[@]}"; do
  name=$(product "$target")
  [ -x "$bin/$name" ] || { log "$name was not built"; exit 1; }
  if [ "$mode" = fuzz ]; then
    corpus=Fuzz/.build/corpus/$target
    artifacts=Fuzz/.build/artifacts/$target
    mkdir -p "$corpus" "$artifacts"
    dictionary=()
    [ -f "Fuzz/Dictionaries/$target.dict" ] && dictionary=(-dict="Fuzz/Dictionaries/$target.dict")
    log "$target: fuzzing for ${seconds} s"
    # shellcheck disable=SC2086
    if ! "$bin/$name" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=4096 \
         -print_final_stats=1 -artifact_prefix="$artifacts/" "${dictionary[@]}" ${FUZZ_FLAGS:-} \
         "$corpus" "Fuzz/Corpus/$target" > "$artifacts/log.txt" 2>&1; then
      tail -40 "$artifacts/log.txt" >&2
      log "$target FAILED: the input is in $artifacts/ (copy it to Fuzz/FailCases/$target/ once fixed)"
      status=1
      continue
    fi
    grep -E '^Done' "$artifacts/log.txt" | sed "s/^/fuzz: $target: /" >&2 || true
  fi
  cases=(Fuzz/FailCases/"$target"/*)
  if [ -e "${cases[0]}" ]; then
    if "$bin/$name" "${cases[@]}" >/dev/null 2>&1; then
      log "$target: ${#cases[@]} fail cases replayed, none fails"
    else
      "$bin/$name" "${cases[@]}" 2>&1 | tail -20 >&2 || true
      log "$target FAILED replaying Fuzz/FailCases/$target"
      status=1
    fi
  fi
done
exit $status
