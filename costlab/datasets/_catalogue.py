"""The catalogue: every built-in dataset as a registry entry (data, and what entries share).

Each entry names the dataset, its source (UCI files, an OpenML id or a seeded generator), its
files with their SHA-256, its expected instance and class counts, and which class is negative
(the thesis's class 1) and which positive (class 2). :mod:`._registry` registers them;
:mod:`._loader` fetches, verifies and parses them.
"""

from __future__ import annotations

from . import _prtools, _synthetic
from ._parsers import (
    parse_breast_w,
    parse_bupa,
    parse_credit_approval,
    parse_german,
    parse_heart_c,
    parse_heart_h,
    parse_horse_colic,
    parse_ionosphere,
    parse_kr_vs_kp,
    parse_messidor,
    parse_pima,
    parse_promoters,
    parse_sonar,
    parse_spectf,
    parse_tic_tac_toe,
    parse_vote,
    parse_vote1,
)
from ._prtools import highleyman, lithuanian, multimodal, two_gaussians
from ._specs import RemoteFile, SyntheticSpec, UCISpec, per_class
from ._synthetic import ringnorm, threenorm, twonorm

__all__ = ["BUILTIN"]


def _house_votes(name, title, parser):
    """An entry read from UCI's Congressional Voting Records (``vote`` and ``vote1``)."""
    return UCISpec(
        name=name,
        title=title,
        folder="vote",
        files=(
            RemoteFile(
                "house-votes-84.data",
                "voting-records/house-votes-84.data",
                "c87c14110a5ba91d4a1e313ec7392824458152bf071fa5f5452340488337936e",
            ),
        ),
        parser=parser,
        negative="democrat",
        positive="republican",
        n_instances=435,
        class_counts=(267, 168),
    )


def _breiman(name, generator):
    """One of Breiman's (1996) problems: 7,400 instances (the DELVE versions' size), classes
    "1" and "2" equally many."""
    return SyntheticSpec(
        name=name,
        title=_synthetic._TITLES[name],
        generator=generator,
        n_instances=7400,
        negative="1",
        positive="2",
        class_counts=(3700, 3700),
    )


def _landgrebe(name, generator):
    """One of Landgrebe et al.'s (2004, section 4) problems: 1500 instances per class
    (:mod:`._prtools`), the target class positive."""
    return SyntheticSpec(
        name=name,
        title=_prtools._TITLES[name],
        generator=per_class(generator),
        n_instances=3000,
        negative="non-target",
        positive="target",
        class_counts=(1500, 1500),
    )


