"""Shufflers options in words, from the card catalog's names ("Pay 6 and 3 of Diamonds").

Everything a Shufflers label names is face up (hands, rows, discards, the card being
resolved); only the encounter decks' order is hidden, and no label looks at it.
"""

from .cards import CATALOG, ROLE, VALUE

NAME = {c["id"]: c["name"] for c in CATALOG}
_RANK = {c["id"]: c["rank"] for c in CATALOG}
_SUIT = {c["id"]: c["suit"] for c in CATALOG}
_SUITS = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades"}
_RANK_WORD = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}


def _base(card: str) -> str:
    return card.split("#")[0]


def card_name(card: str) -> str:
    """'7C#1' -> 'Seven of Clubs'."""
    return NAME.get(_base(card), card)


def cards_in_words(cards: list[str]) -> str:
    """['6D', '3D'] -> '6 and 3 of Diamonds'; several suits: '6 of Diamonds and 3 of Hearts'."""
    groups: dict[str, list[str]] = {}
    for card in cards:
        base = _base(card)
        groups.setdefault(_SUIT.get(base, "?"), []).append(_RANK_WORD.get(_RANK.get(base), _RANK.get(base, base)))
    parts = [f"{_and(ranks)} of {_SUITS.get(suit, suit)}" for suit, ranks in groups.items()]
    return _and(parts)


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _seat(p: int, me: int) -> str:
    return "you" if p == me else f"seat {p}"


def _whose(p: int, me: int) -> str:
    return "your" if p == me else f"seat {p}'s"


def labels(seen: dict, decision: dict) -> list[str]:
    me = decision["player"]
    task = seen.get("task") or {}
    out = []
    for o in decision["options"]:
        kind = o["kind"]
        if kind == "draw":
            out.append("Draw an encounter card")
        elif kind == "sacrifice":
            out.append("Make the ultimate sacrifice")
        elif kind == "pay":
            out.append(f"Pay {cards_in_words(o['cards'])} ({sum(VALUE[c] for c in o['cards'])})")
        elif kind == "contribute":
            out.append(f"Spend the {card_name(o['card'])}")
        elif kind == "retrieve":
            zone = "health" if ROLE.get(task.get("card")) == "doctor" else "ammo"
            pile = seen["seats"][o["target"]][f"{zone}_discard"]
            back = f" (the {card_name(pile[-1])})" if pile else ""
            out.append(f"Take back {_whose(o['target'], me)} last discarded {zone.capitalize()}{back}")
        elif kind == "ignore":
            out.append("Nothing to take back: go on")
        elif kind == "vehicle":
            out.append("Use the vehicle: deal away the next two encounter cards")
        elif kind == "sacrificial_lamb":
            out.append("Offer a sacrificial lamb: the next Shufflers card is discarded")
        elif kind == "rob":
            out.append(f"The thief robs {_seat(o['target'], me)}")
        else:
            out.append("")
    # combined decks: two copies of one card are told apart by the deck they came from
    if len(set(out)) < len(out):
        out = [f"{label} (deck {o['card'].split('#')[1]})" if "#" in o.get("card", "") else label
               for label, o in zip(out, decision["options"])]
    return out
