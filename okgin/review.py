"""``okgin review``: what each decision of a finished game cost, judged from the seat's view.

For every decision of the chosen seats in a record (the opening take or pass, each draw or
take, each discard, knock or not, gin or wait, the fiftieth card, each layoff) the review
lists every candidate action with its expected points **from that seat's view at that
moment**, the best one, the one chosen and the points the choice lost:

* the candidates: every legal action (for a turn's second half every discard and the best
  knock, :func:`~okgin.bots.hard.best_knock`), plus the action played if it is not among them
  (a knock declaring another arrangement);
* their worth: the expert's evaluation (:meth:`~okgin.bots.expert.ExpertBot.evaluate`):
  worlds drawn from the seat's :class:`~okgin.bots.belief.Knowledge` (never the real hidden
  cards), every candidate played in the same worlds to the end of the hand with the
  expert's rollout policy (common random numbers), candidates clearly worse than the leader
  dropped after ``MIN_WORLDS`` worlds (never the one played). The work is a count of
  rollout actions (``budget`` × :data:`~okgin.bots.expert.STEPS_PER_SECOND`), never wall
  time, and the worlds come from :func:`~okgin.bots.belief.decision_rng` of the seed and
  the view alone, so the same record, seed and budget give the same review, and the same
  view gives the same judgement whatever the hidden cards are;
* points: the hand's points to the seat minus the mean of the others' (the race to the
  target is not priced: a hand's points are what the review counts);
* layoffs are exact: the least deadwood each candidate leaves (the best layoffs after it,
  :func:`~okgin.melds.best_layoffs`), scored as the seat's duel with the knocker (exact with
  two players; with three or four the differences are exact under ``pairwise``, the duel
  reading under ``lowest``);
* ``hindsight``: each decision also judged with every card known, the real deal played on
  from the decision by the same rollout policy (one playout per candidate, no error bar):
  what was really there, reported beside the fair judgement, never instead of it.

A decision's class, from the points lost ``loss`` and its standard error ``se`` (the paired
difference over the same worlds): with ``credible = max(0, loss - Z × se)`` it is ``best``
below ``INACCURACY`` points, an ``inaccuracy`` below ``MISTAKE``, a ``mistake`` below
``BLUNDER``, else a ``blunder`` — noise of two standard errors is never called a fault.
``loss`` is measured on the worlds that picked the best, so noise alone makes it positive (the
winner's curse); ``loss_held_out`` (:func:`held_out_loss`) picks on half the worlds and measures
on the other half, and the summaries give both per decision.
"""

from __future__ import annotations

import hashlib
import json
import math
import multiprocessing
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from okgin.actions import DONE, DRAW, PASS, TAKE, Action, Discard, Knock, Layoff, from_json, to_json
from okgin.bots.base import knock_deadwood
from okgin.bots.belief import NEIGHBOURS, PARTNERS, Knowledge, bits, decision_rng
from okgin.bots.expert import STEPS_PER_SECOND, ExpertBot, paired
from okgin.bots.hard import best_knock
from okgin.bots.playout import AT_ONCE
from okgin.cards import CARDS, VALUES, Card
from okgin.errors import RecordError
from okgin.game import Game
from okgin.hand import HandState
from okgin.melds import best_layoffs, deadwood
from okgin.record import ReplayError, replay
from okgin.rules import Rules
from okgin.views import View, view_of

__all__ = [
    "BLUNDER",
    "DEFAULT_BUDGET",
    "FORMAT",
    "INACCURACY",
    "MISTAKE",
    "Position",
    "Reviewer",
    "Z",
    "classify",
    "positions",
    "record_hash",
    "review",
    "review_text",
    "summarise",
]

