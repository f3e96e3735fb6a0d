"""Hypothesis strategies: rule sets (a preset plus random valid overrides), decks, hands."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from okgin.rules import PRESETS, Rules


@st.composite
def rule_dicts(draw: st.DrawFn, *, small_targets: bool = True) -> dict[str, Any]:
    """A rule set as a record stores it: a random preset plus random valid overrides
    (2-4 players, hand sizes from 1 to the largest the deck allows, every option)."""
    preset = draw(st.sampled_from(sorted(PRESETS)))
    out: dict[str, Any] = {"preset": preset}

    def maybe(key: str, strategy: st.SearchStrategy[Any]) -> None:
        if draw(st.booleans()):
            out[key] = draw(strategy)

    maybe("players", st.sampled_from([2, 3, 4]))
    n = out.get("players", 2)
    maybe(
        "hand_size",
        st.one_of(
            st.none(),
            st.integers(1, min(12, 48 // n)),  # everyday sizes, brute-force friendly
            st.integers(1, 48 // n),  # up to a stock of three cards
        ),
    )
    maybe("knock_limit", st.one_of(st.just("upcard"), st.integers(0, 10)))
    maybe("ace_upcard", st.sampled_from(["gin_only", "one"]))
    maybe("no_return_discard", st.booleans())
    maybe("gin_bonus", st.integers(0, 50))
    maybe("big_gin_bonus", st.one_of(st.none(), st.integers(0, 50)))
    maybe("undercut_bonus", st.integers(0, 50))
    maybe("undercut_on_tie", st.booleans())
    maybe("knock_bonus", st.integers(0, 20))
    maybe("multiway_scoring", st.sampled_from(["pairwise", "lowest"]))
    maybe("doubling_suit", st.sampled_from([None, "c", "d", "h", "s"]))
    maybe("doubling_effect", st.sampled_from(["hand", "target"]))
    maybe("stock_exhaustion", st.sampled_from(["standard", "fiftieth_card"]))
    formats = ["single", "target", "hollywood"] if n == 2 else ["single", "target"]
    maybe("format", st.sampled_from(formats))
    maybe("target", st.integers(1, 120) if small_targets else st.integers(1, 500))
    maybe("dealer_rotation", st.sampled_from(["winner", "alternate"]))
    maybe("game_bonus", st.integers(0, 100))
    maybe("box_bonus", st.integers(0, 25))
    maybe("shutout", st.sampled_from(["double", "none"]))
    return out


def rule_sets(**kwargs: Any) -> st.SearchStrategy[Rules]:
    """Validated :class:`Rules` built from :func:`rule_dicts`."""
    return rule_dicts(**kwargs).map(Rules.from_dict)


#: A deck order (every card once).
decks = st.permutations(list(range(52)))


@st.composite
def random_hands(draw: st.DrawFn, min_size: int = 0, max_size: int = 13) -> int:
    """A hand mask of random cards."""
    cards = draw(st.sets(st.integers(0, 51), min_size=min_size, max_size=max_size))
    out = 0
    for c in cards:
        out |= 1 << c
    return out


@st.composite
def meld_rich_hands(draw: st.DrawFn, min_size: int = 3, max_size: int = 13) -> int:
    """A hand drawn from a few adjacent ranks (sets and runs crossing each other)."""
    width = draw(st.integers(3, 6))
    low = draw(st.integers(0, 13 - width))
    pool = [s * 13 + r for s in range(4) for r in range(low, low + width)]
    cards = draw(
        st.sets(st.sampled_from(pool), min_size=min(min_size, len(pool)), max_size=max_size)
    )
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def hands(min_size: int = 0, max_size: int = 13) -> st.SearchStrategy[int]:
    return st.one_of(random_hands(min_size, max_size), meld_rich_hands(max(min_size, 3), max_size))
