#!/bin/sh
# One shard of the example sweep, the one grid every runner here shares (the Kubernetes Indexed Job, the
# Slurm array, GNU parallel in CI): `sweep.sh K N DIR` computes part K (0 ≤ K < N) of the grid into
# DIR/part-K.csv, on one thread (--jobs 1: a shard is one scheduled task); `sweep.sh 0 1 DIR` computes the
# whole grid in one process. concatenate.sh joins the N parts; the result is byte-identical to the one
# process, whatever ran the parts, where, and in which order (Documentation/cli.md §6).
#
# The grid: drag-down popovers, translation 0–400 pt × release velocity −2000–2000 pt/s, 41 × 41 points,
# through the whole pipeline (a synthesised touch stream per point, digitised with 0.3 pt of noise, at 60
# and 120 Hz, 4 trials a point: 13 448 simulations, about a second on one core). Grow the axes for a real
# study; every shard runs the same command with its own --shard.
#
# POPSIM names the popsim executable (default: popsim on PATH).
set -eu

if [ $# -ne 3 ]; then
  echo "usage: $0 K N DIR   (part K of N, from 0, into DIR/part-K.csv)" >&2
  exit 2
fi
part=$1
parts=$2
directory=$3

exec "${POPSIM:-popsim}" sweep popover --mode drag-down \
  --translation 0,0:400:41 --velocity 0,-2000:2000:41 \
  --pipeline --rate 60,120 --noise 0.3 --trials 4 --seed 1 \
  --jobs 1 --shard "$part/$parts" --output "$directory/part-$part.csv"