#: The review document's format number.
FORMAT: Final = 1
#: Seconds of the expert's rollout work per decision by default (a count of rollout actions:
#: ``budget × STEPS_PER_SECOND``).
DEFAULT_BUDGET: Final = 0.25
#: Standard errors of the paired difference taken off the points lost before classing.
Z: Final = 2.0
#: Points lost (after the error bar) from which a decision is an inaccuracy, a mistake, a blunder.
INACCURACY: Final = 1.0
MISTAKE: Final = 3.0
BLUNDER: Final = 8.0
#: Worlds before a candidate may be dropped, and the most worlds a decision plays.
MIN_WORLDS: Final = 32
MAX_WORLDS: Final = 4000


def record_hash(doc: Any) -> str:
    """sha256 of the record's canonical JSON (sorted keys, no spaces, UTF-8)."""
    text = json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def classify(loss: float, se: float) -> str:
    """``best``, ``inaccuracy``, ``mistake`` or ``blunder`` (see the module docstring)."""
    credible = loss - Z * se if math.isfinite(se) else 0.0
    if credible < INACCURACY:
        return "best"
    if credible < MISTAKE:
        return "inaccuracy"
    if credible < BLUNDER:
        return "mistake"
    return "blunder"


# ---- the decisions of a record ---------------------------------------------------------------
@dataclass
class Position:
    """One decision: ``hand`` and ``action`` count from 1 (as ``okgin replay``'s errors do);
    ``view`` is the seat's view before it acted, ``state`` the real hand then (hindsight
    only), ``action`` what it played."""

    hand: int
    action: int
    seat: int
    view: View
    state: HandState
    played: Action


def check_seats(doc: Any, seats: Sequence[int] | None) -> tuple[Game, list[int]]:
    """The replayed game (``okgin replay``'s one-line errors) and the seats to review
    (None: every seat); a seat the rules do not have is a ReplayError."""
    game = replay(doc)
    n = game.n
    if seats is None:
        return game, list(range(n))
    for s in seats:
        if not 0 <= s < n:
            raise ReplayError(f"seat {s} does not exist: the record has seats 0..{n - 1}")
    return game, sorted(set(seats))


def positions(doc: Any, seats: Collection[int]) -> list[Position]:
    """Every decision of ``seats`` in a record already checked by :func:`check_seats`:
    the moments the seat was on turn with more than one legal action."""
    game = Game(Rules.from_dict(doc.get("rules", {})), auto_deal=False, dealer=0)
    out: list[Position] = []
    for h, hand_doc in enumerate(doc.get("hands", []), 1):
        game.deal([Card(c) for c in hand_doc["deck"]], hand_doc["dealer"])
        for a, act in enumerate(hand_doc.get("actions", []), 1):
            seat, action = from_json(act)
            if seat in seats:
                view = view_of(game, seat)
                if len(view.legal_actions) > 1:
                    out.append(Position(h, a, seat, view, game.hand.copy(), action))
            game.apply(action, seat)
    return out


# ---- judging one decision --------------------------------------------------------------------
def net_points(me: int, n: int) -> Callable[[Sequence[int]], float]:
    """A hand's points to ``me`` minus the others' mean."""

    def value(pts: Sequence[int]) -> float:
        return pts[me] - (sum(pts) - pts[me]) / (n - 1)

    return value


def candidates(view: View, know: Knowledge, played: Action) -> list[Action]:
    """The actions a decision is judged between (see the module docstring)."""
    legal = list(view.legal_actions)
    knocks = [a for a in legal if isinstance(a, Knock)]
    out: list[Action]
    if view.phase == "play":
        out = [a for a in legal if isinstance(a, Discard)]
        if knocks:
            out.append(best_knock(know.hand, knocks, view.rules))
    else:
        out = legal
    if played not in out:
        out.append(played)
    return out


def _duel(view: View, dd: int) -> float:
    """A defender's points minus the knocker's share against it, for deadwood ``dd``."""
    rules = view.rules
    m = view.multiplier
    dk = sum(VALUES[c] for c in view.knock_deadwood)
    share = 1.0 / (view.players - 1)
    if dd > dk or (dd == dk and not rules.undercut_on_tie):
        return -share * m * (dd - dk + rules.knock_bonus)
    return float(m * (dk - dd + rules.undercut_bonus))


