"""The ``hard`` and ``expert`` bots: legal play under every preset and option with 2-4 players,
decisions from the view alone, determinism, the expert's time budget, the belief they share,
and the score awareness of the knock policy."""

from __future__ import annotations

import dataclasses
import math
import random
import statistics
import time
from collections.abc import Iterator

import pytest

from okgin.actions import TAKE, Knock
from okgin.bots import make_bot
from okgin.bots.belief import Knowledge, World, sample_worlds, world_state
from okgin.bots.expert import ExpertBot
from okgin.bots.hard import DEFAULTS, HardBot
from okgin.bots.playout import playout
from okgin.bots.race import win_chance
from okgin.cards import CARDS
from okgin.errors import BotError
from okgin.game import Game
from okgin.hand import HandResult, HandState
from okgin.rules import Rules
from okgin.views import View

BUDGET = 0.02  # the expert's budget in these tests (seconds per decision)

RULE_SETS = [
    Rules.preset("standard"),
    Rules.preset("classic"),
    Rules.preset("openspiel"),
    Rules.preset("party", players=3),
    Rules.preset("party", players=4),
    Rules.preset("standard", players=3, hand_size=9, big_gin_bonus=31),
    Rules.preset("standard", knock_limit=0, no_return_discard=False),
    Rules.preset("classic", stock_exhaustion="fiftieth_card", undercut_on_tie=False, knock_bonus=5),
    Rules.preset("party", doubling_suit="c", doubling_effect="target", format="hollywood"),
    Rules.preset("standard", hand_size=4, knock_limit=3),
]
IDS = [
    "standard",
    "classic",
    "openspiel",
    "party3",
    "party4",
    "3p-size9-biggin",
    "straight-gin-return",
    "fiftieth-tie",
    "hollywood-target-doubling",
    "tiny-hands",
]


def _bot(name: str, seed: int) -> object:
    if name == "expert":
        # no wall-clock guard: these tests compare decisions, which a guard cut by the
        # machine's load would make depend on it
        return ExpertBot(seed, budget=BUDGET, guard=math.inf)
    return make_bot(name, seed)


def test_registered_by_name() -> None:
    assert isinstance(make_bot("hard", 1), HardBot)
    assert isinstance(make_bot("expert", 1), ExpertBot)
    bot = make_bot("expert", 3, budget=0.05)
    assert isinstance(bot, ExpertBot) and bot.budget == 0.05
    assert isinstance(make_bot("hard", 3, budget=0.05), HardBot)  # no search: no budget
    for bad in (0, -1.0, float("nan"), float("inf")):
        with pytest.raises(ValueError, match="budget"):
            ExpertBot(1, budget=bad)
    with pytest.raises(ValueError, match="unknown hard parameter"):
        HardBot(1, {"nonsense": 1.0})


@pytest.mark.parametrize("rules", RULE_SETS, ids=IDS)
@pytest.mark.parametrize("name", ["hard", "expert"])
def test_legal_play_every_rule_set(name: str, rules: Rules) -> None:
    """Whole hands against medium: every action legal, every hint one line."""
    seed = len(IDS[RULE_SETS.index(rules)])
    game = Game(rules, seed=seed)
    n = rules.players
    bots = [_bot(name, seed) if s == 0 else make_bot("medium", s) for s in range(n)]
    phases: set[str] = set()
    hands = 0
    while not game.is_over and hands < (2 if name == "expert" else 4):
        hand = game.hand
        while not hand.is_over:
            seat = hand.current_player
            assert seat is not None
            view = game.view(seat)
            action = bots[seat].act(view)  # type: ignore[attr-defined]
            if seat == 0:
                hint = bots[0].explain(view, action)  # type: ignore[attr-defined]
                assert isinstance(hint, str) and hint and "\n" not in hint
                phases.add(view.phase)
                if not isinstance(action, Knock):
                    assert action in view.legal_actions
            game.apply(action, seat)
        hands += 1
    assert "play" in phases


def _views(
    rules: Rules, count: int, seed: int, names: tuple[str, ...] = ("medium",)
) -> list[tuple[Game, View]]:
    """Positions from self-play (``medium`` by default; seat i plays ``names[i % len]``)
    where the seat to play has a real choice."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        game = Game(rules, seed=rng.randrange(10**9))
        bots = [make_bot(names[s % len(names)], s) for s in range(rules.players)]
        stop = rng.randrange(0, 40)
        hand = game.hand
        for _ in range(stop):
            if hand.is_over:
                break
            seat = hand.current_player
            assert seat is not None
            game.apply(bots[seat].act(game.view(seat)), seat)
        if hand.is_over:
            continue
        seat = hand.current_player
        assert seat is not None
        view = game.view(seat)
        if len(view.legal_actions) > 1 and view.phase in ("offer", "draw", "play"):
            out.append((game, view))
    return out


def _medium_views(
    rng: random.Random, seeds: tuple[int, int], games: int = 10**6
) -> Iterator[tuple[HandState, View]]:
    """Seat 0's views in two-player ``medium`` self-play (``medium`` seeded ``seeds``), game
    after game (decks from ``rng``), each with its hand state and yielded before seat 0's
    move is played."""
    rules = Rules.preset("standard")
    for _ in range(games):
        game = Game(rules, seed=rng.randrange(10**9))
        bots = [make_bot("medium", s) for s in seeds]
        hand = game.hand
        while not hand.is_over:
            seat = hand.current_player
            assert seat is not None
            view = game.view(seat)
            if seat == 0:
                yield hand, view
            game.apply(bots[seat].act(view), seat)


def _other_hidden(game: Game, seat: int, rng: random.Random) -> Game | None:
    """The same hand replayed with the cards ``seat`` cannot see dealt differently."""
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
    other = Game(game.rules, dealer=hand.dealer, auto_deal=False, deck=[CARDS[c] for c in deck])
    try:
        for s, a in hand.history:
            other.apply(a, s)
    except ValueError:
        return None
    return other


@pytest.mark.parametrize("name", ["hard", "expert"])
@pytest.mark.parametrize(
    "rules",
    [Rules.preset("standard"), Rules.preset("party", players=3), Rules.preset("openspiel")],
    ids=["standard", "party3", "openspiel"],
)
def test_same_view_different_hidden_cards_same_decision(name: str, rules: Rules) -> None:
    rng = random.Random(f"view-only-{name}-{rules.players}")
    checked = 0
    for game, view in _views(rules, 12, rng.randrange(10**6)):
        other = _other_hidden(game, view.seat, rng)
        if other is None:
            continue
        assert other.hand.hands != game.hand.hands or other.hand.deck != game.hand.deck
        v2 = other.view(view.seat)
        assert v2 == view
        a1 = _bot(name, 7).act(view)  # type: ignore[attr-defined]
        a2 = _bot(name, 7).act(v2)  # type: ignore[attr-defined]
        assert a1 == a2
        checked += 1
    assert checked >= 6


def test_expert_same_seed_same_decisions_and_budget() -> None:
    """Two expert bots with the same seed play the same; every decision stays well inside
    a generous bound on its budget (timings are reported, not asserted tightly)."""
    rules = Rules.preset("standard")
    times = []
    for _game, view in _views(rules, 10, 5):
        a = ExpertBot(11, budget=BUDGET, guard=math.inf)
        b = ExpertBot(11, budget=BUDGET, guard=math.inf)
        t = time.perf_counter()
        first = a.act(view)
        times.append(time.perf_counter() - t)
        assert b.act(view) == first
    assert max(times) < 5 * BUDGET + 1.0
    print(f"expert at {BUDGET}s: median {statistics.median(times):.3f}s, max {max(times):.3f}s")


def test_hard_same_seed_same_game() -> None:
    def play(seed: int) -> list[str]:
        game = Game(Rules.preset("standard"), seed=3)
        bots = [HardBot(seed), make_bot("medium", 0)]
        out = []
        while not game.is_over and len(game.hands) < 3:
            seat = game.current_player
            assert seat is not None
            action = bots[seat].act(game.view(seat))
            out.append(str(action))
            game.apply(action, seat)
        return out

    assert play(4) == play(4)


def test_knowledge_matches_the_hidden_truth_and_worlds_are_consistent() -> None:
    rng = random.Random(2)
    for rules in (Rules.preset("standard"), Rules.preset("party", players=4)):
        for game, view in _views(rules, 15, rng.randrange(10**6)):
            hand = game.hand
            know = Knowledge(view)
            truth_unknown = 0
            for s in range(rules.players):
                assert know.held[s] & ~hand.hands[s] == 0  # what it knows is true
                if s != view.seat:
                    assert know.hidden[s] == (hand.hands[s] & ~know.held[s]).bit_count()
                    truth_unknown |= hand.hands[s] & ~know.held[s]
            for c in hand.deck[hand.stock_pos :]:
                truth_unknown |= 1 << c
            assert know.unknown == truth_unknown
            # the true world rebuilds the true state
            true = World(list(hand.hands), [int(c) for c in hand.deck[hand.stock_pos :]], 1.0)
            state = world_state(know, true)
            assert state.hands == hand.hands and state.pile == hand.pile
            assert state.deck[state.stock_pos :] == hand.deck[hand.stock_pos :]
            assert state.legal_actions() == hand.legal_actions()
            # sampled worlds: the seat's own and known cards kept, sizes right, all 52 once
            for w in sample_worlds(know, 6, rng):
                s2 = world_state(know, w)
                assert s2.hands[view.seat] == hand.hands[view.seat]
                for s in range(rules.players):
                    assert s2.hands[s].bit_count() == hand.hands[s].bit_count()
                    assert s2.hands[s] & know.held[s] == know.held[s]
                assert sorted(s2.deck) == list(range(52))
                playout(s2)
                assert s2.is_over


def _opening_view(mine: str, opp: str, up: str, actions: list[str]) -> View:
    """Seat 0's view of a standard hand (dealer 1) after ``actions``."""
    from okgin.actions import parse_action
    from okgin.cards import parse_cards

    rules = Rules.preset("standard")
    a, b, u = parse_cards(mine), parse_cards(opp), parse_cards(up)[0]
    rest = [c for c in CARDS if c not in a and c not in b and c != u]
    deck: list[int] = []
    for i in range(10):
        deck += [a[i], b[i]]
    deck += [u, *rest]
    game = Game(rules, dealer=1, auto_deal=False, deck=[CARDS[c] for c in deck])
    for text in actions:
        game.apply(parse_action(text))
    return game.view(0)


def test_likelihood_reads_picks_passes_and_throws() -> None:
    from okgin.cards import mask_of, parse_cards

    # seat 0 passes 7h; seat 1 takes it, then throws Kc; then seat 0 draws
    view = _opening_view(
        "2c3c4c 9d9s 5s6s Jd Qd Kd",
        "7c8c 8h9h AdAh 2s Ks Qs Js",
        "7h",
        ["pass", "take", "discard Ks"],
    )
    know = Knowledge(view)
    assert know.held[1] >> parse_cards("7h")[0] & 1
    with_partners = mask_of(parse_cards("8h9h AdAh 2s Qs Js 7c8c"))
    without = mask_of(parse_cards("2h3h AdAs 2s Qs Js 7c Tc"))
    # taking 7h when 8h9h make a meld with it is likelier than taking it alone
    assert know.likelihood(1, with_partners | 1 << parse_cards("7h")[0]) > know.likelihood(
        1, without | 1 << parse_cards("7h")[0]
    )
    # the card probabilities rise next to the card it took
    probs = know.card_probs(1)
    assert probs[parse_cards("8h")[0]] > probs[parse_cards("4d")[0]]


def _throws_view() -> View:
    """Seat 1 takes 7h, throws 5d, draws twice from the stock (leaving Kd, then Qd, which
    seat 0 threw) throwing 2s and Qs: seat 0's view."""
    return _opening_view(
        "2c3c4c 9d9s 5s6s Jd Qd Kd",
        "7c8c 8h9h AdAh 2s Ks Qs 5d",
        "7h",
        [
            *("pass", "take", "discard 5d"),
            *("draw", "discard Kd", "draw", "discard 2s"),
            *("draw", "discard Qd", "draw", "discard Qs"),
        ],
    )


