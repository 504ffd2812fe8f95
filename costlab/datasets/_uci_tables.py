"""How the raw files of the delimited UCI datasets are read: Johnson, Raeder & Chawla's (2015)
and two of the thesis's (German Credit, SPECTF).

Each :class:`UCITable` says which fields of a delimited text file are attributes, what they are
called, how coded nominal values translate to labels (in which declared order), and which field
is the class. The parsers in :mod:`costlab.datasets._parsers` apply them.

Names and nominal value orders follow **Weka's ARFF copies** of the UCI data (Weka 3's
``datasets-UCI``), so that a dataset read here looks like the one Weka users load: attribute names
and value labels as declared there, categories in the declared order. The ARFF files used are those
of the public repository renatopp/arff-datasets, commit
c59f172882592bb58982cc54d2d3c8a2b57e9b73, folder ``classification/``: ``breast.w.arff``,
``colic.arff``, ``heart.c.arff``, ``heart.h.arff``, ``ionosphere.arff``, ``kr.vs.kp.arff``,
``diabetes.arff``, ``sonar.arff``, ``tic-tac-toe.arff`` and ``vote.arff`` (they carry UCI's
``.names`` text as comments; ``tests/golden/weka_arff/`` holds their headers and row digests).
Weka ships no ``bupa`` or ``promoters``: those follow UCI's ``bupa.names`` and ``promoters.names``.
German Credit takes credit-g's names and labels (:mod:`costlab.datasets._credit_g`), SPECTF the
feature names of UCI's ``SPECTF.names``.

The class labels are the file's own class values, except where UCI documents a numeric class code
by name (breast-w: 2 = benign, 4 = malignant; horse colic: 1 = yes, 2 = no, as Weka labels them)
and for the heart data, whose binary class is derived: ``num`` 0 -> ``"absent"``, 1-4 ->
``"present"`` (Weka's heart-c/heart-h keep the five ``num`` values).
"""

from __future__ import annotations

from dataclasses import dataclass

from ._credit_g import CLASS_LABELS, CREDIT_G_ATTRIBUTES

__all__ = [
    "BREAST_W",
    "BUPA",
    "GERMAN",
    "HEART_C",
    "HEART_H",
    "HORSE_COLIC",
    "IONOSPHERE",
    "KR_VS_KP",
    "PIMA",
    "PROMOTER_POSITIONS",
    "PROMOTERS",
    "SONAR",
    "SPECTF",
    "SPECTF_FEATURES",
    "TIC_TAC_TOE",
    "UCITable",
    "VOTE",
    "VOTE1",
]


@dataclass(frozen=True)
class UCITable:
    """Layout of a delimited UCI data file and the meaning of its fields.

    Parameters
    ----------
    files : tuple of str
        Data files; their rows are concatenated in this order.
    sep : str or None
        Field separator; None splits on runs of whitespace.
    n_fields : int
        Number of fields of every non-blank line.
    attributes : tuple
        ``(name, field index, codes)`` per attribute, in output column order. ``codes`` is None
        for a numeric attribute, else ``((raw value, label), ...)`` in the declared category order.
    class_field : int
        Index of the class field.
    class_codes : tuple, optional
        ``((raw value, label), ...)`` mapping class values to labels; default: labels are the
        raw values.
    missing : str, default "?"
        Raw value meaning "missing".
    """

    files: tuple
    sep: str | None
    n_fields: int
    attributes: tuple
    class_field: int
    class_codes: tuple | None = None
    missing: str = "?"


def _same(*values):
    """Codes whose labels are the raw values themselves, in the given (declared) order."""
    return tuple((value, value) for value in values)


def _numeric(names, first_field=0):
    """Numeric attributes in consecutive fields."""
    return tuple((name, first_field + j, None) for j, name in enumerate(names))


#: Statlog German Credit (``german.data``, space separated): 20 attributes in file order, named
#: and labelled as credit-g (:data:`~costlab.datasets._credit_g.CREDIT_G_ATTRIBUTES`), then the
#: class 1/2 -> ``"good"``/``"bad"``.
GERMAN = UCITable(
    files=("german.data",),
    sep=None,
    n_fields=len(CREDIT_G_ATTRIBUTES) + 1,
    attributes=tuple((name, j, codes) for j, (name, codes) in enumerate(CREDIT_G_ATTRIBUTES)),
    class_field=len(CREDIT_G_ATTRIBUTES),
    class_codes=CLASS_LABELS,
)

