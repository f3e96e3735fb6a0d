"""Property tests (Hypothesis) over random games under random rule sets.

Every state a hand passes through is held to the independent model of ``oracle.py``:
- the 52 cards are all somewhere exactly once (hands, stock, discard pile with the knock
  discard, cards laid off) after every action;
- the engine's hands, pile, stock, phase, turn and result are the model's;
- every legal action is accepted, legal_actions is exactly the model's set, and random
  other actions (wrong seat, card not in hand, the taken card, knocks over the limit, bad
  melds, layoffs that do not fit, wrong phase, …) are refused with IllegalActionError and
  change nothing, nor do illegal integer ids;
- legal_ids / legal_mask agree with legal_actions through id_for_action / action_for_id;
- no seat's view holds a card the model says that seat may not have seen;
- records round-trip through JSON and replay to the same summary;
- the minimum deadwood is exact, never above any arrangement's; copy() is independent.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import random
from collections import Counter
from typing import Any

import oracle
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import Model, bits, mask, model_of
from strategies import decks, hands, rule_dicts, rule_sets

from okgin.actions import (
    DISCARDS,
    DONE,
    DRAW,
    MAX_MELDS,
    NUM_ACTIONS,
    PASS,
    TAKE,
    Action,
    Discard,
    Knock,
    Layoff,
    from_json,
    to_json,
)
from okgin.cards import CARDS, VALUES, Card
from okgin.errors import IllegalActionError
from okgin.game import Game
from okgin.hand import HandState
from okgin.melds import (
    ALL_MELDS,
    Meld,
    arrangements,
    best_arrangement,
    best_layoffs,
    deadwood,
    deadwood_after_discard,
    declared_deadwood,
    default_arrangement,
    discard_deadwoods,
    layoff_spots,
    melds_in,
)
from okgin.record import replay, summary
from okgin.rules import Rules
from okgin.views import view_of_hand

FULL = (1 << 52) - 1


def examples(n: int) -> Any:
    """Hypothesis settings: ``n`` examples, no per-example deadline (games vary in length)."""
    return settings(
        max_examples=n,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


# ---- snapshots and engine-vs-model comparison ---------------------------------------------
def snapshot(h: HandState) -> tuple[Any, ...]:
    """Every field of a hand state, lists copied (for 'changes nothing')."""
    out = []
    for name in HandState.__slots__:
        v = getattr(h, name)
        out.append((name, list(v) if isinstance(v, list) else v))
    return tuple(out)


def game_snapshot(g: Game) -> tuple[Any, ...]:
    return (
        len(g.hands),
        snapshot(g.hand),
        [snapshot(h) for h in g.hands[:-1]],
        list(g.results),
        copy.deepcopy(dataclasses.asdict(g.score)),
        g.next_dealer,
    )


def check_conserved(h: HandState) -> None:
    """The 52 cards are each in exactly one place: a hand, the stock, the pile, laid off."""
    stock = h.deck[h.stock_pos :]
    places = [*h.hands, mask(stock), mask(h.pile), *h.laid]
    count = sum(p.bit_count() for p in places)
    union = 0
    for p in places:
        union |= p
    assert len(h.pile) == len(set(h.pile)), "a card twice on the pile"
    assert count == 52 and union == FULL, f"cards not conserved: {count} placed, union {union:x}"
    if h.knocker >= 0:
        declared = mask(c for m in h.declared for c in m.cards)
        laid = 0
        for m in h.laid:
            laid |= m
        melds = 0
        for m in h.knock_melds:
            melds |= m
        assert declared & ~h.hands[h.knocker] == 0, "the spread left the knocker's hand"
        assert melds == declared | laid, "knock melds are not the spread plus the layoffs"


def check_matches_model(h: HandState, m: Model) -> None:
    assert h.hands == m.hands, "hands differ from the model"
    pile = [c for c, _ in m.pile]
    if m.knocker >= 0 and m.knock_card is not None:
        pile.append(m.knock_card)  # face down on top
    assert h.pile == pile, "pile differs from the model"
    assert h.stock_pos == m.pos
    assert h.phase_name == m.phase
    assert h.current_player == m.current_player()
    assert h.limit == m.limit and h.multiplier == m.mult
    assert h.knocker == m.knocker
    if m.phase != "over":
        assert h.taken == m.taken
    if m.knocker >= 0:
        assert [x.mask for x in h.declared] == m.declared
        assert h.knock_melds == m.melds
        assert h.laid == m.laid
    if m.result is None:
        assert h.result is None
    else:
        r = h.result
        assert r is not None
        got = (r.result, r.knocker, r.knock_limit, r.multiplier, r.deadwood, r.points, r.winner)
        assert got == m.result, f"result {got} != model {m.result}"


# ---- the checks of one state ------------------------------------------------------------
def check_legal(h: HandState, m: Model, stats: Counter[str]) -> list[Action]:
    legal = h.legal_actions()
    assert len(set(legal)) == len(legal), "duplicate legal actions"
    if m.phase == "over":
        assert legal == []
        return legal
    simple = {a for a in legal if not isinstance(a, Knock)}
    assert simple == m.simple_legal(), "non-knock legal actions differ from the model"
    knocks = [a for a in legal if isinstance(a, Knock)]
    expected: set[int | None] = set()
    if m.phase in ("play", "fiftieth_knock"):
        hand = m.hands[m.turn]
        expected |= m.knock_discards(hand, m.taken)
        if m.big_gin_ok(hand):
            expected.add(None)
    assert {None if k.card is None else int(k.card) for k in knocks} == expected
    assert len(knocks) == len(expected), "more than one default knock for a card"
    for k in knocks:
        assert m.knock_problem(k) is None, f"{k}: {m.knock_problem(k)}"
        hand = m.hands[m.turn]
        rest = hand if k.card is None else hand & ~(1 << k.card)
        assert declared_deadwood(rest, k.melds) == oracle.min_deadwood(rest)
        stats["legal knock"] += 1
    # every legal action is accepted, and leads where the model leads
    for a in legal:
        c = h.copy()
        c.apply(a, seat=m.turn)
        m2 = m.copy()
        m2.apply(m.turn, a)
        check_conserved(c)
        check_matches_model(c, m2)
        stats[f"legal {a.do}"] += 1
    return legal


def check_ids(h: HandState, legal: list[Action], rng: random.Random) -> None:
    ids = h.legal_ids()
    assert ids == sorted(set(ids))
    assert sorted(h.id_for_action(a) for a in legal) == ids
    assert {h.action_for_id(i) for i in ids} == set(legal)
    flags = h.legal_mask()
    assert len(flags) == NUM_ACTIONS
    assert [i for i, f in enumerate(flags) if f] == ids
    before = snapshot(h)
    for i in rng.sample(range(NUM_ACTIONS), 12):
        if i in ids:
            continue
        with pytest.raises(IllegalActionError):
            h.apply_id(i)
        assert snapshot(h) == before, f"illegal id {i} changed the state"


def cards_in(obj: object) -> int:
    """Every card anywhere in a view, found by walking all its fields (not trusting
    ``View.cards_seen``): cards, melds, actions, events, pile entries, nested tuples."""
    if isinstance(obj, Card):
        return 1 << obj
    if isinstance(obj, Meld):
        return obj.mask
    if isinstance(obj, (tuple, list, frozenset, set)):
        out = 0
        for x in obj:
            out |= cards_in(x)
        return out
    if isinstance(obj, dict):
        return cards_in(list(obj.values()))
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return cards_in([getattr(obj, f.name) for f in dataclasses.fields(obj)])
    return 0


def check_views(h: HandState, m: Model, legal: list[Action]) -> None:
    for s in range(m.n):
        v = view_of_hand(h, s)
        seen = cards_in(v)
        assert mask(v.cards_seen()) & ~seen == 0
        extra = seen & ~m.allowed(s)
        assert not extra, f"seat {s} sees {[CARDS[c].text for c in bits(extra)]}"
        assert mask(v.hand) == m.hands[s] and len(v.hand) == m.hands[s].bit_count()
        assert v.hand_sizes == tuple(x.bit_count() for x in m.hands)
        assert v.stock_size == m.stock_size
        assert v.upcard == m.upcard and v.knock_limit == m.limit and v.multiplier == m.mult
        assert [(p.card, p.by) for p in v.pile] == m.pile
        assert v.to_play == m.current_player()
        assert set(v.legal_actions) == (set(legal) if s == m.current_player() else set())
        if m.knocker >= 0 and m.knock_card is not None:
            shown = m.knock_card if (s == m.knocker or m.phase == "over") else None
            assert v.knock_discard == shown
        if m.phase == "over":
            assert v.revealed is not None
            assert [mask(r) for r in v.revealed] == m.hands


def random_spread(pool: int, rng: random.Random) -> tuple[Meld, ...]:
    """Random disjoint melds from the cards of ``pool``."""
    found = melds_in(pool)
    rng.shuffle(found)
    out: list[Meld] = []
    used = 0
    for x in found[: rng.randrange(len(found) + 1)]:
        if not x.mask & used:
            out.append(x)
            used |= x.mask
    return tuple(sorted(out))


def candidates(h: HandState, m: Model, rng: random.Random) -> list[Action]:
    """Actions of every kind, most of them illegal now, some legal (other arrangements)."""
    out: list[Action] = [DRAW, TAKE, PASS, DONE]
    hand = m.hands[m.turn] if m.phase != "over" else 0
    inside = bits(hand)
    outside = [c for c in range(52) if not hand >> c & 1]
    some_in = rng.sample(inside, min(3, len(inside)))
    some_out = rng.sample(outside, 3)
    out += [DISCARDS[c] for c in some_in + some_out]
    if m.taken >= 0:
        out.append(DISCARDS[m.taken])
        out.append(Knock(CARDS[m.taken], best_arrangement(hand & ~(1 << m.taken))[1]))
    nm = len(h.knock_melds)
    for k in {0, max(nm - 1, 0), nm, nm + 1, rng.randrange(MAX_MELDS)}:
        for c in some_in + some_out[:1]:
            out.append(Layoff(CARDS[c], k))
        for j, x in enumerate(h.knock_melds[:MAX_MELDS]):  # cards that fit, if any
            for c in bits(Meld(x).extensions() & hand):
                out.append(Layoff(CARDS[c], j if rng.random() < 0.5 else k))
    knocking = m.phase in ("play", "fiftieth_knock")
    for c in rng.sample(inside, min(4 if knocking else 1, len(inside))):
        rest = hand & ~(1 << c)
        card = CARDS[c]
        out.append(Knock(card, best_arrangement(rest)[1]))  # perhaps over the limit
        out.append(Knock(card, ()))
        out.append(Knock(card, random_spread(rest, rng)))  # another arrangement
        for arr in arrangements(rest, limit=4)[1]:
            out.append(Knock(card, arr))
            if arr:
                out.append(Knock(card, arr[1:]))  # a meld left out
        with_card = [x for x in melds_in(hand) if x.mask >> c & 1]
        if with_card:
            out.append(Knock(card, (rng.choice(with_card),)))  # melds the knock discard
        mine = melds_in(rest)
        overlapping = [(a, b) for a in mine for b in mine if a != b and a.mask & b.mask]
        if overlapping:
            out.append(Knock(card, rng.choice(overlapping)))
        foreign = [x for x in ALL_MELDS if x.mask & ~rest and x.mask & rest]
        if foreign:
            out.append(Knock(card, (rng.choice(foreign),)))  # cards not in the hand
    out.append(Knock(None, best_arrangement(hand)[1]))
    out.append(Knock(None, random_spread(hand, rng)))
    out.append(Knock(CARDS[some_out[0]], ()))
    return out


def check_illegal(
    h: HandState, m: Model, legal: list[Action], rng: random.Random, stats: Counter[str]
) -> None:
    """Random actions: refused (state unchanged) exactly when the model refuses them."""
    before = snapshot(h)
    for a in candidates(h, m, rng):
        if m.legal(None, a):
            c = h.copy()
            c.apply(a)
            m2 = m.copy()
            m2.apply(m.turn, a)
            check_matches_model(c, m2)
            stats[f"other legal {a.do}"] += 1
            continue
        with pytest.raises(IllegalActionError):
            h.apply(a)
        assert snapshot(h) == before, f"refused {a} changed the state"
        if isinstance(a, Knock) and m.phase != "over":
            stats[f"refused knock: {m.knock_problem(a)}"] += 1
        else:
            stats[f"refused {a.do} in {m.phase}"] += 1
    for a in rng.sample(legal, min(3, len(legal))):
        for s in range(m.n):
            if s != m.turn:
                with pytest.raises(IllegalActionError):
                    h.apply(a, seat=s)
                assert snapshot(h) == before
                stats["refused wrong seat"] += 1
    with pytest.raises(IllegalActionError):
        h.apply("draw")  # type: ignore[arg-type]
    assert snapshot(h) == before


# ---- a random but purposeful player -----------------------------------------------------
def choose(h: HandState, rng: random.Random, eager: float = 0.7) -> Action:
    """Mostly greedy (so hands reach knocks, layoffs and the fiftieth card), partly random;
    knocks with probability ``eager`` when it may, sometimes with another legal arrangement
    than the default."""
    legal = h.legal_actions()
    knocks = [a for a in legal if isinstance(a, Knock)]
    hand = h.hands[h.turn]
    if knocks and (rng.random() < eager or h.phase_name == "fiftieth_knock"):
        k = rng.choice(knocks)
        if rng.random() < 0.5:  # the least deadwood: gin and big gin when they are there
            k = min(
                knocks,
                key=lambda a: (
                    declared_deadwood(hand, a.melds) - VALUES[a.card] if a.card is not None else 0
                ),
            )
        if k.card is not None and rng.random() < 0.4:
            rest = hand & ~(1 << k.card)
            options = [Knock(k.card, a) for a in arrangements(rest, limit=8)[1]]
            options += [Knock(k.card, random_spread(rest, rng)) for _ in range(3)]
            options = [o for o in options if declared_deadwood(rest, o.melds) <= h.limit]
            if options:
                return rng.choice(options)
        return k
    if h.phase_name == "play" and rng.random() < 0.75:
        discards = [a for a in legal if isinstance(a, Discard)]
        return min(discards, key=lambda d: (deadwood(hand & ~(1 << d.card)), rng.random()))
    if h.phase_name == "layoff":
        layoffs = [a for a in legal if isinstance(a, Layoff)]
        if layoffs and rng.random() < 0.75:
            return rng.choice(layoffs)
    if h.phase_name == "fiftieth" and TAKE in legal and rng.random() < 0.8:
        return TAKE
    if h.phase_name == "draw" and rng.random() < 0.6:
        return DRAW
    others = [a for a in legal if not isinstance(a, Knock)]
    return rng.choice(others or legal)


def play_checked_hand(
    rules: Rules,
    deck: list[int],
    dealer: int,
    seed: int,
    stats: Counter[str],
    eager: float | None = None,
) -> HandState:
    """Deal and play one hand, checking every state it passes through."""
    rng = random.Random(seed)
    if eager is None:
        eager = rng.choice([0.0, 0.3, 0.7, 1.0])
    h = HandState.deal(rules, deck, dealer)
    m = Model(rules, deck, dealer)
    stats[f"players {rules.players}"] += 1
    while True:
        check_conserved(h)
        check_matches_model(h, m)
        legal = check_legal(h, m, stats)
        check_ids(h, legal, rng)
        check_views(h, m, legal)
        check_illegal(h, m, legal, rng, stats)
        stats[f"phase {m.phase}"] += 1
        if m.phase == "over":
            assert m.result is not None
            stats[f"result {m.result[0]}"] += 1
            if rules.players > 2:
                stats[f"{rules.multiway_scoring} {m.result[0]}"] += 1
            return h
        seat = m.turn
        a = choose(h, rng, eager)
        h.apply(a, seat=seat)
        m.apply(seat, a)


# ---- the properties ----------------------------------------------------------------------
@examples(50)
@given(
    rules=rule_sets(),
    deck=decks,
    dealer=st.integers(0, 3),
    seed=st.integers(0, 2**32 - 1),
)
def test_every_state_of_random_hands(rules: Rules, deck: list[int], dealer: int, seed: int) -> None:
    play_checked_hand(rules, deck, dealer % rules.players, seed, Counter())


# A fixed sample (rule set, how eagerly the player knocks, cards stacked at deck positions)
# that must reach every phase, result and kind of refusal, so the property above is not
# vacuous; with 2, 3 and 4 players.
COVERAGE: list[tuple[dict[str, Any], float, dict[int, str]]] = [
    ({"preset": "standard"}, 0.8, {}),
    ({"preset": "party", "players": 3}, 0.8, {}),
    # multiway_scoring both ways with 4 players: one-card hands knock and undercut often
    ({"preset": "party", "players": 4, "hand_size": 1}, 1.0, {}),
    ({"preset": "standard", "players": 4, "hand_size": 1}, 1.0, {}),
    ({"preset": "standard", "players": 3, "multiway_scoring": "lowest"}, 0.8, {}),
    # one-card hands: knocks are cheap, undercuts frequent, the fiftieth card always taken
    ({"preset": "classic", "hand_size": 1}, 1.0, {}),
    (
        {
            "preset": "classic",
            "hand_size": 1,
            "knock_limit": 10,
            "stock_exhaustion": "fiftieth_card",
        },
        0.0,
        {},
    ),
    # the first player holds 3c 4c and the upcard is 5c: big gin (gin is impossible)
    (
        {"preset": "standard", "players": 4, "hand_size": 2, "big_gin_bonus": 10, "knock_limit": 0},
        1.0,
        {0: "3c", 4: "4c", 8: "5c"},
    ),
    # the first player holds 3c 4c 9h and the upcard is 5c: gin
    ({"preset": "party", "players": 3, "hand_size": 3}, 1.0, {0: "3c", 3: "4c", 6: "9h", 9: "5c"}),
    ({"preset": "standard", "hand_size": 24, "no_return_discard": False}, 0.8, {}),
    ({"preset": "openspiel", "knock_limit": 0, "big_gin_bonus": 31, "hand_size": 5}, 0.3, {}),
    ({"preset": "openspiel"}, 0.0, {}),  # ten-card hands to the fiftieth card
]


def stacked_deck(seed: int, stack: dict[int, str]) -> list[int]:
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    for pos, text in stack.items():
        card = CARDS.index(Card(text))
        j = deck.index(card)
        deck[pos], deck[j] = deck[j], deck[pos]
    return deck


def test_the_checked_hands_reach_every_phase_and_refusal() -> None:
    stats: Counter[str] = Counter()
    wanted = [
        *(f"phase {p}" for p in oracle.PHASES),
        *(f"result {r}" for r in ("dead", "knock", "undercut", "gin", "big_gin")),
        *(f"players {n}" for n in (2, 3, 4)),
        *(f"{way} {r}" for way in ("pairwise", "lowest") for r in ("knock", "undercut")),
        "legal layoff",
        "legal take",
        "other legal knock",
        "refused wrong seat",
        *(
            f"refused knock: {why}"
            for why in (
                "phase",
                "not in hand",
                "taken card",
                "overlap",
                "meld not in hand",
                "over the limit",
                "no big gin",
                "big gin with deadwood",
            )
        ),
        "refused layoff in layoff",
        "refused discard in play",
        "refused draw in play",
        "refused take in fiftieth",
        "refused done in draw",
    ]
    for i in range(200):  # stops as soon as everything has been reached
        spec, eager, stack = COVERAGE[i % len(COVERAGE)]
        rules = Rules.from_dict(spec)
        deck = stacked_deck(1000 + i, stack)
        play_checked_hand(rules, deck, i % rules.players, i, stats, eager)
        if all(stats[w] for w in wanted):
            break
    missing = [w for w in wanted if not stats[w]]
    assert not missing, f"never reached in {i + 1} hands: {missing}"
    print(f"everything reached in {i + 1} hands")


def play_game(game: Game, rng: random.Random, max_actions: int) -> int:
    """Play with :func:`choose`; now and then try an illegal action on the game."""
    done = 0
    while not game.is_over and done < max_actions:
        h = game.hand
        if rng.random() < 0.1:
            m = model_of(h)
            before = game_snapshot(game)
            for a in candidates(h, m, rng)[:12]:
                if not m.legal(None, a):
                    with pytest.raises(IllegalActionError):
                        game.apply(a)
                    assert game_snapshot(game) == before
        a = choose(h, rng)
        game.apply(a, seat=h.turn)
        done += 1
    return done


@examples(80)
@given(
    rules=rule_dicts(),
    seed=st.integers(0, 2**32 - 1),
    max_actions=st.integers(1, 600),
    names=st.booleans(),
)
def test_records_round_trip(
    rules: dict[str, Any], seed: int, max_actions: int, names: bool
) -> None:
    game = Game(rules, seed=seed)
    play_game(game, random.Random(seed), max_actions)
    players = [f"p{s}" for s in range(game.n)] if names else None
    doc = game.to_record(players)
    text = json.dumps(doc)
    again = replay(json.loads(text))
    assert summary(again) == summary(game)
    assert json.loads(json.dumps(summary(again))) == summary(game)
    assert again.to_record(players) == doc
    assert [snapshot(h) for h in again.hands] == [snapshot(h) for h in game.hands]
    assert Rules.from_dict(doc["rules"]) == game.rules
    for hand in doc["hands"]:
        for obj in hand["actions"]:
            seat, action = from_json(obj)
            assert to_json(action, seat) == obj
    # the game's own bookkeeping agrees with its hands
    finished = [h for h in game.hands if h.is_over]
    assert [h.result for h in finished] == game.results
    # every hand and the game's scoring (RULES.md §9) as the independent model has them
    models = [model_of(h) for h in game.hands]
    for h, m in zip(game.hands, models):
        check_matches_model(h, m)
    assert summary(game) == oracle.game_summary(game.rules, models)
    if not game.is_over:
        assert game.next_dealer == game.hand.dealer or not game.hand.is_over
    # views of the current hand, through the game
    m = model_of(game.hand)
    for s in range(game.n):
        assert mask(game.view(s).cards_seen()) & ~m.allowed(s) == 0
    if game.is_over:
        before = game_snapshot(game)
        for a in (DRAW, TAKE, PASS, DONE, DISCARDS[0]):
            with pytest.raises(IllegalActionError):
                game.apply(a)
        with pytest.raises(IllegalActionError):
            game.deal()
        assert game_snapshot(game) == before


def play_both_readings(rules: dict[str, Any], seed: int, max_actions: int) -> list[Game]:
    """The same game (the same seed, the same choices) under ``pairwise`` and ``lowest``."""
    games = []
    for way in ("pairwise", "lowest"):
        game = Game({**rules, "multiway_scoring": way}, seed=seed)
        play_game(game, random.Random(seed), max_actions)
        games.append(game)
    return games


@examples(80)
@given(
    rules=rule_dicts(),
    size=st.sampled_from([None, 1, 2, 3, 5]),
    seed=st.integers(0, 2**32 - 1),
    max_actions=st.integers(1, 600),
)
def test_two_players_score_alike_under_both_multiway_readings(
    rules: dict[str, Any], size: int | None, seed: int, max_actions: int
) -> None:
    """RULES.md §7: with two players ``pairwise`` and ``lowest`` are the same, so the same
    random game ends with the same results and summary (small hands undercut often)."""
    two = {**rules, "players": 2}
    if size is not None:
        two["hand_size"] = size
    pairwise, lowest = play_both_readings(two, seed, max_actions)
    assert lowest.rules.multiway_scoring == "lowest"
    assert lowest.results == pairwise.results
    assert summary(lowest) == summary(pairwise)
    assert [h.history for h in lowest.hands] == [h.history for h in pairwise.hands]


def test_two_players_both_readings_on_many_games_with_undercuts() -> None:
    """The property above on a fixed sample that surely holds knocks, undercuts (ties with
    ``undercut_on_tie`` both ways) and gins, so it is not vacuous."""
    kinds: Counter[str] = Counter()
    for seed in range(60):
        rules = {
            "preset": ("standard", "party", "classic")[seed % 3],
            "hand_size": (1, 2, 3, None)[seed % 4],
            "undercut_on_tie": seed % 5 < 3,
            "format": "single" if seed % 7 == 0 else "target",
        }
        pairwise, lowest = play_both_readings(rules, seed, 400)
        assert lowest.results == pairwise.results, rules
        assert summary(lowest) == summary(pairwise), rules
        kinds.update(r.result for r in lowest.results)
    assert min(kinds[k] for k in ("knock", "undercut", "gin")) >= 10, kinds


@examples(60)
@given(
    rules=rule_sets(),
    deck=decks,
    seed=st.integers(0, 2**32 - 1),
    split=st.integers(0, 60),
)
def test_copy_is_independent(rules: Rules, deck: list[int], seed: int, split: int) -> None:
    rng = random.Random(seed)
    h = HandState.deal(rules, deck, seed % rules.players)
    for _ in range(split):
        if h.is_over:
            break
        h.apply(choose(h, rng))
    c = h.copy()
    assert snapshot(c) == snapshot(h)
    assert snapshot(copy.copy(h)) == snapshot(h)
    before = snapshot(h)
    twin = h.copy()
    moves = []
    while not c.is_over:  # play the copy out: the original does not move
        a = choose(c, rng)
        moves.append(a)
        c.apply(a)
    assert snapshot(h) == before
    for a in moves:  # the same actions on another copy reach the same end
        twin.apply(a)
    assert snapshot(twin) == snapshot(c)
    if not h.is_over:  # and moving the original leaves a copy alone
        c2 = h.copy()
        after = snapshot(c2)
        h.apply(h.legal_actions()[0])
        assert snapshot(c2) == after


@examples(400)
@given(hand=hands(0, 13), data=st.data())
def test_min_deadwood_is_exact_and_never_above_an_arrangement(
    hand: int, data: st.DataObject
) -> None:
    best = deadwood(hand)
    assert best == oracle.min_deadwood(hand)
    melds = melds_in(hand)
    assert {x.mask for x in melds} == {x for x in oracle.MELDS if x & hand == x}
    # a random arrangement: random disjoint melds of the hand
    order = data.draw(st.permutations(melds)) if melds else []
    take = data.draw(st.integers(0, len(order)))
    used = 0
    arrangement = []
    for x in order[:take]:
        if not x.mask & used:
            arrangement.append(x)
            used |= x.mask
    assert best <= declared_deadwood(hand, arrangement)
    assert declared_deadwood(hand, arrangement) == oracle.mask_value(hand & ~used)
    # every optimal arrangement, exactly
    dw, arrs = arrangements(hand)
    assert dw == best
    got = [frozenset(x.mask for x in a) for a in arrs]
    assert len(got) == len(set(got)), "an arrangement listed twice"
    assert set(got) == oracle.all_optimal_arrangements(hand)
    assert best_arrangement(hand)[0] == best and best_arrangement(hand)[1] in arrs
    # RULES.md §5: the default is optimal with the fewest layoff spots
    ddw, default = default_arrangement(hand)
    assert ddw == best and default in arrs

    def key(a: tuple[Meld, ...]) -> tuple[int, list[list[int]]]:
        # docs/rules.md §13: fewest layoff spots, then the melds as sorted card lists
        return layoff_spots(a, hand).bit_count(), sorted(bits(x.mask) for x in a)

    assert key(default) == min(key(a) for a in arrs)
    if hand:
        each = {c: oracle.min_deadwood(hand & ~(1 << c)) for c in bits(hand)}
        assert deadwood_after_discard(hand) == min(each.values())
        assert {int(c): d for c, d in discard_deadwoods(hand)} == each


def _brute_layoffs(hand: int, melds: tuple[int, ...], laid: int = 0) -> tuple[int, int]:
    """(least deadwood, fewest cards laid to reach it) over every sequence of layoffs."""
    best = (oracle.min_deadwood(hand), laid)
    for k, x in enumerate(melds):
        for c in bits(hand):
            if oracle.fits(x, c):
                grown = (*melds[:k], x | 1 << c, *melds[k + 1 :])
                best = min(best, _brute_layoffs(hand & ~(1 << c), grown, laid + 1))
    return best


@examples(200)
@given(data=st.data())
def test_best_layoffs_are_legal_and_optimal(data: st.DataObject) -> None:
    pool = data.draw(hands(6, 16))
    rng = random.Random(data.draw(st.integers(0, 2**32 - 1)))
    spread = random_spread(pool, rng)
    used = mask(c for x in spread for c in x.cards)
    rest = [c for c in range(52) if not used >> c & 1]
    near = [c for c in rest if any(oracle.fits(x.mask, c) for x in spread)]
    chosen = data.draw(st.sets(st.sampled_from(near), max_size=4)) if near else set()
    others = data.draw(st.sets(st.sampled_from(rest), max_size=6))
    defender = mask(chosen | others)
    dw, seq = best_layoffs(defender, spread)
    # the sequence is legal in order and reaches the deadwood it claims
    grown = [x.mask for x in spread]
    left = defender
    for card, k in seq:
        assert left >> card & 1 and oracle.fits(grown[k], card)
        grown[k] |= 1 << card
        left &= ~(1 << card)
    assert dw == oracle.min_deadwood(left)
    # optimal, with the fewest cards laid off among the optimal (docs/rules.md §13)
    assert (dw, len(seq)) == _brute_layoffs(defender, tuple(x.mask for x in spread))


@examples(200)
@given(rules=rule_dicts(small_targets=False))
def test_rule_sets_round_trip(rules: dict[str, Any]) -> None:
    r = Rules.from_dict(rules)
    assert Rules.from_dict(r.to_dict()) == r
    assert Rules.from_dict(json.loads(json.dumps(r.to_dict()))) == r
    assert r.players * r.cards_per_hand <= 48