def layoff_deadwood(view: View, hand: int, action: Action) -> int:
    """The least deadwood a defender reaches after ``action`` and the best layoffs after it."""
    if isinstance(action, Layoff):
        melds = list(view.melds)
        melds[action.meld] = melds[action.meld].extended(action.card)
        return best_layoffs(hand & ~(1 << action.card), melds)[0]
    return deadwood(hand)


class Reviewer:
    """Judges decisions with the expert's evaluation (``seed``, ``budget`` as in the module
    docstring); ``hindsight`` adds the judgement with every card known."""

    def __init__(self, seed: int = 0, budget: float = DEFAULT_BUDGET, hindsight: bool = False):
        if not (isinstance(budget, int | float) and 0 < budget < math.inf):
            raise RecordError(f"--budget must be a positive number of seconds, not {budget!r}")
        self.seed = seed
        self.budget = float(budget)
        self.hindsight = hindsight
        self.expert = ExpertBot(
            seed,
            budget=self.budget,
            min_worlds=MIN_WORLDS,
            max_worlds=MAX_WORLDS,
            keep_odds=False,  # each view judged on its own, in any order or process
            # the plain belief from the first throw on, as calibrated (docs/review.md): the
            # playing default's early sharp belief assumes an opponent who throws like
            # ``medium``, a bet for a player, not for a judge of any opponent's play; so is
            # the two-player default's ``medium``-like tie-break in every rollout seat
            sharp_early=0,
            mimic=0,
        )
        self.work = self.budget * STEPS_PER_SECOND

    def judge(self, pos: Position) -> dict[str, Any]:
        """One decision of the review document (docs/review.md)."""
        view = pos.view
        know = Knowledge(view)
        cands = candidates(view, know, pos.played)
        ci = cands.index(pos.played)
        n = view.players
        utility = net_points(pos.seat, n)
        stats: list[dict[str, Any]] = []
        if view.phase == "layoff":
            dws = [layoff_deadwood(view, know.hand, a) for a in cands]
            means = [_duel(view, d) for d in dws]
            alive = list(range(len(cands)))
            worlds = 0
            steps = 0
            for a, m, d in zip(cands, means, dws):
                stats.append(_cand(view, a, m, 0.0, 0, deadwood_left=d))
            best = max(alive, key=lambda i: (means[i], i == ci, -i))
            loss = means[best] - means[ci]
            loss_se = 0.0
            held = loss
        else:
            rng = decision_rng(self.seed, view, "review")
            ev = self.expert.evaluate(view, know, cands, rng, utility, work=self.work, keep=(ci,))
            worlds = ev.worlds
            steps = ev.steps
            alive = ev.alive
            means = []
            for i, a in enumerate(cands):
                vals = ev.values[i]
                k = len(vals)
                mean = sum(vals) / k if k else 0.0
                se = _se(vals, mean)
                means.append(mean)
                stats.append(_cand(view, a, mean, se, k))
            best = max(alive, key=lambda i: (means[i], i == ci, -i))
            if best == ci:
                loss, loss_se = 0.0, 0.0
            else:
                loss, loss_se = paired(ev.values[best], ev.values[ci], worlds)
            held = held_out_loss(ev.values, alive, ci, worlds)
        out: dict[str, Any] = {
            "hand": pos.hand,
            "action": pos.action,
            "seat": pos.seat,
            "phase": view.phase,
            "played": to_json(pos.played, pos.seat),
            "best": to_json(cands[best], pos.seat),
            "loss": round(max(0.0, loss), 3),
            "loss_se": round(loss_se, 3),
            "loss_held_out": round(held, 3),
            "class": classify(max(0.0, loss), loss_se),
            "reason": "",
            "worlds": worlds,
            "steps": steps,
            "candidates": stats,
        }
        out["reason"] = reason(view, know, cands[ci], cands[best], max(0.0, loss), worlds)
        if self.hindsight:
            out["hindsight"] = self.judge_hindsight(pos, cands, ci, utility)
        return out

    def judge_hindsight(
        self,
        pos: Position,
        cands: Sequence[Action],
        ci: int,
        utility: Callable[[Sequence[int]], float],
    ) -> dict[str, Any]:
        """Every candidate played on from the real deal (every card known)."""
        e = self.expert
        me = pos.seat
        caps = [
            (e.rollout_cap, e.rollout_stock) if s == me else AT_ONCE for s in range(pos.state.n)
        ]
        values = [e.rollout(pos.state, a, caps, utility)[0] for a in cands]
        best = max(range(len(cands)), key=lambda i: (values[i], i == ci, -i))
        loss = values[best] - values[ci]
        return {
            "best": to_json(cands[best], me),
            "loss": round(loss, 3),
            "values": [round(v, 3) for v in values],
        }


