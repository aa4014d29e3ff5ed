"""Plot Twist's options in words, from the card catalog's names ("Hope plays Jab on Dr. Simoakli").

A label names only what its move names: the seat's own picks and Combat cards, and the
Characters in play, all of which the deciding seat sees; so it reads the same from the seat's
view as from the whole state (tests/core/test_labels.py). A new move kind is one line of `_LABEL`.

    >>> labels({}, {"options": [{"player": 1, "kind": "place_hero", "card": "hero/hope"},
    ...                         {"player": 1, "kind": "attack", "character": "hero/hope", "attack": "melee",
    ...                          "card": None, "trauma": False}]})
    ['Place Hope as your Hero', 'Hope: Melee Attack']
"""

from . import cards as C


def name(card: str) -> str:
    return C.display_name(card) if card in C.CARD else str(card)


def names(cards: list) -> str:
    words = [name(c) for c in cards]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _word(word: str) -> str:
    return str(word).replace("_", " ").replace("-", " ").title()


def _play_card(m: dict) -> str:
    text = f"{name(m['character'])} plays {name(m['card'])}"
    if "to" in m:
        text += f", to {_word(m['to'])} Distance"
    if "target" in m:
        text += f" on {name(m['target'])}"
    if "resistance" in m:
        text += f" ({_word(m['resistance'])})"
    if "chosen" in m:
        text += f", choosing {m['chosen']}"
    return text


def _attack(m: dict) -> str:
    text = f"{name(m['character'])}: {_word(m['attack'])} Attack"
    if m.get("card"):
        text += f" with {name(m['card'])}"
    return text + (", causing Trauma" if m.get("trauma") else "")


def _counter(character: str) -> str:
    return "Belief" if C.TYPE.get(character) == "hero" else "Hate"


_LABEL = {  # move kind -> its label
    "place_villain": lambda m: f"Place {name(m['card'])} as your Main Villain",
    "place_equipment": lambda m: f"Place {name(m['card'])} as Equipment",
    "no_equipment": lambda m: "Place no Equipment",
    "place_mook": lambda m: f"Place {name(m['card'])} (Mooks)",
    "no_more_mooks": lambda m: "Place no more Mooks",
    "place_location": lambda m: f"Place {name(m['card'])} as the initial Location",
    "place_objective": lambda m: f"Place {name(m['card'])} face down as your Objective",
    "place_hero": lambda m: f"Place {name(m['card'])} as your Hero",
    "add_plot": lambda m: f"Add {name(m['card'])} to your Plot Hand",
    "add_combat_card": lambda m: f"Add {name(m['card'])} to your Combat Deck",
    "add_twist": lambda m: f"Add {name(m['card'])} to the Twists! Deck",
    "add_event": lambda m: f"Add {name(m['card'])} to your Events Cluster",
    "mulligan": lambda m: f"Mulligan: discard {names(m['cards'])} and redraw to 3" if m["cards"] else "Keep your hand",
    "redraw": lambda m: f"Discard {names(m['cards'])}, then draw to 3" if m["cards"] else "Discard nothing, draw to 3",
    "initiate": lambda m: f"{name(m['character'])} initiates a Combat against {name(m['target'])}",
    "pass": lambda m: "Pass Initiative",
    "play_card": _play_card,
    "attack": _attack,
    "regenerate": lambda m: f"{name(m['character'])}: regenerate 1 {_word(m['resistance'])} Stress (1 Energy)",
    "remove_trauma": lambda m: f"{name(m['character'])}: remove 1 {_word(m['resistance'])} Trauma (2 Energy)",
    "extra_attack": lambda m: f"{name(m['character'])}: an extra Attack action (1 {_counter(m['character'])})",
    "recover": lambda m: f"{name(m['character'])}: recover from {_word(m['status'])}",
}


def labels(seen: dict, decision: dict) -> list[str]:
    """One label per option of `decision`; "" for a move kind without one (the generic label then)."""
    return [_LABEL[o["kind"]](o) if o.get("kind") in _LABEL else "" for o in decision["options"]]
