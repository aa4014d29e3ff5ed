"""The deck, loaded from cards.toml, and fast look-ups by card id.

In the collaborative variant several decks are combined, so a card id carries its
deck after a '#': "7C#0", "7C#1". Elsewhere ids are plain: "7C".
"""

import tomllib
from pathlib import Path

CATALOG: list[dict] = tomllib.loads((Path(__file__).parent / "cards.toml").read_text())["card"]

MAX_DECKS = 8

VALUE: dict[str, int] = {}
ROLE: dict[str, str] = {}
for _card in CATALOG:
    for _id in [_card["id"]] + [f"{_card['id']}#{d}" for d in range(MAX_DECKS)]:
        VALUE[_id] = _card["value"]
        ROLE[_id] = _card["role"]

# Ammo and Health rows are kept in this order: by value, then by id.
SORT_KEY = {c: (VALUE[c], c) for c in VALUE}

_BASE = [c["id"] for c in CATALOG]
AMMO = [c for c in _BASE if ROLE[c] == "ammo"]
HEALTH = [c for c in _BASE if ROLE[c] == "health"]
JOKERS = ["X1", "X2"]
ENCOUNTER = [c for c in _BASE if ROLE[c] not in ("ammo", "health", "joker")]  # 32 cards


def in_deck(cards: list[str], deck: int | None) -> list[str]:
    """The ids of `cards` in deck number `deck` (None: a single-deck game)."""
    return list(cards) if deck is None else [f"{c}#{deck}" for c in cards]


def total(cards) -> int:
    return sum(map(_value, cards))


_value = VALUE.__getitem__


def sorted_row(cards) -> list[str]:
    return sorted(cards, key=SORT_KEY.__getitem__)


def is_card(x) -> bool:
    return isinstance(x, str) and x in VALUE
