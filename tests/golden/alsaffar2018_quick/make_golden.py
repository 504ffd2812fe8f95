"""Regenerate the CSVs of this folder: the tables of ``reproduce.py alsaffar2018 --quick``.

Run from the repository root, with the data mirror (see ``data/README.md``)::

    COSTLAB_MIRROR=<mirror> python tests/golden/alsaffar2018_quick/make_golden.py
    python tests/golden/alsaffar2018_quick/make_golden.py --out <folder> --mirror <mirror>

It runs the study's quick reproduction from scratch (fresh data and cross-validation caches in a
temporary folder, so nothing stale is reused) and copies its 16 CSV tables here (or to
``--out``). The golden files predate the choice-stability columns of Tables 7-10's selection
(issue 12): those columns are left out, every other cell is copied as written, byte for byte.
The copies are what
``tests/studies/test_reproduce.py::test_tables_are_unchanged_by_the_layout_move`` compares a fresh
run with; README.md beside this script says which numbers an independent check backs and which are
only a regression snapshot.
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]

#: The tables kept as golden files.
TABLES = (
    "search_gap",
    "table_06",
    "table_07",
    "table_07_2",
    "table_08",
    "table_08_2",
    "table_09",
    "table_09_2",
    "table_10",
    "table_10_2",
    "table_11",
    "table_12",
    "table_13",
    "table_14",
    "table_15",
    "table_16",
)
#: Columns added after the golden files were made (issue 12), left out of them.
ADDED_COLUMNS = ("exact_choice", "thesis_choice_stability", "mtmcs_choice_stability")


def keep_columns(text, dropped=ADDED_COLUMNS):
    """Return the CSV `text` without the columns named in `dropped`, every other cell verbatim.

    Parameters
    ----------
    text : str
        A CSV file as ``DataFrame.to_csv(index=False)`` writes it (``\\n`` line ends).
    dropped : sequence of str
        Column names to leave out (absent ones are ignored).

    Returns
    -------
    str
        The CSV text of the remaining columns.
    """
    rows = list(csv.reader(io.StringIO(text)))
    keep = [i for i, name in enumerate(rows[0]) if name not in dropped]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow([row[i] for i in keep])
    return out.getvalue()


def make(out, mirror=None):
    """Run ``reproduce.py alsaffar2018 --quick`` from scratch and write the golden CSVs to `out`.

    Parameters
    ----------
    out : path-like
        Folder the 16 CSVs are written to (created if needed).
    mirror : str, optional
        Data mirror (directory or URL); default ``COSTLAB_MIRROR``.

    Returns
    -------
    list of Path
        The files written.
    """
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        env = {
            **os.environ,
            "COSTLAB_DATA_HOME": str(tmp / "data"),
            "COSTLAB_CACHE": str(tmp / "cv"),
            "MPLBACKEND": "Agg",
        }
        command = [sys.executable, str(ROOT / "reproduce.py"), "alsaffar2018", "--quick"]
        command += ["--out", str(tmp / "results")]
        if mirror is not None:
            command += ["--mirror", str(mirror)]
        subprocess.run(command, cwd=ROOT, env=env, check=True, stdout=subprocess.DEVNULL)
        written = []
        for name in TABLES:
            text = (tmp / "results" / "alsaffar2018" / "tables" / f"{name}.csv").read_text()
            path = out / f"{name}.csv"
            path.write_text(keep_columns(text))
            written.append(path)
    return written


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(HERE), help="output folder (default: this folder)")
    parser.add_argument("--mirror", default=None, help="data mirror (default: COSTLAB_MIRROR)")
    args = parser.parse_args(argv)
    for path in make(args.out, args.mirror):
        print(path)


if __name__ == "__main__":
    main()