def held_out_loss(values: Sequence[Sequence[float]], alive: Sequence[int], p: int, n: int) -> float:
    """The points lost by candidate ``p`` measured on held-out worlds: the best is picked on
    the even worlds and the loss measured on the odd ones, then the other way round, and the
    two averaged. Free of the winner's curse that makes the plain loss (best mean minus
    ``p``'s, on the same worlds) positive even when every candidate is worth the same; it can
    be negative. ``values[i][w]``: candidate ``i`` in world ``w``, for the first ``n``."""
    halves = (range(0, n, 2), range(1, n, 2))
    if not halves[1]:
        return 0.0
    out = 0.0
    for pick, test in (halves, halves[::-1]):
        b = max(alive, key=lambda i: (sum(values[i][w] for w in pick), i == p, -i))
        out += sum(values[b][w] - values[p][w] for w in test) / len(test)
    return out / 2


def _se(vals: Sequence[float], mean: float) -> float:
    k = len(vals)
    if k < 2:
        return 0.0
    var = sum((v - mean) ** 2 for v in vals) / (k - 1)
    return math.sqrt(var / k)


def _cand(
    view: View, action: Action, mean: float, se: float, worlds: int, **extra: Any
) -> dict[str, Any]:
    out: dict[str, Any] = {
        "action": to_json(action, view.own_seat),
        "mean": round(mean, 3),
        "se": round(se, 3),
        "worlds": worlds,
    }
    out.update(extra)
    return out


# ---- reasons in a card player's words ------------------------------------------------------
def _c(card: int) -> str:
    return CARDS[card].symbol


def _cs(mask: int, most: int = 4) -> str:
    return " ".join(_c(c) for c in bits(mask)[:most])


def say(view: View, action: Action) -> str:
    """An action as a card player says it."""
    top = view.top_discard
    if isinstance(action, Discard):
        return f"throw {_c(action.card)}"
    if isinstance(action, Knock):
        if action.card is None:
            return "go big gin"
        hand = 0
        for c in view.hand:
            hand |= 1 << c
        dw = knock_deadwood(hand, action)
        word = "go gin" if dw == 0 else f"knock with {dw}"
        return f"{word} (throwing {_c(action.card)})"
    if action == TAKE:
        return f"take {_c(top)}" if top is not None else "take"
    if action == PASS:
        return f"pass {_c(top)}" if top is not None else "pass"
    if action == DRAW:
        return "draw from the stock"
    if isinstance(action, Layoff):
        return f"lay {_c(action.card)} off on {_cs(view.melds[action.meld].mask, 13)}"
    if action == DONE:
        return "stop laying off"
    return str(action)


def _meld_partners(hand: int, card: int) -> int:
    """Cards of ``hand`` that make a meld with ``card``."""
    out = 0
    for p in PARTNERS[card]:
        if hand & p == p:
            out |= p
    return out