def test_likelihood_throw_high_reads_a_throw_that_kept_a_higher_loose_card() -> None:
    """``throw_high``: a throw that melded with nothing while a loose card of a higher count
    stayed in the hand is a worse throw; each stock draw since forgives one such card (it may
    have come after), one taken from the pile before does not, nor is the card taken just
    before the throw counted (it could not be thrown)."""
    from okgin.cards import mask_of, parse_cards

    know = Knowledge(_throws_view())
    # seat 1 took 7h, threw 5d (two stock draws after), declined Kd, threw 2s (one draw
    # after), declined Qd, threw Qs (none after: nothing counts more than a queen)
    assert [k for k, *_ in know.signals[1]] == [1, 2, 0, 2, 0, 2]
    assert [later for later, _ in know.throw_contexts(1)] == [2, 1, 0]
    cases = {
        # 2s kept 3h 4s Ks Qs loose: worse beyond one draw; 5d kept Ks Qs: two draws forgive
        "7h8h9h AdAhAs 2d 3h 4s Ks": 1,
        # 5d kept Qc Ks Qs loose, one more than its two draws since
        "7h8h9h AdAhAs 2d 3h Qc Ks": 2,
        # only Qs loose above 2 (it may have come with a later draw): both throws forgiven
        "7h8h9hThJhQh AdAhAs 2d": 0,
        # 7h loose: just taken when 5d was thrown, so not counted there; taken from the
        # pile before 2s was thrown, so counted there beyond the draw since
        "7h AdAhAs 2d QhQc 9hThJh": 1,
    }
    for text, worse in cases.items():
        hand = mask_of(parse_cards(text))
        assert hand & know.held[1] == know.held[1], text
        assert hand & ~know.held[1] & ~know.unknown == 0, text
        plain = know.likelihood(1, hand)
        assert plain > 0, text
        assert know.likelihood(1, hand, throw_high=0.25) == pytest.approx(plain * 0.25**worse), text
        assert know.likelihood(1, hand, throw_high=1.0) == plain


def test_replay_likelihood_judges_each_choice_on_the_hand_played_back() -> None:
    """``replay_likelihood``: the hand played back through the opponent's choices, last
    first; a throw that left more deadwood than another card's would have (not the card just
    taken) multiplies in the factor, as does a card taken alone (``take_alone``)."""
    from okgin.bots.belief import DECLINE, STOCK, TAKE, THROW
    from okgin.cards import mask_of, parse_cards

    know = Knowledge(_throws_view())
    card = {c: parse_cards(c)[0] for c in ("7h", "5d", "Kd", "2s", "Qd", "Qs")}
    assert know.history[1] == [
        (TAKE, card["7h"]),
        (THROW, card["5d"]),
        (DECLINE, card["Kd"]),
        (STOCK, -1),
        (THROW, card["2s"]),
        (DECLINE, card["Qd"]),
        (STOCK, -1),
        (THROW, card["Qs"]),
    ]
    cases = {
        # played back: Qs thrown from loose 2d 3h 4s Ks Qs (best), Qs drawn; 2s thrown
        # keeping Ks (worse), Ks drawn; 5d the highest loose card but 7h, just taken
        "7h8h9h AdAhAs 2d 3h 4s Ks": (1, 1.0),
        # every throw the highest loose card, 7h taken into 7h8h9h
        "7h8h9hThJhQh AdAhAs 2d": (0, 1.0),
        # 2s thrown keeping 7h (held since taken: worse); 5d thrown keeping 7h, which it
        # had just taken (no worse); 7h taken alone
        "7h AdAhAs 2d 3h 4s 9hThJh": (1, 0.35),
        # Qs thrown out of QsQhQc (worse), 3h drawn; Qd left on the pile, melding with
        # QhQc (``decline_meld``)
        "7h8h9h AdAhAs QhQc 2d 3h": (1, 0.2),
    }
    for text, (worse, other) in cases.items():
        hand = mask_of(parse_cards(text))
        assert hand & ~know.held[1] & ~know.unknown == 0, text
        got = know.replay_likelihood(1, hand, 0.25)
        assert got == pytest.approx(other * 0.25**worse), text
        assert know.replay_likelihood(1, hand, 1.0) == pytest.approx(other), text


def test_replay_likelihood_reads_a_deadwood_minimiser() -> None:
    """Against ``medium`` (its throws leave the least deadwood), its true hand is far
    likelier under ``replay_likelihood`` than hands drawn at random from the unknown cards:
    the reading tells a true hand from a random one. The sampler's ``replay`` uses it."""
    rng = random.Random(8)
    true_logs: list[float] = []
    random_logs: list[float] = []
    for hand, view in _medium_views(rng, (1, 2), games=8):
        if view.phase == "draw":
            know = Knowledge(view)
            if know.threw[1] and know.draws[1] >= 3:
                true_logs.append(math.log(know.replay_likelihood(1, hand.hands[1], 0.1)))
                for w in sample_worlds(know, 4, rng, weighted=False, seen_extra=0.0):
                    random_logs.append(math.log(know.replay_likelihood(1, w.hands[1], 0.1)))
                worlds = sample_worlds(know, 3, rng, replay=0.1)
                assert len(worlds) == 3
    assert len(true_logs) >= 20
    gap = statistics.mean(true_logs) - statistics.mean(random_logs)
    assert gap > 2.0, gap


def _kept(know: Knowledge, seed: int, **kw: float) -> list[tuple[int, ...]]:
    """The hands of 4 worlds ``sample_worlds`` keeps of 32, from ``seed``."""
    worlds = sample_worlds(know, 4, random.Random(seed), oversample=8, **kw)
    return [tuple(w.hands) for w in worlds]


def _read(know: Knowledge, worlds: list[tuple[int, ...]]) -> float:
    """The worlds' mean log ``replay_likelihood`` (factor 0.05) of seat 1's hand."""
    return statistics.mean(math.log(know.replay_likelihood(1, w[1], 0.05)) for w in worlds)


def test_replay_floor_mixes_in_a_player_whose_choices_tell_nothing() -> None:
    """``replay_floor``: each world's weight is ``replay``'s likelihood plus the floor. With
    no floor the worlds kept depend on how ``replay`` reads the throws; with a floor far above
    every likelihood they do not (the same draws give the same worlds whatever ``replay``),
    and the worlds kept read the throws worse than ``replay``'s own. The expert refuses a
    floor without ``replay``, and a negative one."""
    rng = random.Random(9)
    high = 1e12
    differs = 0
    sharp: list[float] = []
    floored: list[float] = []
    for _, view in _medium_views(rng, (1, 2), games=6):
        if view.phase != "draw":
            continue
        know = Knowledge(view)
        if not (know.threw[1] and know.draws[1] >= 3):
            continue
        assert _kept(know, 3, replay=0.05, replay_floor=high) == _kept(
            know, 3, replay=0.5, replay_floor=high
        )
        differs += _kept(know, 3, replay=0.05) != _kept(know, 3, replay=0.5)
        sharp.append(_read(know, _kept(know, 4, replay=0.05)))
        floored.append(_read(know, _kept(know, 4, replay=0.05, replay_floor=high)))
    assert differs >= 3 and len(sharp) >= 10
    assert statistics.mean(sharp) > statistics.mean(floored) + 1.0
    with pytest.raises(BotError, match="expert option replay_floor must be given with replay"):
        ExpertBot(1, replay_floor=0.1)
    with pytest.raises(BotError, match="expert option replay_floor must be a share"):
        ExpertBot(1, replay=0.1, replay_floor=-0.5)


def test_replay_knocks_reads_a_last_throw_that_left_a_knock() -> None:
    """``knock_missed`` (``replay_knocks`` in the sampler): where the player's last choice
    was a throw and some discard then would have let it knock (the limit is 7, the upcard
    7h), the factor multiplies in once: the player modelled knocks as soon as it may. Only
    that throw is read (its hand then is the world's hand and the card thrown, exactly);
    a hand far from a knock is not touched. The expert refuses the option without
    ``replay`` and out of range."""
    from okgin.cards import mask_of, parse_cards

    know = Knowledge(_throws_view())
    assert know.view.knock_limit == 7
    # 2d alone loose: with Qs back, throwing Qs again leaves a knock with 2
    near = mask_of(parse_cards("7h8h9hThJhQh AdAhAs 2d"))
    assert know.replay_likelihood(1, near, 1.0) == 1.0
    assert know.replay_likelihood(1, near, 1.0, knock_missed=0.5) == pytest.approx(0.5)
    # 8 deadwood (2d 6c) with Qs back, thrown: one point over the limit
    over = mask_of(parse_cards("7h8h9hThJh AdAhAs 2d 6c"))
    under = mask_of(parse_cards("7h8h9hThJh AdAhAs 2d 5c"))
    assert know.replay_likelihood(1, over, 1.0, knock_missed=0.5) == pytest.approx(
        know.replay_likelihood(1, over, 1.0)
    )
    assert know.replay_likelihood(1, under, 1.0, knock_missed=0.5) == pytest.approx(
        0.5 * know.replay_likelihood(1, under, 1.0)
    )
    # 19 or more deadwood: no knock was there to miss
    far = mask_of(parse_cards("7h8h9h AdAhAs 2d 3h 4s Ks"))
    assert know.replay_likelihood(1, far, 0.25, knock_missed=0.0) == pytest.approx(0.25)
    with pytest.raises(BotError, match="expert option replay_knocks must be given with replay"):
        ExpertBot(1, replay_knocks=0.5)
    with pytest.raises(BotError, match="expert option replay_knocks must be a factor"):
        ExpertBot(1, replay=0.02, replay_knocks=1.5)


def test_kind_logs_are_each_kinds_chances_of_the_choices() -> None:
    """``Knowledge.kind_logs``: seat 1 passes nothing, takes 7h (it melds with 8h9h: the
    quick kind takes it) and throws. Thrown Ks, the quick kind's own throw (Ks and Qs leave
    34 each; one partner each, the higher rank goes), both choices are its own: two
    ``1 − SLIP``. Thrown 5d instead, a throw it would not make: the slip's chance shared over
    the nine other cards it could throw (7h, just taken, cannot go back). The holder kind's
    chances are a distribution's: the take 0.8 (it melds), the throw a softmax share."""
    from okgin.bots.belief import HOLDER_TAKE, SLIP
    from okgin.cards import mask_of, parse_cards

    rng = random.Random(1)

    def logs_after_throwing(card: str, kept: str) -> tuple[float, float]:
        view = _opening_view(
            "2c3c4c 9d9s 5s6s Jd Qd Kd",
            "7c8c 8h9h AdAh 2s Ks Qs 5d",
            "7h",
            ["pass", "take", f"discard {card}"],
        )
        return Knowledge(view).kind_logs(1, mask_of(parse_cards(kept)), rng)

    quick, holder = logs_after_throwing("Ks", "7c8c 7h8h9h AdAh 2s Qs 5d")
    assert quick == pytest.approx(2 * math.log(1 - SLIP))
    assert math.log(HOLDER_TAKE[0]) > holder > math.log(HOLDER_TAKE[0]) + math.log(1 / 10)
    quick, holder = logs_after_throwing("5d", "7c8c 7h8h9h AdAh 2s Ks Qs")
    assert quick == pytest.approx(math.log(1 - SLIP) + math.log(SLIP / 9))
    # the holder kind keeps 5d's neighbours no better than a king's: a small share, not a slip
    assert holder > quick


def test_kind_evidence_tells_medium_from_hard_over_hands() -> None:
    """``kind_evidence``: the log odds of the quick kind, read at seat 0's first decision
    after the opponent's fourth throw of a hand, come out higher against ``medium`` (which
    is of that kind) than against ``hard`` (which holds out for gin) over the same deals;
    and the expert's ``kind_hand`` is refused when not a number."""
    from okgin.bots.belief import kind_evidence

    rules = Rules.preset("standard")
    means = {}
    for vs in ("medium", "hard"):
        total = 0.0
        count = 0
        for deal in range(8):
            game = Game(rules, seed=1000 + deal)
            bots = [HardBot(1), make_bot(vs, 2)]
            hand = game.hand
            while not hand.is_over:
                seat = hand.current_player
                assert seat is not None
                view = game.view(seat)
                if seat == 0 and view.phase == "draw":
                    know = Knowledge(view)
                    if know.threw[1].bit_count() >= 4:
                        total += kind_evidence(know, 1, random.Random(deal), worlds=8)
                        count += 1
                        break
                game.apply(bots[seat].act(view), seat)
        assert count >= 4, vs
        means[vs] = total / count
    assert means["medium"] > 0 > means["hard"], means
    with pytest.raises(BotError, match="expert option kind_hand must be a log odds"):
        ExpertBot(1, kind_hand=math.nan)
    with pytest.raises(BotError, match="expert option quick_knock must be 0 or 1, not 2"):
        ExpertBot(1, quick_knock=2)
    for bad in (-0.5, math.inf, math.nan):
        with pytest.raises(BotError, match="expert option kind_soft must be a log odds spread"):
            ExpertBot(1, kind_soft=bad)


