"""Sphinx configuration of costlab's documentation site.

Build (from the repository root)::

    COSTLAB_DOCS_QUICK=1 sphinx-build -W --keep-going -b html docs docs/_build/html

No notebook is executed: they are committed with their outputs (``docs/_execute_notebooks.py``
writes them; ``tests/project/test_notebook_outputs.py`` keeps them in sync with the code), which
the notebook pages and the paper pages render. ``COSTLAB_DOCS_QUICK=1`` (what
``tests/project/test_docs.py`` builds) or ``COSTLAB_DOCS_OFFLINE=1`` skips the intersphinx
inventories, so the build is offline; the ``.. plot::`` figures of the user guide run in every
build (synthetic data, a few seconds).

Files generated at build time (ignored by git, rewritten only when their text changes):
``api/<package>.rst`` and ``api/generated/`` (see ``docs/_generate.py``), ``papers/_printed/``
(the papers' printed tables, from each study's ``published.py``), ``papers/_reproduced/`` (their
reproduced figures and tables, from the committed notebooks) and ``_notebooks/`` (copies of
``notebooks/``).
"""

import logging
import os
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
REPO = DOCS.parent
sys.path.insert(0, str(REPO))  # document this checkout, not another installed costlab
sys.path.insert(0, str(DOCS))

import _generate  # noqa: E402  (docs/_generate.py, needs the paths above)

import costlab  # noqa: E402

QUICK = os.environ.get("COSTLAB_DOCS_QUICK") == "1"
os.environ.setdefault("MPLBACKEND", "Agg")

# -- Generated sources -------------------------------------------------------------------------
# Done here, when Sphinx reads this file, so that every page exists before autosummary and the
# toctrees look for them.
_generate.generate_all(DOCS)

# -- Project -----------------------------------------------------------------------------------
project = "costlab"
author = "The costlab developers"
copyright = "The costlab developers"  # noqa: A001 (Sphinx's name)
release = costlab.__version__
version = release

extensions = [
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.intersphinx",
    "sphinx.ext.mathjax",
    # MathJax served from the site itself (_static/mathjax), not a CDN: the formulas render
    # offline (issue 33, item 4)
    "sphinx-mathjax-offline",
    "numpydoc",
    "myst_nb",
    "matplotlib.sphinxext.plot_directive",
    "sphinx_design",
    "sphinx_copybutton",
]

exclude_patterns = [
    "_build",
    "README.md",
    "papers/_printed",
    "papers/_reproduced",
    "**.ipynb_checkpoints",
    "jupyter_execute",
]
templates_path = ["_templates"]
html_static_path = ["_static"]
# `x` in a docstring is code (as in scikit-learn's documentation), not the title-reference role
default_role = "literal"
# unresolved cross-references (numpydoc types such as "array-like of shape (n,)") do not warn
nitpicky = False

# -- API reference: autosummary + numpydoc -----------------------------------------------------
autosummary_generate = True
autosummary_imported_members = True
autodoc_default_options = {"members": False}
autodoc_typehints = "none"  # the numpydoc Parameters sections say it, in words
numpydoc_show_class_members = False  # the class template lists the methods itself
numpydoc_class_members_toctree = False
numpydoc_validation_checks = set()  # numpydoc's style checks are not part of the build
numpydoc_xref_param_type = False

intersphinx_mapping = {
    "python": ("https://docs.python.org/3", None),
    "numpy": ("https://numpy.org/doc/stable", None),
    "sklearn": ("https://scikit-learn.org/stable", None),
}
# The test builds are offline: no inventories are fetched, and references stay plain text (the
# quick build always; any build with COSTLAB_DOCS_OFFLINE=1, since an unreachable inventory is a
# warning that -W turns into an error).
if QUICK or os.environ.get("COSTLAB_DOCS_OFFLINE") == "1":
    intersphinx_mapping = {}

# -- Figures: matplotlib's plot directive ------------------------------------------------------
plot_include_source = True
plot_html_show_source_link = False
plot_html_show_formats = False
plot_formats = [("png", 110)]
plot_rcparams = {"figure.figsize": (5.5, 3.6), "savefig.bbox": "tight"}
plot_pre_code = "import numpy as np\nimport matplotlib.pyplot as plt\n"

# -- Notebooks and MyST pages: myst-nb ---------------------------------------------------------
# The notebooks stay in the repository's notebooks/ (where Binder, the test suite and the README
# expect them). Sphinx reads only files under docs/, so _generate.copy_notebooks() copies them into
# docs/_notebooks/ (ignored by git) before every build. A copy is used rather than a symlink
# (which git on Windows, sdists and some editors do not keep) or an ``include`` of a file outside
# the source folder (which myst-nb cannot render as a notebook); their images (img/) are copied
# too.
myst_enable_extensions = ["colon_fence", "dollarmath", "deflist", "substitution"]
myst_heading_anchors = 3
# The notebooks are committed with their outputs (written by docs/_execute_notebooks.py with the
# papers' full protocols; kept in sync with the code by the notebooks' own tests,
# notebooks/conftest.py, and tests/project/test_notebook_outputs.py): every build renders them as
# committed, and the paper pages show the same outputs (docs/_reproduced.py). Nothing is executed.
nb_execution_mode = "off"
nb_merge_streams = True

# -- HTML: the PyData theme --------------------------------------------------------------------
html_theme = "pydata_sphinx_theme"
html_title = f"costlab {release}"
html_theme_options = {
    "navbar_align": "left",
    "show_toc_level": 2,
    "navigation_with_keys": False,
    "secondary_sidebar_items": ["page-toc"],
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
}
html_context = {"default_mode": "light"}
html_show_sourcelink = False
html_css_files = ["costlab.css"]


# -- Hooks ---------------------------------------------------------------------------------------


class _EmptyFactsGlob(logging.Filter):
    """Let "Measured facts" (facts.md, a ``:glob:`` toctree over facts/*) be empty.

    The folder is filled by hand and may be empty or missing; Sphinx then warns that the glob
    matched nothing, which -W would turn into an error. Only that warning, for that pattern, is
    dropped (Sphinx 9 logs it with no warning type, so ``suppress_warnings`` cannot name it).
    """

    def filter(self, record):
        return not (
            getattr(record, "subtype", "") == "empty_glob" and "facts/*" in record.getMessage()
        )


def setup(app):
    logging.getLogger("sphinx.sphinx.directives.other").addFilter(_EmptyFactsGlob())
