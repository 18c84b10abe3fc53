#!/bin/sh
# The example sweep's shards run concurrently on one machine with GNU parallel, then joined:
# `parallel.sh N DIR` writes DIR/part-0.csv … DIR/part-(N-1).csv and DIR/map.csv (Debian: apt-get install
# parallel). Stops at the first shard that fails, and then writes no map.
set -eu

if [ $# -ne 2 ]; then
  echo "usage: $0 N DIR" >&2
  exit 2
fi
parts=$1
directory=$2
here=$(dirname "$0")

mkdir -p "$directory"
seq 0 $((parts - 1)) | parallel --will-cite --halt now,fail=1 --jobs "$parts" "$here/sweep.sh" {} "$parts" "$directory"
"$here/concatenate.sh" "$parts" "$directory" > "$directory/map.csv"
