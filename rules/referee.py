"""The referee: ``python -m rules.referee FILE...`` prints one verdict per record.

Exit 0 when every record is legal, 1 when any holds an illegal or malformed
action or deal, 2 when a file cannot be read or is not JSON.
"""
import json
import sys

from .record import read_match, verdict


def judge_file(path):
    """(verdict, read_error): read_error is a one-line message or None."""
    try:
        with open(path, encoding="utf-8") as f:
            record = json.load(f)
    except OSError as e:
        return None, f"{path}: cannot read: {e.strerror or e}"
    except (ValueError, UnicodeDecodeError) as e:
        return None, f"{path}: not JSON: {e}"
    except RecursionError:
        return None, f"{path}: cannot read: nested too deeply"
    try:
        match, error = read_match(record)
    except RecursionError:
        match, error = None, "the record is nested too deeply"
    return verdict(match, error), None


def main(argv=None):
    paths = sys.argv[1:] if argv is None else argv
    if not paths:
        print("usage: python -m rules.referee FILE...", file=sys.stderr)
        return 2
    status = 0
    for path in paths:
        v, err = judge_file(path)
        if err:
            print(err, file=sys.stderr)
            status = 2
            continue
        print(json.dumps(v))
        if not v["ok"] and status == 0:
            status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
