"""Reading PopSim's CSV files for the plotting scripts, with errors that name the file, line and fix.

Lines starting with '#' are comments (golden sweep tables record their command there). The first
other line is the header; every row must have as many fields as the header. A blank line after the
rows ends the table (`popsim simulate --events` appends its event log after one).
"""
import csv
import os
import sys


class CSVFormatError(Exception):
    pass


def argument_parser(doc):
    """The command line of a script whose module docstring is `doc`: --help prints the docstring whole, as
    written (its first paragraph, usage lines and column tables), before the options."""
    import argparse
    return argparse.ArgumentParser(description=doc.strip(), formatter_class=argparse.RawDescriptionHelpFormatter)


def fail(message):
    print(f"error: {message}", file=sys.stderr)
    sys.exit(1)


def read_table(path):
    """Returns (header, rows, comments) with rows as lists of strings."""
    try:
        handle = open(path, newline="")
    except OSError as error:
        raise CSVFormatError(f"{path}: cannot open: {error.strerror}")
    comments, header, rows = [], None, []
    with handle:
        for number, fields in enumerate(csv.reader(handle), start=1):
            if not fields or (len(fields) == 1 and not fields[0].strip()):
                if rows:
                    break
                continue
            if fields[0].startswith("#"):
                comments.append(",".join(fields))
                continue
            if header is None:
                header = [f.strip() for f in fields]
                continue
            if len(fields) != len(header):
                raise CSVFormatError(
                    f"{path}:{number}: {len(fields)} fields, the header has {len(header)} ({','.join(header)})")
            rows.append((number, fields))
    if header is None:
        raise CSVFormatError(f"{path}: no header line: expected a PopSim CSV")
    if not rows:
        raise CSVFormatError(f"{path}: the header is there but there are no rows")
    return header, rows, comments


def touch_strokes(path):
    """The strokes of a touch-stream CSV (time, phase, x, y, touch), in the order their touches began:
    each a list of (time, phase, x, y); a file may hold several strokes."""
    header, rows, _ = read_table(path)
    for name in ("time", "phase", "x", "y"):
        if name not in header:
            raise CSVFormatError(f"{path}:1: no '{name}' column: expected a touch stream (time,phase,x,y[,touch])")
    times, xs, ys = (numeric_column(path, header, rows, name) for name in ("time", "x", "y"))
    phases = text_column(header, rows, "phase")
    touches = numeric_column(path, header, rows, "touch") if "touch" in header else [0.0] * len(rows)
    strokes, order = {}, []
    for (number, _), time, phase, x, y, touch in zip(rows, times, phases, xs, ys, touches):
        if phase == "began":
            strokes[touch] = []
            order.append(touch)
        elif touch not in strokes:
            raise CSVFormatError(f"{path}:{number}: touch {touch:g} moves before it began")
        strokes[touch].append((time, phase, x, y))
    return [strokes[touch] for touch in order]


# The recorded flings under Tests/Fixtures/touch-recordings (their README gives source and licence).
RECORDED_FLINGS = ["aosp-swordfish-fling.csv", "aosp-sailfish-flings.csv", "flutter-velocity-recording.csv"]


def recorded_flings(directory):
    """(file name, stroke number from 1, stroke) for every stroke of the recorded flings in `directory`."""
    return [(name, k, stroke) for name in RECORDED_FLINGS
            for k, stroke in enumerate(touch_strokes(os.path.join(directory, name)), 1)]


def numeric_column(path, header, rows, name):
    index = header.index(name)
    values = []
    for number, fields in rows:
        try:
            value = float(fields[index])
        except ValueError:
            raise CSVFormatError(f"{path}:{number}: column '{name}' is '{fields[index]}', not a number")
        if value != value or value in (float("inf"), float("-inf")):
            raise CSVFormatError(f"{path}:{number}: column '{name}' is not finite")
        values.append(value)
    return values


def text_column(header, rows, name):
    index = header.index(name)
    return [fields[index].strip() for _, fields in rows]


def read_events(path):
    """The event log `popsim simulate --events` appends after the trace's blank line: [(time, text)].
    Empty when the file has none."""
    try:
        handle = open(path, newline="")
    except OSError as error:
        raise CSVFormatError(f"{path}: cannot open: {error.strerror}")
    events, in_log, after_blank = [], False, False
    with handle:
        for number, fields in enumerate(csv.reader(handle), start=1):
            if not fields or (len(fields) == 1 and not fields[0].strip()):
                after_blank = True
                continue
            if after_blank and not in_log:
                if [f.strip() for f in fields] != ["time", "event"]:
                    raise CSVFormatError(f"{path}:{number}: after the blank line expected the event log header 'time,event'")
                in_log = True
                continue
            if in_log:
                if len(fields) != 2:
                    raise CSVFormatError(f"{path}:{number}: an event row is 'time,event', found {len(fields)} fields")
                try:
                    events.append((float(fields[0]), fields[1].strip()))
                except ValueError:
                    raise CSVFormatError(f"{path}:{number}: event time '{fields[0]}' is not a number")
    return events


