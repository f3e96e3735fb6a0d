"""The arena: duplicate seating, determinism, the JSON report, --jobs, Ray, the statistics,
and the openspiel-simple adapter against OpenSpiel's own engine."""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from okgin.actions import TAKE, Action, Knock
from okgin.arena import run_arena
from okgin.arena.play import ArenaSpec, Chunk, play_deal, run_chunk
from okgin.arena.stats import (
    HandTable,
    bootstrap_ci,
    bradley_terry,
    bucket,
    normal_ci,
    ratio_ci,
    ratio_diff_ci,
    simulate_games,
    wilson,
)
from okgin.cli import main
from okgin.game import Game
from okgin.record import replay
from okgin.rules import Rules
from okgin.views import View

pyspiel = pytest.importorskip("pyspiel")


def spec_for(bots: tuple[str, ...], rules: Rules, seed: int = 3, save: bool = False) -> ArenaSpec:
    return ArenaSpec(rules=rules.to_dict(), bots=bots, pairings=((0, 1),), seed=seed, save=save)


# ---- duplicate deals --------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_deal_is_played_once_per_seating(players: int) -> None:
    rules = Rules.preset("party", players=players)
    spec = spec_for(("medium", "easy"), rules, save=True)
    res = run_chunk(spec, Chunk("hands", 0, 0, 3))
    assert len(res.hands) == 3 * players
    for deal in range(3):
        rows = [r for r in res.hands if r.deal == deal]
        assert sorted(r.rotation for r in rows) == list(range(players))
        assert len({r.dealer for r in rows}) == 1
        docs = [doc for name, doc in res.records if f"deal{deal:06d}" in name]
        assert len(docs) == players
        assert len({tuple(doc["hands"][0]["deck"]) for doc in docs}) == 1  # the same deck
        for r, doc in zip(sorted(rows, key=lambda r: r.rotation), docs):
            names = doc["players"]
            assert names[r.rotation] == "medium"  # the hero sits at seat `rotation`
            assert names.count("medium") == 1 and names.count("easy") == players - 1
            assert replay(doc).hand.result.points == r.points


def test_hand_rows_and_result_counts_follow_multiway_scoring() -> None:
    """RULES.md §7: the arena's rows (and so its counts by result) take the core's result
    under the option in force. The same deals (medium and easy play alike under both):
    under ``lowest`` only the hand's winner scores and an undercut defender wins the hand;
    under ``pairwise`` those hands pay both the knocker and the undercutter."""
    rows = {}
    for way in ("lowest", "pairwise"):
        rules = Rules.preset("party", players=3, hand_size=5, multiway_scoring=way)
        res = run_chunk(spec_for(("medium", "easy"), rules, seed=8), Chunk("hands", 0, 0, 12))
        rows[way] = res.hands
    lowest, pairwise = rows["lowest"], rows["pairwise"]
    assert [r.deal for r in lowest] == [r.deal for r in pairwise]
    changed = 0
    for lo, pw in zip(lowest, pairwise, strict=True):
        scorers = [s for s, p in enumerate(lo.points) if p]
        assert scorers in ([], [lo.winner])
        if lo.result == "undercut":
            changed += 1
            assert pw.result in ("knock", "undercut")
            assert sum(1 for p in pw.points if p) == 2
        else:
            assert pw.result == lo.result
    assert changed >= 3
    assert sum(r.result == "undercut" for r in pairwise) < changed


def test_a_bot_against_itself_scores_exactly_zero_per_pair() -> None:
    # same deck and dealer in both seatings, deterministic bots: the luck cancels exactly
    report = run_arena(["medium", "medium"], {"preset": "standard"}, pairs=30, progress=False)
    p = report["pairings"][0]
    assert p["points_per_hand"] == 0 and p["ci95"] == [0, 0]
    assert p["hero_points_per_hand"] > 0
    assert p["game_win_rate"] == pytest.approx(0.5, abs=0.03)


# ---- determinism, JSON, jobs ------------------------------------------------------------------


