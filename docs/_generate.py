"""Generate the documentation's derived pages from the code; run by ``docs/conf.py`` at each build.

``python docs/_generate.py`` does the same by hand (and prints what it wrote). Everything written
here is ignored by git and rewritten only when its text changes, so incremental builds stay
incremental:

- ``api/costlab.rst``: the top-level face, ``costlab.__all__``: the module's docstring and a
  table linking each name to the page of the package face that documents it (no second
  description of the same object).
- ``api/<package>.rst``: one page per public package, one section per family, each an
  autosummary table of that family's names in the package's ``__all__``, with a stub page per
  name (``api/generated/``, written by autosummary). A name is put in the first family of
  :data:`FAMILIES` whose module list holds the last component of its defining module (so
  ``costlab.metrics.mtmcs.measures`` is "measures");
  a name no family claims gets a section of its own defining subpackage, titled by that module's
  docstring. Regrouping a package therefore needs no change here to stay complete; edit
  :data:`FAMILIES` to retitle or reorder.
- ``papers/_printed/<study>.md``: the printed tables of each reproduced paper, from the study's
  ``published.py`` (nothing computed).
- ``papers/_reproduced/<study>.md``: the reproduced figures and tables of each paper page, from
  the committed notebooks' outputs (see ``docs/_reproduced.py``).
- ``_notebooks/``: copies of the repository's ``notebooks/*.ipynb`` (see ``conf.py``).
"""

from __future__ import annotations

import importlib
import inspect
import shutil
import sys
from pathlib import Path

#: The packages documented in the API reference: (package, page title, introduction).
PACKAGES = (
    ("costlab.metrics", "Metrics", "Pure maths over labels and scores: no files, no models."),
    (
        "costlab.plotting",
        "Plotting",
        "scikit-learn style Displays: ``from_predictions``, ``from_estimator``, "
        "``from_cv_result``, ``plot``.",
    ),
    (
        "costlab.classifiers",
        "Classifiers",
        "Weka-exact learners, boosting, density-based "
        "classifiers and the cost-range threshold classifier.",
    ),
    (
        "costlab.evaluation",
        "Evaluation",
        "Cross-validation, Weka's folds, experiments and scale-out on Dask.",
    ),
    ("costlab.datasets", "Datasets", "The registry, your own data and the synthetic problems."),
    (
        "costlab.widgets",
        "Widgets",
        "The cost explorer, the CST explorer, the cost-space explorer, the prior-shift widget "
        "and the scenario explorer.",
    ),
    (
        "costlab.validation",
        "Validation",
        "One declarative vocabulary for checking parameters: intervals, options, booleans.",
    ),
)

