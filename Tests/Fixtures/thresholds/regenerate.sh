#!/usr/bin/env bash
# Regenerates the golden decision tables in this folder with `popsim sweep … --golden`.
# Run it only when a change of decisions is intended; then review `git diff` cell by cell.
# Every table records its command in its first line, so `popsim check FILE --update` regenerates one.
set -euo pipefail
cd "$(dirname "$0")"
popsim=${POPSIM:-../../../.build/debug/popsim}

sweep() { local out=$1; shift; "$popsim" sweep "$@" --golden --output "$out"; }

# Popovers: drag-down / drag-up dismissal around (1 − p)·H and p·H (H = 852, default popover at y = 376),
# over translation × velocity, for proximity 0.1, 0.25 and 0.5.
for p in 0.1 0.25 0.5; do
  sweep popover-drag-down-p$p.csv popover --mode drag-down --proximity $p --translation 0,-200:600:33 --velocity 0,-2000:2000:41
  sweep popover-drag-up-p$p.csv popover --mode drag-up --proximity $p --translation 0,-600:200:33 --velocity 0,-2000:2000:41
done
# Both modes at once: drag-down is tested first (direction is ignored by the test).
sweep popover-drag-both.csv popover --mode tap-outside,drag-down,drag-up --translation 0,-500:500:41 --velocity 0,-1500:1500:31
# Picture-in-picture: the anchor regions of the projected origin in a 361×759 container.
sweep popover-pip-anchors.csv popover --anchors top-left,top-right,bottom-left,bottom-right,center \
  --container 16,59,361,759 --size 120x80 --translation -300:300:31,-700:700:41
sweep popover-pip-velocity.csv popover --anchors top-left,top-right,bottom-left,bottom-right \
  --container 16,59,361,759 --size 120x80 --translation 60,100 --velocity -1500:1500:31,-2500:2500:41

# LNPopupController: snap close around c·d for c in {0.1, 0.32, 0.9} (d = 852; Y_c = 769 caps the travel).
sweep popup-snap-c0.1.csv popup --style snap --from open --snap-percent 0.1 --translation 0,70:100:61
sweep popup-snap-c0.32.csv popup --style snap --from open --snap-percent 0.32 --translation 0,257:287:61
sweep popup-snap-c0.9.csv popup --style snap --from open --snap-percent 0.9 --translation 0,750:780:61
# Snap from the bar: the pan's initial velocity direction decides (|vy| > |vx| and vy < 0).
sweep popup-snap-from-closed.csv popup --style snap --from closed --velocity -500:500:21,-500:500:21
# Drag release over progress × velocity sign from both states (p = 0.5 and p = 1 exactly on the grid).
sweep popup-drag-from-open.csv popup --style drag --from open --translation 0,0:769:41 --velocity 0,-500:500:5
sweep popup-drag-from-closed.csv popup --style drag --from closed --translation 0,-769:0:41 --velocity 0,-500:500:5
# Automatic: snap from the bar, drag from open.
sweep popup-automatic-from-open.csv popup --from open --translation 0,0:769:41 --velocity 0,-500:500:5
# Scroll and none.
sweep popup-scroll-from-open.csv popup --style scroll --from open --translation 0,0:769:41 --velocity 0,-500:500:5
sweep popup-scroll-from-closed.csv popup --style scroll --from closed --translation 0,-769:0:11 --velocity 0,-500:500:5
sweep popup-none-from-open.csv popup --style none --from open --translation 0,0:769:11 --velocity 0,-500:500:5
sweep popup-none-from-closed.csv popup --style none --from closed --translation 0,-769:0:11 --velocity 0,-500:500:5

# Sheets: FloatingPanel 3.2.2 from half over translation × velocity (the projection 0.499·v crosses at most one
# stop), and with shouldProjectMomentum from tip (the nearest stop to the projection); PanModal 1.2.7 from the long
# form (the fling line |v| > 300 and the nearest of bottom, short, long, ties on the grid) and from the short form
# without drag-to-dismiss.
sheet_panel='--library floatingpanel --detents full=80,half=426,tip=700'
sheet_modal='--library panmodal --detents long=80,short=500'
sweep sheet-floatingpanel-from-half.csv sheet $sheet_panel --from half --translation 0,-400:400:33 --velocity 0,-3000:3000:25
sweep sheet-floatingpanel-from-tip-projecting.csv sheet $sheet_panel --from tip --project-momentum \
  --translation 0,-700:100:33 --velocity 0,-3000:3000:25
sweep sheet-panmodal-from-long.csv sheet $sheet_modal --from long --translation 0,-100:800:91 --velocity 0,-1500:1500:31
sweep sheet-panmodal-from-short-no-dismiss.csv sheet $sheet_modal --from short --no-drag-to-dismiss \
  --translation 0,-500:400:37 --velocity 0,-1500:1500:31

# The full pipeline (synthesised streams through the models) at 60 and 120 Hz with a fixed seed, the min-jerk
# drag these goldens were first written with (a golden that records no profile means it).
for rate in 60 120; do
  sweep popover-drag-down-pipeline-${rate}hz.csv popover --mode drag-down --translation 0,0:400:17 --velocity 0,-1500:1500:25 \
    --pipeline --rate $rate --noise 0.3 --seed 7 --profile min-jerk
  sweep popup-drag-from-open-pipeline-${rate}hz.csv popup --style drag --from open --translation 0,40:740:15 --velocity 0,-1200:1200:25 \
    --pipeline --rate $rate --noise 0.3 --seed 7 --profile min-jerk
done
# FloatingPanel from half through the pipeline at 60 Hz (its own integrator and the ios estimator).
sweep sheet-floatingpanel-from-half-pipeline-60hz.csv sheet $sheet_panel --from half --translation 0,-300:300:13 \
  --velocity 0,-2000:2000:17 --pipeline --rate 60 --noise 0.3 --seed 7 --profile min-jerk