def _killed(know: Knowledge, card: int) -> int:
    """The visible cards that stop ``card`` from ever melding (0: it still may meld)."""
    gone = 0
    for c in know.pile:
        gone |= 1 << c
    for s in know.opponents:
        gone |= know.held[s]
    gone &= ~(1 << card)
    if all(p & gone for p in PARTNERS[card]):
        return gone & NEIGHBOURS[card]
    return 0


def reason(
    view: View, know: Knowledge, played: Action, best: Action, loss: float, worlds: int
) -> str:
    """One line on why ``played`` cost ``loss`` against ``best`` (empty when it is best)."""
    if played == best:
        return ""
    hand = know.hand
    worth = f"{loss:.1f} points"
    better = say(view, best)
    if view.phase == "layoff":
        if played == DONE and isinstance(best, Layoff):
            return (
                f"stopped laying off with {_c(best.card)} still playable on "
                f"{_cs(view.melds[best.meld].mask, 13)}: {worth} given away"
            )
        return f"{say(view, played)} left more deadwood than to {better}: {worth}"
    if isinstance(best, Knock) and not isinstance(played, Knock):
        dw = knock_deadwood(hand, best)
        if dw == 0:
            return f"had gin and played on: to {better} was worth {worth} more"
        return (
            f"could knock with {dw} under a limit of {view.knock_limit} and played on "
            f"({say(view, played)}): knocking was worth {worth} more"
        )
    if isinstance(played, Knock) and not isinstance(best, Knock):
        dw = knock_deadwood(hand, played)
        return f"knocked with {dw} into the undercut: waiting ({better}) was worth {worth} more"
    top = know.top
    if view.phase == "fiftieth" and top >= 0:
        if played == PASS:
            return (
                f"let the hand die rather than take the last card {_c(top)} and knock: "
                f"worth {worth}"
            )
        return f"took the last card {_c(top)} to knock when a dead hand was worth {worth} more"
    if played in (TAKE, DRAW, PASS) and top >= 0:
        pair = _meld_partners(hand, top)
        word = "upcard " if view.phase == "offer" else ""
        if played == TAKE:
            if not pair:
                near = NEIGHBOURS[top] & hand
                what = f"only a start with {_cs(near)}" if near else "it melds with nothing"
                return (
                    f"took the {word}{_c(top)}, which makes no meld ({what}): "
                    f"to {better} was worth {worth} more"
                )
            return f"took the {word}{_c(top)} for {_cs(pair)}: to {better} was worth {worth} more"
        if pair:
            return (
                f"left the {word}{_c(top)} that melds with {_cs(pair)}: "
                f"taking it was worth {worth} more"
            )
        return f"left the {word}{_c(top)}: taking it was worth {worth} more"
    if isinstance(played, Discard) and isinstance(best, Discard):
        c = int(played.card)
        b = int(best.card)
        rest = hand & ~(1 << c)
        for s in know.opponents:
            fed = _meld_partners(know.held[s], c)
            if fed:
                return (
                    f"threw {_c(c)} to a player known to hold {_cs(fed)}: "
                    f"to {better} was worth {worth} more"
                )
        killed = _killed(know, b)
        if killed:
            return (
                f"kept {_c(b)} for a meld {_cs(killed)} had already killed: "
                f"to {better} instead was worth {worth} more"
            )
        dw_c = deadwood(rest)
        dw_b = deadwood(hand & ~(1 << b))
        broke = _meld_partners(rest, c)
        if dw_c > dw_b and broke:
            return (
                f"broke up {_cs(broke)} {_c(c)} by throwing {_c(c)}: "
                f"to {better} was worth {worth} more"
            )
        if dw_c > dw_b:
            return f"threw {_c(c)} and kept {dw_c} deadwood where {better} kept {dw_b}: {worth}"
        near_c = NEIGHBOURS[c] & rest
        if near_c and not NEIGHBOURS[b] & hand & ~(1 << b):
            return (
                f"threw {_c(c)} from {_cs(near_c)} {_c(c)}, a meld in the making, and kept "
                f"the lone {_c(b)}: {worth}"
            )
        nxt = know.opponents[0]
        probs = know.card_probs(nxt)
        risk_c = know.feed_risk(c, probs)
        risk_b = know.feed_risk(b, probs)
        if risk_c > risk_b + 0.1:
            return (
                f"threw {_c(c)}, which the next player melds about {risk_c:.0%} of the time "
                f"({_c(b)}: {risk_b:.0%}): {worth}"
            )
        return f"threw {_c(c)}; to {better} was worth {worth} more ({worlds} sampled deals)"
    return f"{say(view, played)}; to {better} was worth {worth} more"