#: Families per package: (title, modules by their last dotted component, names by name).
#: The names list places objects that have no module of their own (constants).
FAMILIES = {
    "costlab.metrics": (
        (
            "The engine: ROC points, convex hull, PCF(+), the lower envelope, mergeable summaries",
            ("roc", "hull", "pcf", "envelope", "mergeable", "_counts"),
            (),
        ),
        (
            "The thesis's measures (Al-Saffar 2018): MTMCS, MTMCR, cost sensitivity, CST",
            ("measures", "mtmcs_search"),
            ("CURVE_COLUMNS",),
        ),
        (
            "Cost space (Drummond & Holte 2000): cost lines, comparisons, area, averaging, "
            "criteria",
            ("cost_lines", "comparisons", "area", "averaging", "criteria"),
            (),
        ),
        (
            "Scenarios (Hand 2009, Johnson et al. 2015): cost densities, H, scenario curves, risk",
            ("densities", "h_measure", "scenario_curves", "risk", "scored"),
            ("COST_CURVE",),
        ),
        (
            "Threshold choice (Hernández-Orallo et al. 2011-2013) and decision curves",
            ("methods", "decision_curve"),
            (),
        ),
        (
            "Prior shift (Landgrebe et al. 2004): POSfrac and purity; the deployment prior "
            "estimated from unlabelled scores",
            ("posfrac_purity", "estimation", "deployment"),
            ("PRIOR_METHODS",),
        ),
        (
            "Resampling: bootstraps, bands and paired comparisons",
            (
                "mtmcs_bootstrap",
                "scalar_bootstrap",
                "threshold_bootstrap",
                "repeated_cv",
                "loss_curve_bootstrap",
            ),
            (),
        ),
        (
            "Comparing classifiers: ranks over datasets (Demšar 2006), Friedman, critical "
            "differences; the corrected resampled t-test (Nadeau & Bengio 2003)",
            ("ranks", "paired"),
            (),
        ),
    ),
    "costlab.plotting": (
        ("The thesis's figures", ("_mtmcs", "_roc", "_class_counts"), ()),
        ("Cost space", ("_cost_curves", "_roc_hull", "_duality"), ()),
        ("Scenarios", ("_scenario",), ()),
        ("Decision curves and Brier curves", ("_decision",), ()),
        (
            "Prior shift and deployment",
            ("_prior_shift", "_deployment"),
            ("DEFAULT_PRIORS", "SWEEP_PRIORS"),
        ),
        ("Uncertainty bands", ("_bands",), ()),
        ("Ranks of classifiers over datasets", ("_ranks",), ()),
        ("Styles and saving", ("_base", "_save"), ()),
    ),
    "costlab.classifiers": (
        ("Deploying: the cost-range threshold classifier", ("threshold",), ()),
        (
            "Weka's learners, rebuilt exactly",
            ("j48", "forest", "random_tree", "adaboost", "naive_bayes", "ibk", "stump"),
            (),
        ),
        ("Boosting over any learner: AdaBoost.M1 and RiskBoost", ("boosting",), ()),
        ("Density-based classifiers (equal priors)", ("density",), ()),
        (
            "Registry, baselines and encoders",
            ("costlab.classifiers", "_registry", "_baselines", "_encoding"),
            ("CLASSIFIERS", "REGISTERED_CLASSIFIERS"),
        ),
    ),
    "costlab.evaluation": (
        (
            "Cross-validation and Weka's folds",
            ("cv", "_result", "folds", "_verify", "_models"),
            (),
        ),
        ("Experiments: datasets x classifiers", ("experiment",), ()),
        ("Scale-out on Dask", ("distributed", "_dask"), ()),
        ("Deployment under a shifted prior", ("shift",), ()),
    ),
    "costlab.datasets": (
        ("The registry", ("_registry", "_specs", "_loader", "_fetch", "_dataset", "_errors"), ()),
        ("Your own data", ("_own", "_bundled"), ()),
        ("Synthetic problems", ("_synthetic", "_prtools"), ()),
    ),
    "costlab.widgets": (
        (
            "The cost explorer",
            ("costlab.widgets._cost.controller", "costlab.widgets._cost.session"),
            (),
        ),
        ("What the explorer computes", ("costlab.widgets._cost.model",), ()),
        (
            "The prior-shift widget (Landgrebe et al. 2004)",
            ("costlab.widgets._prior_shift.controller", "costlab.widgets._prior_shift.model"),
            (),
        ),
        (
            "The cost-space explorer",
            ("costlab.widgets._cost_space.controller", "costlab.widgets._cost_space.model"),
            (),
        ),
        ("The CST explorer", ("costlab.widgets._cst.controller", "costlab.widgets._cst.model"), ()),
        (
            "The scenario explorer (Johnson et al. 2015)",
            ("costlab.widgets._scenario.controller", "costlab.widgets._scenario.model"),
            (),
        ),
    ),
    "costlab.validation": (
        ("Constraints", (), ("Constraint", "Interval", "Options", "Boolean", "InstanceOf")),
        ("Checking", (), ("check_param", "check_params", "InvalidParameterError")),
    ),
}


def _write(path: Path, text: str) -> bool:
    """Write ``text`` unless the file already holds it; True if written."""
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return True


def _title(text: str, underline: str) -> str:
    return f"{text}\n{underline * len(text)}\n"


def _first_line(module_name: str) -> str:
    doc = inspect.getdoc(importlib.import_module(module_name)) or module_name
    return doc.strip().splitlines()[0].rstrip(".")


def group(package: str) -> list[tuple[str, list[str]]]:
    """The package's ``__all__`` as (family title, names) in page order; every name once."""
    module = importlib.import_module(package)
    names = list(module.__all__)
    claimed: dict[str, list[str]] = {}
    order = [title for title, _, _ in FAMILIES.get(package, ())]
    for name in names:
        obj = getattr(module, name)
        home = getattr(obj, "__module__", None) if not isinstance(obj, str | tuple) else None
        family = None
        for title, modules, explicit in FAMILIES.get(package, ()):
            if name in explicit or (home and (home in modules or home.rsplit(".")[-1] in modules)):
                family = title
                break
        if family is None:  # unclaimed: its own subpackage is its family
            sub = home if home and home.startswith(package + ".") else package
            sub = ".".join(sub.split(".")[: package.count(".") + 2])
            family = f"{_first_line(sub)} (``{sub}``)" if sub != package else "Other names"
            if family not in order:
                order.append(family)
        claimed.setdefault(family, []).append(name)
    return [(title, sorted(claimed[title], key=str.lower)) for title in order if title in claimed]


