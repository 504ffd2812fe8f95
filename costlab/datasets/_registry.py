"""The registry: dataset name -> entry (:mod:`._specs`), filled with the catalogue's built-in
entries (:mod:`._catalogue`) and open to a researcher's own (:func:`register_dataset`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pandas as pd

from costlab.validation import Boolean, InstanceOf, check_param

from ._catalogue import BUILTIN
from ._errors import DatasetError
from ._specs import OpenMLSpec, SyntheticSpec, UCISpec

if TYPE_CHECKING:
    from typing import Any

__all__ = ["get_spec", "list_datasets", "register_dataset"]

_SPEC_TYPES = (OpenMLSpec, SyntheticSpec, UCISpec)
_REGISTRY: dict[str, OpenMLSpec | SyntheticSpec | UCISpec] = {}


def register_dataset(spec: Any, *, replace: bool = False) -> Any:
    """Add a dataset to the registry.

    Parameters
    ----------
    spec : OpenMLSpec, UCISpec or SyntheticSpec
        The entry, e.g. ``OpenMLSpec(name="diabetes", openml_id=37,
        negative="tested_negative", positive="tested_positive")``.
    replace : bool, default False
        Allow replacing an entry of the same name.

    Returns
    -------
    OpenMLSpec, UCISpec or SyntheticSpec
        `spec`, for chaining.

    Raises
    ------
    DatasetError
        If the name is taken and `replace` is False.
    """
    if not isinstance(spec, _SPEC_TYPES):
        raise TypeError(
            f"register_dataset needs an OpenMLSpec, UCISpec or SyntheticSpec, got {type(spec)!r}"
        )
    check_param("replace", replace, Boolean())
    if spec.name in _REGISTRY and not replace:
        raise DatasetError(f"dataset {spec.name!r} is already registered (pass replace=True)")
    _REGISTRY[spec.name] = spec
    return spec


def list_datasets() -> pd.DataFrame:
    """Describe the registered datasets.

    Returns
    -------
    pandas.DataFrame
        One row per dataset with columns ``name``, ``title``, ``n_instances`` (expected;
        <NA> if unknown), ``negative``, ``positive``, ``source`` (``"uci"``, ``"openml"`` or
        ``"synthetic"``) and ``openml_id`` (<NA> if none).

    Examples
    --------
    >>> from costlab import list_datasets
    >>> table = list_datasets().set_index("name")
    >>> table.loc["twonorm", "title"], table.loc["german_credit", "source"]
    ('Twonorm (Breiman 1996)', 'uci')
    """
    rows = [
        {
            "name": spec.name,
            "title": spec.title,
            "n_instances": spec.n_instances,
            "negative": spec.negative,
            "positive": spec.positive,
            "source": spec.kind,
            "openml_id": getattr(spec, "openml_id", None),
        }
        for spec in _REGISTRY.values()
    ]
    frame = pd.DataFrame(rows, columns=_LIST_COLUMNS)
    return frame.astype({"n_instances": "Int64", "openml_id": "Int64"})


_LIST_COLUMNS = ["name", "title", "n_instances", "negative", "positive", "source", "openml_id"]


def get_spec(name):
    """The registry entry called `name`; a DatasetError naming the known datasets otherwise.

    A `name` that is not a string (a list of names, say) is a TypeError naming the parameter.
    """
    check_param("name", name, InstanceOf(str, "a str (a registry key, see list_datasets())"))
    if name not in _REGISTRY:
        known = ", ".join(sorted(_REGISTRY))
        raise DatasetError(f"unknown dataset {name!r}; known datasets: {known}")
    return _REGISTRY[name]


for _spec in BUILTIN:
    register_dataset(_spec)
