#!/bin/sh
# Joins the N parts sweep.sh wrote into DIR, in order, on standard output: `concatenate.sh N DIR > map.csv`.
# Only part 0 carries the header, so the concatenation is the unsharded table byte for byte. Fails
# (exit 1, naming the part) if a part is missing, so an incomplete run never passes for a whole one.
set -eu

if [ $# -ne 2 ]; then
  echo "usage: $0 N DIR > map.csv" >&2
  exit 2
fi
parts=$1
directory=$2

part=0
while [ "$part" -lt "$parts" ]; do
  if [ ! -f "$directory/part-$part.csv" ]; then
    echo "$0: $directory/part-$part.csv is missing: part $part of $parts did not finish" >&2
    exit 1
  fi
  part=$((part + 1))
done
part=0
while [ "$part" -lt "$parts" ]; do
  cat "$directory/part-$part.csv"
  part=$((part + 1))
done