def api_page(package: str, title: str, intro: str) -> str:
    lines = [f".. _api-{package.rsplit('.', 1)[-1]}:", "", _title(f"{title}: ``{package}``", "=")]
    lines += [intro, "", f".. currentmodule:: {package}", ""]
    for family, names in group(package):
        lines += [_title(family, "-"), ".. autosummary::", "   :toctree: generated/"]
        lines += ["   :nosignatures:", ""]
        lines += [f"   {name}" for name in names] + [""]
    return "\n".join(lines)


def home_of(name: str) -> str:
    """The package face (of :data:`PACKAGES`) whose page documents ``costlab.<name>``: the first
    that exports the same object."""
    obj = getattr(importlib.import_module("costlab"), name)
    for package, _, _ in PACKAGES:
        face = importlib.import_module(package)
        if name in face.__all__ and getattr(face, name) is obj:
            return package
    raise LookupError(f"costlab.{name} is in no documented package's __all__")


def _summary(obj) -> str:
    """The first sentence of ``obj``'s docstring, as the autosummary tables show it."""
    from docutils.frontend import get_default_settings
    from docutils.parsers.rst import Parser
    from sphinx.ext.autosummary import extract_summary

    lines = (inspect.getdoc(obj) or "").splitlines()
    return extract_summary(lines, get_default_settings(Parser))


def top_level_page() -> str:
    """``api/costlab.rst``: the module's docstring and a table of ``costlab.__all__``, each name
    linked to its one documented home (a package face's page), so nothing is described twice."""
    costlab = importlib.import_module("costlab")
    lines = [".. _api-costlab:", "", _title("costlab (top level): ``costlab``", "=")]
    lines += [".. automodule:: costlab", "   :no-index:", "", ".. list-table::"]
    lines += ["   :header-rows: 1", "   :widths: 30 70", "", "   * - name", "     - summary"]
    for name in costlab.__all__:
        obj = getattr(costlab, name)
        role = "class" if inspect.isclass(obj) else "func"
        lines += [f"   * - :{role}:`costlab.{name} <{home_of(name)}.{name}>`"]
        lines += [f"     - {_summary(obj)}"]
    return "\n".join(lines + [""])


def generate_api(docs: Path) -> list[Path]:
    written, current = [], set()
    if _write(docs / "api" / "costlab.rst", top_level_page()):
        written.append(docs / "api" / "costlab.rst")
    for package, title, intro in PACKAGES:
        path = docs / "api" / f"{package.rsplit('.', 1)[-1]}.rst"
        if _write(path, api_page(package, title, intro)):
            written.append(path)
        current |= {f"{package}.{name}" for _, names in group(package) for name in names}
    _remove_stale_stubs(docs / "api" / "generated", current)
    return written


def _remove_stale_stubs(folder: Path, current: set[str]) -> None:
    """Delete autosummary's stubs of names no face exports any more (a renamed or removed name
    would otherwise leave a page outside every toctree, which fails the build under -W)."""
    for stub in folder.glob("*.rst") if folder.is_dir() else ():
        if stub.stem not in current and "." in stub.stem:
            stub.unlink()


# -- The papers' printed tables ----------------------------------------------------------------


def _table(header, rows) -> str:
    out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out) + "\n"


def _alsaffar2018() -> str:
    from costlab.studies.alsaffar2018 import published as p

    out = []
    for rng, number in p.RANGE_TABLES.items():
        r1, r2 = p.RANGES[rng]
        what = "MTMCS at 0.50/0.50" if rng == "middle" else f"MTMCR over [{r1}, {r2}]"
        out.append(f"**Table {number}** ({what}, as printed)\n")
        rows = []
        for dataset, row in p.PUBLISHED_SELECTION[rng].items():
            values = ", ".join(
                f"{p.DISPLAY_NAMES[c]} {v:.2f}" for c, v in row.mtmcs_candidates.items()
            )
            aucs = ", ".join(f"{p.DISPLAY_NAMES[c]} {v:.4f}" for c, v in row.roc_candidates.items())
            rows.append(
                (
                    p.TABLE_6[dataset]["title"],
                    values,
                    aucs,
                    p.DISPLAY_NAMES[row.mtmcs_choice],
                    p.DISPLAY_NAMES[row.roc_choice],
                )
            )
        out.append(
            _table(("dataset", "MTMCS candidates", "AUC", "MTMCS choice", "ROC choice"), rows)
        )
    out.append("**Tables 11-16** (section 5.7, per-ratio MTMCS read off the charts)\n")
    rows = [
        (
            f"{e.section} (Fig. {e.figure}, Tables {e.mtmcs_table}/{e.result_table})",
            p.TABLE_6[e.dataset]["title"],
            f"[{e.fp_range[0]}, {e.fp_range[1]}]",
            ", ".join(f"{p.DISPLAY_NAMES[c]} {v}" for c, v in e.cst.items()),
            p.DISPLAY_NAMES[e.chosen],
        )
        for e in p.CST_EXAMPLES
    ]
    out.append(_table(("section", "dataset", "FPcost range", "CST", "chosen"), rows))
    return "\n".join(out)


