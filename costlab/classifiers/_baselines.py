"""Two everyday scikit-learn models to compare with, for tutorials and quick checks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from sklearn.compose import make_column_selector, make_column_transformer
from sklearn.ensemble import HistGradientBoostingClassifier
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LogisticRegression
from sklearn.pipeline import make_pipeline
from sklearn.preprocessing import OneHotEncoder, StandardScaler

if TYPE_CHECKING:
    from typing import Any

__all__ = ["baseline_models"]


def baseline_models(random_state: Any = 0) -> dict[str, Any]:
    """A logistic regression and a gradient-boosted model, ready for any costlab Dataset.

    Both accept a :class:`~costlab.datasets.Dataset`'s ``X`` as it is: numeric columns and
    nominal (pandas Categorical) columns, with missing values.

    - ``"Logistic regression"``: numeric columns mean-imputed and standardised, nominal ones
      one-hot encoded (missing as its own category), then ``LogisticRegression(max_iter=5000)``.
    - ``"Gradient boosting"``: ``HistGradientBoostingClassifier`` with native categorical
      support and missing values (``categorical_features="from_dtype"``), seeded.

    Parameters
    ----------
    random_state : int
        Seed of the gradient-boosted model.

    Returns
    -------
    dict of str -> estimator
        Unfitted; pass it to :func:`costlab.evaluation.run_experiments`.

    Examples
    --------
    >>> from costlab.datasets import twonorm
    >>> models = baseline_models()
    >>> list(models)
    ['Logistic regression', 'Gradient boosting']
    >>> data = twonorm(60, random_state=0)
    >>> models["Logistic regression"].fit(data.X, data.y_binary).predict_proba(data.X).shape
    (60, 2)
    """
    numeric = make_column_selector(dtype_include="number")
    nominal = make_column_selector(dtype_include="category")
    encode = make_column_transformer(
        (make_pipeline(SimpleImputer(), StandardScaler()), numeric),
        (OneHotEncoder(handle_unknown="ignore"), nominal),
    )
    return {
        "Logistic regression": make_pipeline(encode, LogisticRegression(max_iter=5000)),
        "Gradient boosting": HistGradientBoostingClassifier(
            categorical_features="from_dtype", random_state=random_state
        ),
    }
