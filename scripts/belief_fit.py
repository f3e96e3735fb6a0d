"""How well the expert's sampled worlds guess an opponent's hidden cards, by belief setting.

    PYTHONPATH=$PWD python scripts/belief_fit.py --vs hard --hands 60 --seed 11 \\
        --try seen_extra=1.0,max_extra=10 --try oversample=4

Plays ``--hands`` hands of ``hard`` (seat 0) against ``--vs`` (every other seat; two players
under ``standard`` unless ``--rules`` says otherwise), and at every draw and play decision of
seat 0 after an opponent's first discard of the hand keeps the view and the true hands; each
measure below is a mean over the views and the opponents that have thrown in them. For the
default belief and each ``--try`` setting (keywords of
:func:`okgin.bots.belief.sample_worlds` and of :meth:`okgin.bots.belief.Knowledge.likelihood`;
``chain=BETA`` draws the worlds from :class:`WorldChain` (below) instead, with ``thin``,
``burn``, ``replay`` and ``throw_high`` its keywords), it samples ``--worlds`` worlds per view
and prints three measures of the worlds against the truth, and the seconds it took:

* ``share``: the mean share of the opponent's hidden cards a world holds rightly (uniform
  guessing gets the hidden cards over the unknown ones; a perfect read 1);
* ``deadwood``: the worlds' mean deadwood of the opponent's hand minus its true deadwood,
  over all views (``bias``) and as a mean absolute error (``error``);
* ``feed``: for each card of seat 0's hand, the share of worlds in which it makes a meld
  with the opponent's hand against whether it truly does (the Brier score: 0 is a perfect
  read) — what a discard's safety rests on.

The expert's search plays on such worlds; ``scripts/expert_ab.py --peek`` prices a perfect
read in points. An offline measure: no arena run, so a setting can be compared on thousands
of views in seconds; what it is worth in play is for an A/B to say.
"""

from __future__ import annotations

import argparse
import inspect
import math
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from okgin.bots import make_bot, parse_spec
from okgin.bots.belief import Knowledge, World, bits, melds_with, sample_worlds
from okgin.commands import rules_arg, rules_of
from okgin.game import Game
from okgin.melds import deadwood
from okgin.rules import Rules
from okgin.views import View

#: The keywords a ``--try`` may set, and their types.
KEYS: dict[str, type] = {
    "oversample": int,
    "seen_extra": float,
    "max_extra": int,
    "weighted": int,
    "decline_meld": float,
    "throw_meld": float,
    "take_alone": float,
    "throw_high": float,
    "replay": float,
    "replay_floor": float,
    "replay_knocks": float,
    "chain": float,
    "thin": int,
    "burn": int,
}
#: The keywords of the chain (``chain=BETA``); ``thin`` and ``burn`` only with it.
_CHAIN = ("replay", "throw_high", "thin", "burn")
_LIKELIHOOD = ("decline_meld", "throw_meld", "take_alone")