def _claims(claims) -> str:
    rows = []
    for claim in claims:
        source = claim["source"] if "seed" not in claim["source"] else ""
        rows.append((claim["text"].replace("|", "/"), source))
    return _table(("printed claim", "where"), rows)


def _drummond_holte2000() -> str:
    from costlab.studies.drummond_holte2000 import published as p

    figures = _table(("figure", "what it shows"), list(p.FIGURES.items()))
    return f"**The figures recomputed**\n\n{figures}\n**The claims checked**\n\n{_claims(p.CLAIMS)}"


def _johnson2015() -> str:
    from costlab.studies.johnson2015 import published as p

    rows = [
        (name, f"{a:.4f}", f"{r:.4f}", p.DATASETS[name] or "not public")
        for name, (a, r) in p.TABLE_2.items()
    ]
    table = _table(("dataset", "AdaBoost.M1", "RiskBoost", "costlab dataset"), rows)
    ranks = "Average ranks (printed): AdaBoost.M1 {}, RiskBoost {}.".format(*p.AVERAGE_RANKS)
    return (
        f"**Table 2** (AUROC as printed)\n\n{table}\n{ranks}\n\n**The claims checked**\n\n"
        f"{_claims(p.CLAIMS)}"
    )


def _landgrebe() -> str:
    from costlab.studies.landgrebe2004 import published as p

    rows = []
    for (experiment, prior), cells in p.TABLE_2.items():
        rows.append((experiment, prior) + tuple(f"{m:.2f} ± {s:.2f}" for m, s in cells.values()))
    header = ("problem", "P(C_t)") + tuple(next(iter(p.TABLE_2.values())))
    return f"**Table 2** (POSfrac in % at TPr = 80 %, as printed)\n\n{_table(header, rows)}"


PRINTED = {
    "alsaffar2018": _alsaffar2018,
    "drummond_holte2000": _drummond_holte2000,
    "johnson2015": _johnson2015,
    "landgrebe2004": _landgrebe,
}


def generate_printed(docs: Path) -> list[Path]:
    written = []
    for study, render in PRINTED.items():
        note = "<!-- generated by docs/_generate.py from the study's published.py -->\n\n"
        path = docs / "papers" / "_printed" / f"{study}.md"
        if _write(path, note + render()):
            written.append(path)
    return written


# -- Notebooks -----------------------------------------------------------------------------------


def copy_notebooks(docs: Path) -> list[Path]:
    """Mirror ``notebooks/*.ipynb`` into ``docs/_notebooks/`` (stale copies removed)."""
    source, target = docs.parent / "notebooks", docs / "_notebooks"
    target.mkdir(exist_ok=True)
    wanted = {p.name for p in source.glob("*.ipynb")}
    for stale in target.glob("*.ipynb"):
        if stale.name not in wanted:
            stale.unlink()
    written = []
    for name in sorted(wanted):
        src, dst = source / name, target / name
        if not dst.is_file() or dst.read_bytes() != src.read_bytes():
            shutil.copyfile(src, dst)
            written.append(dst)
    return written


def generate_all(docs: Path) -> list[Path]:
    from _reproduced import generate_reproduced  # docs/_reproduced.py, beside this file

    docs = Path(docs)
    reproduced = generate_reproduced(docs)
    return generate_api(docs) + generate_printed(docs) + reproduced + copy_notebooks(docs)


if __name__ == "__main__":
    here = Path(__file__).resolve().parent
    sys.path.insert(0, str(here.parent))
    for path in generate_all(here):
        print("wrote", path.relative_to(here.parent))
