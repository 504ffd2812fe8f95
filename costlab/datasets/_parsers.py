"""Parsers turning the raw dataset files into features and raw class labels.

Every parser takes ``{file name: path}`` and returns ``(X, labels)``: ``X`` a DataFrame whose
nominal columns are pandas Categoricals (declared category order) and numeric columns float64
(missing = NaN), ``labels`` a Series of class labels as strings (missing = None). Orientation
(which label is negative/positive) and the count checks are applied by the registry.

Most datasets are delimited text files that a :class:`~costlab.datasets._uci_tables.UCITable`
describes fully: their parsers are one generic :func:`parse_table` with that table
(:class:`TableParser`). Credit Approval (categories in order of first appearance), Messidor (an
ARFF file) and the promoters (one field holding the whole sequence) have parsers of their own.
"""

from __future__ import annotations

from pathlib import Path

import arff
import numpy as np
import pandas as pd

from . import _uci_tables as tables
from ._errors import DatasetError
from ._uci_tables import SPECTF_FEATURES

__all__ = [
    "CRX_NOMINAL",
    "SPECTF_FEATURES",
    "TableParser",
    "arff_to_xy",
    "label_text",
    "load_arff",
    "parse_breast_w",
    "parse_bupa",
    "parse_credit_approval",
    "parse_german",
    "parse_heart_c",
    "parse_heart_h",
    "parse_horse_colic",
    "parse_ionosphere",
    "parse_kr_vs_kp",
    "parse_messidor",
    "parse_pima",
    "parse_promoters",
    "parse_sonar",
    "parse_spectf",
    "parse_table",
    "parse_tic_tac_toe",
    "parse_vote",
    "parse_vote1",
]

#: Nominal attributes of crx.data (the others, A2 A3 A8 A11 A14 A15, are numeric).
CRX_NOMINAL = ("A1", "A4", "A5", "A6", "A7", "A9", "A10", "A12", "A13")
_NUMERIC_ARFF = ("NUMERIC", "REAL", "INTEGER")


def parse_credit_approval(paths):
    """Parse ``crx.data`` the way Weka's CSV loader reads it.

    Parameters
    ----------
    paths : dict of str to pathlib.Path
        Must hold ``"crx.data"`` (comma separated, ``?`` = missing, class last).

    Returns
    -------
    X : pandas.DataFrame
        Columns A1..A15; nominal categories in order of first appearance in the file.
    labels : pandas.Series
        ``"+"`` or ``"-"``.
    """
    path = paths["crx.data"]
    rows = _read_rows(path, sep=",", n_fields=16)
    rows = [[None if value == "?" else value for value in row] for row in rows]
    columns = {}
    for j in range(15):
        name = f"A{j + 1}"
        values = [row[j] for row in rows]
        where = f"{path}, attribute {name}"
        if name in CRX_NOMINAL:
            columns[name] = _first_appearance(values)
        else:
            columns[name] = _to_float(values, where)
    return pd.DataFrame(columns), pd.Series([row[15] for row in rows], dtype=object, name="class")


def parse_messidor(paths):
    """Parse ``messidor_features.arff`` (19 numeric features, class last).

    Parameters
    ----------
    paths : dict of str to pathlib.Path
        Must hold ``"messidor_features.arff"``.

    Returns
    -------
    X : pandas.DataFrame
        The 19 features, named as declared in the ARFF (``"0"`` ... ``"18"``), float64.
    labels : pandas.Series
        ``"0"`` or ``"1"``. The ARFF declares the class attribute (``"19"``) numeric; its
        integer values are turned into the labels ``"0"``/``"1"``.
    """
    path = paths["messidor_features.arff"]
    decoded = load_arff(path)
    target = decoded["attributes"][-1][0]
    return arff_to_xy(decoded, target, where=str(path))


def parse_table(paths, table):
    """Parse delimited UCI files as a :class:`~costlab.datasets._uci_tables.UCITable` lays out.

    Parameters
    ----------
    paths : dict of str to pathlib.Path
        Must hold every file of ``table.files``; their rows are concatenated in that order.
    table : UCITable
        Field layout, attribute names, code tables and class field.

    Returns
    -------
    X : pandas.DataFrame
        The table's attributes in its order: numeric -> float64, coded -> Categorical with the
        table's declared categories; the missing marker (``?``) -> NaN.
    labels : pandas.Series
        Class labels (mapped through ``table.class_codes`` if given); None where missing.
    """
    rows = []
    for name in table.files:
        rows += _read_rows(paths[name], sep=table.sep, n_fields=table.n_fields)
    return _table_xy(rows, table, " + ".join(str(paths[name]) for name in table.files))


