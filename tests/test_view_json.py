"""Views that travel: View.to_json / View.from_json (docs/view.md), spectators, own draws.

- every view of random positions (every preset, 2-4 players, every seat and a spectator)
  survives ``View.from_json(json.loads(json.dumps(v.to_json())))`` unchanged;
- a spectator's view holds no hand, no legal actions, no draws, and no card that some seat
  may not see; the viewing seat's ``draws`` are exactly the stock cards it drew this hand;
- from_json refuses malformed documents (missing, extra or mistyped fields, inconsistent
  derived fields, random mutations) with a one-line RecordError and nothing else;
- the pinned views of tests/golden/views.json are what the engine gives and parse back.
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from strategies import rule_dicts

from okgin.actions import Draw, Knock, Layoff
from okgin.bots import EasyBot
from okgin.cards import CARDS, Card
from okgin.errors import OkginError, RecordError, SeatError
from okgin.game import Game
from okgin.hand import HandState
from okgin.rules import PRESETS
from okgin.views import View, spectator_view, view_of, view_of_hand

EXAMPLES = settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def travel(v: View) -> View:
    """The view through JSON text and back."""
    return View.from_json(json.loads(json.dumps(v.to_json())))


EASY = EasyBot()


def step(game: Game, rng: random.Random) -> None:
    """One action: the easy bot's most of the time (it knocks and lays off, so layoffs and
    scored hands come up), else a random legal one."""
    seat = game.current_player
    assert seat is not None
    if rng.random() < 0.75:
        action = EASY.act(game.view(seat))
    else:
        action = rng.choice(game.legal_actions())
    game.apply(action, seat)


def play_to(rules: dict[str, Any], seed: int, steps: int, rng: random.Random) -> Game:
    """A game after up to ``steps`` actions of :func:`step`."""
    game = Game(rules, seed=seed)
    for _ in range(steps):
        if game.is_over:
            break
        step(game, rng)
    return game


@st.composite
def positions(draw: st.DrawFn) -> tuple[Game, random.Random]:
    rules = draw(rule_dicts())
    rules["preset"] = draw(st.sampled_from(sorted(PRESETS)))
    if rules.get("format") == "hollywood" and rules.get("players", 2) != 2:
        del rules["format"]
    rng = random.Random(draw(st.integers(0, 2**32)))
    return play_to(rules, draw(st.integers(0, 10**6)), draw(st.integers(0, 160)), rng), rng


@EXAMPLES
@given(positions())
def test_every_view_round_trips_through_json(position: tuple[Game, random.Random]) -> None:
    game, _ = position
    for seat in (None, *range(game.n)):
        v = game.view(seat, version=len(game.hand.history))
        back = travel(v)
        assert back == v
        assert back.to_json() == v.to_json()
        assert back.pile == v.pile and back.events == v.events and back.passes == v.passes


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_round_trip_under_every_preset_and_player_count(preset: str, players: int) -> None:
    rules: dict[str, Any] = {"preset": preset, "players": players}
    if preset == "openspiel" and players != 2:
        rules["format"] = "single"
    rng = random.Random(players * 31 + len(preset))
    phases = set()
    for seed in range(4):
        game = Game(rules, seed=seed)
        while not game.is_over and len(game.hands) < 3:
            for seat in (None, *range(game.n)):
                v = game.view(seat)
                assert travel(v) == v
                phases.add(v.phase)
            step(game, rng)
    assert {"offer", "draw", "play", "layoff"} <= phases


@EXAMPLES
@given(positions())
def test_a_spectator_sees_only_what_every_seat_sees(position: tuple[Game, random.Random]) -> None:
    game, _ = position
    spec = spectator_view(game)
    assert spec == view_of(game, None) == game.view(None)
    assert spec.seat is None and spec.hand == () and spec.legal_actions == ()
    assert spec.draws == () and spec.taken_this_turn is None
    common = frozenset(CARDS)
    for s in range(game.n):
        common &= game.view(s).cards_seen()
    assert spec.cards_seen() <= common
    hand = game.hand
    if hand.knocker >= 0 and not hand.is_over:
        assert spec.knock_discard is None
        assert all(a.card is None for _, a in spec.log if isinstance(a, Knock))
    with pytest.raises(SeatError):
        _ = spec.own_seat


@EXAMPLES
@given(st.data())
def test_draws_are_the_stock_cards_the_seat_drew(data: st.DataObject) -> None:
    rules = data.draw(rule_dicts())
    rng = random.Random(data.draw(st.integers(0, 2**32)))
    game = Game(rules, seed=data.draw(st.integers(0, 10**6)))
    drawn: list[list[Card]] = [[] for _ in range(game.n)]
    for _ in range(data.draw(st.integers(0, 200))):
        if game.is_over:
            break
        hand, seat = game.hand, game.current_player
        assert seat is not None
        action = rng.choice(game.legal_actions())
        before = hand.hands[seat]
        game.apply(action, seat)
        if isinstance(action, Draw):
            new = hand.hands[seat] & ~before
            assert new.bit_count() == 1
            card = CARDS[new.bit_length() - 1]
            drawn[seat].append(card)
        if game.hand is not hand:  # a new hand was dealt
            drawn = [[] for _ in range(game.n)]
        for s in range(game.n):
            assert game.view(s).draws == tuple(drawn[s])


def test_draws_of_a_position_set_up_mid_hand() -> None:
    rules = Game({"preset": "standard"}, seed=1).rules
    mine = [Card(c) for c in ("Ac", "2c", "3c", "5d", "6d", "7d", "9h", "Th", "Js", "Qs")]
    theirs = [Card(c) for c in ("4h", "5h", "6h", "8c", "8d", "8h", "2s", "3s", "4s", "Kd")]
    pile = [Card("Kc")]
    used = {*mine, *theirs, *pile}
    stock = [c for c in CARDS if c not in used][:12]
    h = HandState.from_position(
        rules,
        dealer=1,
        upcard=Card("Kc"),
        hands=[sum(1 << c for c in mine), sum(1 << c for c in theirs)],
        pile=pile,
        stock=stock,
        phase="draw",
        turn=0,
    )
    h.apply(Draw())
    h.apply(h.legal_actions()[0])
    h.apply(Draw())
    assert view_of_hand(h, 0).draws == (stock[0],)
    assert view_of_hand(h, 1).draws == (stock[1],)
    assert view_of_hand(h, None).draws == ()


def test_seats_out_of_range_are_seat_errors() -> None:
    game = Game({"preset": "standard"}, seed=3)
    for bad in (2, -1, True, "0"):
        with pytest.raises(SeatError, match=r"seat must be 0\.\.1"):
            view_of(game, bad)  # type: ignore[arg-type]
        with pytest.raises(SeatError):
            view_of_hand(game.hand, bad)  # type: ignore[arg-type]
    assert issubclass(SeatError, OkginError) and issubclass(SeatError, ValueError)


# ---- refusals ---------------------------------------------------------------------------------


def sample_json(seat: int | None = 0) -> dict[str, Any]:
    game = play_to({"preset": "standard"}, 5, 40, random.Random(5))
    return game.view(seat).to_json()


def refused(doc: Any) -> str:
    with pytest.raises(RecordError) as info:
        View.from_json(doc)
    message = str(info.value)
    assert "\n" not in message and message.startswith("view: ")
    return message


def test_named_refusals() -> None:
    good = sample_json()
    assert View.from_json(good).to_json() == good
    assert "must be an object" in refused([good])
    doc = dict(good)
    del doc["hand"]
    assert refused(doc) == 'view: lacks "hand"'
    assert refused({**good, "extra": 1}) == 'view: unknown field "extra"'
    assert "must be 1" in refused({**good, "okgin_view": 2})
    assert "card" in refused({**good, "upcard": "Zz"})
    assert "card" in refused({**good, "hand": [1, 2]})
    assert "twice" in refused({**good, "hand": ["Qs", "Qs"]})
    assert "must be an integer 0..1" in refused({**good, "seat": 5})
    assert "must be an integer 0..1" in refused({**good, "seat": True})
    assert "rule set" in refused({**good, "rules": {"preset": ["standard"]}})
    assert "unknown key" in refused({**good, "rules": {"nope": 1}})
    assert "players" in refused({**good, "players": 3})
    assert "phase" in refused({**good, "phase": "lunch"})
    assert "must hold 2 items" in refused({**good, "hand_sizes": [10]})
    assert 'does not agree with "log"' in refused({**good, "pile": []})
    assert "log" in refused({**good, "log": [{"seat": 0, "do": "fly"}]})
    assert "empty discard pile" in refused(
        {**good, "log": [{"seat": 0, "do": "take"}, {"seat": 1, "do": "take"}]}
    )
    assert "result" in refused({**good, "result": {"result": "knock"}})
    spectator = sample_json(None)
    assert View.from_json(spectator).seat is None
    assert "spectator" in refused({**spectator, "hand": ["Qs"]})
    other = {"seat": 1, "do": "draw"}
    assert "legal_actions" in refused({**good, "legal_actions": [other]})


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(["Qs", "x", "", "play"]),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=8,
)


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [prefix]
    if isinstance(doc, dict):
        for k, v in doc.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            out += _paths(v, (*prefix, i))
    return out


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_mutated_documents_are_read_or_refused_in_one_line(data: st.DataObject) -> None:
    base = data.draw(st.sampled_from(GOOD))
    doc = copy.deepcopy(base)
    for _ in range(data.draw(st.integers(1, 3))):
        paths = _paths(doc)
        path = data.draw(st.sampled_from(paths[1:] if len(paths) > 1 else paths))
        if not path:
            doc = data.draw(JSON)
            break
        parent = doc
        for key in path[:-1]:
            parent = parent[key]
        if data.draw(st.booleans()) and isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent[path[-1]] = data.draw(JSON)
    try:
        view = View.from_json(doc)
    except RecordError as exc:
        assert "\n" not in str(exc) and str(exc).startswith("view: ")
    else:
        assert View.from_json(view.to_json()) == view


def scored_json(seed: int) -> dict[str, Any]:
    """A view of a knocked hand once scored (it carries a breakdown), three players."""
    for s in range(seed, seed + 50):
        game = Game({"preset": "party", "players": 3}, seed=s, auto_deal=False)
        game.deal()
        rng = random.Random(s)
        while not game.hand.is_over:
            step(game, rng)
        if game.hand.knocker >= 0:
            return game.view(1).to_json()
    raise AssertionError("no knock in 50 seeds")


GOOD = [sample_json(0), sample_json(None), sample_json(1), scored_json(1)]


def test_a_scored_view_must_score_as_the_rules_do() -> None:
    good = scored_json(1)
    view = View.from_json(good)
    assert view.breakdown is not None and view.breakdown.points == view.result.points  # type: ignore[union-attr]
    bad = copy.deepcopy(good)
    bad["result"]["points"] = [p + 1 for p in bad["result"]["points"]]
    assert "does not score its deadwood" in refused(bad)
    bad = copy.deepcopy(good)
    bad["breakdown"]["lines"] = []
    assert 'view: "breakdown" does not agree' in refused(bad)
    bad = copy.deepcopy(good)
    held = bad["revealed"][0]
    bad["revealed"][0] = held + [c.text for c in CARDS if c.text not in held][: 9 - len(held)]
    assert "hold at most 8 cards a seat" in refused(bad)  # party, 3 players: 7 dealt, 1 drawn


# ---- the golden views -----------------------------------------------------------------------


def test_golden_views_parse_back_to_themselves() -> None:
    import test_golden

    path = test_golden.GOLDEN / "views.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    names = [item["name"] for item in doc["views"]]
    assert names == [
        "opening",
        "mid-play",
        "spectator",
        "layoffs-knocker",
        "layoffs-defender",
        "layoffs-spectator",
        "scored",
    ]
    views = {item["name"]: View.from_json(item["view"]) for item in doc["views"]}
    for item in doc["views"]:
        assert views[item["name"]].to_json() == item["view"]
    knocker, defender = views["layoffs-knocker"], views["layoffs-defender"]
    assert knocker.knock_discard is not None and defender.knock_discard is None
    assert any(isinstance(a, Layoff) for a in defender.legal_actions)
    assert views["layoffs-spectator"].knock_discard is None
    assert views["scored"].result is not None and views["scored"].revealed is not None
    assert views["spectator"].hand == () and views["mid-play"].draws
    assert test_golden.REGEN.views_text() == path.read_text(encoding="utf-8")
