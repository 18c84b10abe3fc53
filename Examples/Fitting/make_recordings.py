#!/usr/bin/env python3
"""Writes the example recordings of Documentation/fitting.md into this folder.

They are synthetic: motions written out from their textbook formulas, sampled like a device
recording (frames at 120 Hz on a device clock, Gaussian noise from a fixed seed), so that every
example on the page runs and the fits have known answers to compare with. They are not recordings
of a device; record your own as the page describes.

    recording.csv  time,position: a spring (response 0.45 s, damping ratio 0.8) from 620 to 320 pt,
                   0.5 pt of noise
    flick.csv      time,position: a spring (response 0.35 s, damping ratio 0.9) from 400 to 640 pt
                   released at 1500 pt/s, starting 50 ms after the recording does, 0.3 pt of noise
    overdrag.csv   finger,offset: UIScrollView's rubber band, c = 0.55 over an 852 pt view, 0.3 pt of
                   noise
    drag-log.csv   a DragGesture.onChanged log of three flicks, predicted by the three-sample rule with
                   a horizon of 0.25 s and a previous-segment weight of 0.75, 0.05 pt of noise on the
                   predictions

Run it from anywhere: python3 Examples/Fitting/make_recordings.py
"""
import math
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
CLOCK = 81237.5   # a device clock far from 0: a fit counts time from the first row


def spring(response, zeta, x0, v0, tau):
    """Displacement from the target at tau s after the start (underdamped, zeta < 1)."""
    if tau <= 0:
        return x0
    w0 = 2 * math.pi / response
    wd = w0 * math.sqrt(1 - zeta * zeta)
    return math.exp(-zeta * w0 * tau) * (x0 * math.cos(wd * tau) + (v0 + zeta * w0 * x0) / wd * math.sin(wd * tau))


def write(name, header, rows):
    with open(os.path.join(HERE, name), "w") as f:
        f.write("# synthetic (Examples/Fitting/make_recordings.py), not a device recording\n")
        f.write(header + "\n")
        for row in rows:
            f.write(",".join(repr(float(v)) for v in row) + "\n")


def main():
    noise = random.Random(20240601)

    rows = []
    for i in range(181):
        t = i / 120
        rows.append((CLOCK + t, 320 + spring(0.45, 0.8, 300, 0, t) + noise.gauss(0, 0.5)))
    write("recording.csv", "time,position", rows)

    rows = []
    for i in range(151):
        t = i / 120
        rows.append((CLOCK + t, 640 + spring(0.35, 0.9, -240, 1500, t - 0.05) + noise.gauss(0, 0.3)))
    write("flick.csv", "time,position", rows)

    rows = []
    for i in range(1, 81):
        finger = 4.0 * i
        offset = (1 - 1 / (0.55 * finger / 852 + 1)) * 852
        rows.append((finger, offset + noise.gauss(0, 0.3)))
    write("overdrag.csv", "finger,offset", rows)

    rows = []
    start_time = CLOCK
    for flick, (x0, y0, dx, dy, seconds) in enumerate([(120, 600, 40, -260, 0.30), (300, 300, -30, 380, 0.22),
                                                        (200, 700, 180, -120, 0.40)]):
        frames = int(seconds * 120)
        times = [start_time + k / 120 + (0.0015 if k % 5 == 0 else 0) for k in range(frames + 1)]
        def point(t):
            s = (t - times[0]) / seconds
            p = s * s * s * (10 - 15 * s + 6 * s * s)   # minimum jerk
            return (x0 + dx * p, y0 + dy * p)
        for k, t in enumerate(times):
            p = point(t)
            v = (0.0, 0.0)
            if k >= 1:
                a = point(times[k - 1])
                v32 = ((p[0] - a[0]) / (t - times[k - 1]), (p[1] - a[1]) / (t - times[k - 1]))
                v = v32
                if k >= 2:
                    b = point(times[k - 2])
                    v21 = ((a[0] - b[0]) / (times[k - 1] - times[k - 2]), (a[1] - b[1]) / (times[k - 1] - times[k - 2]))
                    v = (0.75 * v21[0] + 0.25 * v32[0], 0.75 * v21[1] + 0.25 * v32[1])
            translation = (p[0] - x0, p[1] - y0)
            predicted = (translation[0] + 0.25 * v[0] + noise.gauss(0, 0.05),
                         translation[1] + 0.25 * v[1] + noise.gauss(0, 0.05))
            rows.append((t, p[0], p[1], translation[0], translation[1], predicted[0], predicted[1]))
        start_time = times[-1] + 1.0
    write("drag-log.csv", "time,x,y,translation_x,translation_y,predicted_x,predicted_y", rows)


if __name__ == "__main__":
    main()