# One colour per outcome word, the same in every script (and per anchor for picture-in-picture).
OUTCOME_COLOURS = {
    "returned": "#4caf50",
    "dismissed-down": "#e53935",
    "dismissed-up": "#fb8c00",
    "dismissed-tap-outside": "#8d6e63",
    "moved": "#8e24aa",
    "presented": "#9e9e9e",
    "open": "#1e88e5",
    "closed": "#f06292",
    "hidden": "#c0ca33",
    "error": "#212121",
    # Sheets: a stop and its counterpart in the other library share a hue (full/long at the top, half/short
    # in the middle), PanModal's a lighter shade; leaving the screen is red-brown.
    "full": "#3949ab", "long": "#7986cb",
    "half": "#43a047", "short": "#81c784",
    "tip": "#fdd835",
    "dismissed": "#d81b60", "removed": "#6d4c41",
}
ANCHOR_COLOURS = {
    "top-left": "#00897b", "top": "#26c6da", "top-right": "#3949ab", "right": "#7e57c2", "bottom-right": "#d81b60",
    "bottom": "#ef6c00", "bottom-left": "#6d4c41", "left": "#afb42b", "center": "#546e7a",
}
# States a trace shades, one colour each (at-rest states are left unshaded in the trace panels).
STATE_COLOURS = {
    "presented": "#f5f5f5", "closed": "#f5f5f5", "open": "#e3f2fd", "hidden": "#eeeeee",
    "dragging": "#ffd54f", "animating": "#90caf9", "transitioning": "#90caf9", "dismissed": "#bdbdbd",
    # Sheets: resting at a stop (named after it), settling toward one, removed.
    "full": "#e3f2fd", "half": "#f5f5f5", "tip": "#eeeeee", "long": "#e3f2fd", "short": "#f5f5f5",
    "settling": "#90caf9", "removed": "#bdbdbd",
}
# Colours and line styles that tell series (files) apart when outcomes already own the colours.
SERIES_COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#17becf", "#8c564b", "#e377c2"]
SERIES_STYLES = ["-", "--", "-.", (0, (6, 2, 1, 2, 1, 2))]
# The ideal decision's boundary, beside any series.
IDEAL_STYLE = ":"
SERIES_MARKERS = ["o", "s", "^", "D", "v", "P", "X", "*"]


# Who moved during a sheet gesture with a scroll view (`OWNERS:STOP` words): the stop's colour, lighter when
# only the content scrolled, darker when both moved, grey-mixed when nothing did.
OWNER_SHADES = {"sheet": None, "scroll": ("white", 0.45), "both": ("black", 0.35), "none": ("#9e9e9e", 0.6)}


def outcome_colour(word):
    if word in OUTCOME_COLOURS:
        return OUTCOME_COLOURS[word]
    if word.startswith("anchor:") and word[7:] in ANCHOR_COLOURS:
        return ANCHOR_COLOURS[word[7:]]
    owner, _, stop = word.partition(":")
    if stop in OUTCOME_COLOURS and owner in OWNER_SHADES:
        from matplotlib.colors import to_hex, to_rgb
        base = to_rgb(OUTCOME_COLOURS[stop])
        if OWNER_SHADES[owner] is None:
            return to_hex(base)
        towards, amount = OWNER_SHADES[owner]
        target = to_rgb(towards)
        return to_hex(tuple(b + (t - b) * amount for b, t in zip(base, target)))
    # A word no script knows yet: a colour fixed by its letters (the same in every run and script).
    return SERIES_COLOURS[sum(word.encode()) % len(SERIES_COLOURS)]


# The unit of every column PopSim writes.
UNITS = {
    "time": "s", "prediction_time": "s",
    "proximity": "fraction of H", "snap_percent": "fraction of d",
    "opacity": "0–1", "progress": "0–1", "bar_alpha": "0–1",
}


def unit(column):
    if column in UNITS:
        return UNITS[column]
    if column.startswith("velocity"):
        return "pt/s"
    if column.startswith("p_"):
        return "probability"
    return "pt"


def axis_label(column):
    return f"{column} ({unit(column)})"


def recorded_command(comments):
    """The command a golden table records in its first comment line, without the version note."""
    for comment in comments:
        text = comment.lstrip("#").strip()
        if text.startswith("popsim "):
            return text.split(" # written by popsim ")[0]
    return None


def wrapped(text, width=100):
    import textwrap
    return "\n".join(textwrap.wrap(text, width=width, break_on_hyphens=False))


def labels_for(paths, given, parser):
    """One legend label per input: the --label values in order, else the file names."""
    if given and len(given) != len(paths):
        parser.error(f"give one --label per input ({len(paths)} inputs, {len(given)} labels)")
    import os
    return given or [os.path.basename(p) for p in paths]


def save(fig, path):
    """Writes the figure with every artist inside, legends placed outside the axes included."""
    fig.savefig(path, dpi=110, bbox_inches="tight")


def shade(colour, series):
    """The outcome's colour for series k: the same hue, darker for later series (0, 30, 50, 65 % black)."""
    from matplotlib.colors import to_rgb
    mix = [0.0, 0.3, 0.5, 0.65][series % 4]
    return tuple(c * (1 - mix) for c in to_rgb(colour))


def keep_where(path, header, rows, conditions, columns=None):
    """The rows whose COLUMN equals VALUE for every --where COLUMN=VALUE (numbers to 1e-9 relative,
    `device` as text); `columns` restricts which columns may be named."""
    for condition in conditions:
        name, _, value = condition.partition("=")
        if name not in (columns if columns is not None else header):
            raise CSVFormatError(f"--where {condition}: no column '{name}' in {path}")
        if name == "device":
            rows = [row for row, v in zip(rows, text_column(header, rows, name)) if v == value]
        else:
            try:
                wanted = float(value)
            except ValueError:
                raise CSVFormatError(f"--where {condition}: '{value}' is not a number")
            column = numeric_column(path, header, rows, name)
            rows = [row for row, v in zip(rows, column) if abs(v - wanted) <= 1e-9 * max(1, abs(v))]
        if not rows:
            raise CSVFormatError(f"--where {condition}: no row of {path} has {name} = {value}")
    return rows