def test_same_seed_same_numbers_and_jobs_do_not_change_them() -> None:
    kw = {"pairs": 40, "seed": 5, "games": 3, "progress": False}
    a = run_arena(["medium", "easy", "random"], {"preset": "classic"}, **kw)  # type: ignore[arg-type]
    b = run_arena(["medium", "easy", "random"], {"preset": "classic"}, jobs=2, **kw)  # type: ignore[arg-type]
    assert a == b
    c = run_arena(["medium", "easy", "random"], {"preset": "classic"}, **{**kw, "seed": 6})  # type: ignore[arg-type]
    assert c["pairings"][0]["points_per_hand"] != a["pairings"][0]["points_per_hand"]
    rr = a["round_robin"]
    assert len(a["pairings"]) == 3 and rr["bots"] == ["medium", "easy", "random"]
    ratings = rr["bradley_terry"]["ratings"]
    assert ratings["random"] < min(ratings["medium"], ratings["easy"])
    assert rr["points_per_hand"][1][0] == -rr["points_per_hand"][0][1]


def test_cli_json_shape_and_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        ["arena", "medium", "easy", "--rules", "standard", "--pairs", "25", "--seed", "2",
         "--jobs", "1", "--json", "--quiet", "--games", "2", "--save", str(tmp_path)]
    )  # fmt: skip
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    (p,) = report["pairings"]
    assert p["bots"] == ["medium", "easy"] and p["pairs"] == 25
    lo, hi = p["ci95"]
    assert lo <= p["points_per_hand"] <= hi
    glo, ghi = p["game_win_ci95"]
    assert 0 <= glo <= p["game_win_rate"] <= ghi <= 1
    assert set(p["by_knock_limit"]) == {"A", "2-4", "5-7", "8-10"}
    assert sum(s["pairs"] for s in p["by_knock_limit"].values()) == 25
    assert sum(s["pairs"] for s in p["by_doubled"].values()) == 25
    g = p["games"]
    assert g["games"] == 4 and g["wins"] + g["losses"] + g["ties"] == 4
    assert g["wilson95"][0] <= g["win_rate"] <= g["wilson95"][1]
    files = sorted(tmp_path.rglob("*.json"))
    assert len(files) == 25 * 2 + 2 * 2
    for f in files[:5] + files[-4:]:
        game = replay(json.loads(f.read_text()))
        assert game.hands[0].is_over
    whole = [f for f in files if f.name.startswith("game")]
    assert all(replay(json.loads(f.read_text())).is_over for f in whole)
    # the points a hand within the games: the hands' points (the game's totals, not its final
    # score with the end's bonuses) over the hands, the hero at the seat its record names
    diff = hands = 0
    for f in whole:
        seat = int(f.stem.rpartition("seat")[2])
        game = replay(json.loads(f.read_text()))
        totals = game.score.totals
        diff += totals[seat] - totals[1 - seat]
        hands += len(game.hands)
    assert g["points_per_hand"] == pytest.approx(diff / hands, abs=1e-3)
    assert g["hands_per_game"] == pytest.approx(hands / 4, abs=0.01)
    glo, ghi = g["points_per_hand_ci95"]
    assert glo <= g["points_per_hand"] <= ghi


