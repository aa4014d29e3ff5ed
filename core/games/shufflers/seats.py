"""Small questions about a Shufflers position, asked by the rules and by the integrity checks."""

from .cards import ROLE, total

_JOKERS = frozenset(c for c in ROLE if ROLE[c] == "joker")  # of every deck


def discard_of(zone: str) -> str:
    return zone + "_discard"


def living(state: dict) -> list[int]:
    return [i for i, s in enumerate(state["seats"]) if s["status"] == "alive"]


def pile_index(state: dict, seat: int) -> int:
    """The encounter pile a seat draws from: its own, or the one pile of the collaborative game."""
    return 0 if state["options"]["collaborative"] else seat


def jokers_drawn(pile: dict) -> int:
    return len(_JOKERS.intersection(pile["discard"]))


def score(seat: dict) -> int:
    return total(seat["ammo"]) + total(seat["health"])