#: SPECTF feature names as listed in SPECTF.names: F1R, F1S, ..., F22R, F22S.
SPECTF_FEATURES = tuple(f"F{i}{kind}" for i in range(1, 23) for kind in ("R", "S"))
#: SPECTF Heart: the rows of ``SPECTF.test`` then those of ``SPECTF.train`` (267), the class
#: (``"0"`` normal, ``"1"`` abnormal) first, then 44 integer features read as float64.
SPECTF = UCITable(
    files=("SPECTF.test", "SPECTF.train"),
    sep=",",
    n_fields=len(SPECTF_FEATURES) + 1,
    attributes=_numeric(SPECTF_FEATURES, first_field=1),
    class_field=0,
)

#: Breast Cancer Wisconsin (Original): field 0 (sample code number, an id) is dropped.
BREAST_W = UCITable(
    files=("breast-cancer-wisconsin.data",),
    sep=",",
    n_fields=11,
    attributes=_numeric(
        (
            "Clump_Thickness",
            "Cell_Size_Uniformity",
            "Cell_Shape_Uniformity",
            "Marginal_Adhesion",
            "Single_Epi_Cell_Size",
            "Bare_Nuclei",
            "Bland_Chromatin",
            "Normal_Nucleoli",
            "Mitoses",
        ),
        first_field=1,
    ),
    class_field=10,
    class_codes=(("2", "benign"), ("4", "malignant")),
)

#: Liver Disorders (BUPA), names from UCI's bupa.names; field 6, ``selector``, is the class.
BUPA = UCITable(
    files=("bupa.data",),
    sep=",",
    n_fields=7,
    attributes=_numeric(("mcv", "alkphos", "sgpt", "sgot", "gammagt", "drinks")),
    class_field=6,
)

_HEART_CLASS: tuple[tuple[str, str], ...] = (
    ("0", "absent"),
    ("1", "present"),
    ("2", "present"),
    ("3", "present"),
)
_HEART_CLASS += (("4", "present"),)


def _heart(chest_pain_name, slope_codes, file_name):
    """Table of a processed heart-disease file (13 attributes + num), in Weka's form."""
    return UCITable(
        files=(file_name,),
        sep=",",
        n_fields=14,
        attributes=(
            ("age", 0, None),
            ("sex", 1, (("0", "female"), ("1", "male"))),
            (
                chest_pain_name,
                2,
                (("1", "typ_angina"), ("4", "asympt"), ("3", "non_anginal"), ("2", "atyp_angina")),
            ),
            ("trestbps", 3, None),
            ("chol", 4, None),
            ("fbs", 5, (("1", "t"), ("0", "f"))),
            (
                "restecg",
                6,
                (("2", "left_vent_hyper"), ("0", "normal"), ("1", "st_t_wave_abnormality")),
            ),
            ("thalach", 7, None),
            ("exang", 8, (("0", "no"), ("1", "yes"))),
            ("oldpeak", 9, None),
            ("slope", 10, slope_codes),
            ("ca", 11, None),
            ("thal", 12, (("6", "fixed_defect"), ("3", "normal"), ("7", "reversable_defect"))),
        ),
        class_field=13,
        class_codes=_HEART_CLASS,
    )


#: Heart Disease, Cleveland (processed), as Weka's heart-c names it (codes as in
#: heart-disease.names; the file writes them as ``1.0``, ``2.0``, ...).
HEART_C = _heart("cp", (("1", "up"), ("2", "flat"), ("3", "down")), "processed.cleveland.data")
#: Heart Disease, Hungarian (processed), as Weka's heart-h names it (``chest_pain``, and the
#: categories of ``slope`` declared down, flat, up).
HEART_H = _heart(
    "chest_pain", (("3", "down"), ("2", "flat"), ("1", "up")), "processed.hungarian.data"
)

