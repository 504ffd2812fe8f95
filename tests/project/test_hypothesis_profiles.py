"""Hypothesis's settings profiles (``conftest.py``): CI runs draw the same examples every time.

``.ci/run`` sets ``COSTLAB_REQUIRE_EXTRAS=1``, which loads the "ci" profile (derandomized, no
example database, a failure's seed printed); a local run loads "dev"; ``HYPOTHESIS_PROFILE``
names either explicitly.
"""

import pytest
from _support import HYPOTHESIS_PROFILES, hypothesis_profile
from hypothesis import given, settings
from hypothesis import strategies as st


@pytest.mark.parametrize(
    ("environ", "profile"),
    [
        ({}, "dev"),
        ({"COSTLAB_REQUIRE_EXTRAS": "0"}, "dev"),
        ({"COSTLAB_REQUIRE_EXTRAS": "1"}, "ci"),
        ({"HYPOTHESIS_PROFILE": "ci"}, "ci"),
        ({"COSTLAB_REQUIRE_EXTRAS": "1", "HYPOTHESIS_PROFILE": "dev"}, "dev"),
    ],
)
def test_the_profile_follows_ci_flags(environ, profile):
    assert hypothesis_profile(environ) == profile


def test_an_unknown_profile_is_named():
    with pytest.raises(ValueError, match=r"HYPOTHESIS_PROFILE must be one of \['ci', 'dev'\]"):
        hypothesis_profile({"HYPOTHESIS_PROFILE": "fast"})


def test_this_run_loaded_its_profile():
    loaded = settings.get_profile(hypothesis_profile())
    assert settings.default.derandomize == loaded.derandomize
    assert settings.default.database == loaded.database


def _examples(profile):
    """The examples a property test with its own ``max_examples`` draws under ``profile``."""
    seen = []

    @settings(parent=settings.get_profile(profile), max_examples=30)
    @given(st.lists(st.floats(0, 1), max_size=5), st.integers(0, 10**6))
    def prop(values, seed):
        seen.append((tuple(values), seed))

    prop()
    return seen


def test_ci_draws_the_same_examples_on_every_run():
    assert set(HYPOTHESIS_PROFILES) == {"ci", "dev"}
    ci = settings.get_profile("ci")
    assert ci.derandomize and ci.database is None and ci.deadline is None and ci.print_blob
    first = _examples("ci")
    assert len(first) == 30  # the test's own count
    assert _examples("ci") == first
