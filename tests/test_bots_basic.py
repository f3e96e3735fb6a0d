"""Every bot plays every preset with 2-4 players, only legal actions, and sees only its view:
the same seed and the same view with different hidden cards give the same decision."""

from __future__ import annotations

import random

import pytest

from okgin.actions import DONE, PASS, TAKE, Knock, Layoff
from okgin.bots import BOTS, make_bot
from okgin.bots.base import knock_deadwood
from okgin.bots.medium import MediumBot, knock_after_take, melds_in_best
from okgin.cards import CARDS, mask_of, parse_cards
from okgin.game import Game
from okgin.melds import best_layoffs
from okgin.rules import PRESETS, Rules

# Bots that play any rules from a view alone; openspiel-simple is bound to OpenSpiel's
# two-player rules and mirrors the deal (tests/test_arena.py).
VIEW_BOTS = sorted(name for name in BOTS if name != "openspiel-simple")
# What the bot under test plays against: a bot that never knocks (so the bot under test
# knocks) and one that knocks as soon as it can (so it lays off).
FIELDS = ("random", "easy")
# The expert at a quarter of its default budget: the same code paths (search, knocks, hints)
# in a quarter of the time; its play at the default budget is checked elsewhere.
QUICK = {"expert": "expert:budget=0.03"}


def play_hand(game: Game, bots: dict[int, object], rng_seed: int) -> list[str]:
    """Play the current hand; check every action of every bot is legal; return phases seen
    by seat 0's bot."""
    hand = game.hand
    seen = []
    while not hand.is_over:
        seat = hand.current_player
        assert seat is not None
        view = game.view(seat)
        action = bots[seat].act(view)  # type: ignore[attr-defined]
        hint = bots[seat].explain(view, action)  # type: ignore[attr-defined]
        assert isinstance(hint, str) and hint and "\n" not in hint
        if not isinstance(action, Knock):
            assert action in view.legal_actions, (bots[seat], action, view.legal_actions)
        # a knock may declare any valid arrangement; the engine validates every action
        game.apply(action, seat)
        if seat == 0:
            seen.append(view.phase)
    return seen


@pytest.mark.parametrize("name", VIEW_BOTS)
@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("players", [2, 3, 4])
def test_bot_plays_every_preset_legally(name: str, preset: str, players: int) -> None:
    rules = Rules.preset(preset, players=players)
    phases: set[str] = set()
    for k, field in enumerate(FIELDS):
        seed = 1000 * players + 10 * k + len(preset)
        game = Game(rules, seed=seed, auto_deal=True)
        bots = {0: make_bot(QUICK.get(name, name), seed=seed)}
        bots.update({s: make_bot(field, seed=seed + s) for s in range(1, players)})
        for _ in range(2):  # two hands (a game may end after one in `single` format)
            phases.update(play_hand(game, bots, seed))
            if game.is_over:
                break
    assert {"draw", "play"} <= phases or {"offer", "play"} <= phases


@pytest.mark.parametrize("name", ["easy", "medium"])
def test_self_play_whole_games(name: str) -> None:
    for preset, players in [("standard", 2), ("party", 3), ("party", 4), ("classic", 2)]:
        game = Game(Rules.preset(preset, players=players), seed=5)
        bots = {s: make_bot(name, seed=s) for s in range(players)}
        hands = 0
        while not game.is_over and hands < 60:
            play_hand(game, bots, 5)
            hands += 1
        assert game.is_over


def _hidden_shuffle(game: Game, seat: int, rng: random.Random) -> list[int] | None:
    """The first hand's deck with every card ``seat`` has not seen (nor any knock discard)
    moved among the positions of such cards; None when nothing can move."""
    hand = game.hand
    view = game.view(seat)
    fixed = set(view.cards_seen())
    fixed.update(a.card for _, a in hand.history if isinstance(a, Knock) and a.card is not None)
    deck = [int(c) for c in hand.deck]
    positions = [i for i, c in enumerate(deck) if c not in fixed]
    if len(positions) < 2:
        return None
    cards = [deck[i] for i in positions]
    shuffled = cards[:]
    while shuffled == cards:
        rng.shuffle(shuffled)
    for i, c in zip(positions, shuffled):
        deck[i] = c
    return deck


def _replay(rules: Rules, deck: list[int], dealer: int, history: list) -> Game | None:  # type: ignore[type-arg]
    game = Game(rules, dealer=dealer, auto_deal=False, deck=[CARDS[c] for c in deck])
    try:
        for s, a in history:
            game.apply(a, s)
    except ValueError:
        return None  # e.g. a fiftieth-card take that the new hidden cards make illegal
    return game


