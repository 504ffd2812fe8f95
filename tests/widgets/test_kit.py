"""The widgets' shared kit on its own: the control factories every explorer builds its controls
with, the ordered selection, the error shown in place of the outputs, and the controller's
skeleton (one update per change, none while the controller sets controls itself)."""

import dataclasses

import ipywidgets as widgets
import numpy as np
import pytest

from costlab.widgets._cost import controls as cost_controls
from costlab.widgets._cost_space import controls as cost_space_controls
from costlab.widgets._cst import controls as cst_controls
from costlab.widgets._kit import controls as kit
from costlab.widgets._kit.charts import ChartImage
from costlab.widgets._kit.controller import Explorer
from costlab.widgets._kit.messages import show_error
from costlab.widgets._prior_shift.controls import operating_controls
from costlab.widgets._scenario import controls as scenario_controls


def test_a_slider_follows_a_drag_with_its_bounds_step_format_and_class():
    s = kit.slider("costlab-x", "x", 0.25, (0.01, 0.99), 0.01, ".3f")
    assert isinstance(s, widgets.FloatSlider) and s.continuous_update is True
    assert (s.min, s.max, s.step, s.value) == (0.01, 0.99, 0.01, 0.25)
    assert s.readout_format == ".3f" and s.description == "x"
    assert "costlab-x" in s._dom_classes and s.layout.width == "330px"
    style = {"description_width": "96px"}
    n = kit.slider(None, "n", 3, (1, 15), control=widgets.IntSlider, style=style, follow=False)
    assert isinstance(n, widgets.IntSlider) and (n.min, n.max, n.step) == (1, 15, 1)
    assert n.continuous_update is False  # reports once, when released
    assert n.style.description_width == "96px" and n._dom_classes == ()
    assert s.style.description_width == "118px"  # the panels' label width by default


def test_a_log_slider_takes_the_exponents_of_its_bounds():
    s = kit.log_slider("costlab-c", "C", 4.0, (-2.0, 2.0), 0.05)
    # the browser rounds a set value to the step in the exponent: a following slider would
    # send the rounded value back, so a log slider reports once, when released
    assert isinstance(s, widgets.FloatLogSlider) and s.continuous_update is False
    assert (s.base, s.min, s.max, s.step, s.readout_format) == (10, -2.0, 2.0, 0.05, ".3g")
    assert s.value == pytest.approx(4.0)


def test_the_explorers_sliders_are_the_kit_s():
    """Each explorer's sliders keep their ranges when built by the kit."""
    fn = cost_space_controls.cost_slider(1.0, "C(-|+)", "costlab-fn-cost")
    assert (fn.min, fn.max, fn.base, fn.continuous_update) == (-2.0, 2.0, 10, False)
    window = scenario_controls.window_slider((0.1, 0.6))
    assert isinstance(window, widgets.FloatRangeSlider) and window.value == (0.1, 0.6)
    assert (window.min, window.max, window.step, window.readout_format) == (0, 1, 0.01, ".2f")
    assert window.style.description_width == "96px"
    top = scenario_controls.top_slider(12)
    assert isinstance(top, widgets.IntSlider) and (top.min, top.max, top.value) == (1, 50, 12)
    assert "costlab-scn-top" in top._dom_classes
    assert window.continuous_update is top.continuous_update is True


def test_sliders_follow_a_drag_unless_a_move_refits():
    """The cost and CST ranges follow a drag; IBk's k (a refit) reports once, when released."""
    assert cost_controls.range_slider((0.3, 0.7), 0.05).continuous_update is True
    grid = np.round(np.arange(0.05, 0.951, 0.05), 2)
    assert cst_controls.ratio_range_slider(grid, (0.3, 0.7)).continuous_update is True
    assert cost_controls.k_slider(1).continuous_update is False


def test_a_dropdown_is_styled_and_tagged():
    d = kit.dropdown("costlab-d", "Pick", [("one", 1), ("two", 2)], 2, disabled=True)
    assert isinstance(d, widgets.Dropdown) and d.value == 2 and d.disabled
    assert "costlab-d" in d._dom_classes and d.description == "Pick"


def test_selected_follows_the_options_order_not_the_click_order():
    select = kit.classifier_select([("A", "a"), ("B", "b"), ("C", "c")], ("a",))
    select.value = ("c", "a")
    assert kit.selected(select) == ("a", "c")
    select.value = ()
    assert kit.selected(select) == ()


def test_an_error_replaces_the_tables_and_charts():
    message, table = widgets.HTML(), widgets.HTML("<table>old</table>")
    chart = ChartImage()
    chart.image.value, chart.widget.layout.display = b"png", None
    show_error(message, ValueError("pick one"), tables=(table,), charts=(chart,))
    assert "pick one" in message.value and "costlab-error" in message.value
    assert table.value == "" and chart.image.value == b"" and chart.widget.layout.display == "none"


def test_the_operating_controls_are_prior_condition_and_value():
    prior, condition, value = operating_controls(0.01, "purity", 0.5, description="P(C_t)")
    assert isinstance(prior, widgets.FloatLogSlider) and prior.min == pytest.approx(-4)
    assert prior.description == "P(C_t)" and prior.value == pytest.approx(0.01)
    assert condition.value == "purity" and value.value == 0.5
    # a prior move grows with the number of scores: these report once, when released
    assert prior.continuous_update is value.continuous_update is False


@dataclasses.dataclass(frozen=True)
class _State:
    n: int


class _Counter(Explorer):
    """A controller over one IntSlider that counts its refreshes."""

    def __init__(self):
        super().__init__()
        self.n = widgets.IntSlider(value=0)
        self.synced, self.refreshed = [], []
        self.n.observe(lambda change: self.update(), names="value")

    def state(self):
        return _State(self.n.value)

    def _sync_controls(self, state):
        self.synced.append(state.n)

    def _refresh(self, state):
        self.refreshed.append(state.n)


def test_the_controller_updates_once_per_change_and_never_while_quiet():
    c = _Counter()
    c.n.value = 1
    assert c.refreshed == c.synced == [1]
    with c._quietly():
        c.n.value = 2
        c.n.value = 3
    assert c.refreshed == [1]  # nothing while the controller set the slider itself
    c.update()
    assert c.refreshed == [1, 3] and c._quiet is False
    with pytest.raises(RuntimeError), c._quietly():
        raise RuntimeError("a failing preset")
    assert c._quiet is False  # left quiet mode even so
    c.n.value = 4
    assert c.refreshed == [1, 3, 4]