#: Horse Colic as Weka's colic.arff has it: training file then test file (300 + 68 rows), fields
#: 3 (hospital number) and 25-28 (lesion site/type/subtype codes, cp_data) dropped, field 23
#: (outcome) kept as an attribute, field 24 (surgical lesion) the class. Age is coded 1/9 in the
#: files (horse-colic.names says 1/2); capillary refill time 3, undocumented, is Weka's
#: 'meaning unknown'.
HORSE_COLIC = UCITable(
    files=("horse-colic.data", "horse-colic.test"),
    sep=None,
    n_fields=28,
    attributes=(
        ("surgery", 0, (("1", "yes"), ("2", "no"))),
        ("Age", 1, (("1", "adult"), ("9", "young"))),
        ("rectal_temperature", 3, None),
        ("pulse", 4, None),
        ("respiratory_rate", 5, None),
        ("temp_extremities", 6, (("1", "normal"), ("2", "warm"), ("3", "cool"), ("4", "cold"))),
        (
            "peripheral_pulse",
            7,
            (("1", "normal"), ("2", "increased"), ("3", "reduced"), ("4", "absent")),
        ),
        (
            "mucous_membranes",
            8,
            (
                ("1", "normal pink"),
                ("2", "bright pink"),
                ("3", "pale pink"),
                ("4", "pale cyanotic"),
                ("5", "bright red"),
                ("6", "dark cyanotic"),
            ),
        ),
        ("capillary_refill_time", 9, (("1", "<3"), ("2", ">=3"), ("3", "meaning unknown"))),
        (
            "pain",
            10,
            (
                ("1", "alert no pain"),
                ("2", "depressed"),
                ("3", "intermittent mild pain"),
                ("4", "intermittent severe pain"),
                ("5", "continuous severe pain"),
            ),
        ),
        (
            "peristalsis",
            11,
            (("1", "hypermotile"), ("2", "normal"), ("3", "hypomotile"), ("4", "absent")),
        ),
        (
            "abdominal_distension",
            12,
            (("1", "none"), ("2", "slight"), ("3", "moderate"), ("4", "severe")),
        ),
        ("nasogastric_tube", 13, (("1", "none"), ("2", "slight"), ("3", "significant"))),
        ("nasogastric_reflux", 14, (("1", "none"), ("2", ">1l"), ("3", "<1l"))),
        ("nasogastric_reflux_PH", 15, None),
        (
            "rectal_examination",
            16,
            (("1", "normal"), ("2", "increased"), ("3", "decreased"), ("4", "absent")),
        ),
        (
            "abdomen",
            17,
            (
                ("1", "normal"),
                ("2", "other"),
                ("3", "firm feces in large intestine"),
                ("4", "distended small intestine"),
                ("5", "distended large intestine"),
            ),
        ),
        ("packed_cell_volume", 18, None),
        ("total_protein", 19, None),
        (
            "abdominocentesis_appearance",
            20,
            (("1", "clear"), ("2", "cloudy"), ("3", "serosanguinous")),
        ),
        ("abdomcentesis_total_protein", 21, None),
        ("outcome", 22, (("1", "lived"), ("2", "died"), ("3", "euthanized"))),
    ),
    class_field=23,
    class_codes=(("1", "yes"), ("2", "no")),
)

#: Ionosphere: 34 numeric attributes a01..a34 (Weka's names), class g/b.
IONOSPHERE = UCITable(
    files=("ionosphere.data",),
    sep=",",
    n_fields=35,
    attributes=_numeric(tuple(f"a{j:02d}" for j in range(1, 35))),
    class_field=34,
)

_KR_VS_KP_NAMES = (
    "bkblk bknwy bkon8 bkona bkspr bkxbq bkxcr bkxwp blxwp bxqsq cntxt dsopp dwipd hdchk katri "
    "mulch qxmsq r2ar8 reskd reskr rimmx rkxwp rxmsq simpl skach skewr skrxp spcop stlmt thrsk "
    "wkcti wkna8 wknck wkovl wkpos wtoeg"
).split()
_KR_VS_KP_VALUES = {"dwipd": ("g", "l"), "katri": ("b", "n", "w"), "wtoeg": ("n", "t", "f")}

