"""Small helpers over the state of The Big Shuffle; no rule of the game lives here.

`play` works on a copy of the state that shares every part with the caller's state until it
writes to it: `copy_state` copies the turn and the scene change at once; `writable`,
`writable_seat` and `writable_piles` copy a part the first time it is changed. `LazyRng` loads
the state's RNG only when a move draws, shuffles or picks at random. `order_from` and `AFTER`
are the seating order (the rulebook's "clockwise").
"""

from core.framework.rng import Rng


class LazyRng:
    """The state's RNG, loaded the first time a move draws, shuffles or picks at random."""

    __slots__ = ("text", "rng")

    def __init__(self, text: str):
        self.text, self.rng = text, None

    def _get(self) -> Rng:
        if self.rng is None:
            self.rng = Rng.load(self.text)
        return self.rng

    def below(self, n: int) -> int:
        return self._get().below(n)

    def shuffle(self, items: list) -> list:
        return self._get().shuffle(items)


OWNED = "~owned"  # while `play` runs: which parts of the state it has copied already


# --- Copy on write: the state `play` works on -----------------------------------------------------
def copy_state(state: dict) -> dict:
    """The state `play` works on: the turn and the scene change are copied now (the queue and
    the scene change's lists are only ever replaced, never changed in place);
    the rest (seats, piles, city) is shared with the caller's state until play writes to it,
    through the `_own`, `_seat` and `_piles` accessors, which copy a part the first time."""
    new = dict(state)
    new["turn"] = dict(state["turn"])
    if state["attempt"] is not None:  # its lists and the queue are replaced, never changed in place
        new["attempt"] = dict(state["attempt"])
    new[OWNED] = set()
    return new


def _pile_copy(d: dict) -> dict:
    return {k: v[:] for k, v in d.items()}


_COPIERS = {
    "noir": _pile_copy, "informants": _pile_copy, "changes": _pile_copy, "agendas": _pile_copy,
    "removed": list.copy, "played": list.copy, "characters": list.copy, "public": list.copy,
    "shared": lambda shared: [dict(sh) for sh in shared],
    "patrols": dict.copy, "protected": list.copy,  # The Law (the protections are replaced, never changed)
}


def make_public(state: dict, card: str) -> None:
    """A card returned from the discard is public knowledge (once: a public card played and taken
    back within one move is still listed once)."""
    if card not in state["public"]:
        writable(state, "public").append(card)


def writable(state: dict, key: str):
    """state[key], made safe to change (a top-level part: a pile, removed, played, ...)."""
    owned = state[OWNED]
    if owned is not None and key not in owned:
        owned.add(key)
        state[key] = _COPIERS[key](state[key])
    return state[key]


def writable_seat(state: dict, p: int) -> dict:
    """Seat p, made safe to change."""
    owned = state[OWNED]
    if owned is not None and p not in owned:
        owned.add(p)
        if "seats" not in owned:
            owned.add("seats")
            state["seats"] = state["seats"][:]
        s = state["seats"][p]
        state["seats"][p] = {**s, "hand": s["hand"][:], "loot": s["loot"][:]}
    return state["seats"][p]


def writable_piles(state: dict, t: str) -> dict:
    """The Uptown, Midtown and Downtown piles of scene type t, made safe to change."""
    owned = state[OWNED]
    if owned is not None and t not in owned:
        owned.add(t)
        if "city" not in owned:
            owned.add("city")
            state["city"] = dict(state["city"])
        state["city"][t] = _pile_copy(state["city"][t])
    return state["city"][t]


# --- Seating order --------------------------------------------------------------------------------
_ORDERS = {n: [[(first + k) % n for k in range(n)] for first in range(n)] for n in range(1, 9)}


# seats n, seat h -> every seat clockwise after h, ending with h itself
AFTER = {n: [order[1:] + order[:1] for order in orders] for n, orders in _ORDERS.items()}


def order_from(state: dict, first: int) -> list[int]:
    """Every seat in player order (clockwise), starting with `first`."""
    return _ORDERS[state["players"]][first]
