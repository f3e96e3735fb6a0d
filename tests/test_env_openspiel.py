"""okgin.env.openspiel: OpenSpiel's own checks, ISMCTS on whole hands, Shimmy's wrapper."""

from __future__ import annotations

import doctest
import random
import warnings

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import okgin.env.openspiel as ogs  # noqa: E402
from okgin.cards import CARDS  # noqa: E402
from okgin.errors import OkginError  # noqa: E402
from okgin.record import replay  # noqa: E402
from okgin.rules import PRESETS  # noqa: E402
from okgin.views import view_of_hand  # noqa: E402

COMBOS = [(preset, n) for preset in sorted(PRESETS) for n in (2, 3, 4)]
NAME = "python_oklahoma_gin"


def _load(preset: str = "standard", players: int = 2) -> object:
    return pyspiel.load_game(NAME, {"rules": preset, "players": players})


def _dealt(game: object, seed: int) -> object:
    rng = random.Random(seed)
    state = game.new_initial_state()  # type: ignore[attr-defined]
    while state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    return state


def _play(state: object, rng: random.Random, steps: int) -> None:
    for _ in range(steps):
        if state.is_terminal():  # type: ignore[attr-defined]
            return
        legal = state.legal_actions()  # type: ignore[attr-defined]
        state.apply_action(legal[rng.randrange(len(legal))])  # type: ignore[attr-defined]


@pytest.mark.parametrize(("preset", "players"), COMBOS)
def test_random_sim_test(preset: str, players: int) -> None:
    pyspiel.random_sim_test(_load(preset, players), num_sims=1, serialize=False, verbose=False)


def test_module_docstring_example_runs() -> None:
    failures, tried = doctest.testmod(ogs)
    assert tried > 0 and failures == 0


def test_parameters() -> None:
    game = pyspiel.load_game(NAME, {"rules": '{"preset": "classic", "knock_bonus": 5}'})
    assert game.rules.knock_bonus == 5 and game.rules.preset_name == "classic"
    assert game.num_players() == 2 and game.num_distinct_actions() == 525
    assert game.observation_tensor_shape() == [27, 52]
    assert game.information_state_tensor_shape() == [29, 52]
    with pytest.raises(OkginError, match="preset"):
        pyspiel.load_game(NAME, {"rules": "poker"})
    with pytest.raises(OkginError, match="max_moves"):
        pyspiel.load_game(NAME, {"max_moves": 0})


def test_returns_are_okgins_points_and_the_hand_replays() -> None:
    game = _load("standard", 2)
    rng = random.Random(5)
    scored = 0
    for seed in range(12):
        state = _dealt(game, seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            knocks = [a for a in legal if 57 <= a < 109]
            state.apply_action(knocks[0] if knocks else legal[rng.randrange(len(legal))])
        hand = state.hand
        result = hand.result
        p0, p1 = result.points
        assert state.returns() == [p0 - p1, p1 - p0]
        again = replay(_game_record(hand))
        assert again.results[0] == result
        scored += result.result != "dead"
    assert scored > 0


def _game_record(hand: object) -> dict[str, object]:
    from okgin.game import Game

    game = Game(hand.rules, auto_deal=False, dealer=hand.dealer)  # type: ignore[attr-defined]
    game.deal(list(hand.deck))  # type: ignore[attr-defined]
    for seat, action in hand.history:  # type: ignore[attr-defined]
        game.apply(action, seat)
    return game.to_record()


@pytest.mark.parametrize(("preset", "players"), [("openspiel", 2), ("party", 3), ("classic", 4)])
def test_resample_from_infostate_keeps_what_the_player_knows(preset: str, players: int) -> None:
    game = _load(preset, players)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    changed = 0
    for seed in range(6):
        state = _dealt(game, seed)
        _play(state, random.Random(seed), 10 + 7 * seed)
        if state.is_terminal():
            continue
        for p in range(players):
            other = state.resample_from_infostate(p, sampler)
            assert other.information_state_string(p) == state.information_state_string(p)
            assert other.observation_string(p) == state.observation_string(p)
            assert np.array_equal(
                other.information_state_tensor(p), state.information_state_tensor(p)
            )
            assert other.legal_actions(p) == state.legal_actions(p)
            assert other.current_player() == state.current_player()
            changed += other.hand.hands != state.hand.hands
    assert changed > 0  # the other hands were dealt again


def test_observer_reads_a_clone_that_went_another_way_afresh() -> None:
    """One observer serves many states (ISMCTS's clones): a clone that played other actions
    than the state last observed gets its own planes, as a fresh observer gives them."""
    game = _load("standard", 2)
    for seed in range(6):
        rng = random.Random(seed)
        state = _dealt(game, seed)
        _play(state, rng, 8)
        clone = state.clone()
        _play(state, rng, 6)
        _play(clone, random.Random(seed + 100), 9)
        shared = game.make_py_observer()
        for s in (state, clone, state):
            for player in range(2):
                fresh = game.make_py_observer()
                shared.set_from(s, player)
                fresh.set_from(s, player)
                assert np.array_equal(shared.tensor, fresh.tensor)


def test_information_state_string_is_perfect_recall_of_own_draws() -> None:
    game = _load("standard", 2)
    state = _dealt(game, 3)
    _play(state, random.Random(3), 30)
    text = state.information_state_string(0)
    other = state.information_state_string(1)
    draws = view_of_hand(state.hand, 0).draws
    assert draws
    for c in draws:
        card = CARDS[c].text
        assert f"0:draw {card}" in text and f"0:draw {card}" not in other


def test_ismcts_plays_whole_hands() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    for preset, players in (("openspiel", 2), ("party", 3)):
        game = _load(preset, players)
        rs = np.random.RandomState(players)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3, random_state=rs)
        state = _dealt(game, players)
        decisions = 0
        while not state.is_terminal():
            if state.current_player() == 0:
                state.apply_action(bot.step(state))
                decisions += 1
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rs.randint(len(legal))])
        assert decisions > 3 and state.hand.is_over
        assert sum(state.returns()) == pytest.approx(0.0)


@pytest.mark.parametrize(("preset", "players"), COMBOS)
def test_shimmy_wrapper_passes_api_test(preset: str, players: int) -> None:
    shimmy = pytest.importorskip("shimmy")
    from pettingzoo.test import api_test

    env = shimmy.OpenSpielCompatibilityV0(
        game_name=NAME, config={"rules": preset, "players": players}
    )
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=200)
    # Shimmy declares every OpenSpiel tensor as a Box from -inf to inf; nothing else warns
    assert {str(w.message) for w in caught} <= {
        "Agent's maximum observation space value is infinity. This is probably too high",
        "Agent's minimum observation space value is -infinity. This is probably too low.",
    }
