#!/usr/bin/env bash
# Regenerates the gallery (Scripts/gallery/*.png) from popsim's own output:
#   spring.png       a SwiftUI .bouncy spring from 0 to 1 at 60 Hz, overshoot and settling time marked
#   popover.png      a Popovers drag-to-dismiss: a 1500 pt/s flick down on the default popover, 60 vs 120 Hz
#   popup.png        an LNPopupController snap close: the open popup pulled down past 0.32·852 pt, 120 Hz
#   sweep.png        the Popovers drag-down decision map (translation × velocity), pipeline at 60 Hz with
#                    SwiftUI's estimator and 0.3 pt finger noise, ideal boundary overlaid (every pipeline here
#                    draws the default hand, the human release, unless it says --profile min-jerk)
#   sweeps.png       the same map's boundaries at 60 and at 120 Hz on one figure
#   probability.png  the chance of dismissal over 40 noisy realisations per cell (sweep --trials), 60 Hz
#   thresholds.png   the release speed a drag down needs to dismiss, by drag length: ideal, 60 and 120 Hz
#                    with the human release (threshold --pipeline --trials 30: the 50 % point and its 95 %
#                    interval)
#   sheets.png       FloatingPanel's and PanModal's decision maps for the same stops (80, 500 and the window's
#                    bottom), released from the middle one: translation × velocity, side by side
#   arbitration.png  who gets a 150 pt pull down at the top stop with a scroll view inside, by content offset ×
#                    release speed, FloatingPanel and PanModal through the pipeline at 60 Hz (ideal boundary dotted)
#   handoff.png      the same pull over content scrolled 40 pt in FloatingPanel, PanModal and LNPopupController's
#                    scroll style: how far the sheet moved, the content offset, who owned the finger
#   thresholds-human.png  the same threshold with the human release (the default) against the min-jerk drag
#                    (--profile min-jerk, 0.3.0's), at 60 and 120 Hz, and the ideal (Documentation/thresholds.md)
#   release-profiles.png  finger speed near lift-off: the 32 recorded flings against 280 swipes each of
#                    `popsim synth swipe --profile human` and of the min-jerk `popsim synth swipe`, 120 Hz
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
python3 Scripts/plot_trace.py "$work/spring.csv" -o "$out/spring.png" \
  --title 'SwiftUI .bouncy (duration 0.5, bounce 0.3) from 0 to 1, 60 Hz'

for rate in 60 120; do
  "$popsim" simulate popover --mode drag-down --rate $rate --events \
    --synth "swipe --from 196,426 --to 196,700 --release-velocity 1500 --rate $rate --noise 0.3 --seed 1" --output "$work/popover$rate.csv"
done
python3 Scripts/plot_trace.py "$work/popover60.csv" "$work/popover120.csv" --label '60 Hz' --label '120 Hz' \
  -o "$out/popover.png" --threshold 639 \
  --title 'Popovers drag-to-dismiss: a 1500 pt/s flick down, 0.3 pt noise; dismissal line (1 − 0.25)·852 = 639 pt'

"$popsim" simulate popup --style snap --from open --rate 120 --events \
  --synth 'pan --from 196,250 --to 196,620 --seconds 0.6' --output "$work/popup.csv"
python3 Scripts/plot_trace.py "$work/popup.csv" -o "$out/popup.png" \
  --title 'LNPopupController snap close: pulled down past c·d = 0.32·852 = 272.64 pt, 120 Hz'

map='--mode drag-down --translation 0,0:400:41 --velocity 0,-2000:2000:41'
for rate in 60 120; do
  "$popsim" sweep popover $map --pipeline --rate $rate --noise 0.3 --seed 1 --golden --output "$work/sweep$rate.csv" 2>/dev/null
done
python3 Scripts/plot_sweep.py "$work/sweep60.csv" -o "$out/sweep.png" \
  --title 'Popovers drag-down: pipeline (60 Hz, SwiftUI estimator, 0.3 pt noise) vs ideal'
python3 Scripts/plot_sweep.py "$work/sweep60.csv" "$work/sweep120.csv" --label '60 Hz' --label '120 Hz' -o "$out/sweeps.png" \
  --title 'Popovers drag-down through the pipeline (SwiftUI estimator, 0.3 pt noise): 60 vs 120 Hz boundaries'

"$popsim" sweep popover --mode drag-down --translation 0,0:400:41 --velocity 0,-500:2500:41 \
  --pipeline --rate 60 --noise 0.3 --seed 1 --trials 40 --output "$work/probability.csv" 2>/dev/null
python3 Scripts/plot_sweep.py "$work/probability.csv" -o "$out/probability.png" --probability dismissed-down \
  --title 'Popovers drag-down at 60 Hz: the chance a release dismisses, 40 realisations with 0.3 pt noise per cell'

line='--mode drag-down --translation 0,10:400:40 --velocity 0,-3000:4000'
"$popsim" threshold popover $line --output "$work/threshold.csv" 2>/dev/null
for rate in 60 120; do
  "$popsim" threshold popover $line --pipeline --rate $rate --noise 0.3 --seed 1 --trials 30 --tolerance 0.01 \
    --output "$work/threshold$rate.csv" 2>/dev/null
done
python3 Scripts/plot_threshold.py "$work/threshold.csv" "$work/threshold60.csv" "$work/threshold120.csv" \
  --label ideal --label '60 Hz' --label '120 Hz' -o "$out/thresholds.png" \
  --title 'Popovers drag-down: the release speed that dismisses, by drag length (human release, 50 % of 30 realisations, 0.3 pt noise, SwiftUI estimator)'

