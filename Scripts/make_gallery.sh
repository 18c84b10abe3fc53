#!/usr/bin/env bash
# Regenerates the README's gallery (Scripts/gallery/*.png) from popsim's own output:
#   spring.png    a SwiftUI .bouncy spring from 0 to 1 at 60 Hz
#   popover.png   a Popovers drag-to-dismiss: a 1500 pt/s flick down on the default popover, 60 Hz
#   popup.png     an LNPopupController snap close: the open popup pulled down past 0.32·852 pt, 120 Hz
#   sweep.png     the Popovers drag-down decision map (translation × velocity), pipeline at 60 Hz with
#                 SwiftUI's estimator and 0.3 pt finger noise, ideal boundary overlaid
# Usage: Scripts/make_gallery.sh   (after Scripts/bootstrap.sh; builds popsim in release mode)
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product popsim >/dev/null
popsim=.build/release/popsim
out=Scripts/gallery
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$out"

"$popsim" spring --preset bouncy --rate 60 --output "$work/spring.csv"
python3 Scripts/plot_trace.py "$work/spring.csv" -o "$out/spring.png" --threshold 1 \
  --title 'SwiftUI .bouncy (duration 0.5, bounce 0.3), 60 Hz'

"$popsim" simulate popover --mode drag-down --rate 60 \
  --synth 'swipe --from 196,426 --to 196,700 --release-velocity 1500 --rate 60 --noise 0.3 --seed 1' --output "$work/popover.csv"
python3 Scripts/plot_trace.py "$work/popover.csv" -o "$out/popover.png" --threshold 639 \
  --title 'Popovers drag-to-dismiss: 1500 pt/s flick, dismissal line 0.75·H = 639 pt'

"$popsim" simulate popup --style snap --from open --rate 120 \
  --synth 'pan --from 196,250 --to 196,620 --seconds 0.6' --output "$work/popup.csv"
python3 Scripts/plot_trace.py "$work/popup.csv" -o "$out/popup.png" \
  --title 'LNPopupController snap close: pulled down past c·d = 272.6 pt'

"$popsim" sweep popover --mode drag-down --translation 0,0:400:41 --velocity 0,-2000:2000:41 \
  --pipeline --rate 60 --noise 0.3 --seed 1 --output "$work/sweep.csv" 2>/dev/null
python3 Scripts/plot_sweep.py "$work/sweep.csv" -o "$out/sweep.png" \
  --title 'Popovers drag-down: pipeline (60 Hz, SwiftUI estimator, 0.3 pt noise) vs ideal'
ls -l "$out"