def test_hard_knocks_sooner_near_the_target() -> None:
    """Some knocks hard declines at 0-0 it makes when the opponent is one hand from 100."""
    rules = Rules.preset("standard")
    flipped = 0
    seen = 0
    rng = random.Random(4)
    while seen < 400 and flipped == 0:
        game = Game(rules, seed=rng.randrange(10**9))
        bots = [HardBot(1), make_bot("medium", 2)]
        hand = game.hand
        while not hand.is_over:
            seat = hand.current_player
            assert seat is not None
            view = game.view(seat)
            if seat == 0 and any(isinstance(a, Knock) for a in view.legal_actions):
                seen += 1
                calm = HardBot(1).act(view)
                tense = HardBot(1).act(dataclasses.replace(view, totals=(0, 90), target=100))
                if not isinstance(calm, Knock) and isinstance(tense, Knock):
                    flipped += 1
            game.apply(bots[seat].act(view), seat)
    assert flipped


def test_hard_parameters_change_its_decisions() -> None:
    """A parameter given reaches the decisions: with an unreachable ``take_margin`` the bot
    takes a card only to knock or go gin, where the tuned one also takes cards that improve
    its hand; with no feed risk (``beta`` 0) it discards differently somewhere. The tuned
    defaults are copied, not shared, and an unknown parameter is refused."""
    views = [v for _, v in _views(Rules.preset("standard"), 160, 12)]
    tuned, greedy_never = HardBot(1), HardBot(1, {"take_margin": 1e9})
    blind = HardBot(1, {"beta": 0.0, "beta_late": 0.0})
    draws = [v for v in views if v.phase in ("offer", "draw") and TAKE in v.legal_actions]
    plays = [v for v in views if v.phase == "play"]
    assert draws and plays
    for view in draws:
        action, why = greedy_never.decide(view)
        if action == TAKE:
            assert "gin" in why or "knock" in why, why
    assert any(tuned.decide(v)[0] != greedy_never.decide(v)[0] for v in draws)
    assert any(tuned.decide(v)[0] != blind.decide(v)[0] for v in plays)
    tuned.params["alpha"] = 99.0
    assert DEFAULTS["alpha"] != 99.0 and HardBot(2).params == DEFAULTS
    with pytest.raises(BotError, match="unknown hard parameter 'alfa'"):
        HardBot(1, {"alfa": 0.5})


def test_hard_race_and_outs_add_the_race_for_gin_to_each_discard() -> None:
    """``race`` and ``outs`` add to every discard's score exactly ``race`` × the gin distance
    of the hand it leaves less ``outs`` × the share of unseen cards that are its outs (7
    cards a hand with 3 players), and change some discards; off, the scores are the tuned
    bot's."""
    from okgin.melds import gin_outs

    p = {"race": 5.0, "outs": 4.0}
    racer, plain = HardBot(1, p), HardBot(1)
    changed = 0
    for rules in (Rules.preset("standard"), Rules.preset("party", players=3)):
        size = rules.cards_per_hand
        plays = [v for _, v in _views(rules, 40, 31) if v.phase == "play"]
        assert plays
        for view in plays:
            know = Knowledge(view)
            live = know.unknown & ~know.hand
            base = {c: score for score, c, _, _ in plain.discard_scores(view, know)}
            for score, c, _, _ in racer.discard_scores(view, know):
                dist, outs = gin_outs(know.hand & ~(1 << c), live, size)
                share = outs.bit_count() / live.bit_count()
                assert math.isclose(score - base[c], 5.0 * dist - 4.0 * share), (view.seat, c)
            changed += racer.decide(view)[0] != plain.decide(view)[0]
    assert changed


def _throw_case(view: View, know: Knowledge, limit: int, last: int = 1, most: int = 4) -> str:
    """How the reads of the last ``last`` throws (one worth ``most`` or less) see a view:
    ``limit`` (the knock limit is below ``limit``), ``none`` (the next seat has not thrown),
    ``high`` (each of them worth more than ``most``) or ``low``."""
    from okgin.bots.belief import THROW
    from okgin.cards import VALUES

    thrown = [c for kind, c in know.history[know.opponents[0]] if kind == THROW]
    if view.knock_limit < limit:
        return "limit"
    if not thrown:
        return "none"
    return "high" if all(VALUES[c] > most for c in thrown[-last:]) else "low"


def test_hard_race_read_drops_the_race_after_a_high_throw_under_high_limits() -> None:
    """``race_read`` V: under a knock limit of ``race_read_limit`` or more, a discard's
    score has the race only while the next seat's last throw (if any) is worth V or less;
    elsewhere the scores are the racer's, after a high throw the plain bot's."""
    race = {"race": 5.0, "outs": 4.0}
    racer, plain = HardBot(1, race), HardBot(1)
    reader = HardBot(1, {**race, "race_read": 4})
    seen = {"high": 0, "low": 0, "none": 0, "limit": 0}
    for view in [v for _, v in _views(Rules.preset("standard"), 300, 37) if v.phase == "play"]:
        know = Knowledge(view)
        case = _throw_case(view, know, 8)
        seen[case] += 1
        expected = plain if case == "high" else racer
        assert reader.discard_scores(view, know) == expected.discard_scores(view, know), case
    assert all(seen.values()), seen


def test_hard_race_read_throws_reads_the_last_throws_together() -> None:
    """``race_read_throws`` K: the race counts while one of the next seat's last K throws is
    worth ``race_read`` or less, so after a high last throw it still counts when a throw
    before it was low (where K = 1 drops it); K must be a whole number, 1 or more."""
    race = {"race": 5.0, "outs": 4.0, "race_read": 7}
    racer, plain = HardBot(1, {"race": 5.0, "outs": 4.0}), HardBot(1)
    reader = HardBot(1, {**race, "race_read_throws": 2})
    assert HardBot(1, race).params["race_read_throws"] == 1  # the read of the last throw
    seen = {"high": 0, "low": 0, "none": 0, "limit": 0}
    kept = 0  # views where an earlier low throw keeps the race the last throw alone drops
    for view in [v for _, v in _views(Rules.preset("standard"), 300, 37) if v.phase == "play"]:
        know = Knowledge(view)
        case = _throw_case(view, know, 8, last=2, most=7)
        seen[case] += 1
        kept += case == "low" and _throw_case(view, know, 8, most=7) == "high"
        expected = plain if case == "high" else racer
        assert reader.discard_scores(view, know) == expected.discard_scores(view, know), case
    assert all(seen.values()) and kept, (seen, kept)
    for bad in (0, 1.5, math.inf):
        with pytest.raises(BotError, match="race_read_throws"):
            HardBot(1, {"race_read_throws": bad})
        with pytest.raises(BotError, match="prior_race_read_throws must be a whole number"):
            ExpertBot(1, prior={"race_read_throws": bad})


def test_expert_race_kind_gates_the_prior_race_on_the_read_of_the_kind() -> None:
    """``race_kind`` L: at knock limits of 8 or more the prior's discard scores race for gin
    only while the opponent does not read as quick at log odds L (here over a prior whose
    read of the throws is off, ``race_read`` 0): the racer's scores there, the plain ones
    where it reads quick; below the limit always the racer's. inf (the default) leaves the
    prior alone, and a log odds that is not a number is refused."""
    from okgin.bots.expert import PRIOR

    racer = HardBot(1, {**PRIOR, "race_read": 0})
    plain = HardBot(1, {**PRIOR, "race": 0.0, "outs": 0.0})
    gated = ExpertBot(1, budget=BUDGET, race_kind=1.0, prior={"race_read": 0})
    assert ExpertBot(1, budget=BUDGET).hard.race_gate is None
    seen = {"limit": 0, "quick": 0, "unread": 0}
    for _, view in _views(Rules.preset("standard"), 120, 41, names=("hard", "medium")):
        if view.phase != "play":
            continue
        know = Knowledge(view)
        if view.knock_limit < 8:
            case = "limit"
        else:
            case = "quick" if gated.quick_at(view, know, 1.0) else "unread"
        seen[case] += 1
        expected = plain if case == "quick" else racer
        assert gated.hard.discard_scores(view, know) == expected.discard_scores(view, know), case
    assert all(seen.values()), seen
    with pytest.raises(BotError, match="race_kind"):
        ExpertBot(1, race_kind=math.nan)


def _unforced_knock_view(seed: int, nth: int = 0) -> View:
    """Seat 0's first (``nth`` 0) or later play-phase view (medium self-play) where a knock
    short of gin is legal and ``hard`` would discard instead."""
    from okgin.bots.base import knock_deadwood

    for _, view in _medium_views(random.Random(seed), (0, 1)):
        if view.phase == "play":
            know = Knowledge(view)
            short = [
                a
                for a in view.legal_actions
                if isinstance(a, Knock) and knock_deadwood(know.hand, a) > 0
            ]
            if short and not isinstance(HardBot(5).decide(view, know)[0], Knock):
                if not nth:
                    return view
                nth -= 1
    raise AssertionError("medium self-play ran out of games")


def test_expert_knock_switch_inf_never_searches_a_knock_hard_would_not_make() -> None:
    view = _unforced_knock_view(3)
    default = ExpertBot(5, budget=BUDGET)
    know = Knowledge(view)
    prior = default.hard.decide(view, know)[0]
    assert any(isinstance(a, Knock) for a in default.candidates(view, know, prior))
    never = ExpertBot(5, budget=BUDGET, knock_switch=float("inf"))
    assert not any(isinstance(a, Knock) for a in never.candidates(view, know, prior))
    assert not isinstance(never.act(view), Knock)


def test_expert_knock_switch_alone_sets_the_bar_for_a_knock_hard_would_not_make() -> None:
    """``knock_switch`` K: the search leaves ``hard``'s discard for a knock it would not
    make when the knock leads by more than K standard errors, whatever ``switch`` (the bar
    for every other move) is: here the knock leads (18.5 to 14.1 points), so with
    ``switch`` out of reach K = 0 knocks and a K out of reach keeps the discard."""
    view = _unforced_knock_view(1, nth=2)
    low = ExpertBot(5, budget=BUDGET, guard=math.inf, switch=1e9, knock_switch=0)
    knock = low.act(view)
    assert isinstance(knock, Knock)
    means = low.last["means"]
    assert means[str(knock)] == max(means.values())
    high = ExpertBot(5, budget=BUDGET, guard=math.inf, switch=1e9, knock_switch=1e9)
    assert not isinstance(high.act(view), Knock)
    assert high.last["means"] == means  # the same search; only the bar differs


def test_expert_quick_knock_0_drops_the_knocks_hard_would_not_make_against_a_quick_read() -> None:
    """``quick_knock`` 0: while the opponent reads as quick (here ``kind_hand`` -inf: after
    any throw), a knock short of gin that ``hard`` would not make is not a candidate; with
    no such read (``kind_hand`` inf), or with ``quick_knock`` 1, it is."""
    view = _unforced_knock_view(3)
    know = Knowledge(view)
    assert know.threw[1]
    prior = ExpertBot(5, budget=BUDGET).hard.decide(view, know)[0]

    def knocks(**kw: float) -> bool:
        bot = ExpertBot(5, budget=BUDGET, **kw)  # type: ignore[arg-type]
        return any(isinstance(a, Knock) for a in bot.candidates(view, know, prior))

    assert not knocks(kind_hand=-math.inf, quick_knock=0)
    assert knocks(kind_hand=-math.inf)
    assert knocks(kind_hand=math.inf, quick_knock=0)


