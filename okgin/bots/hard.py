"""The ``hard`` bot: card tracking, safe discards, and a knock policy that weighs the risk.

It sees only its view (:class:`~okgin.bots.belief.Knowledge` reads it) and decides:

* **draw** — takes the top discard when that makes gin, or a knock it would make, or when
  the hand it leaves is better by ``take_margin`` than after an average stock card (the
  average over every card it cannot see). A hand's worth is its deadwood less ``alpha`` ×
  the improvement one more stock card brings on average. It never takes back a card it
  threw, nor takes after ``2 × players`` turns in a row took (endless swaps);
* **discard** — the card that leaves the least of: deadwood − ``alpha`` × the expected
  improvement from the next stock card + the cost of feeding an opponent (``beta`` rising
  to ``beta + beta_late`` as the stock runs out; ``risk_others`` times that for the seats
  after the next one, who cannot take the card) × the chance the card melds with what that
  opponent holds (known cards, picks, passes and throws: :meth:`Knowledge.card_probs`;
  pairs of cards none of which is known there count ``risk_background`` times), less
  ``reach`` × the share of unseen cards whose draw would let it knock (0 with two players;
  with three or four every seat knocks at once and the hand goes to the first that can),
  plus ``race`` × how many cards the hand it leaves is from gin, less ``outs`` × the share
  of the unseen cards whose draw would bring it a card nearer (:func:`~okgin.melds.gin_outs`;
  both 0, off, by default: ``hard`` as tuned; the ``expert``'s prior sets them), under knock
  limits of ``race_read_limit`` or more only while one of the next seat's last
  ``race_read_throws`` throws of the hand (1: its last) is worth ``race_read`` or less, if
  that is set (:meth:`HardBot.races`);
* **knock** — gin always. Otherwise it samples the opponents' hands (they kept the best of
  what they saw, weighted by how likely their choices were), lays their cards off on its
  melds, and prices the knock (points, undercuts, bonuses, the multiplier). Near the target
  (a knock that wins the game, or an opponent one gin from it; a doubled hand counts
  double) it knocks when the price is at least ``tau_press``. Otherwise, under a knock limit
  of ``gin_limit`` or less and while the stock holds more than ``gin_stock`` cards, it holds
  out for gin, knocking only with ``gin_cap`` deadwood or less (against players who knock
  at once, a low hand held back wins undercuts as well as gins); beyond that it knocks when
  the price is at least ``tau0 + tau_stock`` × the share of the stock left;
* **layoffs** — the best ones (:func:`~okgin.melds.best_layoffs`).

Its parameters are tuned by self-play: ``scripts/tune_hard.py`` reruns the tuning (its
docstring says how; ``tau_press`` is set by hand, single hands showing no score). They depend
on the rules in force (:meth:`HardBot.params_for`): :data:`DEFAULTS` were tuned with two
players under ``standard``; with three or four players :data:`MULTI` replaces some of them
(tuned under ``party`` with 3 players, against ``medium``: there the others knock as soon as
they may, so holding out for gin mostly loses the hand to one of them).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from okgin.actions import DONE, DRAW, PASS, TAKE, Action, Discard, Knock, Layoff
from okgin.bots.base import knock_deadwood
from okgin.bots.belief import (
    THROW,
    Knowledge,
    bits,
    decision_rng,
    draw_outlook,
    melds_with,
    sample_worlds,
)
from okgin.bots.words import keeps_text
from okgin.cards import CARDS, VALUES
from okgin.errors import BotError
from okgin.hand import beats, score_hand
from okgin.melds import (
    best_layoffs,
    deadwood,
    deadwood_after_discard,
    default_arrangement,
    gin_outs,
)
from okgin.rules import Rules
from okgin.views import View

__all__ = [
    "DEFAULTS",
    "MULTI",
    "HardBot",
    "best_knock",
    "knock_points",
    "threw_low",
    "whole_throws",
]

#: The tuned parameters (scripts/tune_hard.py under ``standard``, two players; see the module
#: docstring for their meaning). ``multi`` 1 takes :data:`MULTI`'s values with 3-4 players.
DEFAULTS: dict[str, float] = {
    "take_margin": 0.25,
    "alpha": 1.3,
    "beta": 1.0,
    "beta_late": 2.0,
    "risk_background": 0.5,
    "risk_others": 0.6,
    "reach": 0.0,
    "tau0": 10.0,
    "tau_stock": 14.0,
    "tau_press": 0.0,
    "gin_limit": 10,
    "gin_stock": 0,
    "gin_cap": 0,
    "samples": 24,
    "multi": 1,
    "race": 0.0,
    "outs": 0.0,
    "race_read": 0,
    "race_read_limit": 8,
    "race_read_throws": 1,
}

#: What differs with three or four players (tuned under ``party`` with 3 players:
#: scripts/tune_hard.py, docs/strength.md). A hand there is a race against two or three
#: others who knock as soon as they may, and under ``multiway_scoring`` ``lowest`` one
#: undercut takes the whole knock, so holding out for gin loses the hand to whoever knocks
#: first.
MULTI: dict[str, float] = {
    "gin_limit": -1,
    "tau0": 0.0,
    "tau_stock": 3.0,
    "reach": 80.0,
}


def whole_throws(value: float) -> bool:
    """Whether ``value`` can be ``race_read_throws``: a whole number of throws, 1 or more."""
    return value >= 1 and float(value).is_integer()


def threw_low(know: Knowledge, most: float, last: int = 1) -> bool:
    """Whether one of the next seat's ``last`` throws of the hand (1: its last throw) is worth
    ``most`` or less, or it has thrown nothing: the read of ``race_read`` (and the expert's
    ``knock_read``). One who knocks as soon as it may throws its costliest loose card; a
    holder for gin throws low ones too."""
    thrown = [c for kind, c in know.history[know.opponents[0]] if kind == THROW]
    return not thrown or any(VALUES[c] <= most for c in thrown[-last:])


def _spots(hand: int, knock: Knock) -> int:
    rest = hand if knock.card is None else hand & ~(1 << knock.card)
    spots = 0
    for m in knock.melds:
        spots |= m.extensions()
    return (spots & ~rest).bit_count()


def best_knock(hand: int, knocks: Sequence[Knock], rules: Rules) -> Knock:
    """Gin (big gin first when it pays more), else the least declared deadwood, then the
    fewest layoff spots, then the knock discard of highest value."""
    big_bonus = rules.big_gin_bonus

    def key(k: Knock) -> tuple[int, int, int, int]:
        dw = knock_deadwood(hand, k)
        big = 0 if k.card is None and big_bonus is not None and big_bonus >= rules.gin_bonus else 1
        card_value = VALUES[k.card] if k.card is not None else 0
        return (dw, big, _spots(hand, k), -card_value)

    return min(knocks, key=key)


def knock_points(
    rules: Rules, multiplier: int, knocker_dw: int, defender_dws: Sequence[int]
) -> tuple[float, int]:
    """The knocker's points minus the defenders' (RULES.md §7, by the core's
    :func:`~okgin.hand.score_hand`, so under ``multiway_scoring = lowest`` one undercutting
    defender wipes out the whole knock), and how many defenders undercut."""
    dws = [knocker_dw, *defender_dws]
    _, points, _ = score_hand(rules, 0, dws, multiplier)
    under = 0 if knocker_dw == 0 else sum(not beats(rules, knocker_dw, d) for d in defender_dws)
    return float(points[0] - sum(points[1:])), under


def mean_after_draw(hand: int, dw: int, live: Sequence[int]) -> float:
    """The average over ``live`` cards of the least deadwood after drawing one and then
    discarding (``dw`` is the hand's deadwood): :func:`draw_outlook`'s first figure."""
    return draw_outlook(hand, dw, live, -1)[0]


def _min_after_take(hand: int, top: int, no_return: bool) -> int:
    """The least deadwood after taking ``top`` and discarding (not ``top`` when the rules
    forbid returning it)."""
    full = hand | 1 << top
    if not no_return:
        return deadwood_after_discard(full)
    best = 1 << 30
    rest = hand
    while rest:
        low = rest & -rest
        rest ^= low
        d = deadwood(full ^ low)
        if d < best:
            best = d
    return best


class HardBot:
    """Card tracking, safe discards, a risk-aware knock (see the module docstring)."""

    name = "hard"

    def __init__(self, seed: int | None = None, params: Mapping[str, float] | None = None):
        self.seed = seed
        #: the parameters with two players (``params`` over :data:`DEFAULTS`)
        self.params: dict[str, float] = dict(DEFAULTS)
        if params:
            unknown = set(params) - set(DEFAULTS)
            if unknown:
                raise BotError(
                    f"unknown hard parameter {sorted(unknown)[0]!r} "
                    f"(parameters: {', '.join(DEFAULTS)})"
                )
            self.params.update(params)
            throws = params.get("race_read_throws", 1)
            if not whole_throws(throws):
                raise BotError(
                    f"hard parameter race_read_throws={throws:g}: the read counts a whole "
                    "number of throws, 1 or more"
                )
        #: the parameters with three or four players (``params`` over :data:`MULTI` over
        #: :data:`DEFAULTS`: a parameter given is used with any number of players)
        self.multi_params: dict[str, float] = {**DEFAULTS, **MULTI, **(params or {})}
        self._why: tuple[int, str, Action | None] | None = None
        #: a further read an owner may set (the expert's ``race_kind``): at knock limits of
        #: ``race_read_limit`` or more the race for gin counts only where it returns True
        self.race_gate: Callable[[View, Knowledge], bool] | None = None

    def params_for(self, rules: Rules) -> dict[str, float]:
        """The parameters in force under ``rules``: :attr:`multi_params` with three or four
        players (unless ``multi`` is 0), else :attr:`params`."""
        if rules.players > 2 and self.params["multi"]:
            return self.multi_params
        return self.params

    # ---- the decision --------------------------------------------------------------------
    def act(self, view: View) -> Action:
        legal = view.legal_actions
        if not legal:
            raise BotError(f"seat {view.seat} has nothing to play now")
        action, why = self.decide(view)
        self._why = (id(view), why, action)
        return action

    def decide(self, view: View, know: Knowledge | None = None) -> tuple[Action, str]:
        """The action and a one-line reason."""
        legal = view.legal_actions
        if len(legal) == 1 and view.phase != "fiftieth_knock":
            return legal[0], "the only legal action"
        if know is None:
            know = Knowledge(view)
        phase = view.phase
        if phase == "layoff":
            return layoff_action(view, know.hand)
        if phase in ("offer", "draw"):
            return self.draw_action(view, know)
        if phase == "fiftieth":
            return self.fiftieth_action(view, know)
        knocks = [a for a in legal if isinstance(a, Knock)]
        if phase == "fiftieth_knock":
            k = best_knock(know.hand, knocks, view.rules)
            return k, f"must knock with the fiftieth card: {knock_deadwood(know.hand, k)} deadwood"
        if knocks:
            k = best_knock(know.hand, knocks, view.rules)
            go, why = self.should_knock(view, know, k)
            if go:
                return k, why
            discard, dwhy = self.discard_action(view, know)
            return discard, f"{dwhy}; not knocking: {why}"
        return self.discard_action(view, know)

    # ---- the race for gin --------------------------------------------------------------
    @staticmethod
    def race_value(hand: int, live: int, p: Mapping[str, float], size: int = 10) -> float:
        """What the race for gin adds to a hand's score (lower is better): ``race`` × how
        many cards it is from gin, less ``outs`` × the share of the live cards whose draw
        brings it a card nearer (:func:`~okgin.melds.gin_outs`); ``size``: the cards a
        hand holds between turns."""
        dist, outs = gin_outs(hand, live, size)
        n = live.bit_count()
        share = outs.bit_count() / n if n else 0.0
        return p["race"] * dist - p["outs"] * share

    def races(self, view: View, know: Knowledge, p: Mapping[str, float]) -> bool:
        """Whether the race for gin counts in this discard: ``race`` or ``outs`` is set and,
        at knock limits of ``race_read_limit`` or more, the reads allow it: with
        ``race_read`` V set, one of the next seat's last ``race_read_throws`` throws of the
        hand (1: its last), if it has thrown, is worth V or less; and :attr:`race_gate`, if
        an owner set one, returns True. A player who knocks as soon as it may throws its
        costliest loose card, so high throws that did not come with a knock say the hand is
        one of quick knocks, where a discard kept for gin costs deadwood; a holder for gin
        throws low ones too."""
        if not (p["race"] or p["outs"]):
            return False
        if view.knock_limit < p["race_read_limit"]:
            return True
        if p["race_read"] and not threw_low(know, p["race_read"], int(p["race_read_throws"])):
            return False
        return self.race_gate is None or self.race_gate(view, know)

    # ---- draws -------------------------------------------------------------------------
    def hand_value(self, hand: int, live: Sequence[int], alpha: float | None = None) -> float:
        """How good a hand between turns is (lower is better): its deadwood, less
        ``alpha`` (by default the two-player parameter) times the improvement one more
        stock card brings on average."""
        dw = deadwood(hand)
        if alpha is None:
            alpha = self.params["alpha"]
        if not live or not alpha:
            return float(dw)
        return dw - alpha * (dw - mean_after_draw(hand, dw, live))

    def draw_gain(self, view: View, know: Knowledge) -> tuple[float, float, float]:
        """How much better the hand is after taking the top discard than, on average, after
        a stock card: (gain, value after taking, average value after drawing)."""
        hand = know.hand
        top = know.top
        live = bits(know.unknown)
        if not live:
            return float("-inf"), 0.0, 0.0
        no_return = view.rules.no_return_discard
        alpha = self.params_for(view.rules)["alpha"]
        full = hand | 1 << top
        take = min(
            self.hand_value(full ^ (1 << c), live, alpha)
            for c in bits(full)
            if not (no_return and c == top)
        )
        total = 0.0
        for u in live:
            h = hand | 1 << u
            best_c = -1
            best_key = (1 << 30, 0)
            for c in bits(h):
                key = (deadwood(h ^ (1 << c)), -VALUES[c])
                if key < best_key:
                    best_key = key
                    best_c = c
            total += self.hand_value(h ^ (1 << best_c), live, alpha)
        avg = total / len(live)
        return avg - take, take, avg

    def draw_action(self, view: View, know: Knowledge) -> tuple[Action, str]:
        legal = view.legal_actions
        top = know.top
        p = self.params_for(view.rules)
        no_take = DRAW if DRAW in legal else PASS
        if TAKE not in legal or top < 0:
            return no_take, "the stock is the only draw"
        after = _min_after_take(know.hand, top, view.rules.no_return_discard)
        if after == 0:
            return TAKE, f"taking {CARDS[top]} makes gin"
        if not know.may_take():
            return no_take, f"leaves {CARDS[top]}: no taking back, no endless swaps"
        if after <= view.knock_limit and (
            after <= p["gin_cap"] or not self.plays_for_gin(view, know)
        ):
            return TAKE, f"taking {CARDS[top]} lets it knock with {after} deadwood"
        gain, take, avg = self.draw_gain(view, know)
        if gain >= p["take_margin"]:
            meld = " (makes a meld)" if melds_with(know.hand, top) else ""
            return TAKE, (
                f"taking {CARDS[top]}{meld} makes the hand worth {take:.1f}; "
                f"a stock card about {avg:.1f}"
            )
        verb = "draws from the stock" if no_take == DRAW else "passes"
        return no_take, (
            f"{verb}: {CARDS[top]} would make the hand worth {take:.1f}, a stock card "
            f"about {avg:.1f}"
        )

    # ---- discards --------------------------------------------------------------------
    def discard_scores(self, view: View, know: Knowledge) -> list[tuple[float, int, int, float]]:
        """For every legal discard: (score, card, deadwood left, feed risk); lower is better."""
        p = self.params_for(view.rules)
        hand = know.hand
        taken = know.view.taken_this_turn
        cands = [
            a.card
            for a in view.legal_actions
            if isinstance(a, Discard) and not (taken is not None and a.card == taken)
        ]
        live_mask = know.unknown & ~hand
        live = bits(live_mask)
        stock0 = max(1, 52 - view.players * view.rules.cards_per_hand - 1)
        late = 1.0 - min(1.0, know.stock / stock0)
        beta = p["beta"] + p["beta_late"] * late
        race = self.races(view, know, p)
        opps = know.opponents
        probs = [know.card_probs(s) for s in opps]
        weights = [1.0 if i == 0 else p["risk_others"] for i in range(len(opps))]
        out: list[tuple[float, int, int, float]] = []
        for c in cands:
            h = hand ^ (1 << c)
            dw = deadwood(h)
            mean, share = float(dw), 0.0
            if live and (p["alpha"] or p["reach"]):  # one pass over the draws gives both
                mean, share = draw_outlook(h, dw, live, view.knock_limit)
            imp = dw - mean if p["alpha"] else 0.0
            risk = 0.0
            if beta:
                for w, pr in zip(weights, probs):
                    risk += w * know.feed_risk(c, pr, p["risk_background"])
            score = dw - p["alpha"] * imp + beta * risk
            if race:
                score += self.race_value(h, live_mask, p, view.rules.cards_per_hand)
            if live and p["reach"]:
                score -= p["reach"] * share
            out.append((score, c, dw, risk))
        out.sort(key=lambda t: (t[0], -VALUES[t[1]], -t[1]))
        return out

    def discard_action(self, view: View, know: Knowledge) -> tuple[Discard, str]:
        scores = self.discard_scores(view, know)
        _, c, dw, risk = scores[0]
        safe = "safe" if risk < 0.1 else f"{risk:.0%} chance it melds for an opponent"
        return Discard(CARDS[c]), f"discarding {CARDS[c]} leaves {dw} deadwood ({safe})"

    # ---- knocks ---------------------------------------------------------------------
    def knock_value(
        self, view: View, know: Knowledge, knock: Knock, hand: int | None = None
    ) -> tuple[float, float]:
        """Expected points of ``knock`` now and the chance of an undercut, over sampled
        opponent hands (their layoffs included)."""
        if hand is None:
            hand = know.hand
        dk = knock_deadwood(hand, knock)
        rules = view.rules
        m = view.multiplier
        worlds_n = int(self.params_for(rules)["samples"])
        rng = decision_rng(self.seed, view, "knock")
        worlds = sample_worlds(know, worlds_n, rng)
        if not worlds:
            return 0.0, 0.0
        total = 0.0
        unders = 0
        defenders = know.opponents
        melds = list(knock.melds)
        for w in worlds:
            dds = []
            for s in defenders:
                h = w.hands[s]
                if dk == 0:
                    dds.append(deadwood(h))
                else:
                    dds.append(best_layoffs(h, melds)[0])
            pts, under = knock_points(rules, m, dk, dds)
            total += pts
            unders += under > 0
        return total / len(worlds), unders / len(worlds)

    def should_knock(self, view: View, know: Knowledge, knock: Knock) -> tuple[bool, str]:
        p = self.params_for(view.rules)
        dk = knock_deadwood(know.hand, knock)
        if dk == 0:
            return True, "gin" if knock.card is not None else "big gin"
        ev, under = self.knock_value(view, know, knock)
        risk = f"expected {ev:+.1f} points, undercut risk {under:.0%}"
        if self._near_target(view, ev):
            go = ev >= p["tau_press"]
            return go, f"near the target, knocking with {dk} deadwood: {risk}"
        if self.plays_for_gin(view, know) and dk > p["gin_cap"]:
            return False, (
                f"holds out for gin with {dk} deadwood (limit {view.knock_limit}, "
                f"{know.stock} cards left): a knock {risk}"
            )
        stock0 = max(1, 52 - view.players * view.rules.cards_per_hand - 1)
        share = min(1.0, know.stock / stock0)
        tau = p["tau0"] + p["tau_stock"] * share
        return ev >= tau, f"knocking with {dk} deadwood: {risk}"

    def plays_for_gin(self, view: View, know: Knowledge) -> bool:
        """A knock limit of ``gin_limit`` or less with more than ``gin_stock`` cards left:
        knock only with ``gin_cap`` deadwood or less."""
        p = self.params_for(view.rules)
        return view.knock_limit <= p["gin_limit"] and know.stock > p["gin_stock"]

    def _near_target(self, view: View, ev: float) -> bool:
        """A knock would likely win the game, or an opponent is one hand from the target."""
        if view.rules.format == "single" or not view.totals or not view.target:
            return False
        me = view.own_seat
        target = view.target
        mine = view.totals[me]
        if ev > 0 and mine + ev >= target:
            return True
        reach = view.rules.gin_bonus * view.multiplier
        return any(t + reach >= target for s, t in enumerate(view.totals) if s != me)

    # ---- the fiftieth card ------------------------------------------------------------
    def fiftieth_action(self, view: View, know: Knowledge) -> tuple[Action, str]:
        if TAKE not in view.legal_actions:
            return PASS, "no knock with the last card: the hand is dead"
        top = know.top
        hand = know.hand | 1 << top
        best: Knock | None = None
        best_key = (1 << 30, 0)
        for c in bits(hand):
            if c == top and view.rules.no_return_discard:
                continue
            dw, melds = default_arrangement(hand ^ (1 << c))
            if dw > view.knock_limit:
                continue
            k = Knock(CARDS[c], melds)
            key = (dw, _spots(hand, k))
            if key < best_key:
                best_key = key
                best = k
        if best is None:
            return PASS, "no knock with the last card"
        ev, _ = self.knock_value(view, know, best, hand)
        if ev > 0:
            return TAKE, f"takes the last card to knock: expected {ev:+.1f} points"
        return PASS, f"a knock with the last card expects {ev:+.1f} points: lets the hand die"

    # ---- hints ----------------------------------------------------------------------
    def reason(self, view: View) -> tuple[Action, str]:
        """The action and the whole reason of :meth:`decide` (that of the last :meth:`act`
        on this very view when there is one)."""
        if self._why is not None and self._why[0] == id(view) and self._why[2] is not None:
            return self._why[2], self._why[1]
        action, why = self.decide(view)
        self._why = (id(view), why, action)
        return action, why

    def explain(self, view: View, action: Action) -> str:
        """Why ``action``, in one short line for a hint (the numbers behind it:
        :meth:`explain_details`)."""
        if not view.legal_actions:
            return f"{action}: not this seat's turn"
        chosen, _ = self.reason(view)
        if chosen == action:
            return self.words(view, action)
        return f"{action}; hard would rather {chosen}: {self.words(view, chosen)}"

    def explain_details(self, view: View, action: Action) -> list[str]:
        """The reason in full, with its numbers (what :meth:`explain` shortens)."""
        if not view.legal_actions:
            return [f"{action}: not this seat's turn"]
        chosen, why = self.reason(view)
        lines = [why]
        if chosen != action:
            lines.insert(0, f"hard would rather {chosen}")
        return lines

    def words(self, view: View, action: Action) -> str:
        """``action`` in a few plain words: what it keeps, what it leaves, what it risks."""
        know = Knowledge(view)
        hand = know.hand
        unseen = know.unknown & ~hand
        if isinstance(action, Knock):
            dk = knock_deadwood(hand, action)
            if dk == 0:
                return "gin: every card melds" if action.card is not None else "big gin"
            ev, under = self.knock_value(view, know, action)
            return f"knock with {dk}: expected {ev:+.1f} points, undercut risk {under:.0%}"
        if isinstance(action, Discard):
            rest = hand & ~(1 << action.card)
            text = keeps_text(rest, unseen) or f"leaves {deadwood(rest)} deadwood"
            knocks = [a for a in view.legal_actions if isinstance(a, Knock)]
            if knocks and view.phase == "play":
                k = best_knock(hand, knocks, view.rules)
                _, under = self.knock_value(view, know, k)
                text = f"no knock yet (undercut risk {under:.0%}); {text}"
            return text
        if isinstance(action, Layoff):
            return f"{action.card} fits {view.melds[action.meld]}: less deadwood"
        if action == DONE:
            return "nothing left to lay off"
        top = know.top
        if top < 0:
            return "the stock is the only draw"
        card = CARDS[top]
        if view.phase == "fiftieth":
            return f"{card} lets you knock" if action == TAKE else f"{card} gives no good knock"
        after = _min_after_take(hand, top, view.rules.no_return_discard)
        if action == TAKE:
            if after == 0:
                return f"{card} makes gin"
            if after <= view.knock_limit:
                return f"{card} lets you knock with {after}"
            if melds_with(hand, top):
                return f"{card} makes a meld ({deadwood(hand)} → {after} deadwood)"
            return f"{card} keeps a draw ({deadwood(hand)} → {after} deadwood)"
        if not know.may_take() and TAKE in view.legal_actions:
            return f"leave {card}: no taking back a card, no endless swaps"
        return f"{card} does not help you"


def layoff_action(view: View, hand: int) -> tuple[Action, str]:
    """The first layoff of the best set of layoffs, or done."""
    _, seq = best_layoffs(hand, view.melds)
    if seq:
        card, meld = seq[0]
        if Layoff(card, meld) in view.legal_actions:
            return Layoff(card, meld), f"laying {card} off on {view.melds[meld]} cuts deadwood"
    return DONE, "nothing left worth laying off"