sheet_map='--translation 0,-450:350:81 --velocity 0,-2000:2000:81'
"$popsim" sweep sheet --library floatingpanel --detents full=80,half=500,hidden=852 --from half $sheet_map \
  --golden --output "$work/sheet-floatingpanel.csv" 2>/dev/null
"$popsim" sweep sheet --library panmodal --detents long=80,short=500 --from short $sheet_map \
  --golden --output "$work/sheet-panmodal.csv" 2>/dev/null
python3 Scripts/plot_sweep.py "$work/sheet-floatingpanel.csv" "$work/sheet-panmodal.csv" --side-by-side \
  --label 'FloatingPanel 3.2.2: full 80, half 500, hidden 852' --label 'PanModal 1.2.7: long 80, short 500, dismissed at 852' \
  -o "$out/sheets.png" \
  --title 'Released from the middle stop at y = 500 + translation: FloatingPanel projects 0.499 s of the velocity and crosses at most one stop; PanModal flings above 300 pt/s, else takes the nearest'
arbitration_map='--scroll-content 2000 --scroll-offset 0:300:31 --translation 0,150 --velocity 0,0:2000:41'
"$popsim" sweep sheet --library floatingpanel --detents full=80,half=500,hidden=852 --from full $arbitration_map \
  --pipeline --rate 60 --noise 0.3 --seed 1 --golden --output "$work/arbitration-floatingpanel.csv" 2>/dev/null
"$popsim" sweep sheet --library panmodal --detents long=80,short=500 --from long $arbitration_map \
  --pipeline --rate 60 --noise 0.3 --seed 1 --golden --output "$work/arbitration-panmodal.csv" 2>/dev/null
python3 Scripts/plot_sweep.py "$work/arbitration-floatingpanel.csv" "$work/arbitration-panmodal.csv" --side-by-side \
  --x scroll_offset --y velocity_y --label 'FloatingPanel 3.2.2: full 80, half 500, hidden 852' \
  --label 'PanModal 1.2.7: long 80, short 500' -o "$out/arbitration.png" \
  --title 'A 150 pt pull down at the top stop with the content scrolled, through the pipeline at 60 Hz: what moved (sheet, scroll, both) and where it ended'

pull='swipe --from 196,200 --to 196,330 --release-velocity 800'
"$popsim" simulate sheet --library floatingpanel --detents full=80,half=426,tip=700 --from full --scroll-content 2000 \
  --scroll-offset 40 --rate 60 --events --synth "$pull" --output "$work/handoff-floatingpanel.csv"
"$popsim" simulate sheet --library panmodal --detents long=80,short=500 --from long --scroll-content 2000 \
  --scroll-offset 40 --rate 60 --events --synth "$pull" --output "$work/handoff-panmodal.csv"
"$popsim" simulate popup --style scroll --from open --scroll-content 3000 --scroll-offset 40 --rate 60 --events \
  --synth "$pull" --output "$work/handoff-popup.csv"
python3 Scripts/plot_trace.py "$work/handoff-floatingpanel.csv" "$work/handoff-panmodal.csv" "$work/handoff-popup.csv" \
  --label FloatingPanel --label PanModal --label 'LNPopupController (scroll style)' -o "$out/handoff.png" \
  --title 'A 130 pt pull at 800 pt/s over content scrolled 40 pt, 60 Hz: the content scrolls to its top, then the sheet takes the finger'
for rate in 60 120; do
  "$popsim" threshold popover $line --pipeline --rate $rate --noise 0.3 --seed 1 --trials 30 --tolerance 0.01 \
    --profile min-jerk --output "$work/threshold-min-jerk$rate.csv" 2>/dev/null
done
python3 Scripts/plot_threshold.py "$work/threshold.csv" "$work/threshold-min-jerk60.csv" "$work/threshold60.csv" \
  "$work/threshold-min-jerk120.csv" "$work/threshold120.csv" -o "$out/thresholds-human.png" \
  --label ideal --label '60 Hz, min-jerk' --label '60 Hz, human' --label '120 Hz, min-jerk' --label '120 Hz, human' \
  --title 'Popovers drag-down: the release speed that dismisses, the human release (the default) against the min-jerk drag of 0.3.0 (50 % of 30 realisations, 0.3 pt noise, SwiftUI estimator)'

# 1.5-6k pt/s × 150-600 pt × 4 seeds at 120 Hz, each swipe in its own file, its scan phase one of eight.
mkdir -p "$work/human" "$work/min-jerk"
k=0
for velocity in $(seq 1500 500 6000); do
  for distance in $(seq 150 75 600); do
    for _ in 1 2 3 4; do
      k=$((k + 1))
      swipe="--to 0,$distance --release-velocity $velocity --rate 120 --phase $(awk "BEGIN { print ($k % 8) / 960 }")"
      "$popsim" synth swipe $swipe --noise 0.3 --seed $k --profile human --output "$work/human/$k.csv"
      "$popsim" synth swipe $swipe --noise 0.3 --seed $k --output "$work/min-jerk/$k.csv"
    done
  done
done
python3 Scripts/plot_release_profiles.py --human "$work"/human/*.csv --min-jerk "$work"/min-jerk/*.csv \
  -o "$out/release-profiles.png" \
  --title 'Finger speed near lift-off: 32 recorded flings against popsim synth swipe (120 Hz, 1.5–6k pt/s, 150–600 pt, 0.3 pt noise)'
ls -l "$out"