def parse_promoters(paths):
    """Parse ``promoters.data``: one nominal attribute per base (p-50 .. p7), class ``+``/``-``.

    Parameters
    ----------
    paths : dict of str to pathlib.Path
        Must hold ``"promoters.data"`` (class, instance name, 57-base sequence).

    Returns
    -------
    X : pandas.DataFrame
        57 Categorical columns named as :data:`~costlab.datasets._uci_tables.PROMOTER_POSITIONS`,
        categories ``a, g, t, c``; the instance name is dropped.
    labels : pandas.Series
        ``"+"`` (promoter) or ``"-"``.
    """
    table = tables.PROMOTERS
    path = paths[table.files[0]]
    rows = []
    for number, (label, _name, sequence) in enumerate(_read_rows(path, sep=",", n_fields=3), 1):
        if len(sequence) != len(tables.PROMOTER_POSITIONS):
            raise DatasetError(
                f"{path}, instance {number}: expected a sequence of "
                f"{len(tables.PROMOTER_POSITIONS)} bases, got {len(sequence)}"
            )
        rows.append([label, *sequence])
    return _table_xy(rows, table, str(path))


class TableParser:
    """A parser that is :func:`parse_table` with one :class:`~._uci_tables.UCITable`.

    ``TableParser(table)(paths)`` is ``parse_table(paths, table)``: the datasets whose files a
    table describes fully are read by one of these (each table is documented in
    :mod:`costlab.datasets._uci_tables`), picklable like a module-level function.

    Parameters
    ----------
    table : UCITable
    """

    __slots__ = ("table",)

    def __init__(self, table):
        self.table = table

    def __call__(self, paths):
        return parse_table(paths, self.table)

    def __repr__(self):
        return f"TableParser({' + '.join(self.table.files)})"


# One parser per table (see each table's comment in costlab/datasets/_uci_tables.py)
parse_german = TableParser(tables.GERMAN)
parse_spectf = TableParser(tables.SPECTF)
parse_breast_w = TableParser(tables.BREAST_W)
parse_bupa = TableParser(tables.BUPA)
parse_heart_c = TableParser(tables.HEART_C)
parse_heart_h = TableParser(tables.HEART_H)
parse_horse_colic = TableParser(tables.HORSE_COLIC)
parse_ionosphere = TableParser(tables.IONOSPHERE)
parse_kr_vs_kp = TableParser(tables.KR_VS_KP)
parse_pima = TableParser(tables.PIMA)
parse_sonar = TableParser(tables.SONAR)
parse_tic_tac_toe = TableParser(tables.TIC_TAC_TOE)
parse_vote = TableParser(tables.VOTE)
parse_vote1 = TableParser(tables.VOTE1)


def load_arff(path):
    """Decode an ARFF file with liac-arff.

    Parameters
    ----------
    path : path-like
        ARFF file (UTF-8).

    Returns
    -------
    dict
        liac-arff's decoded form (``attributes``, ``data``, ...).

    Raises
    ------
    DatasetError
        If the file is not valid ARFF.
    """
    try:
        with open(path, encoding="utf-8") as fh:
            return arff.load(fh)
    except (arff.ArffException, UnicodeDecodeError) as exc:
        raise DatasetError(f"{path}: not a valid ARFF file ({exc})") from exc


