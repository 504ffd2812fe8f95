"""Each Weka kernel compiles once, whatever arrays a user hands the estimators.

numba compiles a kernel for every distinct type of its arguments, and an array's numba type
includes its layout and whether it is writable: a read-only input (a memory-mapped array), an
F-ordered one, one column (C and F at once, which numba types as C), or a model loaded with
``joblib.load(..., mmap_mode="r")`` would each compile J48's or RandomTree's whole call tree
again (about 40 s for J48 on two cores, in every fresh cache). The estimators hand the kernels
C-contiguous writable arrays (``costlab.classifiers._weka.arrays.kernel_array``); this test
feeds them every such variant in a fresh interpreter and counts the compiled signatures of
each kernel the estimators call.
"""

import json
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent(
    """
    import json, sys
    import joblib
    import numpy as np
    from costlab.classifiers import J48, WekaAdaBoostM1, WekaRandomForest
    from costlab.classifiers._weka import j48_kernels, j48_predict, random_tree_kernels
    from costlab.classifiers._weka import random_tree_nodes

    rng = np.random.default_rng(0)
    X = rng.normal(size=(40, 3))
    y = (X[:, 0] + 0.3 * rng.normal(size=40) > 0).astype(int)
    read_only = X.copy()
    read_only.setflags(write=False)
    variants = [X, read_only, np.asfortranarray(X), X[:, :1], X.astype(np.float32), X[::2]]
    folder = sys.argv[1]
    for make in (J48, lambda: WekaAdaBoostM1(n_estimators=3),
                 lambda: WekaRandomForest(n_estimators=3)):
        for data in variants:
            target = y[: len(data)] if len(data) == len(y) else y[::2]
            model = make().fit(data, target)
            model.predict_proba(data)
            path = f"{folder}/model.joblib"
            joblib.dump(model, path)
            frozen = np.array(data)
            frozen.setflags(write=False)
            joblib.load(path, mmap_mode="r").predict_proba(frozen)
    kernels = {
        "j48 build": j48_kernels.build,
        "j48 predict": j48_predict.predict,
        "random tree grow_tree": random_tree_kernels.grow_tree,
        "random tree forest_proba": random_tree_nodes.forest_proba,
    }
    from costlab.classifiers._weka import j48_numerics
    compiled = {name: [str(s) for s in k.signatures] for name, k in kernels.items()}
    compiled["j48 _term"] = [str(s) for s in j48_numerics._term.signatures]
    print(json.dumps(compiled))
    """
)


def test_every_kernel_compiles_once_for_any_input_arrays(tmp_path):
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, str(tmp_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    signatures = json.loads(done.stdout.strip().splitlines()[-1])
    # one per kind of sum (mode 0-3, a literal of its callers), not one per position as well:
    # with literal positions 0-7 J48's first fit compiled it 40 times (about 6 s)
    assert len(signatures.pop("j48 _term")) <= 4
    for name, compiled in signatures.items():
        assert len(compiled) == 1, f"{name} compiled {len(compiled)} times:\n" + "\n".join(compiled)