# ---- the whole review ---------------------------------------------------------------------
def summarise(decisions: Sequence[Mapping[str, Any]], seats: Sequence[int]) -> dict[str, Any]:
    """Per seat and per hand: decisions, points lost, accuracy, the three costliest."""

    def block(ds: Sequence[Mapping[str, Any]], seat: int) -> dict[str, Any]:
        mine = [d for d in ds if d["seat"] == seat]
        lost = sum(d["loss"] for d in mine)
        held = sum(d["loss_held_out"] for d in mine)
        classes = {k: 0 for k in ("best", "inaccuracy", "mistake", "blunder")}
        for d in mine:
            classes[d["class"]] += 1
        worst = sorted(
            (d for d in mine if d["class"] != "best"),
            key=lambda d: (-d["loss"], d["hand"], d["action"]),
        )[:3]
        out: dict[str, Any] = {
            "seat": seat,
            "decisions": len(mine),
            "points_lost": round(lost, 2),
            "lost_per_decision": round(lost / len(mine), 3) if mine else 0.0,
            "held_out_lost": round(held, 2),
            "held_out_per_decision": round(held / len(mine), 3) if mine else 0.0,
            "accuracy": round(100.0 * classes["best"] / len(mine), 1) if mine else 100.0,
            "classes": classes,
            "costliest": [
                {"hand": d["hand"], "action": d["action"], "loss": d["loss"], "reason": d["reason"]}
                for d in worst
            ],
        }
        hind = [d["hindsight"]["loss"] for d in mine if "hindsight" in d]
        if hind:
            out["hindsight_lost_per_decision"] = round(sum(hind) / len(hind), 3)
        return out

    hands = sorted({d["hand"] for d in decisions})
    return {
        "seats": [block(decisions, s) for s in seats],
        "hands": [
            {
                "hand": h,
                "seats": [block([d for d in decisions if d["hand"] == h], s) for s in seats],
            }
            for h in hands
        ],
    }


# worker state of --jobs (each spawned process builds it once)
_WORKER: dict[str, Any] = {}


def _init_worker(doc: Any, seats: list[int], seed: int, budget: float, hindsight: bool) -> None:
    _WORKER["positions"] = positions(doc, seats)
    _WORKER["reviewer"] = Reviewer(seed, budget, hindsight)


def _judge_at(i: int) -> dict[str, Any]:
    result: dict[str, Any] = _WORKER["reviewer"].judge(_WORKER["positions"][i])
    return result


