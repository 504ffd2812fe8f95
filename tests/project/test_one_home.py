"""One home per formula: a scan of costlab's syntax trees that fails when a second home of a
formula comes back (issue 32), and checks that the scan sees each kind of second home.

What is looked for, and its one home:

- PCF(+) (Drummond & Holte 2000, eq. 6) and every share of that form,
  ``p a / (p a + (1 - p) b)``, also as a weighted sum over that denominator: a quotient whose
  denominator is a sum of products, one of which is a factor set of a term of the numerator
  (a name bound in the same function is followed once). Home: ``metrics/engine/pcf.py``.
- ROC points and AUC: scikit-learn's ``roc_curve``/``roc_auc_score`` and the Mann-Whitney
  count by ranks, ``n (n + 1) / 2``. Home: ``metrics/engine/roc.py``.
- A prior moved inside (0, 1), ``clip(x, eps, 1 - eps)``. Home: ``clip_prior`` in
  ``metrics/prior_shift/estimation.py``.
- Helpers that had two definitions: each name of :data:`DEFINED_ONCE` is defined (``def`` at
  module level) in one module only.
"""

import ast
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "costlab"

PCF_HOME = "metrics/engine/pcf.py"
ROC_HOME = "metrics/engine/roc.py"
PRIOR_CLIP_HOME = "metrics/prior_shift/estimation.py"
ROC_FUNCTIONS = {"roc_curve", "roc_auc_score"}
#: Names that are defined in one module of costlab, and nowhere else.
DEFINED_ONCE = (
    "clip_prior",
    "pcf_cost_proportion",
    "probability_cost",
    "roc_auc",
    "roc_points",
    "snap_to_grid",
    "total_misclassification_cost",
    "write_table",
)


# -- the scans ---------------------------------------------------------------------------------


def _terms(node):
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return _terms(node.left) + _terms(node.right)
    return [node]


def _factors(node):
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult):
        return _factors(node.left) + _factors(node.right)
    return [node]


def _factor_set(node):
    return Counter(ast.dump(f) for f in _factors(node))


def _quotient(node):
    """``(numerator, denominator)`` of ``a / b`` or ``np.divide(a, b, ...)``, else None."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Div):
        return node.left, node.right
    name = (
        getattr(node.func, "attr", getattr(node.func, "id", None))
        if isinstance(node, ast.Call)
        else None
    )
    if name in ("divide", "true_divide") and len(node.args) >= 2:
        return node.args[0], node.args[1]
    return None


def _numerator_terms(node):
    """The terms of the numerator and of every sum inside it (``100 * (a + b)``: a and b)."""
    sums = [n for n in ast.walk(node) if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Add)]
    return [node] + [t for s in sums for t in _terms(s)]


def _is_share(numerator, denominator):
    parts = [_factor_set(t) for t in _terms(denominator)]
    if len(parts) < 2 or any(sum(p.values()) < 2 for p in parts):
        return False
    tops = [_factor_set(t) for t in _numerator_terms(numerator)]
    return any(not (part - top) for part in parts for top in tops)


def pcf_shapes(tree):
    """Lines of ``p a / (p a + (1 - p) b)``-shaped quotients (PCF(+) and its kin)."""
    scopes = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.Lambda))]
    lines = set()
    for scope in [*scopes, tree]:
        bound = {
            n.targets[0].id: n.value
            for n in ast.walk(scope)
            if isinstance(n, ast.Assign)
            and len(n.targets) == 1
            and isinstance(n.targets[0], ast.Name)
        }
        for node in ast.walk(scope):
            parts = _quotient(node)
            if parts is None:
                continue
            num, den = (bound.get(p.id, p) if isinstance(p, ast.Name) else p for p in parts)
            if _is_share(num, den):
                lines.add(node.lineno)
    return sorted(lines)


def roc_computations(tree):
    """Lines that use scikit-learn's ROC functions or count a Mann-Whitney U by ranks."""
    lines = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and any(a.name in ROC_FUNCTIONS for a in node.names):
            lines.add(node.lineno)
        elif isinstance(node, ast.Attribute) and node.attr in ROC_FUNCTIONS:
            lines.add(node.lineno)
        elif (  # n * (n + 1) / 2
            isinstance(node, ast.BinOp)
            and isinstance(node.op, ast.Div)
            and isinstance(node.right, ast.Constant)
            and node.right.value == 2
            and isinstance(node.left, ast.BinOp)
            and isinstance(node.left.op, ast.Mult)
            and isinstance(node.left.right, ast.BinOp)
            and isinstance(node.left.right.op, ast.Add)
            and ast.dump(node.left.right.left) == ast.dump(node.left.left)
        ):
            lines.add(node.lineno)
    return sorted(lines)


