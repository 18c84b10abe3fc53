"""Reading PopSim's CSV files for the plotting scripts, with errors that name the file, line and fix.

Lines starting with '#' are comments (golden sweep tables record their command there). The first
other line is the header; every row must have as many fields as the header. A blank line after the
rows ends the table (`popsim simulate --events` appends its event log after one).
"""
import csv
import sys


class CSVFormatError(Exception):
    pass


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