def test_expert_kind_hand_reads_the_odds_once_per_choice_of_the_opponent() -> None:
    """``kind_hand``'s odds are read at the first view after an opponent's choice (with
    that view's generator) and kept for seat 0's later views until the opponent acts."""
    from okgin.bots.belief import decision_rng, kind_evidence

    bot = ExpertBot(5, budget=BUDGET, kind_hand=0.0)
    before: tuple[tuple[object, ...], float] | None = None
    checked = 0
    for _, view in _medium_views(random.Random(11), (0, 1)):
        know = Knowledge(view)
        if not know.threw[1]:
            continue
        bot.reads_quick(view, know)
        now = bot._kind_odds
        assert now is not None
        if before is not None and before[0] == now[0]:
            assert now is before  # the same opponent choices: not read again
            checked += 1
        else:
            fresh = kind_evidence(know, 1, decision_rng(5, view, "kind"))
            assert now[1] == fresh
        assert (now[1] >= 0.0) == bot.reads_quick(view, know)
        before = now
        if checked >= 3:
            break
    assert checked >= 3


def test_expert_sharp_early_draws_from_the_sharp_belief_until_the_nth_throw() -> None:
    """``sharp_early`` N: with two players a search draws its worlds from the sharp belief
    (``belief_quick``, its ``knock_`` twin where a knock is searched) while the opponent has
    thrown fewer than N cards this hand, and from the plain one after; 7 by default, 0 off;
    with three players the multi-player belief whatever N; a bad N is a one-line error."""
    assert ExpertBot(5).sharp_early == 7
    early = ExpertBot(5, budget=BUDGET, sharp_early=3)
    off = ExpertBot(5, budget=BUDGET, sharp_early=0)
    seen = set()
    for _, view in _medium_views(random.Random(11), (0, 1), games=40):
        know = Knowledge(view)
        thrown = know.threw[1].bit_count()
        for knocks in (False, True):
            plain, sharp = early._two_player_beliefs(knocks)
            assert plain != sharp
            got = early.belief_for(view, knocks, know)
            assert got == (sharp if thrown < 3 else plain), (thrown, knocks)
            assert off.belief_for(view, knocks, know) == plain
        soft = ExpertBot(5, budget=BUDGET, sharp_early=3, kind_hand=2.0, kind_soft=0.5)
        if thrown < 3:  # the sharp belief early, whatever ``kind_soft``'s share would be
            assert soft.quick_share(view, know) == 1.0
        seen.add(min(thrown, 3))
        if seen == {0, 1, 2, 3}:
            break
    assert seen == {0, 1, 2, 3}
    party = Rules.preset("party", players=3)
    view = next(v for _, v in _views(party, 10, 31) if v.phase == "play")
    assert early.belief_for(view, False, Knowledge(view)) == early.belief_multi
    with pytest.raises(BotError, match="expert option sharp_early must be a count of throws"):
        ExpertBot(1, sharp_early=-1)