def prior_clips(tree):
    """Lines of ``clip(x, eps, 1 - eps)``: a prior (or any probability) moved inside (0, 1)."""
    lines = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and len(node.args) == 3):
            continue
        name = getattr(node.func, "attr", getattr(node.func, "id", None))
        low, high = node.args[1], node.args[2]
        if (
            name == "clip"
            and isinstance(high, ast.BinOp)
            and isinstance(high.op, ast.Sub)
            and isinstance(high.left, ast.Constant)
            and high.left.value == 1
            and ast.dump(high.right) == ast.dump(low)
        ):
            lines.append(node.lineno)
    return lines


def _modules():
    for path in sorted(PACKAGE.rglob("*.py")):
        yield path.relative_to(PACKAGE).as_posix(), ast.parse(path.read_text(encoding="utf-8"))


def _second_homes(scan, home):
    return [
        f"costlab/{name}:{line}" for name, tree in _modules() if name != home for line in scan(tree)
    ]


# -- the tree has one home per formula ---------------------------------------------------------


def test_pcf_is_written_only_in_engine_pcf():
    found = _second_homes(pcf_shapes, PCF_HOME)
    assert not found, (
        "PCF(+) (D&H eq. 6) or a share of its form is written outside costlab/"
        f"{PCF_HOME}: {found}. Call costlab.metrics.probability_cost, "
        "prior_from_probability_cost or pcf_cost_proportion instead."
    )


def test_roc_and_auc_are_computed_only_in_engine_roc():
    found = _second_homes(roc_computations, ROC_HOME)
    assert not found, (
        f"ROC points or AUC computed outside costlab/{ROC_HOME}: {found}. "
        "Call costlab.metrics.roc_points or roc_auc instead."
    )


def test_a_prior_is_moved_inside_the_unit_interval_only_by_clip_prior():
    found = _second_homes(prior_clips, PRIOR_CLIP_HOME)
    assert not found, (
        f"clip(x, eps, 1 - eps) outside costlab/{PRIOR_CLIP_HOME}: {found}. "
        "Call costlab.metrics.clip_prior instead."
    )


def test_each_one_home_helper_is_defined_once():
    homes = {name: [] for name in DEFINED_ONCE}
    for module, tree in _modules():
        for node in tree.body:  # module level: a method of the same name is another thing
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)) and node.name in homes:
                homes[node.name].append(module)
    assert all(len(found) == 1 for found in homes.values()), {
        name: found for name, found in homes.items() if len(found) != 1
    }


# -- and the scans see a second home when one is planted ---------------------------------------

PLANTED = {
    "pcf inline": (pcf_shapes, "x = p * c_fn / (p * c_fn + (1.0 - p) * c_fp)"),
    "pcf by np.divide over a named weight": (
        pcf_shapes,
        "def f(c, pi1):\n"
        "    weight = c * (1 - pi1) + (1.0 - c) * pi1\n"
        "    return np.divide((1.0 - c) * pi1, weight, where=weight > 0)",
    ),
    "cost weighted by the prior's share": (
        pcf_shapes,
        "def tmc(p, r, fnr, fpr):\n"
        "    weight = p * (1.0 - r) + (1.0 - p) * r\n"
        "    return 100.0 * (p * fnr * (1.0 - r) + (1.0 - p) * fpr * r) / weight",
    ),
    "sklearn's roc_curve": (roc_computations, "from sklearn.metrics import roc_curve"),
    "sklearn.metrics.roc_auc_score": (roc_computations, "a = metrics.roc_auc_score(y, s)"),
    "Mann-Whitney by ranks": (
        roc_computations,
        "auc = (ranks[pos].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg)",
    ),
    "prior clipped inline": (prior_clips, "q = float(np.clip(p, 1e-9, 1 - 1e-9))"),
    "prior clipped by a named margin": (prior_clips, "q = np.clip(p, eps, 1.0 - eps)"),
}


@pytest.mark.parametrize("planted", list(PLANTED), ids=list(PLANTED))
def test_the_scan_sees_a_planted_second_home(planted):
    scan, source = PLANTED[planted]
    assert scan(ast.parse(source))


@pytest.mark.parametrize(
    "source",
    [
        "edges = dfp / (dfp + dtp)",  # a share of two counts: not a weighted share
        "mean = (a * x + b * y) / (c + d)",
        "z = np.clip(x, 0.0, 1.0)",
        "half = n / 2",
    ],
)
def test_the_scan_leaves_other_code_alone(source):
    tree = ast.parse(source)
    assert not (pcf_shapes(tree) or roc_computations(tree) or prior_clips(tree))