def review(
    doc: Any,
    seats: Sequence[int] | None = (0,),
    *,
    seed: int = 0,
    budget: float = DEFAULT_BUDGET,
    hindsight: bool = False,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """The review document of a record (docs/review.md). ``seats`` None: every seat.
    ``progress(done, total)`` is called after each decision. A bad record or seat raises
    :class:`~okgin.record.ReplayError` with ``okgin replay``'s one line."""
    if not isinstance(jobs, int) or jobs < 1:
        raise RecordError(f"--jobs must be at least 1, not {jobs!r}")
    game, chosen = check_seats(doc, seats)
    reviewer = Reviewer(seed, budget, hindsight)
    pos = positions(doc, chosen)
    total = len(pos)
    if progress is not None:
        progress(0, total)
    decisions: list[dict[str, Any]] = []
    for i, d in enumerate(_judged(doc, chosen, pos, reviewer, jobs), 1):
        decisions.append(d)
        if progress is not None:
            progress(i, total)
    return {
        "okgin_review": FORMAT,
        "record_sha256": record_hash(doc),
        "rules": game.rules.to_dict(),
        "players": doc.get("players"),
        "seats": chosen,
        "seed": seed,
        "budget": reviewer.budget,
        "hindsight": hindsight,
        "thresholds": {"z": Z, "inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER},
        "decisions": decisions,
        "summary": summarise(decisions, chosen),
    }


def _judged(
    doc: Any, seats: list[int], pos: list[Position], reviewer: Reviewer, jobs: int
) -> Iterator[dict[str, Any]]:
    if jobs == 1 or len(pos) < 2:
        for p in pos:
            yield reviewer.judge(p)
        return
    ctx = multiprocessing.get_context("spawn")
    args = (doc, seats, reviewer.seed, reviewer.budget, reviewer.hindsight)
    with ctx.Pool(min(jobs, len(pos)), initializer=_init_worker, initargs=args) as pool:
        yield from pool.imap(_judge_at, range(len(pos)), chunksize=1)


def review_text(rev: Mapping[str, Any]) -> str:
    """A human report of a review document."""
    players = rev.get("players")

    def name(s: int) -> str:
        return str(players[s]) if players else f"seat {s}"

    names = [name(s) for s in range(max(rev["seats"], default=0) + 1)]
    head = f"review of record {rev['record_sha256'][:12]}"
    head += f" · {', '.join(names[s] for s in rev['seats'])}"
    head += f" · budget {rev['budget']:g} · seed {rev['seed']}"
    lines = [head + (" · hindsight" if rev["hindsight"] else "")]
    for d in rev["decisions"]:
        if d["class"] == "best" and not (
            rev["hindsight"] and d.get("hindsight", {}).get("loss", 0) >= BLUNDER
        ):
            continue
        who = names[d["seat"]]
        played = _json_text(d["played"])
        best = _json_text(d["best"])
        line = (
            f"hand {d['hand']}, action {d['action']}: {who} {played} — {d['class']}, "
            f"lost {d['loss']:.1f} ± {d['loss_se']:.1f} (best {best})"
        )
        if d["reason"]:
            line += f": {d['reason']}"
        if "hindsight" in d:
            hs = d["hindsight"]
            line += f" [hindsight: best {_json_text(hs['best'])}, lost {hs['loss']:.1f}]"
        lines.append(line)
    lines.append("")
    for b in rev["summary"]["seats"]:
        c = b["classes"]
        lines.append(
            f"{names[b['seat']]}: {b['decisions']} decisions, {b['points_lost']:.1f} points lost "
            f"({b['lost_per_decision']:.2f} per decision, held out "
            f"{b['held_out_per_decision']:.2f}), accuracy {b['accuracy']:.1f}% · "
            f"{c['inaccuracy']} inaccuracies, {c['mistake']} mistakes, {c['blunder']} blunders"
        )
        for w in b["costliest"]:
            lines.append(
                f"  hand {w['hand']}, action {w['action']}: {w['loss']:.1f} — {w['reason']}"
            )
    for hb in rev["summary"]["hands"]:
        parts = [
            f"{names[b['seat']]} {b['lost_per_decision']:.2f}/decision, {b['accuracy']:.0f}%"
            for b in hb["seats"]
        ]
        lines.append(f"hand {hb['hand']}: " + "; ".join(parts))
    return "\n".join(lines)


def _json_text(obj: Mapping[str, Any]) -> str:
    do = obj["do"]
    card = obj.get("card")
    if do == "layoff":
        return f"layoff {card} on meld {obj['meld']}"
    if do == "knock":
        return f"knock {card}" if card is not None else "big gin"
    return f"{do} {card}" if card else do
