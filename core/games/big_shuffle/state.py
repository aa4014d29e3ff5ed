"""Small helpers over the state of The Big Shuffle; no rule of the game lives here.

`play` works on the state of a draft (`core.framework.draft.Draft`) that shares every part with
the caller's state until it writes to it: `copy_state` copies the turn and the scene change at
once; `writable`, `writable_seat` and `writable_piles` copy a part the first time it is changed
(thin calls on the current draft, which keeps the record of what it copied outside the state).
`order_from` and `AFTER` are the seating order (the rulebook's "clockwise").
"""

from core.framework.draft import Draft, current_draft


# --- Copy on write: the state `play` works on -----------------------------------------------------
def copy_state(state: dict) -> Draft:
    """The draft whose state `play` works on: the turn and the scene change are copied now (the queue and
    the scene change's lists are only ever replaced, never changed in place);
    the rest (seats, piles, city) is shared with the caller's state until play writes to it,
    through `writable`, `writable_seat` and `writable_piles`, which copy a part the first time."""
    draft = Draft(dict(state), set())  # Draft.of(state), inlined: once a move
    new = draft.state
    new["turn"] = dict(state["turn"])
    if state["attempt"] is not None:  # its lists and the queue are replaced, never changed in place
        new["attempt"] = dict(state["attempt"])
    return draft


def _pile_copy(d: dict) -> dict:
    return {k: v[:] for k, v in d.items()}


def _seat_copy(s: dict) -> dict:
    return {**s, "hand": s["hand"][:], "loot": s["loot"][:]}


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


# `state` is the current draft's state: the move's (or the setup's) one state being changed
def writable(state: dict, key: str):
    """state[key], made safe to change (a top-level part: a pile, removed, played, ...)."""
    return current_draft().own(key, _COPIERS[key])


def writable_seat(state: dict, p: int) -> dict:
    """Seat p, made safe to change."""
    return current_draft().own_item("seats", p, _seat_copy)


def writable_piles(state: dict, t: str) -> dict:
    """The Uptown, Midtown and Downtown piles of scene type t, made safe to change."""
    return current_draft().own_item("city", t, _pile_copy)


# --- Seating order --------------------------------------------------------------------------------
_ORDERS = {n: [[(first + k) % n for k in range(n)] for first in range(n)] for n in range(1, 9)}


# seats n, seat h -> every seat clockwise after h, ending with h itself
AFTER = {n: [order[1:] + order[:1] for order in orders] for n, orders in _ORDERS.items()}


def order_from(state: dict, first: int) -> list[int]:
    """Every seat in player order (clockwise), starting with `first`."""
    return _ORDERS[state["players"]][first]
