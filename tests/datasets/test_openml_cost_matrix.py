"""Task cost matrices read from an OpenML task's XML: present, absent or malformed."""

import pytest

from costlab.datasets import read_cost_matrix

_TASK = (
    '<oml:task xmlns:oml="http://openml.org/openml"><oml:task_id>1</oml:task_id>'
    '<oml:input name="source_data"><oml:data_set><oml:data_set_id>31</oml:data_set_id>'
    "</oml:data_set></oml:input>{}</oml:task>"
)


def _xml(tmp_path, matrix):
    cost = (
        ""
        if matrix is None
        else (
            f'<oml:input name="cost_matrix"><oml:cost_matrix>{matrix}</oml:cost_matrix></oml:input>'
        )
    )
    path = tmp_path / "task.xml"
    path.write_text(_TASK.format(cost))
    return path


@pytest.mark.parametrize(
    "matrix, status, costs",
    [
        (None, "absent", None),
        ("", "absent", None),
        ("[]", "absent", None),
        ("[[0, 1], [5, 0]]", "present", {"fp_cost": 1.0, "fn_cost": 5.0}),
        # costs of correct decisions: the error's cost over the correct one's
        ("[[1, 3], [7, 2]]", "present", {"fp_cost": 2.0, "fn_cost": 5.0}),
        ("[[0, 1, 2], [1, 0, 1], [2, 1, 0]]", "malformed: 3 rows for 2 classes", None),
        ("[[0, 1], [5]]", "malformed: not a JSON matrix of numbers", None),
        ("0 1; 5 0", "malformed: not a JSON matrix of numbers", None),
        # values found on openml.org (openml-python issue 532): words and a lone number
        ("yes", "malformed: not a JSON matrix of numbers", None),
        ("adam", "malformed: not a JSON matrix of numbers", None),
        ("1", "malformed: not square", None),
        ("[[0, 1, 2], [5, 0, 1]]", "malformed: not square", None),
        ("[[0, -1], [5, 0]]", "malformed: costs must be finite and non-negative", None),
        ("[[3, 1], [5, 0]]", "malformed: an error costs no more than a correct decision", None),
    ],
)
def test_cost_matrix_status_and_class_costs(tmp_path, matrix, status, costs):
    got_status, got_costs = read_cost_matrix(_xml(tmp_path, matrix), ("good", "bad"))
    assert got_status.startswith(status)
    assert got_costs == costs


def test_cost_matrix_of_a_multiclass_task_is_audited_without_class_costs(tmp_path):
    path = _xml(tmp_path, "[[0, 1, 2], [1, 0, 1], [2, 1, 0]]")
    assert read_cost_matrix(path) == ("present", None)