def setting(text: str) -> dict[str, Any]:
    """``KEY=VALUE,…`` → the keywords, checked against :data:`KEYS`."""
    out: dict[str, Any] = {}
    for item in text.split(","):
        key, eq, value = item.partition("=")
        key = key.strip()
        if not eq or key not in KEYS:
            raise argparse.ArgumentTypeError(
                f"{item!r} is not KEY=VALUE with KEY one of {', '.join(KEYS)}"
            )
        try:
            out[key] = KEYS[key](value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{key} must be a number, not {value!r}") from None
    if "chain" in out:
        alien = sorted(k for k in out if k != "chain" and k not in _CHAIN + _LIKELIHOOD)
        if alien:
            raise argparse.ArgumentTypeError(
                f"chain=BETA draws its own worlds: {', '.join(alien)} would not be used"
            )
        beta = out["chain"]
        if not (0 <= beta < math.inf and out.get("thin", 1) >= 1 and out.get("burn", 0) >= 0):
            raise argparse.ArgumentTypeError("chain needs BETA ≥ 0, thin ≥ 1 and burn ≥ 0")
    elif "thin" in out or "burn" in out:
        raise argparse.ArgumentTypeError("thin and burn are the chain's: give chain=BETA too")
    return out


#: What a fit reads: (seat 0's view, every seat's true hand) at each of its decisions.
Data = Sequence[tuple[View, tuple[int, ...]]]


def views(vs: str, hands: int, seed: int, rules: Rules | None = None) -> Data:
    """(seat 0's view, every seat's true hand) at seat 0's draws and plays, once some
    opponent has thrown this hand: ``hard`` at seat 0, ``vs`` at every other seat."""
    rng = random.Random(seed)
    rules = rules or Rules.preset("standard")
    out = []
    for _ in range(hands):
        game = Game(rules, seed=rng.randrange(10**9))
        bots = [make_bot("hard", 1)] + [make_bot(vs, 1 + s) for s in range(1, rules.players)]
        hand = game.hand
        while not hand.is_over:
            seat = hand.current_player
            assert seat is not None
            view = game.view(seat)
            if seat == 0 and view.phase in ("draw", "play") and len(view.legal_actions) > 1:
                know = Knowledge(view)
                if _read(know):
                    out.append((view, tuple(hand.hands)))
            game.apply(bots[seat].act(view), seat)
    return out


def _read(know: Knowledge) -> list[int]:
    """The opponents whose hands are measured: those that have thrown this hand and hold
    hidden cards."""
    return [s for s in know.opponents if know.threw[s] and know.hidden[s] > 0]


@dataclass(frozen=True)
class Fit:
    """How well one setting's worlds read the opponent (the module docstring)."""

    share: float
    bias: float
    error: float
    feed: float


class WorldChain:
    """Worlds drawn from a Metropolis chain over the opponents' hidden cards (``chain=BETA``):
    a belief tried against the expert's (seventeenth session, docs/strength.md), kept here
    with the measure that judged it.

    :func:`~okgin.bots.belief.sample_worlds` draws hands from an opponent model and keeps
    some in proportion to the likelihood of the opponents' choices; when that likelihood is
    sharp, few of the drawn hands carry it. The chain instead moves the hidden cards one swap
    at a time (a hidden card of one opponent for an unknown card: one from the stock, or one
    hidden in another opponent's hand), accepting a swap with the ratio of the target's
    values, so the worlds it gives follow the target however sharp it is. The target of an
    opponent's hand is the likelihood of its choices (``Knowledge.likelihood``, or
    ``Knowledge.replay_likelihood`` with ``replay`` the factor of a worse throw) times
    ``exp(−beta × deadwood)``: a player keeps the cards that leave it little deadwood.

    The chain starts from an unweighted world of ``sample_worlds``, takes ``burn`` swaps
    before the first world and ``thin`` before each world; every world holds the chain's
    hands then and the other unknown cards shuffled as the stock (weight 1). The same
    ``rng`` gives the same worlds.
    """

    __slots__ = (
        "accepted",
        "beta",
        "hands",
        "know",
        "proposed",
        "replay",
        "rng",
        "seats",
        "thin",
        "throw_high",
        "unknown",
        "values",
    )

    def __init__(
        self,
        know: Knowledge,
        rng: random.Random,
        beta: float = 0.1,
        thin: int = 2,
        burn: int = 100,
        replay: float | None = None,
        throw_high: float = 1.0,
    ) -> None:
        if not (0 <= beta < math.inf and thin >= 1 and burn >= 0):
            raise ValueError(
                f"a world chain needs beta ≥ 0, thin ≥ 1 and burn ≥ 0, not {beta}, {thin}, {burn}"
            )
        self.know = know
        self.rng = rng
        self.beta = beta
        self.thin = thin
        self.replay = replay
        self.throw_high = throw_high
        self.seats = [s for s in know.opponents if know.hidden[s] > 0]
        self.unknown = bits(know.unknown)
        start = sample_worlds(know, 1, rng, weighted=False)
        self.hands = list(start[0].hands) if start else list(know.held)
        self.values = {s: self.value(s, self.hands[s]) for s in self.seats}
        #: swaps proposed and accepted so far (the chain's acceptance rate)
        self.proposed = 0
        self.accepted = 0
        self.step(burn)

    def value(self, s: int, hand: int) -> float:
        """The target's value of ``hand`` for seat ``s`` (up to a constant)."""
        know = self.know
        if self.replay is None:
            like = know.likelihood(s, hand, throw_high=self.throw_high)
        else:
            like = know.replay_likelihood(s, hand, self.replay)
        return like * math.exp(-self.beta * deadwood(hand))

    def step(self, count: int) -> None:
        """``count`` proposed swaps."""
        seats = self.seats
        if not seats:
            return
        rng = self.rng
        hands = self.hands
        held = self.know.held
        values = self.values
        for _ in range(count):
            s = seats[0] if len(seats) == 1 else rng.choice(seats)
            mine = bits(hands[s] & ~held[s])
            pool = [c for c in self.unknown if not hands[s] >> c & 1]
            if not mine or not pool:
                return
            a = rng.choice(mine)
            b = rng.choice(pool)
            self.proposed += 1
            new = hands[s] ^ (1 << a) ^ (1 << b)
            new_value = self.value(s, new)
            old_value = values[s]
            owner = next((t for t in seats if t != s and hands[t] >> b & 1), None)
            if owner is not None:  # a swap of hidden cards between two opponents
                other = hands[owner] ^ (1 << b) ^ (1 << a)
                other_value = self.value(owner, other)
                if rng.random() * old_value * values[owner] < new_value * other_value:
                    hands[s], hands[owner] = new, other
                    values[s], values[owner] = new_value, other_value
                    self.accepted += 1
            elif rng.random() * old_value < new_value:
                hands[s] = new
                values[s] = new_value
                self.accepted += 1

    def draw(self, count: int) -> list[World]:
        """The next ``count`` worlds of the chain."""
        out = []
        for _ in range(count):
            self.step(self.thin)
            placed = 0
            for s in self.seats:
                placed |= self.hands[s]
            stock = [c for c in self.unknown if not placed >> c & 1]
            self.rng.shuffle(stock)
            out.append(World(list(self.hands), stock, 1.0))
        return out


def fit(data: Data, worlds: int, options: dict[str, Any]) -> Fit:
    """The measures of the module docstring for the belief of ``options``."""
    like = {k: v for k, v in options.items() if k in _LIKELIHOOD}
    sample = {k: v for k, v in options.items() if k not in _LIKELIHOOD}
    if "weighted" in sample:
        sample["weighted"] = bool(sample["weighted"])
    defaults = inspect.signature(Knowledge.likelihood).parameters
    factors = {k: like.get(k, defaults[k].default) for k in _LIKELIHOOD}

    class Weighed(Knowledge):
        """The belief with the likelihood's factors of ``options``."""

        __slots__ = ()

        def likelihood(
            self,
            s: int,
            hand: int,
            decline_meld: float = factors["decline_meld"],
            throw_meld: float = factors["throw_meld"],
            take_alone: float = factors["take_alone"],
            throw_high: float = 1.0,
        ) -> float:
            return super().likelihood(s, hand, decline_meld, throw_meld, take_alone, throw_high)

    rng = random.Random(5)
    share = bias = error = brier = 0.0
    cards = n = 0
    for view, hands in data:
        know = Weighed(view)
        if "chain" in sample:
            keys = {k: sample[k] for k in _CHAIN if k in sample}
            got = WorldChain(know, rng, beta=sample["chain"], **keys).draw(worlds)
        else:
            got = sample_worlds(know, worlds, rng, **sample)
        for s in _read(know):
            true = hands[s]
            hidden = true & ~know.held[s]
            right = sum((w.hands[s] & hidden).bit_count() for w in got)
            share += right / (len(got) * know.hidden[s])
            off = sum(deadwood(w.hands[s]) for w in got) / len(got) - deadwood(true)
            bias += off
            error += abs(off)
            n += 1
            for c in bits(know.hand):
                p = sum(melds_with(w.hands[s], c) for w in got) / len(got)
                brier += (p - melds_with(true, c)) ** 2
                cards += 1
    n = max(n, 1)
    return Fit(share / n, bias / n, error / n, brier / max(cards, 1))


def accuracy(data: Data, worlds: int, options: dict[str, Any]) -> float:
    """The mean share of the opponent's hidden cards that a sampled world holds rightly."""
    return fit(data, worlds, options).share


def uniform(data: Data) -> float:
    """The same share for a guess of the hidden cards uniform over the unknown ones."""
    total = 0.0
    n = 0
    for view, _ in data:
        know = Knowledge(view)
        for s in _read(know):
            total += know.hidden[s] / know.unknown.bit_count()
            n += 1
    return total / max(n, 1)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--vs", default="hard", help="the opponent whose hand is guessed")
    ap.add_argument("--hands", type=int, default=60)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--worlds", type=int, default=48, help="worlds sampled per view")
    ap.add_argument(
        "--rules",
        type=rules_arg,
        default="standard",
        help="a preset or a JSON rule set (players included: every seat but 0 plays --vs)",
    )
    ap.add_argument("--try", dest="tries", type=setting, action="append", default=[])
    args = ap.parse_args(argv)
    try:
        parse_spec(args.vs)
    except ValueError as e:
        ap.error(str(e))
    rules = rules_of(ap, args.rules)
    data = views(args.vs, args.hands, args.seed, rules)
    if not data:
        ap.error("no view to guess from: play more --hands")
    players = "" if rules.players == 2 else f", {rules.players} players"
    print(f"{len(data)} views of {args.hands} hands (seed {args.seed}{players}), vs {args.vs}")
    print(f"  uniform: share {uniform(data):.4f}")
    for options in [{}, *args.tries]:
        start = time.perf_counter()
        got = fit(data, args.worlds, options)
        name = ",".join(f"{k}={v}" for k, v in options.items()) or "default"
        print(
            f"  {name}: share {got.share:.4f}, deadwood bias {got.bias:+.2f} error "
            f"{got.error:.2f}, feed {got.feed:.4f}  ({time.perf_counter() - start:.1f} s)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