#: Chess (King-Rook vs. King-Pawn): 36 nominal attributes named and ordered as in Weka's
#: kr-vs-kp.arff (mostly {t, f}), class won/nowin.
KR_VS_KP = UCITable(
    files=("kr-vs-kp.data",),
    sep=",",
    n_fields=37,
    attributes=tuple(
        (name, j, _same(*_KR_VS_KP_VALUES.get(name, ("t", "f"))))
        for j, name in enumerate(_KR_VS_KP_NAMES)
    ),
    class_field=36,
)

#: Pima Indians Diabetes with Weka's diabetes.arff names; zeros are kept as recorded (see
#: ``data/README.md``: several are implausible, i.e. missing values in disguise). Class 0/1.
PIMA = UCITable(
    files=("pima-indians-diabetes.data",),
    sep=",",
    n_fields=9,
    attributes=_numeric(("preg", "plas", "pres", "skin", "insu", "mass", "pedi", "age")),
    class_field=8,
)

#: Promoter sequence positions, as promoters.names names them: p-50 .. p-1, p1 .. p7 (57 bases;
#: the transcription start is +1, so there is no position 0).
PROMOTER_POSITIONS = tuple(f"p{k}" for k in [*range(-50, 0), *range(1, 8)])
#: Promoters: each line holds the class (+/-), the instance name (dropped) and the 57-base
#: sequence as one field. The parser turns a line into ``[class, base 1, ..., base 57]``, the
#: rows this table describes: one nominal attribute per base, values declared {a, g, t, c} as in
#: promoters.names ("filled by one of {a, g, t, c}").
PROMOTERS = UCITable(
    files=("promoters.data",),
    sep=",",
    n_fields=3,
    attributes=tuple(
        (name, j + 1, _same("a", "g", "t", "c")) for j, name in enumerate(PROMOTER_POSITIONS)
    ),
    class_field=0,
)

#: Sonar: 60 numeric attributes attribute_1..attribute_60 (Weka's names), class R/M.
SONAR = UCITable(
    files=("sonar.all-data",),
    sep=",",
    n_fields=61,
    attributes=_numeric(tuple(f"attribute_{j}" for j in range(1, 61))),
    class_field=60,
)

_SQUARES = [
    f"{row}-{col}-square"
    for row in ("top", "middle", "bottom")
    for col in ("left", "middle", "right")
]
#: Tic-Tac-Toe Endgame: 9 squares, Weka's names and value order {b, o, x}; class
#: positive/negative.
TIC_TAC_TOE = UCITable(
    files=("tic-tac-toe.data",),
    sep=",",
    n_fields=10,
    attributes=tuple((name, j, _same("b", "o", "x")) for j, name in enumerate(_SQUARES)),
    class_field=9,
)

_VOTES = (
    "handicapped-infants",
    "water-project-cost-sharing",
    "adoption-of-the-budget-resolution",
    "physician-fee-freeze",
    "el-salvador-aid",
    "religious-groups-in-schools",
    "anti-satellite-test-ban",
    "aid-to-nicaraguan-contras",
    "mx-missile",
    "immigration",
    "synfuels-corporation-cutback",
    "education-spending",
    "superfund-right-to-sue",
    "crime",
    "duty-free-exports",
    "export-administration-act-south-africa",
)
#: Congressional Voting Records: class first, 16 votes {n, y} (Weka's names and order);
#: '?' (vote not recorded) is missing.
VOTE = UCITable(
    files=("house-votes-84.data",),
    sep=",",
    n_fields=17,
    attributes=tuple((name, j + 1, _same("n", "y")) for j, name in enumerate(_VOTES)),
    class_field=0,
)
#: vote1: vote without physician-fee-freeze (the 4th vote), the attribute that alone nearly
#: separates the parties.
VOTE1 = UCITable(
    files=VOTE.files,
    sep=VOTE.sep,
    n_fields=VOTE.n_fields,
    attributes=tuple(a for a in VOTE.attributes if a[0] != "physician-fee-freeze"),
    class_field=VOTE.class_field,
)