def test_expert_kind_soft_draws_the_share_the_odds_give_from_the_sharp_belief(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``kind_soft`` S: the share of a search's worlds drawn from the sharp belief is the
    logistic of (odds − ``kind_hand``) / S (one half where the odds are at ``kind_hand``),
    none before the opponent's first throw or with ``kind_hand`` inf; with S 0 it is
    ``kind_hand``'s step (1 or 0), and a search mixes the two beliefs only where the share is
    strictly between."""
    from okgin.bots import expert as expert_mod

    drawn: list[dict[str, float]] = []

    def spy(know: Knowledge, n: int, rng: random.Random, **belief: float) -> list[World]:
        drawn.append(belief)
        return sample_worlds(know, n, rng, **belief)

    checked = 0
    for _, view in _medium_views(random.Random(11), (0, 1)):
        know = Knowledge(view)
        step = ExpertBot(5, budget=BUDGET, kind_hand=2.0, sharp_early=0)
        soft = ExpertBot(5, budget=BUDGET, kind_hand=2.0, kind_soft=0.5, sharp_early=0)
        # ``kind_hand`` inf (the default) is off: no odds, no share, whatever S
        off = ExpertBot(5, budget=BUDGET, kind_soft=0.5, sharp_early=0)
        assert off.kind_odds(know) is None and off.quick_share(view, know) == 0.0
        if not know.threw[1]:
            assert soft.quick_share(view, know) == 0.0
            continue
        odds = soft.kind_odds(know)
        assert odds is not None and odds == step.kind_odds(know)
        want = 1.0 / (1.0 + math.exp(-(odds - 2.0) / 0.5))
        assert soft.quick_share(view, know) == pytest.approx(want)
        assert step.quick_share(view, know) == (1.0 if odds >= 2.0 else 0.0)
        centred = ExpertBot(5, budget=BUDGET, kind_soft=0.5, kind_hand=odds, sharp_early=0)
        assert centred.quick_share(view, know) == pytest.approx(0.5)
        # the search draws from both beliefs where the share is between 0 and 1
        drawn.clear()
        with monkeypatch.context() as m:
            m.setattr(expert_mod, "sample_worlds", spy)
            prior = centred.hard.decide(view, know)[0]
            cands = centred.candidates(view, know, prior)
            ev = centred.evaluate(
                view, know, cands, random.Random(1), centred.utility(view), work=20_000
            )
        assert ev.worlds >= 16
        assert any(b.get("oversample") == 8 for b in drawn), drawn
        assert any("oversample" not in b for b in drawn), drawn
        checked += 1
        if checked >= 3:
            break
    assert checked >= 3


def test_expert_knock_read_searches_a_knock_only_after_a_low_throw_under_high_limits() -> None:
    """``knock_read`` V: with two players and a knock limit of ``knock_read_limit`` or more,
    a knock short of gin that ``hard`` would not make is among the candidates only while the
    opponent's last throw of the hand (if any) is worth V or less; elsewhere as by default."""
    from okgin.bots.base import knock_deadwood

    default = ExpertBot(5, budget=BUDGET)
    reader = ExpertBot(5, budget=BUDGET, knock_read=4)
    seen = {"high": 0, "low": 0, "none": 0, "limit": 0}
    for _, view in _views(Rules.preset("standard"), 800, 41, ("medium", "hard")):
        know = Knowledge(view)
        if view.phase != "play" or not any(
            isinstance(a, Knock) and knock_deadwood(know.hand, a) > 0 for a in view.legal_actions
        ):
            continue
        prior = default.hard.decide(view, know)[0]
        if isinstance(prior, Knock):
            continue
        case = _throw_case(view, know, 5)
        seen[case] += 1
        mine = reader.candidates(view, know, prior)
        assert any(isinstance(a, Knock) for a in default.candidates(view, know, prior))
        assert any(isinstance(a, Knock) for a in mine) == (case != "high"), case
        if case == "high":
            rest = [a for a in default.candidates(view, know, prior) if not isinstance(a, Knock)]
            assert mine == rest
    assert seen["high"] and seen["low"] and seen["limit"], seen  # every case met
    for bad in ("-1", "11"):
        with pytest.raises(BotError, match="knock_read_limit must be a knock limit from 0"):
            make_bot(f"expert:knock_read_limit={bad}")


def test_expert_multi_draw_0_leaves_the_draw_to_the_prior_with_three_or_four_players() -> None:
    """``multi_draw`` 0: with 3-4 players the draw (offer, draw, the fiftieth card) is the
    prior's, not searched; with two players it changes nothing. (Self-play positions hold
    offers and draws; the fiftieth card takes the same branch.)"""
    default = ExpertBot(5, budget=BUDGET)
    prior_draws = ExpertBot(5, budget=BUDGET, multi_draw=0)
    searched = 0
    for players, seed in ((3, 51), (4, 52), (2, 53)):
        views = _views(Rules.preset("party", players=players), 40, seed)
        draws = [v for _, v in views if v.phase in ("offer", "draw")]
        assert draws, players
        for view in draws:
            know = Knowledge(view)
            prior = default.hard.decide(view, know)[0]
            mine = prior_draws.candidates(view, know, prior)
            theirs = default.candidates(view, know, prior)
            searched += players > 2 and len(theirs) > 1
            assert mine == ([prior] if players > 2 else theirs), (players, view.phase)
            if players > 2:
                assert prior_draws.act(view) == prior
    assert searched  # the default searches some of those draws
    with pytest.raises(BotError, match="multi_draw must be 0 or 1"):
        make_bot("expert:multi_draw=2")


def test_expert_multi_belief_is_the_belief_with_three_or_four_players() -> None:
    """With 3-4 players the worlds come from :data:`MULTI_BELIEF` under the settings given
    (the default expert plays there as the two-player belief with those settings spelled
    out); ``multi_belief`` 0 keeps the two-player belief; with two players it changes
    nothing."""
    from okgin.bots.expert import MULTI_BELIEF

    spelled = ",".join(f"{k}={v:g}" for k, v in MULTI_BELIEF.items())
    assert spelled == "oversample=4,throw_high=0.1"
    # guard off: a search cut by the clock on a loaded machine decides on fewer worlds, so
    # two bots cut at different points may differ, or play the same where they would not
    default = ExpertBot(5, budget=BUDGET, guard=math.inf)
    plain = ExpertBot(5, budget=BUDGET, guard=math.inf, multi_belief=0)
    spelled_out = make_bot(f"expert:guard=inf,multi_belief=0,{spelled}", 5, budget=BUDGET)
    differ = 0
    for players, seed in ((3, 61), (2, 62)):
        views = [
            v
            for _, v in _views(Rules.preset("party", players=players), 12, seed)
            if v.phase in ("draw", "play") and len(v.legal_actions) > 1
        ]
        assert views, players
        for view in views:
            mine = default.act(view)
            if players == 2:
                assert mine == plain.act(view)
            else:
                assert mine == spelled_out.act(view)
                differ += mine != plain.act(view)
    assert differ  # the 3-player belief changes some decision
    # a given belief setting stands over the 3-player one
    assert ExpertBot(5, oversample=2).belief_multi == {"oversample": 2, "throw_high": 0.1}
    with pytest.raises(BotError, match="multi_belief must be 0 or 1"):
        make_bot("expert:multi_belief=2")


def test_expert_guard_stops_a_search_by_the_clock() -> None:
    """The wall-clock guard ends the search after the batch in which it passes (8 worlds);
    ``inf`` leaves the count of rollout steps alone in charge."""
    view = _unforced_knock_view(3)
    cut = ExpertBot(5, budget=BUDGET, guard=1e-9)
    cut.act(view)
    assert cut.last["worlds"] == 8
    free = ExpertBot(5, budget=0.2, guard=math.inf)
    free.act(view)
    assert free.last["worlds"] > 8


def test_expert_defence_weighs_the_others_points() -> None:
    view = _unforced_knock_view(3)
    assert view.totals == (0, 0)
    me, other = [0, 0], [0, 0]
    me[view.seat] = 10
    other[1 - view.seat] = 10
    assert ExpertBot(1).utility(view)(me) == 10
    assert ExpertBot(1).utility(view)(other) == pytest.approx(-16.0)  # default defence 1.6
    assert ExpertBot(1, defence=1.0).utility(view)(other) == -10


def test_expert_win_value_adds_the_chance_of_winning_the_game() -> None:
    """``win_value`` W: where a hand can end the game, plus W × the race's chance of winning
    from the totals after the hand, in place of ``game_value``'s step; elsewhere the plain
    points, as without it."""
    view = _unforced_knock_view(3)
    seat = view.seat
    assert view.multiplier == 1 and view.totals == (0, 0)  # no hand of 85 reaches 100
    me, other = [0, 0], [0, 0]
    me[seat] = 10
    other[1 - seat] = 10
    bot = ExpertBot(1, win_value=200)
    assert bot.utility(view)(me) == 10
    assert bot.utility(view)(other) == pytest.approx(-16.0)

    def at(mine: int, theirs: int) -> View:
        totals = [0, 0]
        totals[seat], totals[1 - seat] = mine, theirs
        return dataclasses.replace(view, totals=tuple(totals))

    mid = at(30, 20)  # a gin with a bad hand against it could end it
    assert bot.utility(mid)(me) == pytest.approx(10 + 200 * win_chance(40, 20, 100))
    assert bot.utility(mid)(other) == pytest.approx(-16 + 200 * win_chance(30, 30, 100))
    assert ExpertBot(1).utility(mid)(me) == 10  # the step: nothing until the game ends
    late = at(95, 60)  # this seat's 10 takes it past the target: worth the whole game
    assert bot.utility(late)(me) == pytest.approx(10 + 200)
    assert bot.utility(late)(other) == pytest.approx(-16 + 200 * win_chance(95, 70, 100))
    assert ExpertBot(1).utility(late)(me) == pytest.approx(10 + 100)
    with pytest.raises(BotError, match="win_value must be"):
        ExpertBot(1, win_value=-1)


def test_playout_safe_seat_does_not_feed_the_next_seat() -> None:
    """Seat 0 throws K♠ (9 deadwood left) unless the next seat holds Q♠ J♠; then 9♠
    (10 left, within the slack), which seat 1 cannot meld."""
    from okgin.cards import mask_of, parse_cards
    from okgin.hand import HandState

    rules = Rules.preset("standard")
    mine = parse_cards("Ac2c3c 4d5d6d 7h8h9h Ks 9s")

    def thrown_by(theirs: str, slack: int, danger: str | None = None, others: bool = False) -> int:
        """Seat 0's one rollout throw against seat 1 holding ``theirs``, the safe discards
        judged by the next hand or, with ``danger``, by that mask of cards; with ``others``
        seat 0 is not ``safe_seat`` but one of the others (``others_slack``)."""
        their = parse_cards(theirs)
        rest = [c for c in range(52) if c not in mine and c not in their]
        h = HandState.from_position(
            rules,
            dealer=1,
            upcard=rest[0],
            hands=[mask_of(mine), mask_of(their)],
            pile=[rest[0]],
            stock=rest[1:],
            phase="play",
            turn=0,
        )
        mask = -1 if danger is None else mask_of(parse_cards(danger))
        caps = [(0, 0), (0, 0)]
        if others:
            playout(h, max_steps=1, caps=caps, safe_seat=1, safe_slack=0, others_slack=slack)
        else:
            playout(h, max_steps=1, caps=caps, safe_seat=0, safe_slack=slack, danger=mask)
        return h.pile[-1]

    for theirs, slack, thrown in [
        ("QsJs 2h3h 5c6c Td Tc Jh Kh", 4, "9s"),
        ("QsJs 2h3h 5c6c Td Tc Jh Kh", 0, "Ks"),
        ("QdJd 2h3h 5c6c Td Tc Jh Kh", 4, "Ks"),
    ]:
        assert thrown_by(theirs, slack) == parse_cards(thrown)[0], (theirs, slack)
        # ``others_slack``: a seat other than ``safe_seat`` throws as carefully
        assert thrown_by(theirs, slack, others=True) == parse_cards(thrown)[0], (theirs, slack)
        # with a mask of cards taken to feed (``danger``) the next hand is not read: K♠ in
        # the mask sends the throw to 9♠ whatever seat 1 holds, K♠ out of it keeps it
        for danger, want in [("Ks", "9s" if slack else "Ks"), ("Qh", "Ks"), ("Ks 9s", "Ks")]:
            got = thrown_by(theirs, slack, danger)
            assert got == parse_cards(want)[0], (theirs, slack, danger)
    # off (-1, the default), seat 0 throws K♠ into Q♠ J♠ as the plain policy does
    assert thrown_by("QsJs 2h3h 5c6c Td Tc Jh Kh", -1, others=True) == parse_cards("Ks")[0]
    with pytest.raises(BotError, match="others_slack must be"):
        ExpertBot(1, others_slack=-2)


def test_playout_combo_discard_keeps_a_pair_and_matches_the_plain_count() -> None:
    """The gin seeker's discard (``combo``) is the least of deadwood left plus ``combo`` ×
    the partners in hand, by the fast per-suit count as by the full one; with ``combo`` 4
    it keeps K♠ K♥ and throws the lone 9♦ that the plain policy keeps."""
    import random

    from okgin.bots.belief import NEIGHBOURS
    from okgin.bots.playout import _best_discard, _combo_discard
    from okgin.cards import VALUES, mask_of, parse_cards
    from okgin.melds import deadwood

    hand = mask_of(parse_cards("Ac2c3c 4h5h6h 7s8s Ks Kh 9d"))
    least, plain, gin = _combo_discard(hand, 0, 4)
    assert (least, plain) == _best_discard(hand, 0)
    assert least == 34 and plain in [int(c) for c in parse_cards("Ks Kh")]
    assert gin == int(parse_cards("9d")[0])  # 35 left, no partner: 35 against 34 + 4
    rng = random.Random(11)
    for i in range(3000):
        cards = rng.sample(range(52), 11)
        h = sum(1 << c for c in cards)
        skip = 1 << cards[0] if i % 2 else 0
        best, want = 1 << 30, -1
        for c in cards:
            if skip >> c & 1:
                continue
            score = deadwood(h ^ 1 << c) + 3 * (NEIGHBOURS[c] & h).bit_count()
            if score < best or (score == best and VALUES[c] > VALUES[want]):
                best, want = score, c
        least, plain, gin = _combo_discard(h, skip, 3)
        assert least == _best_discard(h, skip)[0]
        assert deadwood(h ^ 1 << plain) == least
        score = deadwood(h ^ 1 << gin) + 3 * (NEIGHBOURS[gin] & h).bit_count()
        assert score == best and VALUES[gin] == VALUES[want]


def test_playout_medium_discard_is_mediums_own() -> None:
    """``mimic``'s discard (:func:`_medium_discard`) is the card ``medium`` itself throws
    from the same hand and legal discards: the least deadwood left, then the fewest
    partners, then the highest rank; on hands with sets and runs, a card skipped or not, and
    on hands where it differs from the plain policy's highest card."""
    from okgin.actions import Discard
    from okgin.bots.medium import MediumBot
    from okgin.bots.playout import _best_discard, _medium_discard
    from okgin.cards import CARDS
    from okgin.melds import deadwood

    rng = random.Random(13)
    differs = 0
    for i in range(4000):
        ranks = rng.sample(range(13), 5)
        pool = [13 * s + r for r in ranks for s in range(4)]
        cards = rng.sample(sorted(set(pool) | set(rng.sample(range(52), 10))), 11)
        h = sum(1 << c for c in cards)
        skip = 1 << cards[0] if i % 3 == 0 else 0
        legal = [Discard(CARDS[c]) for c in cards if not skip >> c & 1]
        want = int(MediumBot._best_discard(h, legal).card)
        assert _medium_discard(h, skip) == (deadwood(h ^ 1 << want), want), (cards, skip)
        differs += _best_discard(h, skip)[1] != want
    assert differs > 200  # the tie-break is not the plain policy's on many hands
    assert _medium_discard(1 << 5, 1 << 5) == (1 << 30, -1)


def test_mimic_rollouts_throw_like_medium_for_the_seats_of_the_mask() -> None:
    """``playout``'s ``mimic`` mask: a seat in it throws ``medium``'s discard, a seat not in
    it the plain policy's; ``expert:mimic`` takes 0, 1, 2 or 3 only."""
    from okgin.bots.playout import _best_discard, _medium_discard, playout
    from okgin.melds import deadwood

    rules = Rules.preset("standard")
    rng = random.Random(14)
    seen = 0
    while seen < 20:
        cards = rng.sample(range(52), 22)
        mine = sum(1 << c for c in cards[:11])
        plain, medium = _best_discard(mine, 0)[1], _medium_discard(mine, 0)[1]
        if plain == medium or deadwood(mine ^ 1 << plain) == 0:
            continue
        seen += 1
        thrown = {}
        for mask in (0b01, 0b10):
            h = HandState.from_position(
                rules,
                dealer=1,
                upcard=cards[21],
                hands=[mine, sum(1 << c for c in cards[11:21])],
                pile=[cards[21]],
                stock=[c for c in range(52) if c not in cards],
                phase="play",
                turn=0,
            )
            playout(h, max_steps=1, caps=[(0, 0), (0, 0)], mimic=mask)
            thrown[mask] = h.pile[-1]
        assert thrown == {0b01: medium, 0b10: plain}, cards
    with pytest.raises(BotError, match="mimic must be"):
        ExpertBot(1, mimic=4)


def test_playout_best_discard_is_the_least_deadwood_with_its_tie_break() -> None:
    """The rollouts' discard (its per-suit tables and its shortcut for sets that fit no run)
    is the card a full count picks: the least deadwood left, then the highest card, then the
    lowest card index; on hands full of sets and runs, with up to three cards skipped."""
    from okgin.bots.playout import _best_discard
    from okgin.cards import VALUES, mask_of, parse_cards
    from okgin.melds import deadwood

    rng = random.Random(12)
    kinds: dict[str, int] = {}
    for i in range(6000):
        ranks = rng.sample(range(13), 4)  # few ranks: sets held three and four times
        pool = [13 * s + r for r in ranks for s in range(4)]
        run = 13 * rng.randrange(4) + rng.randrange(10)
        pool += [run, run + 1, run + 2, run + 3]
        cards = rng.sample(sorted(set(pool) | set(rng.sample(range(52), 8))), 11)
        h = sum(1 << c for c in cards)
        skip = sum(1 << c for c in cards[: i % 4])
        legal = [c for c in cards if not skip >> c & 1]
        want = min(legal, key=lambda c: (deadwood(h ^ 1 << c), -VALUES[c], c))
        assert _best_discard(h, skip) == (deadwood(h ^ 1 << want), want), (cards, skip)
        held = [sum(1 for c in cards if c % 13 == r) for r in range(13)]
        kinds["sets"] = kinds.get("sets", 0) + (max(held) >= 3)
    assert kinds["sets"] > 3000  # the sets paths were tried, not only the run-only one
    assert _best_discard(1 << 5, 1 << 5) == (1 << 30, -1)
    # a gin hand with a set of four: with the 9 skipped, a king of the set (the lowest
    # index of the kings that may be thrown), as the full count picks
    gin = mask_of(parse_cards("KcKdKhKs 2c3c4c 5h6h7h 9d"))
    for skip, card in [("", "9d"), ("9d", "Kc"), ("9d Kc", "Kd"), ("9d Kc Kd", "Kh")]:
        mask = mask_of(parse_cards(skip)) if skip else 0
        assert _best_discard(gin, mask) == (0 if not skip else 9, int(parse_cards(card)[0]))


def test_expert_extend_searches_on_only_where_it_would_leave_hards_choice() -> None:
    """``extend`` 4: where the work runs out with the leader not ``hard``'s choice and that
    choice still in the running, the search goes on (up to 4 times the work); elsewhere it
    stops where the default does. The worlds it played first are the default's, so only
    the extended searches can decide otherwise."""
    from okgin.bots.expert import STEPS_PER_SECOND

    work = BUDGET * STEPS_PER_SECOND
    extended = 0
    for _, view in _views(Rules.preset("standard"), 40, 21):
        plain = ExpertBot(5, budget=BUDGET, guard=math.inf)
        longer = ExpertBot(5, budget=BUDGET, guard=math.inf, extend=4)
        a, b = plain.act(view), longer.act(view)
        if not plain.last:
            assert not longer.last and a == b  # nothing searched
            continue
        means = plain.last["means"]
        prior = str(plain.hard.decide(view, Knowledge(view))[0])
        lead = max(means, key=lambda k: means[k])
        grew = longer.last["steps"] > plain.last["steps"]
        wanted = plain.last["steps"] >= work and len(means) > 1 and lead != prior
        assert grew == (wanted and prior in means), (view.phase, means, prior)
        if grew:
            extended += 1
            assert longer.last["steps"] <= 4 * work + 2000
            assert longer.last["worlds"] > plain.last["worlds"]
        else:
            assert (a, longer.last["worlds"]) == (b, plain.last["worlds"])
    assert extended >= 2, extended
    with pytest.raises(BotError, match="extend must be a number of budgets from 1 up"):
        ExpertBot(1, extend=0.5)


def test_expert_belief_settings_reach_its_sampler(monkeypatch: pytest.MonkeyPatch) -> None:
    """``oversample``, ``seen_extra``, ``max_extra`` and ``throw_high`` go to every
    ``sample_worlds`` of the search; unset, the sampler's own defaults hold (nothing is
    passed). (``sharp_early`` 0: the plain belief from the first throw on.)"""
    import okgin.bots.expert as expert_module

    seen: list[dict[str, object]] = []
    real = expert_module.sample_worlds  # type: ignore[attr-defined]

    def spy(know: Knowledge, count: int, rng: random.Random, **kw: object) -> list[World]:
        seen.append(kw)
        return real(know, count, rng, **kw)  # type: ignore[no-any-return]

    monkeypatch.setattr(expert_module, "sample_worlds", spy)
    view = _views(Rules.preset("standard"), 1, 4)[0][1]
    bot = make_bot(
        "expert:oversample=4,seen_extra=1.0,max_extra=10,throw_high=0.2,sharp_early=0",
        2,
        budget=BUDGET,
    )
    bot.act(view)
    plain = ExpertBot(2, budget=BUDGET, sharp_early=0)
    plain.act(view)
    want = {"oversample": 4, "seen_extra": 1.0, "max_extra": 10, "throw_high": 0.2}
    assert seen and all(kw in (want, {}) for kw in seen)
    assert want in seen and {} in seen
    bad_values = [("oversample", 0), ("seen_extra", -1.0), ("max_extra", -1), ("throw_high", 0.0)]
    for key, bad in bad_values:
        with pytest.raises(BotError, match=f"expert option {key} must be"):
            ExpertBot(1, **{key: bad})  # type: ignore[arg-type]


def test_expert_knock_belief_is_used_where_a_knock_is_a_candidate(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The ``knock_`` belief settings go, over the others, to the searches with a knock among
    their candidates; every other search samples with the others alone."""
    import okgin.bots.expert as expert_module

    seen: list[tuple[dict[str, object], bool]] = []
    real = expert_module.sample_worlds  # type: ignore[attr-defined]

    def spy(know: Knowledge, count: int, rng: random.Random, **kw: object) -> list[World]:
        knock = any(isinstance(a, Knock) for a in know.view.legal_actions)
        seen.append((kw, knock))
        return real(know, count, rng, **kw)  # type: ignore[no-any-return]

    monkeypatch.setattr(expert_module, "sample_worlds", spy)
    # ``kind_hand`` and ``sharp_early`` off: their quick belief would stand in for both where
    # the opponent reads quick or has thrown few cards
    spec = "expert:replay=0.5,knock_oversample=3,knock_replay=0.1,kind_hand=inf,sharp_early=0"
    bot = make_bot(spec, 2, budget=BUDGET)
    knocks = 0
    for _, view in _views(Rules.preset("standard"), 80, 5):
        if view.phase != "play":
            continue
        legal_knock = any(isinstance(a, Knock) for a in view.legal_actions)
        before = len(seen)
        bot.act(view)
        searched = seen[before:]
        if not searched:
            continue
        if legal_knock and any(
            isinstance(bot.last["actions"][c], Knock) for c in bot.last["actions"]
        ):
            knocks += 1
            assert all(kw == {"replay": 0.1, "oversample": 3} for kw, _ in searched)
        elif not legal_knock:
            assert all(kw == {"replay": 0.5} for kw, _ in searched)
    assert knocks >= 1
    with pytest.raises(BotError, match="expert option knock_oversample must be"):
        ExpertBot(1, knock_oversample=0)


class _Draws(random.Random):
    """A ``random.Random`` whose ``random()`` gives the values it was made with, in turn."""

    def __init__(self, *values: float) -> None:
        super().__init__(0)
        self.values = list(values)

    def random(self) -> float:
        return self.values.pop(0)


def test_expert_holder_types_the_opponents_of_a_world() -> None:
    """``holder``: an opponent whose hand could have knocked (0 < deadwood ≤ the limit) is
    one who holds out, and that world is kept with the chance ``holder`` only; one whose
    hand could not is a holder with the chance ``holder``, else it knocks at once."""
    from okgin.bots.playout import AT_ONCE
    from okgin.cards import mask_of, parse_cards

    bot = ExpertBot(1, holder=0.5, holder_combo=3)
    low = mask_of(parse_cards("Ac2c3c 4d5d6d 7h8h9h 2s"))  # 2 deadwood
    high = mask_of(parse_cards("Ac2c3c 4d5d6d Kh Qs Jd 9c"))  # 39 deadwood
    for hands, draws, kept, typed in [
        ((0, low), (0.4,), True, True),
        ((0, low), (0.6,), False, None),
        ((0, high), (0.4,), True, True),
        ((0, high), (0.6,), True, False),
    ]:
        caps = [(0, 2), AT_ONCE]
        combos = [0, 0]
        assert bot._type(hands, [1], 8, _Draws(*draws), caps, combos) is kept
        if typed is not None:
            assert (caps[1], combos[1]) == (((0, 2), 3) if typed else (AT_ONCE, 0))
    with pytest.raises(BotError, match="holder must be a share from 0 to 1"):
        ExpertBot(1, holder=1.5)
    assert make_bot("expert:holder=0.5,holder_combo=2").holder_combo == 2  # type: ignore[attr-defined]


def test_expert_holder_searches_on_worlds_it_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """The opponent who has thrown is typed in every world of a search, but not where a
    knock is a candidate and ``holder_knock`` is 0."""
    view = _unforced_knock_view(3)
    know = Knowledge(view)
    assert know.threw[1 - view.seat]  # the opponent has thrown: it is typed
    calls: list[int] = []
    typer = ExpertBot._type

    def counted(self: ExpertBot, *args: object) -> bool:
        calls.append(1)
        return typer(self, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(ExpertBot, "_type", counted)
    bot = ExpertBot(5, budget=BUDGET, holder=1.0)
    prior = bot.hard.decide(view, know)[0]
    cands = bot.candidates(view, know, prior)
    assert any(isinstance(c, Knock) for c in cands)
    assert bot.act(view) in view.legal_actions
    assert bot.last["worlds"] >= 8 and len(calls) >= bot.last["worlds"]
    calls.clear()
    untyped = ExpertBot(5, budget=BUDGET, holder=1.0, holder_knock=0)
    assert untyped.act(view) in view.legal_actions
    assert untyped.last["worlds"] >= 8 and not calls
    # ``holder_play`` 0: no play-phase search is typed, the draws still are
    draws_only = ExpertBot(5, budget=BUDGET, holder=1.0, holder_play=0)
    assert draws_only.act(view) in view.legal_actions
    assert draws_only.last["worlds"] >= 8 and not calls
    draw = _draw_view_after_a_throw(4)
    assert draws_only.act(draw) in draw.legal_actions
    assert draws_only.last["worlds"] >= 8 and len(calls) >= draws_only.last["worlds"]


def _draw_view_after_a_throw(seed: int) -> View:
    """Seat 0's first draw-phase view (medium self-play) with both draws legal, after the
    opponent's first discard of the hand."""
    rules = Rules.preset("standard")
    game = Game(rules, seed=seed)
    bots = [make_bot("medium", 0), make_bot("medium", 1)]
    while True:
        seat = game.hand.current_player
        assert seat is not None
        view = game.view(seat)
        draws = view.phase == "draw" and len(view.legal_actions) == 2
        if seat == 0 and draws and Knowledge(view).threw[1]:
            return view
        game.apply(bots[seat].act(view), seat)


# ---- multiway_scoring (RULES.md §7): the knock is valued by the rule in force -------------
def test_hard_knock_points_follow_multiway_scoring() -> None:
    """RULES.md §12.9: Dk 3 against 15 and 0: pairwise 22 − 23; lowest, the undercut by seat
    2 wipes out the knock: − 38. Against 15 and 9 the knocker wins both ways (38, 28)."""
    from okgin.bots.hard import knock_points

    party = Rules.preset("party", players=3)
    pairwise = party.with_options(multiway_scoring="pairwise")
    assert knock_points(pairwise, 1, 3, [15, 0]) == (-1.0, 1)
    assert knock_points(party, 1, 3, [15, 0]) == (-38.0, 1)
    assert knock_points(pairwise, 1, 3, [15, 9]) == (38.0, 0)
    assert knock_points(party, 1, 3, [15, 9]) == (28.0, 0)
    assert knock_points(party, 2, 3, [15, 0]) == (-76.0, 1)  # the multiplier
    assert knock_points(party, 1, 0, [15, 0]) == (40.0, 0)  # gin: never undercut
    for d in (0, 3, 5, 12):  # two players: both readings alike
        two = Rules.preset("party")
        assert knock_points(two, 1, 3, [d]) == knock_points(
            two.with_options(multiway_scoring="pairwise"), 1, 3, [d]
        )


def _multiway_knock_views(count: int, players: int = 3) -> list[tuple[View, Knock]]:
    """Play-phase views (medium self-play, party) where a knock short of gin is legal, with
    hard's best such knock."""
    from okgin.bots.base import knock_deadwood
    from okgin.bots.hard import best_knock

    rules = Rules.preset("party", players=players, format="single")
    rng = random.Random(11)
    out: list[tuple[View, Knock]] = []
    while len(out) < count:
        game = Game(rules, seed=rng.randrange(10**9))
        bots = [make_bot("medium", s) for s in range(players)]
        hand = game.hand
        while not hand.is_over:
            seat = hand.current_player
            assert seat is not None
            view = game.view(seat)
            if view.phase == "play":
                hand_mask = Knowledge(view).hand
                short = [
                    a
                    for a in view.legal_actions
                    if isinstance(a, Knock) and knock_deadwood(hand_mask, a) > 0
                ]
                if short:
                    out.append((view, best_knock(hand_mask, short, rules)))
                    break
            game.apply(bots[seat].act(view), seat)
    return out


def test_hard_values_a_knock_lower_under_lowest() -> None:
    """Over the same sampled worlds, a knock is worth no more under ``lowest`` than under
    ``pairwise`` (one bonus at most, and one undercut takes everything), strictly less in
    some; so hard knocks under lowest only where it would under pairwise."""
    lower = 0
    for view, knock in _multiway_knock_views(12):
        lowest = view
        pairwise = dataclasses.replace(
            view, rules=view.rules.with_options(multiway_scoring="pairwise")
        )
        bot = HardBot(3)
        ev_l, risk_l = bot.knock_value(lowest, Knowledge(lowest), knock)
        ev_p, risk_p = bot.knock_value(pairwise, Knowledge(pairwise), knock)
        assert risk_l == risk_p
        assert ev_l <= ev_p + 1e-9
        lower += ev_l < ev_p - 1e-9
        if bot.should_knock(lowest, Knowledge(lowest), knock)[0]:
            assert bot.should_knock(pairwise, Knowledge(pairwise), knock)[0]
    assert lower >= 6


def test_expert_rollouts_score_the_knock_by_the_rule_in_force() -> None:
    """The expert's rollouts are hands of the engine under the view's rules: the same world
    and the same knock score as :func:`~okgin.hand.score_hand` says for each reading, and the
    search's value of the knock moves with the option."""
    from okgin.hand import score_hand

    differ = 0
    for view, knock in _multiway_knock_views(6):
        means = {}
        for way in ("lowest", "pairwise"):
            v = dataclasses.replace(view, rules=view.rules.with_options(multiway_scoring=way))
            know = Knowledge(v)
            world = sample_worlds(know, 1, random.Random(5))[0]
            h = world_state(know, world)
            assert h.rules.multiway_scoring == way
            h.apply(knock)
            playout(h)
            r = h.result
            assert r is not None and r.deadwood is not None
            assert (r.result, r.points, r.winner) == score_hand(v.rules, v.seat, r.deadwood)
            bot = ExpertBot(5, budget=BUDGET, guard=math.inf)
            prior = bot.hard.decide(v, know)[0]
            cands = bot.candidates(v, know, prior)
            if knock not in cands:
                cands = [*cands, knock]
            bot.search(v, know, cands, prior, "")
            means[way] = bot.last["means"].get(str(knock))
        differ += means["lowest"] != means["pairwise"]
    assert differ >= 1


def _hard_selfplay_view(game_seed: int, step: int) -> View:
    """The view of the seat to play after ``step`` actions of ``hard`` self-play."""
    game = Game(Rules.preset("standard"), seed=game_seed)
    bots = [HardBot(0), HardBot(1)]
    hand = game.hand
    for _ in range(step):
        seat = hand.current_player
        assert seat is not None
        game.apply(bots[seat].act(game.view(seat)), seat)
    seat = hand.current_player
    assert seat is not None
    return game.view(seat)


def test_expert_read_holdout_changes_play_where_the_opponent_passed_a_knock() -> None:
    """Knock limit 5, ``hard`` self-play (which holds out for gin): the opponent has
    discarded, and in some of the worlds the belief samples its hand would have let it knock
    then. With ``read_holdout`` it holds out for gin in those worlds' rollouts instead of
    knocking at once, and the expert keeps 8♥ (throws 2♥) where it would throw 8♥ to cut its
    deadwood against an opponent about to knock; both decisions legal and repeatable."""
    from okgin.melds import deadwood

    view = _hard_selfplay_view(109, 47)
    assert view.phase == "play" and view.knock_limit == 5
    know = Knowledge(view)
    opp = 1 - view.own_seat
    assert know.threw[opp]
    worlds = sample_worlds(know, 64, random.Random(1))
    assert any(0 < deadwood(w.hands[opp]) <= view.knock_limit for w in worlds)
    # ``safe_slack`` 2 (the default before the twenty-sixth session): the case was found there
    plain = ExpertBot(5, budget=0.05, guard=math.inf, safe_slack=2)
    read = ExpertBot(5, budget=0.05, guard=math.inf, read_holdout=1, safe_slack=2)
    a_plain, a_read = plain.act(view), read.act(view)
    assert str(a_plain) == "discard 8h" and str(a_read) == "discard 2h"
    assert a_plain in view.legal_actions and a_read in view.legal_actions
    # the read raises the value of keeping the hand for gin against a waiting opponent
    assert read.last["means"]["discard 8h"] > plain.last["means"]["discard 8h"]
    again = ExpertBot(5, budget=0.05, guard=math.inf, read_holdout=1, safe_slack=2)
    assert again.act(view) == a_read
    assert again.last == {**read.last, "seconds": again.last["seconds"]}


def test_expert_read_holdout_reads_only_what_the_opponent_showed() -> None:
    """Before the opponent has discarded in the hand there is nothing to read: the same
    decision, the same values; the option takes 0 or 1 only, also by name."""
    view = _hard_selfplay_view(109, 1)
    know = Knowledge(view)
    assert not know.threw[1 - view.own_seat]
    plain = ExpertBot(5, budget=BUDGET, guard=math.inf)
    read = ExpertBot(5, budget=BUDGET, guard=math.inf, read_holdout=1)
    assert plain.act(view) == read.act(view)
    assert plain.last.get("means") == read.last.get("means")
    bot = make_bot("expert:read_holdout=1,guard=inf", 3)
    assert isinstance(bot, ExpertBot) and bot.read_holdout == 1
    with pytest.raises(ValueError, match="read_holdout must be 0 or 1"):
        ExpertBot(1, read_holdout=2)


@pytest.mark.parametrize(
    "rules",
    [Rules.preset("standard"), Rules.preset("party", players=3)],
    ids=["standard", "party3"],
)
def test_expert_read_holdout_plays_legally_from_the_view_alone(rules: Rules) -> None:
    """A whole hand against ``hard`` with every action legal, and the same decision from a
    view whose hidden cards were dealt differently."""
    n = rules.players
    game = Game(rules, seed=17)
    bots = [
        ExpertBot(3, budget=BUDGET, guard=math.inf, read_holdout=1) if s == 0 else HardBot(s)
        for s in range(n)
    ]
    hand = game.hand
    while not hand.is_over:
        seat = hand.current_player
        assert seat is not None
        view = game.view(seat)
        action = bots[seat].act(view)
        if seat == 0 and not isinstance(action, Knock):
            assert action in view.legal_actions
        game.apply(action, seat)
    rng = random.Random(f"read-{n}")
    checked = 0
    for g, view in _views(rules, 6, 23):
        other = _other_hidden(g, view.seat, rng)
        if other is None:
            continue
        v2 = other.view(view.seat)
        assert v2 == view
        a1 = ExpertBot(7, budget=BUDGET, guard=math.inf, read_holdout=1).act(view)
        a2 = ExpertBot(7, budget=BUDGET, guard=math.inf, read_holdout=1).act(v2)
        assert a1 == a2
        checked += 1
    assert checked >= 3


def test_hard_plays_its_multiplayer_parameters_with_three_or_four_players() -> None:
    """With 3-4 players hard uses :data:`~okgin.bots.hard.MULTI` (tuned under party with 3
    players, where holding out for gin loses the race to the others' knocks): it makes
    knocks short of gin that its two-player parameters (``multi`` 0) refuse, holding out,
    and its discards weigh the chance to knock after the next draw. With two players
    ``multi`` changes nothing, and a parameter given wins in both sets."""
    from okgin.bots.hard import MULTI

    bot, two_player = HardBot(3), HardBot(3, {"multi": 0})
    for players in (3, 4):
        rules = Rules.preset("party", players=players)
        assert bot.params_for(rules) == {**DEFAULTS, **MULTI}
        assert two_player.params_for(rules) == {**DEFAULTS, "multi": 0}
    assert bot.params_for(Rules.preset("party")) == DEFAULTS
    given = HardBot(3, {"gin_limit": 10}).params_for(Rules.preset("party", players=3))
    assert given["gin_limit"] == 10
    knocks = refused = 0
    for view, _ in _multiway_knock_views(12):
        action = bot.decide(view)[0]
        old, old_why = two_player.decide(view)
        knocks += isinstance(action, Knock)
        if isinstance(action, Knock) and not isinstance(old, Knock):
            refused += 1
            assert "holds out for gin" in old_why, old_why
    assert knocks >= 6 and refused >= 6
    # and it discards towards a knock (``reach``) where the plain score would not
    plays = [v for _, v in _views(Rules.preset("party", players=3), 40, 5) if v.phase == "play"]
    no_reach = HardBot(3, {"reach": 0.0})
    assert plays and any(bot.decide(v)[0] != no_reach.decide(v)[0] for v in plays)
    # two players: the same decisions with or without the multiplayer set
    views = [v for _, v in _views(Rules.preset("party"), 60, 4)]
    assert views
    for view in views:
        assert bot.decide(view) == two_player.decide(view)


def test_expert_prior_races_for_gin_with_two_players_only() -> None:
    """The expert's prior is ``hard`` with :data:`PRIOR` over its two-player parameters;
    ``prior_P`` (and ``race``, its older spelling) set one, the 3-4 player set is
    ``hard``'s own, and bad values are one line each."""
    from okgin.bots.expert import PRIOR
    from okgin.bots.hard import MULTI

    bot = make_bot("expert")
    assert isinstance(bot, ExpertBot)
    assert PRIOR["race"] > 0 and PRIOR["outs"] > 0 and PRIOR["race_read"] > 0
    assert bot.hard.params == {**DEFAULTS, **PRIOR}
    assert bot.hard.multi_params == {**DEFAULTS, **MULTI}
    assert DEFAULTS["race"] == DEFAULTS["outs"] == DEFAULTS["race_read"] == 0  # as tuned
    # the prior takes the upcard for a larger lead than ``hard``; it weighs feeding as ``hard``
    assert PRIOR["take_margin"] > DEFAULTS["take_margin"] and "beta" not in PRIOR
    # it reads the race off after a throw worth more than 6 (4 before the forty-ninth session)
    assert PRIOR["race_read"] == 6
    for spec, margin, beta in (
        ("expert:prior_race_read=4", 0.75, DEFAULTS["beta"]),  # forty-seventh session's
        ("expert:prior_take_margin=0.5,prior_beta=0.5,prior_race_read=4", 0.5, 0.5),  # 46th
        ("expert:prior_take_margin=0.25,prior_race_read=4", 0.25, DEFAULTS["beta"]),  # before
    ):
        before = make_bot(spec)
        assert isinstance(before, ExpertBot)
        assert before.hard.params == {
            **DEFAULTS,
            **PRIOR,
            "take_margin": margin,
            "beta": beta,
            "race_read": 4,
        }
    for spec, race, outs in (
        ("expert:race=3", 3.0, PRIOR["outs"]),
        ("expert:prior_race=2,prior_outs=0", 2.0, 0.0),
        ("expert:race=0", 0.0, PRIOR["outs"]),
    ):
        other = make_bot(spec)
        assert isinstance(other, ExpertBot)
        assert (other.hard.params["race"], other.hard.params["outs"]) == (race, outs), spec
    tuned = make_bot("expert:prior_tau0=-3")
    assert isinstance(tuned, ExpertBot) and tuned.hard.params["tau0"] == -3.0
    # the prior decides as ``hard`` with those parameters (two players), as ``hard`` (three)
    racer, plain = HardBot(1, PRIOR), HardBot(1)
    prior = ExpertBot(1).hard
    two = [v for _, v in _views(Rules.preset("standard"), 30, 33) if v.phase == "play"]
    three = [v for _, v in _views(Rules.preset("party", players=3), 30, 33) if v.phase == "play"]
    assert two and three
    assert all(prior.decide(v) == racer.decide(v) for v in two)
    assert any(prior.decide(v)[0] != plain.decide(v)[0] for v in two)
    assert all(prior.decide(v) == plain.decide(v) for v in three)
    for spec, message in (
        ("expert:race=-1", "race must be a weight of 0 or more"),
        ("expert:prior_outs=-2", "prior_outs must be a weight of 0 or more"),
        ("expert:prior_alpha=inf", "prior_alpha must be a number"),
    ):
        with pytest.raises(BotError, match=message):
            make_bot(spec)
    with pytest.raises(BotError, match="must be a hard parameter"):
        ExpertBot(1, prior={"alfa": 1.0})


def _with_past(view: View, *results: HandResult) -> View:
    """``view`` as if ``results`` were the earlier hands of its game."""
    return dataclasses.replace(view, past_results=results, hand_number=len(results) + 1)


def _ended(result: str, knocker: int | None, points: tuple[int, int], mult: int = 1) -> HandResult:
    winner = 0 if points[0] > points[1] else 1
    return HandResult(result, knocker, 10, mult, (3, 20), points, winner)


def test_quick_knocker_reads_a_knock_short_of_gin_in_a_calm_hand() -> None:
    """The opponent knocked with deadwood (a knock or an undercut) in an earlier hand that
    began with every total plus a gin's bonus at its multiplier below the target: a gin, a
    knock of this seat's, a pressed hand, 3-4 players or a single-hand game read nothing."""
    from okgin.bots.belief import quick_knocker

    (_, view), *_ = _views(Rules.preset("standard"), 1, 71)
    me, other = view.own_seat, 1 - view.own_seat
    pts = [0, 0]
    pts[other] = 17
    won = (pts[0], pts[1])
    assert not quick_knocker(view)  # the game's first hand
    assert quick_knocker(_with_past(view, _ended("knock", other, won)))
    assert quick_knocker(_with_past(view, _ended("undercut", other, won[::-1])))
    assert not quick_knocker(_with_past(view, _ended("gin", other, won)))
    assert not quick_knocker(_with_past(view, _ended("knock", me, won[::-1])))
    assert not quick_knocker(_with_past(view, _ended("dead", None, (0, 0))))
    # pressed: before the second hand the opponent holds 80, and 80 + 25 reaches 100
    lead = [0, 0]
    lead[other] = 80
    first = _ended("gin", other, (lead[0], lead[1]))
    assert not quick_knocker(_with_past(view, first, _ended("knock", other, won)))
    # ... and a doubled hand at 50 is pressed too (50 + 2 × 25), one at 49 is calm
    for before, calm in ((50, False), (49, True)):
        lead[other] = before
        first = _ended("gin", other, (lead[0], lead[1]))
        second = _ended("knock", other, won, mult=2)
        assert quick_knocker(_with_past(view, first, second)) is calm
    # a calm knock read once stays read, whatever follows
    late = _ended("knock", other, (lead[0], lead[1]))
    assert quick_knocker(_with_past(view, _ended("knock", other, won), late))
    (_, three), *_ = _views(Rules.preset("party", players=3), 1, 72)
    assert not quick_knocker(_with_past(three, _ended3((three.own_seat + 1) % 3)))
    single = dataclasses.replace(
        view, rules=Rules.from_dict({"preset": "standard", "format": "single"})
    )
    assert not quick_knocker(_with_past(single, _ended("knock", other, won)))


def _ended3(knocker: int) -> HandResult:
    points = [0, 0, 0]
    points[knocker] = 12
    return HandResult("knock", knocker, 10, 1, (3, 20, 20), tuple(points), knocker)


def test_expert_kind_read_draws_the_quick_belief_against_a_quick_knocker() -> None:
    """Once the opponent has knocked short of gin in a calm earlier hand, the default expert
    plays as ``kind_read=0`` with :data:`QUICK_BELIEF` spelled out; before that (and with
    ``kind_read`` 0) as the expert without the read. (``sharp_early`` 0 in all three: with it
    every search before the opponent's seventh throw is the sharp belief's, read or not.)"""
    from okgin.bots.expert import QUICK_BELIEF

    spelled = ",".join(f"{k}={v:g}" for k, v in QUICK_BELIEF.items())
    assert spelled == "replay=0.02,oversample=8"
    # no wall-clock guard: the sharper belief is slower, and a cut search would differ
    default = ExpertBot(5, budget=BUDGET, guard=math.inf, sharp_early=0)
    plain = ExpertBot(5, budget=BUDGET, guard=math.inf, kind_read=0, sharp_early=0)
    spelled_out = make_bot(
        f"expert:guard=inf,kind_read=0,sharp_early=0,{spelled}", 5, budget=BUDGET
    )
    views = [
        v
        for _, v in _views(Rules.preset("standard"), 30, 73)
        if v.phase in ("draw", "play") and len(v.legal_actions) > 1
    ]
    assert views
    differ = 0
    for view in views:
        other = 1 - view.own_seat
        pts = [0, 0]
        pts[other] = 15
        read = _with_past(view, _ended("knock", other, (pts[0], pts[1])))
        unread = _with_past(view, _ended("gin", other, (pts[0], pts[1])))
        assert default.act(view) == plain.act(view)
        assert default.act(unread) == plain.act(unread)
        mine = default.act(read)
        assert mine == spelled_out.act(read)
        differ += mine != plain.act(read)
        if differ:
            break
    assert differ  # the read changes some decision
    assert ExpertBot(5, oversample=2).belief_quick == {"replay": 0.02, "oversample": 2}
    with pytest.raises(BotError, match="kind_read must be 0 or 1"):
        make_bot("expert:kind_read=2")


def _read_and_unread() -> list[tuple[View, View, View, Knowledge, float | None]]:
    """Two views of seed 74 (before the opponent's first throw, after its third), each as
    (view, read, unread, knowledge of unread, odds): ``read`` after an earlier hand the
    opponent won by a calm knock (``kind_read`` reads it quick), ``unread`` after one it won
    by gin; the odds are this hand's ``kind_evidence`` of the quick kind (None before a
    throw)."""
    from okgin.bots.belief import decision_rng, kind_evidence

    views = [v for _, v in _views(Rules.preset("standard"), 40, 74)]
    thrown = [Knowledge(v).threw[1 - v.own_seat].bit_count() for v in views]
    first = next(v for v, n in zip(views, thrown, strict=True) if n == 0)
    later = next(v for v, n in zip(views, thrown, strict=True) if n >= 3)
    cases: list[tuple[View, View, View, Knowledge, float | None]] = []
    for view in (first, later):
        other = 1 - view.own_seat
        pts = [0, 0]
        pts[other] = 15
        read = _with_past(view, _ended("knock", other, (pts[0], pts[1])))
        unread = _with_past(view, _ended("gin", other, (pts[0], pts[1])))
        know = Knowledge(unread)
        odds = None
        if view is later:
            odds = kind_evidence(know, other, decision_rng(1, unread, "kind"))
        cases.append((view, read, unread, know, odds))
    return cases


def test_expert_combo_read_gives_its_own_combo_only_against_a_holder() -> None:
    """``combo_read`` L, the mirror of ``mimic_read``: the bot's own rollout seat throws as a
    gin seeker (``combo`` K) only while the opponent does not read as a quick knocker: no
    calm knock short of gin in an earlier hand and this hand's log odds of the quick kind
    below L, or no throw yet. inf (the default) gives K whatever the read; ``combo`` 0 is
    0 whatever L; an L that is not a number is refused."""
    for _view, read, unread, know, odds in _read_and_unread():
        for bot, on_read, on_unread in (
            (ExpertBot(1), 0, 0),
            (ExpertBot(1, combo_read=-1e9), 0, 0),
            (ExpertBot(1, combo=2), 2, 2),
            (ExpertBot(1, combo=2, combo_read=1e9), 0, 2),
            (ExpertBot(1, combo=3, combo_read=-1e9), 0, 0 if odds is not None else 3),
        ):
            assert bot.own_combo(read, Knowledge(read)) == on_read
            assert bot.own_combo(unread, know) == on_unread
        if odds is not None:
            # the threshold is the odds' own: off at it, on just above it
            assert ExpertBot(1, combo=2, combo_read=odds).own_combo(unread, know) == 0
            above = ExpertBot(1, combo=2, combo_read=odds + 1e-9)
            assert above.own_combo(unread, know) == 2
            assert above.own_combo(read, Knowledge(read)) == 0  # the earlier hand's read
    with pytest.raises(BotError, match="combo_read must be"):
        ExpertBot(1, combo=2, combo_read=math.nan)
    assert make_bot("expert:combo=2,combo_read=1").combo_read == 1  # type: ignore[attr-defined]


def test_expert_mimic_read_gives_the_mask_only_against_a_quick_knocker() -> None:
    """``mimic_read`` L: ``mimic``'s mask only while the opponent reads as a quick knocker,
    from a calm knock short of gin in an earlier hand or from this hand's log odds of the
    quick kind (``kind_evidence``, read with ``kind_hand`` off) L or more; 0 before its
    first throw. −inf (the default) gives the mask whatever the read; 3-4 players never
    read quick. ``mimic=3``'s mask is the bot's own seat alone; unset (the default) it is
    ``mimic=2``'s with two players and none with three."""
    for view, read, unread, know, odds in _read_and_unread():
        opponents, every = 1 << (1 - view.own_seat), 0b11
        for bot, on_read, on_unread in (
            (ExpertBot(1, mimic=0), 0, 0),
            (ExpertBot(1), every, every),  # unset: 2 with two players
            (ExpertBot(1, mimic=1), opponents, opponents),
            (ExpertBot(1, mimic=2, mimic_read=-1e9), every, every if odds is not None else 0),
            (ExpertBot(1, mimic=1, mimic_read=1e9), opponents, 0),
            (ExpertBot(1, mimic=3), 1 << view.own_seat, 1 << view.own_seat),
            (ExpertBot(1, mimic=3, mimic_read=1e9), 1 << view.own_seat, 0),
        ):
            assert bot.mimic_mask(read, Knowledge(read)) == on_read
            assert bot.mimic_mask(unread, know) == on_unread
        if odds is not None:
            # the threshold is the odds' own: on at it, off just above it
            assert ExpertBot(1, mimic=2, mimic_read=odds).mimic_mask(unread, know) == every
            above = ExpertBot(1, mimic=2, mimic_read=odds + 1e-9)
            assert above.mimic_mask(unread, know) == 0
            assert above.mimic_mask(read, Knowledge(read)) == every  # the earlier hand's read
    (_, three), *_ = _views(Rules.preset("party", players=3), 1, 75)
    past = _with_past(three, _ended3((three.own_seat + 1) % 3))
    assert ExpertBot(1, mimic=2, mimic_read=-1e9).mimic_mask(past, Knowledge(past)) == 0
    assert ExpertBot(1, mimic=2).mimic_mask(past, Knowledge(past)) == 0b111
    assert ExpertBot(1, mimic=3).mimic_mask(past, Knowledge(past)) == 1 << three.own_seat
    assert ExpertBot(1).mimic_mask(past, Knowledge(past)) == 0  # unset: off with 3-4 players
    with pytest.raises(BotError, match="mimic_read must be a number"):
        make_bot("expert:mimic=2,mimic_read=nan")
    with pytest.raises(BotError, match="mimic_read must be a log odds"):
        ExpertBot(1, mimic=2, mimic_read=math.nan)


def test_expert_hedge_takes_the_sharp_beliefs_choice_only_within_its_price() -> None:
    """``hedge`` E: the plain search is the default's (same worlds, same means); the
    candidates are searched again in the sharp belief's worlds, and where that search's best
    is another candidate the plain search kept and rates at most E below the default's
    choice, it is taken; elsewhere the default's choice stands. Off (inf) by default.
    (``guard`` inf: the searches end by their work count, never by the clock, so a loaded
    machine cannot cut the two runs' sharp searches at different points; ``sharp_early`` 0:
    with it the first search is the sharp belief's early in a hand, and there is no hedge.)"""
    assert ExpertBot(5).hedge == math.inf
    with pytest.raises(BotError, match="hedge"):
        ExpertBot(5, hedge=-1.0)
    cheap = dear = kept = 0
    for _, view in _medium_views(random.Random(12), (0, 1)):
        if view.phase not in ("draw", "play") or len(view.legal_actions) < 2:
            continue
        plain = ExpertBot(5, budget=BUDGET, guard=math.inf, sharp_early=0)
        base = plain.act(view)
        if "means" not in plain.last:
            continue  # no search (a gin, or one candidate): nothing to hedge
        means = plain.last["means"]
        chosen = {}
        for price in (0.5, 1e9):
            hedged = ExpertBot(5, budget=BUDGET, hedge=price, guard=math.inf, sharp_early=0)
            chosen[price] = hedged.act(view)
            assert hedged.last["means"] == means
            sharp = hedged.last["hedge"]
        top = max(sharp, key=lambda a: sharp[a])
        if top == str(base) or top not in means:  # the same choice, or dropped as worse
            assert chosen[0.5] == chosen[1e9] == base
            kept += 1
            continue
        cost = means[str(base)] - means[top]
        assert str(chosen[1e9]) == top
        if cost <= 0.5:
            assert chosen[0.5] == chosen[1e9]
            cheap += 1
        else:
            assert chosen[0.5] == base
            dear += 1
        hedged = ExpertBot(5, budget=BUDGET, hedge=1e9, guard=math.inf, sharp_early=0)
        assert "knocks as soon as it may" in hedged.explain_details(view, chosen[1e9])[0]
        if cheap and dear and kept >= 3:
            break
    assert cheap and dear and kept >= 3


def test_safe_read_masks_the_cards_the_seat_can_see_would_feed() -> None:
    """``safe_read`` R: the rollouts' safe discards judge feeding by the cards whose chance
    of melding with the next seat's hand, as this seat reads it (``feed_risk``), is R or more:
    the mask holds exactly those, grows as R falls, holds a card next to the 7h seat 1 took;
    0 (the default), ``safe_slack`` off or three players reads the world's hand (-1)."""
    from okgin.cards import parse_cards

    view = _throws_view()
    know = Knowledge(view)
    probs = know.card_probs(1)
    risk = {c: know.feed_risk(c, probs) for c in range(52) if probs[c] < 1.0}
    masks = {}
    for r in (0.2, 0.3, 0.5):
        mask = ExpertBot(1, safe_read=r).danger(view, know)
        assert mask == sum(1 << c for c, v in risk.items() if v >= r), r
        masks[r] = mask
    assert masks[0.5] & ~masks[0.3] == 0 and masks[0.3] & ~masks[0.2] == 0
    assert masks[0.5] != masks[0.2]
    near = [int(c) for c in parse_cards("6h 7s 7d")]
    assert any(masks[0.3] >> c & 1 for c in near)
    assert ExpertBot(1).danger(view, know) == -1
    assert ExpertBot(1, safe_read=0.3, safe_slack=-1).danger(view, know) == -1
    three = _multiway_knock_views(1)[0][0]  # three players: the world's hand, as before
    assert ExpertBot(1, safe_read=0.3).danger(three, Knowledge(three)) == -1
    with pytest.raises(BotError, match="safe_read must be"):
        ExpertBot(1, safe_read=1.5)
