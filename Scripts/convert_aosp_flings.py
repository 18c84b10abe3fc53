#!/usr/bin/env python3
"""Converts the single-pointer device recordings of AOSP's VelocityTracker tests into PopSim touch-stream CSV.

Input: `libs/input/tests/VelocityTracker_test.cpp` of AOSP frameworks/native (Apache-2.0; PopSim read
LineageOS/android_frameworks_native@0164277c). The recordings are the TEST_F cases named *Fling* whose
`PlanarMotionEventEntry` lists hold one pointer: SwordfishFlingDown and the 18 Sailfish* cases.

Output (Tests/Fixtures/touch-recordings/README.md describes both):
  aosp-sailfish-flings.csv   the 18 Sailfish recordings, touch ids 1-18 in file order;
  aosp-swordfish-fling.csv   SwordfishFlingDown, touch id 1.

Conversions, exact in decimal:
  time   the entry's nanoseconds (or milliseconds, `0ms`) / 10^9, in seconds;
  phase  the first entry `began`, the entry marked `// ACTION_UP` (always the last) `ended`, the rest `moved`;
  x, y   Sailfish: the test's pixel coordinates / 2.625, the Pixel's density (420 dpi / 160), in
         density-independent pixels, the nearest double; Swordfish: pixels as written (its density is
         not published), so only its unit-free figures are meaningful.
Usage: Scripts/convert_aosp_flings.py VelocityTracker_test.cpp OUTPUT_DIRECTORY
"""
import re
import sys
from decimal import Decimal

SAILFISH_DENSITY = Decimal('2.625')
TEST = re.compile(r'TEST_F\(VelocityTrackerTest, (\w+)\)')
ENTRY = re.compile(r'\s*\{ (\d+)(ns|ms), \{\{([-\d.]+), ([-\d.]+)\}\} \},\s*(//\s*ACTION_UP)?')


def recordings(lines):
    tests, current = [], None
    for number, line in enumerate(lines, 1):
        match = TEST.match(line)
        if match:
            current = dict(name=match.group(1), line=number, entries=[])
            tests.append(current)
            continue
        match = ENTRY.match(line)
        if match and current is not None:
            value, unit, x, y, up = match.groups()
            nanoseconds = int(value) * (10 ** 6 if unit == 'ms' else 1)
            current['entries'].append((number, nanoseconds, x, y, up is not None))
    return [t for t in tests if 'Fling' in t['name'] and t['entries']]


def seconds(nanoseconds):
    text = format((Decimal(nanoseconds) / Decimal(10 ** 9)).normalize(), 'f')
    return text if '.' in text else text + '.0'


def write(path, tests, density):
    with open(path, 'w') as out:
        out.write('time,phase,x,y,touch\n')
        for touch, test in enumerate(tests, 1):
            entries = test['entries']
            for index, (_, nanoseconds, x, y, up) in enumerate(entries):
                if up != (index == len(entries) - 1):
                    sys.exit('%s: ACTION_UP is not the last entry' % test['name'])
                phase = 'began' if index == 0 else ('ended' if up else 'moved')
                if density is None:
                    px, py = repr(float(x)), repr(float(y))
                else:
                    px, py = repr(float(Decimal(x) / density)), repr(float(Decimal(y) / density))
                out.write('%s,%s,%s,%s,%d\n' % (seconds(nanoseconds), phase, px, py, touch))
            print('%s touch %d: %s (line %d, entries %d-%d)' % (path, touch, test['name'], test['line'],
                                                                 entries[0][0], entries[-1][0]))


def main():
    if sys.argv[1:] in (['--help'], ['-h']):
        print(__doc__.strip())
        sys.exit(0)
    if len(sys.argv) != 3:
        sys.exit(__doc__.strip().split('\n')[-1])
    tests = recordings(open(sys.argv[1]).read().split('\n'))
    write(sys.argv[2] + '/aosp-sailfish-flings.csv', [t for t in tests if t['name'].startswith('Sailfish')],
          SAILFISH_DENSITY)
    write(sys.argv[2] + '/aosp-swordfish-fling.csv', [t for t in tests if t['name'].startswith('Swordfish')], None)


if __name__ == '__main__':
    main()