def test_cli_refuses_bad_input_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "medium", "nobody", "--pairs", "2", "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert "unknown bot 'nobody'" in err and "\n" not in err
    assert main(["arena", "medium", "easy", "--pairs", "0", "--quiet"]) == 2
    assert "--pairs" in capsys.readouterr().err
    args = ["arena", "medium", "openspiel-simple", "--rules", "standard", "--players", "3"]
    assert main([*args, "--pairs", "2", "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert "openspiel-simple cannot play these rules" in err and "\n" not in err


def test_budget_reaches_the_searching_bots_and_is_checked(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from okgin.arena.play import ArenaSpec, seat_bots
    from okgin.bots.expert import ExpertBot

    spec = ArenaSpec({"preset": "standard"}, ("expert", "medium"), ((0, 1),), 3, budget=0.01)
    hero, other = seat_bots(spec, 0, 0, "hands", 0)
    assert isinstance(hero, ExpertBot) and hero.budget == 0.01
    assert other.name == "medium"
    report = run_arena(["expert", "easy"], {"preset": "standard"}, pairs=1, budget=0.01,
                       progress=False)  # fmt: skip
    assert report["budget"] == 0.01 and report["pairings"][0]["pairs"] == 1
    for bad in ("-1", "0", "nan"):
        assert main(["arena", "expert", "easy", "--pairs", "1", "--budget", bad, "--quiet"]) == 2
        err = capsys.readouterr().err.strip()
        assert err.startswith("okgin arena: --budget must be more than 0 and at most 60 seconds")
        assert "\n" not in err
    # checked whatever the bots: a budget no bot uses is refused too, not ignored
    assert main(["arena", "medium", "easy", "--pairs", "1", "--budget", "-1", "--quiet"]) == 2
    assert capsys.readouterr().err.startswith("okgin arena: --budget must be more than 0")


def test_bot_options_reach_the_workers_with_the_same_chances(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``expert:defence=1.6`` is the default expert under another name: the same numbers
    (seeded by the name without options), with --jobs 2 too; a different option is seen.
    ``guard=inf`` on both: a decision cut by the wall-clock guard depends on the load."""
    from okgin.arena.play import ArenaSpec, seat_bots
    from okgin.bots.expert import ExpertBot

    spec = ArenaSpec({"preset": "standard"}, ("expert:defence=1.0,at_once=0.5", "hard:alpha=0.5"),
                     ((0, 1),), 3, budget=0.01)  # fmt: skip
    hero, other = seat_bots(spec, 0, 0, "hands", 0)
    assert isinstance(hero, ExpertBot) and hero.budget == 0.01
    assert (hero.defence, hero.at_once) == (1.0, 0.5)
    assert other.params["alpha"] == 0.5  # type: ignore[attr-defined]
    base = ArenaSpec({"preset": "standard"}, ("expert", "hard"), ((0, 1),), 3)
    assert [b.seed for b in seat_bots(base, 0, 0, "hands", 0)] == [hero.seed, other.seed]  # type: ignore[attr-defined]
    kw = {"pairs": 2, "seed": 5, "budget": 0.01, "progress": False}
    plain = run_arena(["expert:guard=inf", "easy"], {"preset": "standard"}, **kw)  # type: ignore[arg-type]
    same = run_arena(["expert:guard=inf,defence=1.6", "easy"], {"preset": "standard"}, jobs=2, **kw)  # type: ignore[arg-type]
    key = ("points_per_hand", "ci95", "game_win_rate")
    assert [plain["pairings"][0][k] for k in key] == [same["pairings"][0][k] for k in key]
    assert same["pairings"][0]["bots"] == ["expert:guard=inf,defence=1.6", "easy"]
    for bad, says in [
        ("expert:defence", "is not KEY=VALUE"),
        ("expert:speed=2", "'speed=2' is not KEY=VALUE with KEY an option of expert"),
        ("expert:at_once=2", "expert option at_once must be a share from 0 to 1, not 2.0"),
        ("expert:guard=0", "guard must be a positive number of budgets (inf: none), not 0.0"),
        ("expert:discards=two", "discards must be an integer, not 'two'"),
        ("expert:switch=nan", "switch must be a number, not 'nan'"),
        ("expert:switch=1,switch=2", "switch is given twice"),
        ("medium:x=1", "medium takes no options"),
        ("wizard:x=1", "unknown bot 'wizard'"),
        ("hard:gamma=1", "not KEY=VALUE with KEY an option of hard"),
    ]:
        assert main(["arena", bad, "easy", "--pairs", "1", "--quiet"]) == 2, bad
        err = capsys.readouterr().err.strip()
        assert err.startswith("okgin arena: ") and says in err and "\n" not in err, (bad, err)


@pytest.mark.slow
def test_small_arena_on_a_local_ray_instance() -> None:
    kw = {"pairs": 12, "seed": 9, "progress": False}
    local = run_arena(["medium", "easy"], {"preset": "party"}, **kw)  # type: ignore[arg-type]
    on_ray = run_arena(["medium", "easy"], {"preset": "party"}, ray="local", jobs=2, **kw)  # type: ignore[arg-type]
    assert on_ray == local


# ---- statistics ---------------------------------------------------------------------------------


def test_wilson_and_bootstrap() -> None:
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    assert wilson(0, 20)[0] == 0 and wilson(20, 20)[1] == 1
    rng = np.random.default_rng(1)
    x = rng.normal(2.0, 10.0, size=2000)
    lo, hi = bootstrap_ci(x, rng)
    se = 10 / math.sqrt(2000)
    assert lo < x.mean() < hi
    assert hi - lo == pytest.approx(2 * 1.96 * se, rel=0.15)


def test_ratio_diff_ci_pairs_two_runs_on_the_same_units() -> None:
    """B's ratio less A's, the units resampled together: a shared noise cancels, so the
    paired interval is narrower than either run's own; a run against itself differs by 0."""
    rng = np.random.default_rng(2)
    den = rng.integers(4, 8, size=400).astype(float)
    shared = rng.normal(7.0, 20.0, size=400) * den  # each unit's luck, in both runs
    a = shared + rng.normal(0.0, 2.0, size=400) * den
    b = shared + rng.normal(1.0, 2.0, size=400) * den
    lo, hi = ratio_diff_ci((a, den), (b, den), rng)
    diff = b.sum() / den.sum() - a.sum() / den.sum()
    assert lo < diff < hi and lo > 0
    own_lo, own_hi = ratio_ci(b, den, rng)
    assert hi - lo < (own_hi - own_lo) / 3
    assert ratio_diff_ci((a, den), (a, den), rng) == (0.0, 0.0)
    assert all(math.isnan(v) for v in ratio_diff_ci(([], []), ([], []), rng))


def test_normal_ci_is_the_mean_plus_or_minus_z_standard_errors() -> None:
    # mean 2, sample sd sqrt(20/3) over 4 values, so the standard error is half that
    h = 1.96 * math.sqrt(20 / 3) / 2
    assert normal_ci([-1.0, 1.0, 3.0, 5.0]) == pytest.approx((2 - h, 2 + h))
    assert normal_ci([3.0]) == (3.0, 3.0)
    assert all(math.isnan(v) for v in normal_ci([]))
    # [0, 2]: mean 1, sample sd sqrt(2), standard error 1
    assert normal_ci([0.0, 2.0], z=1.0) == pytest.approx((0.0, 2.0))


def test_bradley_terry_orders_and_scales() -> None:
    # 3 beats 1 beats 0 at 75% each: Elo gaps of 400 log10(3) = 190.8
    r = bradley_terry(3, [(1, 0, 75, 25), (2, 1, 75, 25), (2, 0, 90, 10)], iterations=5000)
    assert r[2] > r[1] > r[0]
    assert abs(sum(r)) < 1e-6
    assert r[1] - r[0] == pytest.approx(190.8, abs=40)


def test_buckets() -> None:
    assert [bucket(x) for x in (0, 1, 2, 4, 5, 7, 8, 10)] == [
        "A", "A", "2-4", "2-4", "5-7", "5-7", "8-10", "8-10"
    ]  # fmt: skip


def _table(points: list[list[list[int]]], winners: list[list[int]]) -> HandTable:
    pts = np.array(points)
    return HandTable(pts, np.array(winners), np.zeros(len(points), dtype=bool))


def test_games_resampled_from_hands() -> None:
    rng = np.random.default_rng(0)
    rules = Rules.preset("standard")
    # the hero wins every hand by 25: every game in four hands
    t = _table([[[25, 0], [25, 0]]], [[0, 0]])
    assert (simulate_games(t, rules, rng, 500) == 0).all()
    # a mirror image pair: a fair coin
    t = _table([[[30, 0], [0, 30]], [[0, 30], [30, 0]]], [[0, 1], [1, 0]])
    share = float(np.mean(simulate_games(t, rules, rng, 20000) == 0))
    assert share == pytest.approx(0.5, abs=0.02)
    # single hands: the share of hands won; dead hands are ties
    single = Rules.preset("openspiel")
    t = _table([[[10, 0], [0, 0]]], [[0, -1]])
    w = simulate_games(t, single, rng, 20000)
    assert float(np.mean(w == 0)) == pytest.approx(0.5, abs=0.02)
    assert set(np.unique(w)) == {-1, 0}
    # Hollywood: three games, all won by the hero when it wins every hand
    holly = Rules.preset("standard", format="hollywood")
    t = _table([[[40, 0], [40, 0]]], [[0, 0]])
    assert (simulate_games(t, holly, rng, 300) == 0).all()


def test_game_shares_of_a_lopsided_pairing() -> None:
    """Resampled from hands and measured on whole games: easy wins nearly every game to 100
    against random."""
    report = run_arena(
        ["easy", "random"], {"preset": "standard"}, pairs=40, games=15, seed=4, progress=False
    )
    p = report["pairings"][0]
    assert p["game_win_rate"] > 0.95 and p["games"]["win_rate"] > 0.9


# ---- openspiel-simple ---------------------------------------------------------------------


def _openspiel_self_play(deck: list[int]) -> list[float]:
    """OpenSpiel's simple bot against itself in OpenSpiel's own engine, dealt from an okgin
    deck order with dealer 1 (RULES.md §11)."""
    from okgin.bots.openspiel_simple import game_for, os_card

    game = game_for(Rules.preset("openspiel"))
    state = game.new_initial_state()
    chance = [deck[i] for i in range(0, 20, 2)] + [deck[i] for i in range(1, 20, 2)] + deck[20:]
    bots = [pyspiel.make_simple_gin_rummy_bot(game.get_parameters(), p) for p in range(2)]
    k = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(os_card(chance[k]))
            k += 1
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return list(state.returns())


def test_openspiel_simple_replays_openspiel_self_play_exactly() -> None:
    """Seated twice at okgin's table, OpenSpiel's bot plays the same hands as in OpenSpiel."""
    from okgin.arena.play import deck_for

    rules = Rules.preset("openspiel")
    spec = spec_for(("openspiel-simple", "openspiel-simple"), rules, seed=21)
    compared = 0
    for deal in range(40):
        row, _ = play_deal(spec, 0, deal, 0)
        returns = _openspiel_self_play(deck_for(21, deal))
        # OpenSpiel's player p is the seat (dealer + 1 + p) mod 2
        seat = [(row.dealer + 1 + p) % 2 for p in (0, 1)]
        if row.departure is None:
            assert row.agrees
            assert returns == [row.points[s] - row.points[1 - s] for s in seat]
            compared += 1
        else:
            assert row.departure == "defender_declared" and row.result == "gin"
    assert compared >= 25


def test_openspiel_simple_plays_legal_hands_and_agrees_where_rules_agree() -> None:
    rules = Rules.preset("openspiel")
    allowed = {
        "defender_declared",
        "knock_refused",
        "wall_knock_refused",
        "layoff_refused",
        "repeated_take_and_return",
        "fifty_upcard_draws",
    }
    kinds: Counter[str | None] = Counter()
    for bots, seed in [(("medium", "openspiel-simple"), 1), (("openspiel-simple", "random"), 2)]:
        spec = spec_for(bots, rules, seed=seed)
        res = run_chunk(spec, Chunk("hands", 0, 0, 40))  # illegal actions would raise
        for row in res.hands:
            kinds[row.departure] += 1
            if row.departure is None:
                assert row.agrees is True
            else:
                assert row.departure in allowed
                assert row.agrees is None or row.agrees is False
    assert kinds[None] > 100


def test_openspiel_simple_takes_the_fiftieth_card_and_knocks() -> None:
    # deal 465 of seed 1, seating 1: OpenSpiel's bot (seat 0) knocks at the wall
    spec = spec_for(("medium", "openspiel-simple"), Rules.preset("openspiel"), seed=1)
    row, game = play_deal(spec, 0, 465, 1)
    hand = game.hand
    assert hand.stock_size == 2  # the discard before left two stock cards: the fiftieth card
    (s1, take), (s2, knock) = hand.history[-2:]
    assert s1 == s2 == 0 and take == TAKE and isinstance(knock, Knock)
    assert row.departure is None and row.agrees


def test_arena_doctest() -> None:
    import doctest

    import okgin.arena

    failures, tried = doctest.testmod(okgin.arena)
    assert tried > 0 and failures == 0


def test_openspiel_mirror_maps_cards_and_melds() -> None:
    from okgin.bots.openspiel_simple import _meld_tables, ok_card, os_card, split_meld
    from okgin.cards import Card
    from okgin.melds import Meld

    assert all(ok_card(os_card(c)) == c for c in range(52))
    assert os_card(Card("As")) == 0 and os_card(Card("Ac")) == 13 and os_card(Card("Kh")) == 51
    melds, ids = _meld_tables()
    assert len(melds) == 185 and len(ids) == 185
    long = Meld("2h3h4h5h6h7h8h9h")
    parts = split_meld(long)
    assert all(3 <= len(m.cards) <= 5 and m.mask in ids for m in parts)
    assert sum(m.mask for m in parts) == long.mask


def test_openspiel_simple_is_view_only_given_its_mirror() -> None:
    """The C++ bot reads only its own observation: two deals that differ only in the cards the
    bot has not seen give the same first decision."""
    from okgin.arena.play import deck_for
    from okgin.bots import make_bot
    from okgin.cards import CARDS
    from okgin.game import Game

    rules = Rules.preset("openspiel")
    rng = random.Random(5)
    for deal in range(8):
        deck = deck_for(77, deal)
        other = deck[:]
        hidden = list(range(1, 20, 2)) + list(range(21, 52))  # seat 1's cards and the stock
        cards = [other[i] for i in hidden]
        rng.shuffle(cards)
        for i, c in zip(hidden, cards):
            other[i] = c
        decisions = []
        for d in (deck, other):
            game = Game(rules, dealer=1, auto_deal=False, deck=[CARDS[c] for c in d])
            bot = make_bot("openspiel-simple")
            bot.start_hand(game.hand, 0)  # type: ignore[attr-defined]
            decisions.append(bot.act(game.view(0)))
        assert decisions[0] == decisions[1]


def test_openspiel_simple_without_pyspiel_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import sys

    from okgin.bots import make_bot
    from okgin.bots.openspiel_simple import OpenSpielUnavailable

    monkeypatch.setitem(sys.modules, "pyspiel", None)  # `import pyspiel` now fails
    with pytest.raises(OpenSpielUnavailable, match="pip install open-spiel"):
        make_bot("openspiel-simple")


def test_progress_bar_shows_the_running_estimate_on_stderr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["arena", "medium", "easy", "--pairs", "6", "--games", "1", "--json"]) == 0
    captured = capsys.readouterr()
    json.loads(captured.out)  # stdout holds only the report
    assert "medium vs easy (pairs):" in captured.err and "points/hand" in captured.err
    assert "of games won" in captured.err


def test_play_deal_observer_sees_each_action_before_it_is_applied() -> None:
    """``observe`` gets every action of the hand in order, with ``game.hand`` still the state
    the seat decided in, and the hand plays as without it."""
    spec = ArenaSpec(
        rules={"preset": "standard"}, bots=("hard", "medium"), pairings=((0, 1),), seed=4
    )
    seen: list[tuple[int, int, str, int]] = []

    def observe(game: Game, seat: int, view: View, action: Action) -> None:
        assert game.hand.current_player == seat and action in view.legal_actions
        seen.append((len(game.hand.history), seat, str(action), view.own_seat))

    row, game = play_deal(spec, 0, 3, 1, observe)
    plain, _ = play_deal(spec, 0, 3, 1)
    assert row == plain
    history = game.hand.history
    assert [(i, s, str(a), s) for i, (s, a) in enumerate(history)] == seen


def test_record_names_parse_back_and_strange_names_are_refused() -> None:
    """``parse_record_name`` reads back what ``record_name`` writes (the scripts that read
    ``--save`` directories find the hero's seat with it), and refuses other names in one line."""
    from okgin.arena.play import ArenaError, ArenaSpec, parse_record_name, record_name

    spec = ArenaSpec(
        rules={"preset": "standard"}, bots=("hard", "medium"), pairings=((0, 1),), seed=1
    )
    for kind, what in (("hands", "deal"), ("games", "game")):
        for index, seat in ((0, 0), (12, 1), (999999, 3)):
            name = record_name(spec, kind, 0, index, seat)
            assert parse_record_name(name.rpartition("/")[2]) == (what, index, seat)
    bad_names = (
        "deal000001-seat.json",
        "deal000001-seatx.json",
        "hand000001-seat0.json",
        "deal-seat0.json",
        "deal000001-seat0.txt",
        "deal000001-seat0",
        "deal\u06f1-seat0.json",  # a digit, but not an ASCII one
    )
    for bad in bad_names:
        with pytest.raises(ArenaError, match="not an arena record name") as info:
            parse_record_name(bad)
        assert "\n" not in str(info.value)