@pytest.mark.parametrize("name", VIEW_BOTS)
@pytest.mark.parametrize(
    "rules",
    [
        Rules.preset("standard"),
        Rules.preset("party", players=3),
        Rules.preset("party", players=4),
        Rules.preset("openspiel"),
        Rules.preset("classic", big_gin_bonus=31, no_return_discard=False),
    ],
    ids=["standard", "party3", "party4", "openspiel", "classic-options"],
)
def test_view_only(name: str, rules: Rules) -> None:
    """Same seed and same view, different hidden cards: the same decision."""
    rng = random.Random(f"{name}-{rules!r}")
    checked = 0
    attempts = 0
    while checked < 8 and attempts < 60:
        attempts += 1
        game = Game(rules, seed=rng.randrange(10**9), auto_deal=False)
        game.deal()
        hand = game.hand
        steps = rng.randrange(0, 60)
        players = [make_bot("easy" if s % 2 else "random", seed=s) for s in range(rules.players)]
        for _ in range(steps):
            if hand.is_over:
                break
            seat = hand.current_player
            assert seat is not None
            game.apply(players[seat].act(game.view(seat)), seat)
        if hand.is_over:
            continue
        seat = hand.current_player
        assert seat is not None
        deck = _hidden_shuffle(game, seat, rng)
        if deck is None:
            continue
        other = _replay(rules, deck, hand.dealer, list(hand.history))
        if other is None:
            continue
        assert other.hand.hands != hand.hands or other.hand.deck != hand.deck
        v1, v2 = game.view(seat), other.view(seat)
        assert v1 == v2
        # the expert without its wall-clock guard: a guard cut by the machine's load would
        # make the two decisions differ for a reason that is not the view
        spec = "expert:guard=inf" if name == "expert" else name
        a1 = make_bot(spec, seed=99).act(v1)
        a2 = make_bot(spec, seed=99).act(v2)
        assert a1 == a2
        checked += 1
    assert checked >= 4


# ---- medium's policy ------------------------------------------------------------------------


def _view_with(hand_text: str, top: str, preset: str = "standard", **kw: object) -> object:
    """A view for seat 0 at the opening offer with ``hand_text`` and upcard ``top``."""
    rules = Rules.preset(preset, **kw)
    mine = parse_cards(hand_text)
    up = parse_cards(top)[0]
    rest = [c for c in CARDS if c not in mine and c != up]
    deck: list[int] = []
    for i in range(10):  # dealer 1: seat 0 gets deck[0], deck[2], ...
        deck += [mine[i], rest.pop()]
    deck += [up, *rest]
    game = Game(rules, dealer=1, auto_deal=False, deck=[CARDS[c] for c in deck])
    return game.view(0)


def test_medium_takes_a_melding_card_not_a_breaking_one() -> None:
    # OpenSpiel's example: Js would make three jacks but break 9dTdJdQd
    view = _view_with("Ac2c3c4c 9dTdJdQd 3h Jh", "Js")
    assert MediumBot().act(view) == PASS  # type: ignore[arg-type]
    view = _view_with("Ac2c3c4c 9dTdJdQd 3h Jh", "Kd")
    assert MediumBot().act(view) == TAKE  # type: ignore[arg-type]


def test_medium_takes_a_card_that_lets_it_knock() -> None:
    # 7h does not meld, but with it aside... a knock at 7: keep 2 deadwood after the discard
    hand = "3c4c5c 8h8s8d JsQsKs Kh"
    view = _view_with(hand, "2d")
    h = mask_of(parse_cards(hand))
    assert not melds_in_best(h, parse_cards("2d")[0])
    assert knock_after_take(view, h, parse_cards("2d")[0]) == 2  # type: ignore[arg-type]
    assert MediumBot().act(view) == TAKE  # type: ignore[arg-type]


def test_medium_knocks_at_once_with_the_least_deadwood_and_lays_off() -> None:
    rules = Rules.preset("standard")
    layoffs = knocks = 0
    for seed in range(12):
        game = Game(rules, seed=seed)
        while not game.is_over:
            seat = game.current_player
            assert seat is not None
            view = game.view(seat)
            action = MediumBot().act(view)
            hand = mask_of(view.hand)
            options = [a for a in view.legal_actions if isinstance(a, Knock)]
            if options:
                assert isinstance(action, Knock)
                assert knock_deadwood(hand, action) == min(knock_deadwood(hand, k) for k in options)
                knocks += 1
            if view.phase == "layoff":
                best = best_layoffs(hand, view.melds)[1]
                assert (action == DONE) == (not best)
                layoffs += isinstance(action, Layoff)
            game.apply(action, seat)
    assert knocks > 20 and layoffs > 0
