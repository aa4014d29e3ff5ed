"""Build Shufflers positions by hand for the rules tests.

Start from a real `core.new_game(...).state` (deep-copied) and move cards between zones:
never create or destroy one, so the multiset of cards stays whole and `core.check_state`
accepts the position. Then play it with `core.apply`, like any client would.

    >>> s = new_state(1)
    >>> stack(s, ["6C"])
    >>> step = core.apply(s, draw(0))
    >>> [e["cards"] for e in of_type(step, "paid")]
    [['6D']]
"""

import copy

import core
from step_helpers import all_options, of_type, play  # noqa: F401  (re-exported)
from core.games.shufflers.cards import SORT_KEY, VALUE

ZONES = ("ammo", "health", "ammo_discard", "health_discard", "stolen")
RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]


def new_state(players: int = 1, seed: int = 0, **options) -> dict:
    """A fresh state we may edit in place (the engine's states share structure)."""
    return copy.deepcopy(core.new_game("shufflers", players, options, seed=seed).state)


def card(rank, suit: str, deck: int | None = None) -> str:
    """`card(6, "D")` -> "6D"; `card(1, "C", 2)` -> "AC#2" (aces count 1)."""
    r = RANKS[rank - 1] if isinstance(rank, int) else rank
    return f"{r}{suit}" if deck is None else f"{r}{suit}#{deck}"


def cards(ranks, suit: str, deck: int | None = None) -> list[str]:
    return [card(r, suit, deck) for r in ranks]


def _containers(state: dict, group: int | None):
    """Where cards can be: with one deck per player (solo, competitive) seat i and pile i
    hold deck i, and the same card id exists in every deck, so look in `group` only."""
    split = not state["options"]["collaborative"]
    for i, seat in enumerate(state["seats"]):
        if not split or i == group:
            for zone in ZONES:
                yield seat[zone]
    for i, pile in enumerate(state["encounters"]):
        if not split or i == group:
            yield pile["deck"]
            yield pile["discard"]


def take(state: dict, c: str, group: int | None = 0) -> str:
    """Remove card `c` from wherever it is in deck `group` (collaborative: anywhere)."""
    for where in _containers(state, group):
        if c in where:
            where.remove(c)
            return c
    raise AssertionError(f"{c} is nowhere in deck {group}")


def stack(state: dict, top: list[str], pile: int = 0) -> None:
    """Put `top` on the encounter deck of `pile`, top[0] to be drawn first."""
    for c in top:
        take(state, c, pile)
    state["encounters"][pile]["deck"][:0] = list(top)


def already_drawn(state: dict, drawn: list[str], pile: int = 0) -> None:
    """Put `drawn` on the encounter discard pile of `pile`, as if drawn in that order."""
    for c in drawn:
        take(state, c, pile)
    state["encounters"][pile]["discard"].extend(drawn)


def set_row(state: dict, seat: int, zone: str, keep: list[str]) -> None:
    """Leave exactly `keep` in a seat's "ammo" or "health" row, in row order.

    The row's other cards go to that zone's discard, highest first (as a payment would);
    cards of `keep` not in the row are fetched from wherever they are.
    """
    s = state["seats"][seat]
    gone = [c for c in s[zone] if c not in keep]
    s[zone] = [c for c in s[zone] if c in keep]
    s[zone + "_discard"].extend(sorted(gone, key=SORT_KEY.__getitem__, reverse=True))
    for c in keep:
        if c not in s[zone]:
            take(state, c, seat)
            s[zone].append(c)
    s[zone] = sorted(s[zone], key=SORT_KEY.__getitem__)


def set_discard(state: dict, seat: int, zone: str, discarded: list[str]) -> None:
    """Make a seat's `zone` discard pile exactly `discarded` (oldest first); the cards that
    were in it go back to the row."""
    s = state["seats"][seat]
    old, s[zone + "_discard"] = s[zone + "_discard"], []
    s[zone] = s[zone] + [c for c in old if c not in discarded]
    for c in discarded:
        if c not in old:
            take(state, c, seat)
    s[zone] = sorted(s[zone], key=SORT_KEY.__getitem__)
    s[zone + "_discard"] = list(discarded)


def kill(state: dict, seat: int) -> None:
    """A seat that died earlier: no Ammo, no Health, status dead."""
    set_row(state, seat, "ammo", [])
    set_row(state, seat, "health", [])
    state["seats"][seat]["status"] = "dead"


def ready(state: dict) -> dict:
    """The position must be one the engine accepts."""
    core.check_state(state)
    return state


# --- moves and steps --------------------------------------------------------------------
def draw(p: int) -> dict:
    return {"player": p, "kind": "draw"}


def pay(p: int, *cs: str) -> dict:
    return {"player": p, "kind": "pay", "cards": list(cs)}


def contribute(p: int, c: str) -> dict:
    return {"player": p, "kind": "contribute", "card": c}


def kinds(step: core.Step) -> list[str]:
    return [d["kind"] for d in step.pending]


def paid_sets(step: core.Step) -> set[frozenset]:
    """The `pay` options of a step, each as a set of cards."""
    return {frozenset(o["cards"]) for o in all_options(step) if o["kind"] == "pay"}


def value(cs) -> int:
    return sum(VALUE[c] for c in cs)