#: The built-in entries, registered in this order by :mod:`._registry`.
BUILTIN = (
    UCISpec(
        name="german_credit",
        title="German Credit",
        folder="german_credit",
        files=(
            RemoteFile(
                "german.data",
                "statlog/german/german.data",
                "b21f3d81db8071257d5ff1deaeba1fd4303b62712e6fcc9715c7a86202cb5871",
            ),
        ),
        parser=parse_german,
        negative="good",
        positive="bad",
        n_instances=1000,
        class_counts=(700, 300),
        openml_id=31,
    ),
    UCISpec(
        name="credit_approval",
        title="Credit Approval",
        folder="credit_approval",
        files=(
            RemoteFile(
                "crx.data",
                "credit-screening/crx.data",
                "fff49bc186cbddb3ace7371d40d9fbbb3af4f126019c13ff3f562249b1454f4d",
            ),
        ),
        parser=parse_credit_approval,
        negative="-",
        positive="+",
        n_instances=690,
        class_counts=(383, 307),
        openml_id=29,
    ),
    UCISpec(
        name="messidor",
        title="Messidor Features",
        folder="messidor",
        files=(
            RemoteFile(
                "messidor_features.arff",
                "00329/messidor_features.arff",
                "f26adef0a94920205da4eedefbb6ccd730fd4b52a18ac7c01457cc7c1382c0c4",
            ),
        ),
        parser=parse_messidor,
        negative="0",
        positive="1",
        n_instances=1151,
        class_counts=(540, 611),
    ),
    UCISpec(
        name="spectf",
        title="SPECTF Heart",
        folder="spectf",
        files=(
            RemoteFile(
                "SPECTF.test",
                "spect/SPECTF.test",
                "467a65c81e14a71c029fa58bf9350ecdf28ff072303b99a832e8606e193a3882",
            ),
            RemoteFile(
                "SPECTF.train",
                "spect/SPECTF.train",
                "9c837e4fd4b7931d9be5304989e39f284f35f767518ffd4dfd42a6a519a9f30c",
            ),
        ),
        parser=parse_spectf,
        negative="0",
        positive="1",
        n_instances=267,
        class_counts=(55, 212),
        openml_id=337,
    ),
    # Johnson, Raeder & Chawla (2015), Table 2: orientation, labels and names in data/README.md
    # ("More datasets") and costlab/datasets/_uci_tables.py. No OpenML fallback: OpenML's copies
    # label the classes differently (e.g. Rock/Mine, tested_positive), so they would not pass the
    # orientation check.
    UCISpec(
        name="breast_w",
        title="Breast Cancer Wisconsin (Original)",
        folder="breast_w",
        files=(
            RemoteFile(
                "breast-cancer-wisconsin.data",
                "breast-cancer-wisconsin/breast-cancer-wisconsin.data",
                "402c585309c399237740f635ef9919dc512cca12cbeb20de5e563a4593f22b64",
            ),
        ),
        parser=parse_breast_w,
        negative="benign",
        positive="malignant",
        n_instances=699,
        class_counts=(458, 241),
    ),
    UCISpec(
        name="bupa",
        title="Liver Disorders (BUPA)",
        folder="bupa",
        files=(
            RemoteFile(
                "bupa.data",
                "liver-disorders/bupa.data",
                "a166a3e7a6f4dc41aaaedc59a107e57d8adcaeb8821f0873d756982f1ea74c92",
            ),
        ),
        parser=parse_bupa,
        negative="2",
        positive="1",
        n_instances=345,
        class_counts=(200, 145),
    ),
    UCISpec(
        name="heart_c",
        title="Heart Disease (Cleveland)",
        folder="heart_c",
        files=(
            RemoteFile(
                "processed.cleveland.data",
                "heart-disease/processed.cleveland.data",
                "a74b7efa387bc9d108d7d0115d831fe9b414b29ae7124f331b622b4efa0427c8",
            ),
        ),
        parser=parse_heart_c,
        negative="absent",
        positive="present",
        n_instances=303,
        class_counts=(164, 139),
    ),
    UCISpec(
        name="heart_h",
        title="Heart Disease (Hungarian)",
        folder="heart_h",
        files=(
            RemoteFile(
                "processed.hungarian.data",
                "heart-disease/processed.hungarian.data",
                "d1ad108f785768cd3d7e82dc522e6f5a61eea93cccfb3a46ee8076f73fc3d796",
            ),
        ),
        parser=parse_heart_h,
        negative="absent",
        positive="present",
        n_instances=294,
        class_counts=(188, 106),
    ),
    UCISpec(
        name="horse_colic",
        title="Horse Colic",
        folder="horse_colic",
        files=(
            RemoteFile(
                "horse-colic.data",
                "horse-colic/horse-colic.data",
                "270db486c78796143ffa84b4808118b3d4b96d1bd0f70bf22b3bb0bfca21e547",
            ),
            RemoteFile(
                "horse-colic.test",
                "horse-colic/horse-colic.test",
                "2c14b28c71da2a4778a6f161819804e032545a1c13f73fddf5d5b220c7ae3853",
            ),
        ),
        parser=parse_horse_colic,
        negative="no",
        positive="yes",
        n_instances=368,
        class_counts=(136, 232),
    ),
    UCISpec(
        name="ionosphere",
        title="Ionosphere",
        folder="ionosphere",
        files=(
            RemoteFile(
                "ionosphere.data",
                "ionosphere/ionosphere.data",
                "46d52186b84e20be52918adb93e8fb9926b34795ff7504c24350ae0616a04bbd",
            ),
        ),
        parser=parse_ionosphere,
        negative="g",
        positive="b",
        n_instances=351,
        class_counts=(225, 126),
    ),
    UCISpec(
        name="kr_vs_kp",
        title="Chess (King-Rook vs. King-Pawn)",
        folder="kr_vs_kp",
        files=(
            RemoteFile(
                "kr-vs-kp.data",
                "chess/king-rook-vs-king-pawn/kr-vs-kp.data",
                "70a5540902b4063d3977d3e820ac5b9fe5624eb5d93709eee5d50d7a94fca205",
            ),
        ),
        parser=parse_kr_vs_kp,
        negative="won",
        positive="nowin",
        n_instances=3196,
        class_counts=(1669, 1527),
    ),
    UCISpec(
        name="pima",
        title="Pima Indians Diabetes",
        folder="pima",
        files=(
            RemoteFile(
                "pima-indians-diabetes.data",
                "pima-indians-diabetes/pima-indians-diabetes.data",
                "06f5b7c2cd7bca686fda4f92eab5f61e7ff6426a9acefa2e3dda04fc54293cf5",
            ),
        ),
        parser=parse_pima,
        negative="0",
        positive="1",
        n_instances=768,
        class_counts=(500, 268),
    ),
    UCISpec(
        name="promoters",
        title="E. coli Promoter Gene Sequences",
        folder="promoters",
        files=(
            RemoteFile(
                "promoters.data",
                "molecular-biology/promoter-gene-sequences/promoters.data",
                "edd5f6f266ee04a78d4a8d88594e335fb8b5e8f204e63244eec3c2a9e5befd9d",
            ),
        ),
        parser=parse_promoters,
        negative="-",
        positive="+",
        n_instances=106,
        class_counts=(53, 53),
    ),
    UCISpec(
        name="sonar",
        title="Sonar, Mines vs. Rocks",
        folder="sonar",
        files=(
            RemoteFile(
                "sonar.all-data",
                "undocumented/connectionist-bench/sonar/sonar.all-data",
                "e90434cdbf00fcf93ffa911fe447ae25606979658e60f1d32e155c3b5240234d",
            ),
        ),
        parser=parse_sonar,
        negative="R",
        positive="M",
        n_instances=208,
        class_counts=(97, 111),
    ),
    UCISpec(
        name="tic_tac_toe",
        title="Tic-Tac-Toe Endgame",
        folder="tic_tac_toe",
        files=(
            RemoteFile(
                "tic-tac-toe.data",
                "tic-tac-toe/tic-tac-toe.data",
                "a996a756484d0cf8cbad1680d823aadbfcff8ae2d78c450e6999362d580301c5",
            ),
        ),
        parser=parse_tic_tac_toe,
        negative="negative",
        positive="positive",
        n_instances=958,
        class_counts=(332, 626),
    ),
    _house_votes("vote", "Congressional Voting Records", parse_vote),
    _house_votes("vote1", "Congressional Voting Records without physician-fee-freeze", parse_vote1),
    _breiman("twonorm", twonorm),
    _breiman("threenorm", threenorm),
    _breiman("ringnorm", ringnorm),
    # Landgrebe et al. (2004) section 4: 1500 per class (costlab/datasets/_prtools.py)
    _landgrebe("two_gaussians", two_gaussians),
    _landgrebe("highleyman", highleyman),
    _landgrebe("lithuanian", lithuanian),
    _landgrebe("multimodal", multimodal),
)
