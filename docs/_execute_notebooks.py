"""Execute the notebooks and commit them with their outputs (what the documentation renders).

Run from the repository root, with the data mirror (``COSTLAB_MIRROR``)::

    python docs/_execute_notebooks.py                    # every notebook, the papers' protocols
    python docs/_execute_notebooks.py 20_drummond_holte2000 40_landgrebe2004   # some of them
    python docs/_execute_notebooks.py --quick 30_johnson2015   # the studies' smoke protocol

Each notebook runs top to bottom in a fresh kernel (nbclient) in ``notebooks/``, importing this
checkout, with ``COSTLAB_QUICK`` set to ``0`` (the full protocol of every study; Johnson et al.'s
Table 2 takes about an hour on two cores) or ``1`` with ``--quick``, the protocol the test suite
runs. The outputs are then normalised (:func:`normalise`): no stderr, no progress bars, no
timings, no widget state, figures re-encoded with a 256-colour palette (:func:`shrink_figures`),
and the protocol recorded in the notebook's metadata (``costlab.protocol``), which the test that
keeps the committed outputs in sync with the code (``tests/project/test_notebook_outputs.py``)
reads to know what it can compare exactly.
"""

import argparse
import base64
import contextlib
import copy
import io
import os
import re
import sys
import tempfile
from pathlib import Path

import nbformat

REPO = Path(__file__).resolve().parents[1]
NOTEBOOKS = REPO / "notebooks"
#: Seconds a cell may take (Johnson et al.'s full Table 2 is one cell).
CELL_TIMEOUT = 7200
_WIDGET = "application/vnd.jupyter.widget-view+json"
#: tqdm's text of a bar, "desc:  40%|####      | 16/40 [00:02<00:03, 7.9it/s]"
_PROGRESS = re.compile(r"\|\s*\d+/\d+ \[")


def kernel_env(quick, environ=None):
    """The kernel's environment: this checkout first on the path, the protocol, inline figures."""
    environ = dict(os.environ if environ is None else environ)
    environ.pop("MPLBACKEND", None)  # a headless Agg would keep the figures out of the outputs
    path = environ.get("PYTHONPATH")
    environ["PYTHONPATH"] = os.pathsep.join([str(REPO), path] if path else [str(REPO)])
    environ["COSTLAB_QUICK"] = "1" if quick else "0"
    return environ


def uses_openml_stand_in(nb):
    """Whether ``nb`` reads OpenML: its metadata ``costlab.openml`` is ``"stand-in"``, and it runs
    against the loopback stand-in of tests/_openml_server.py (never the internet)."""
    return nb.metadata.get("costlab", {}).get("openml") == "stand-in"


@contextlib.contextmanager
def openml_stand_in():
    """The loopback OpenML stand-in with runs published on credit-g's task: the environment a
    kernel needs to reach it (``COSTLAB_OPENML_SERVER``, a fresh data home, no Parquet)."""
    sys.path.insert(0, str(REPO / "tests"))
    try:
        from _openml_server import publish_stand_in_runs, start_openml_test_server
    finally:
        sys.path.pop(0)
    with tempfile.TemporaryDirectory(prefix="costlab-openml-") as home:
        # German Credit's documented costs on its task (rows actual good, bad; columns
        # predicted), and a malformed matrix of the kind openml.org holds (openml-python #532)
        server = start_openml_test_server(cost_matrices={31: "[[0, 1], [5, 0]]", 29: "yes"})
        env = {
            "COSTLAB_OPENML_SERVER": server.url,
            "COSTLAB_DATA_HOME": home,
            "OPENML_SKIP_PARQUET": "true",
        }
        saved = {key: os.environ.get(key) for key in env}
        os.environ.update(env)
        try:
            publish_stand_in_runs()
            yield env
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value
            server.close()


def execute(nb, quick, timeout=CELL_TIMEOUT):
    """Run ``nb`` (a NotebookNode, changed in place) in ``notebooks/``; return it."""
    if uses_openml_stand_in(nb):
        with openml_stand_in() as env:
            return _execute(nb, quick, timeout, env)
    return _execute(nb, quick, timeout, {})


def _execute(nb, quick, timeout, extra_env):
    from nbclient import NotebookClient

    env = {**kernel_env(quick), **extra_env}
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(NOTEBOOKS)}},
        store_widget_state=False,
    )
    client.execute(env=env)  # handed to the kernel manager, which starts the kernel with it
    return nb


def _noise(output):
    """Whether an output is no result: a stream to stderr, or a progress bar (tqdm's widget)."""
    if output.output_type == "stream":
        return output.name == "stderr"
    data = output.get("data", {})
    plain = "".join(data.get("text/plain", ""))
    return _WIDGET in data and _PROGRESS.search(plain) is not None


def normalise(nb, protocol):
    """A copy of executed ``nb`` as committed: stable, small, and labelled with its protocol."""
    nb = copy.deepcopy(nb)
    nb.metadata.pop("widgets", None)
    openml = nb.metadata.get("costlab", {}).get("openml")
    nb.metadata["costlab"] = {"protocol": protocol, **({"openml": openml} if openml else {})}
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type != "code":
            continue
        cell.outputs = [out for out in cell.outputs if not _noise(out)]
    return nb


def shrink_figures(nb, colors=256):
    """Re-encode every PNG output with a palette of ``colors`` (about 4x smaller, same look)."""
    from PIL import Image

    for cell in nb.cells:
        for out in cell.get("outputs", []):
            png = out.get("data", {}).get("image/png")
            if png is None:
                continue
            image = Image.open(io.BytesIO(base64.b64decode(png)))
            buffer = io.BytesIO()
            image.quantize(colors, method=Image.Quantize.FASTOCTREE).save(
                buffer, "PNG", optimize=True
            )
            out.data["image/png"] = base64.b64encode(buffer.getvalue()).decode("ascii")
    return nb


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("names", nargs="*", help="notebook stems (default: all)")
    parser.add_argument("--quick", action="store_true", help="the studies' smoke protocol")
    args = parser.parse_args(argv)
    if not os.environ.get("COSTLAB_MIRROR"):
        parser.error("set COSTLAB_MIRROR to the data mirror (see docs/README.md)")
    paths = sorted(NOTEBOOKS.glob("*.ipynb"))
    unknown = set(args.names) - {p.stem for p in paths}
    if unknown:
        parser.error(f"no such notebook: {', '.join(sorted(unknown))}")
    protocol = "quick" if args.quick else "full"
    for path in paths:
        if args.names and path.stem not in args.names:
            continue
        print(f"executing {path.name} ({protocol} protocol)", file=sys.stderr, flush=True)
        nb = execute(nbformat.read(path, as_version=4), args.quick)
        nbformat.write(shrink_figures(normalise(nb, protocol)), path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
