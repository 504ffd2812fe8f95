"""Make ``weka_arff.json``: headers and row digests of Weka's ARFF copies of the UCI datasets.

The golden file lets ``tests/datasets/test_more_datasets.py`` check, without the ARFF files, that
the raw UCI files parsed by costlab give Weka's attribute names, declared value orders, rows and row
order.

Source: Weka 3's ``datasets-UCI`` ARFF files as held in the public repository
renatopp/arff-datasets, commit c59f172882592bb58982cc54d2d3c8a2b57e9b73, folder ``classification/``.
To regenerate (into any scratch folder ``<scratch>``)::

    git clone https://github.com/renatopp/arff-datasets <scratch>/arff-datasets
    git -C <scratch>/arff-datasets checkout c59f172882592bb58982cc54d2d3c8a2b57e9b73
    python tests/golden/weka_arff/make_golden.py <scratch>/arff-datasets/classification

Each row becomes one string: its values joined by ``|``, missing as ``?``, numbers as Python's
``repr(float(value))``, nominal values and the class as declared; the golden file keeps the first
8 hex digits of its SHA-256, all rows in one space-separated string (``row_digests`` in the
test module computes the same).
breast.w.arff declares its attributes ``integer [1,10]``, which liac-arff does not read: those
declarations are read as ``numeric``.
"""

import hashlib
import json
import re
import sys
from pathlib import Path

import arff

#: costlab dataset name -> Weka ARFF file (in renatopp/arff-datasets/classification/).
FILES = {
    "breast_w": "breast.w.arff",
    "heart_c": "heart.c.arff",
    "heart_h": "heart.h.arff",
    "horse_colic": "colic.arff",
    "ionosphere": "ionosphere.arff",
    "kr_vs_kp": "kr.vs.kp.arff",
    "pima": "diabetes.arff",
    "sonar": "sonar.arff",
    "tic_tac_toe": "tic-tac-toe.arff",
    "vote": "vote.arff",
}
COMMIT = "c59f172882592bb58982cc54d2d3c8a2b57e9b73"
_INTEGER_RANGE = re.compile(r"\binteger\s*\[[^\]]*\]", re.IGNORECASE)


def row_text(values):
    """One row as text: missing ``?``, numbers ``repr(float)``, anything else as is."""
    parts = []
    for value in values:
        if value is None:
            parts.append("?")
        elif isinstance(value, float | int):
            parts.append(repr(float(value)))
        else:
            parts.append(str(value))
    return "|".join(parts)


def digest(text):
    """First 8 hex digits of the SHA-256 of `text`."""
    return hashlib.sha256(text.encode()).hexdigest()[:8]


def describe(path):
    """Header and row digests of one ARFF file."""
    text = _INTEGER_RANGE.sub("numeric", Path(path).read_text(encoding="utf-8"))
    decoded = arff.loads(text)
    attributes = [
        [name, kind if isinstance(kind, list) else "numeric"]
        for name, kind in decoded["attributes"]
    ]
    return {
        "file": Path(path).name,
        "relation": decoded["relation"],
        "attributes": attributes[:-1],
        "class": attributes[-1],
        "n_rows": len(decoded["data"]),
        "rows": " ".join(digest(row_text(row)) for row in decoded["data"]),
    }


def main(folder):
    golden = {
        "source": f"github.com/renatopp/arff-datasets@{COMMIT}/classification",
        "datasets": {name: describe(Path(folder) / file) for name, file in FILES.items()},
    }
    out = Path(__file__).with_name("weka_arff.json")
    out.write_text(json.dumps(golden, indent=1, separators=(",", ": ")) + "\n", encoding="utf-8")
    print(f"wrote {out}")


if __name__ == "__main__":
    main(sys.argv[1])