def arff_to_xy(decoded, target, *, ignore=(), where="ARFF"):
    """Split decoded ARFF data into features and class labels.

    Parameters
    ----------
    decoded : dict
        Output of :func:`load_arff` (dense data).
    target : str
        Name of the class attribute.
    ignore : iterable of str, optional
        Attributes to drop (row ids, ignored attributes).
    where : str
        Name of the file, for error messages.

    Returns
    -------
    X : pandas.DataFrame
        Remaining attributes in file order: nominal -> Categorical with the declared
        categories, numeric -> float64.
    labels : pandas.Series
        Class labels as strings (see :func:`label_text`); None where missing.
    """
    names = [name for name, _ in decoded["attributes"]]
    if target not in names:
        raise DatasetError(f"{where}: no attribute {target!r} (attributes: {', '.join(names)})")
    data = decoded["data"]
    values = list(zip(*data, strict=True)) if data else [()] * len(names)
    columns, labels = {}, None
    for (name, kind), column in zip(decoded["attributes"], values, strict=True):
        if name == target:
            labels = pd.Series([label_text(v) for v in column], dtype=object, name="class")
        elif name not in ignore:
            columns[name] = _arff_column(column, kind, f"{where}, attribute {name}")
    return pd.DataFrame(columns, index=pd.RangeIndex(len(data))), labels


def label_text(value):
    """Return a class value as a label string: ``1.0 -> "1"``, ``"bad" -> "bad"``, None stays."""
    if value is None or (isinstance(value, float) and np.isnan(value)):
        return None
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _arff_column(values, kind, where):
    """Convert one decoded ARFF column to a Categorical or float64 array."""
    if isinstance(kind, list | tuple):
        return pd.Categorical(values, categories=[str(c) for c in kind])
    if str(kind).upper() in _NUMERIC_ARFF:
        return np.asarray(values, dtype=np.float64)
    raise DatasetError(f"{where}: unsupported ARFF attribute type {kind!r} (need numeric/nominal)")


def _read_rows(path, *, sep, n_fields):
    """Read a delimited text file into lists of stripped fields, skipping blank lines."""
    try:
        text = Path(path).read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError) as exc:
        raise DatasetError(f"{path}: cannot read ({exc})") from exc
    rows = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        fields = [field.strip() for field in line.split(sep)]
        if len(fields) != n_fields:
            raise DatasetError(
                f"{path}, line {number}: expected {n_fields} fields, got {len(fields)}"
            )
        rows.append(fields)
    return rows


def _to_float(values, where):
    """Convert strings (None = missing) to a float64 array."""
    try:
        return np.array([np.nan if v is None else float(v) for v in values], dtype=np.float64)
    except ValueError as exc:
        raise DatasetError(f"{where}: non-numeric value ({exc})") from exc


def _table_xy(rows, table, where):
    """Turn rows of fields into ``(X, labels)`` as `table` describes."""
    columns = {}
    for name, field, codes in table.attributes:
        values = [None if row[field] == table.missing else row[field] for row in rows]
        at = f"{where}, attribute {name}"
        columns[name] = _to_float(values, at) if codes is None else _decode_codes(values, codes, at)
    labels = [
        None if row[table.class_field] == table.missing else row[table.class_field] for row in rows
    ]
    if table.class_codes is not None:
        labels = _map_codes(labels, table.class_codes, f"{where}, class")
    X = pd.DataFrame(columns, index=pd.RangeIndex(len(rows)))
    return X, pd.Series(labels, dtype=object, name="class")


def _decode_codes(values, codes, where):
    """Map codes (None = missing) to labels; a Categorical with the labels' declared order."""
    labels = _map_codes(values, codes, where)
    return pd.Categorical(labels, categories=list(dict.fromkeys(label for _, label in codes)))


def _map_codes(values, codes, where):
    """Map raw codes to labels; ``"1.0"`` matches code ``"1"``. None stays None."""
    mapping = dict(codes)
    out, unknown = [], set()
    for value in values:
        key = value if value is None or value in mapping else _integral_text(value)
        if key is not None and key not in mapping:
            unknown.add(value)
        out.append(None if key is None else mapping.get(key))
    if unknown:
        raise DatasetError(f"{where}: unknown codes {sorted(unknown)} (known: {list(mapping)})")
    return out


def _integral_text(value):
    """``"1.0"`` -> ``"1"``; any other text is returned unchanged."""
    try:
        number = float(value)
    except ValueError:
        return value
    return str(int(number)) if number.is_integer() else value


def _first_appearance(values):
    """Return a Categorical whose categories are ordered by first appearance (None skipped)."""
    categories = list(dict.fromkeys(v for v in values if v is not None))
    return pd.Categorical(values, categories=categories)
