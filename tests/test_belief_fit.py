"""scripts/belief_fit.py: the share of an opponent's hidden cards the belief's worlds hold."""

from __future__ import annotations

import argparse

import pytest
from scripts_loader import load_script

from okgin.bots.belief import Knowledge

FIT = load_script("belief_fit")


def test_the_belief_beats_uniform_guessing_and_a_setting_reaches_it() -> None:
    data = FIT.views("hard", 4, 11)
    assert data and all(Knowledge(v).hidden[1] > 0 for v, _ in data)
    for view, true in data:  # the true hand is the opponent's: it holds every card it showed
        assert Knowledge(view).held[1] & ~true == 0
    base = FIT.uniform(data)
    default = FIT.accuracy(data, 16, {})
    assert 0 < base < default < 1
    # the likelihood's factors reach the sampler: all-or-nothing weights change the worlds
    assert FIT.accuracy(data, 16, {"take_alone": 1e-6, "oversample": 8}) != default
    assert FIT.accuracy(data, 16, {"weighted": 0}) != default
    # the deadwood and feed measures: a read of the opponent's deadwood, of the melds a
    # discard would feed; the worlds drawn with no opponent model (uniform, unweighted)
    # overrate its deadwood by far more than the belief's
    belief = FIT.fit(data, 16, {})
    blind = FIT.fit(data, 16, {"seen_extra": 0.0, "weighted": 0})
    assert belief.error >= abs(belief.bias) and 0 < belief.feed < 1
    assert blind.bias > belief.bias + 5, (blind, belief)


def test_a_wrong_setting_is_one_line() -> None:
    assert FIT.setting("seen_extra=1.5,max_extra=10") == {"seen_extra": 1.5, "max_extra": 10}
    for bad, why in [("nosuch=1", "is not KEY=VALUE"), ("oversample=x", "must be a number")]:
        with pytest.raises(argparse.ArgumentTypeError, match=why):
            FIT.setting(bad)
