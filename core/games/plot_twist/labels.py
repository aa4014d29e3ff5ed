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
from .reversal import COSTS


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


def _play_plot(m: dict) -> str:
    text = f"{name(m['character'])} plays {name(m['card'])}"
    if m.get("target"):
        text += f" on {name(m['target'])}"
    if "resistance" in m:
        text += f" ({_word(m['resistance'])})"
    if "chosen" in m:
        text += f", choosing {m['chosen']}"
    if m.get("location"):
        text += f", playing {name(m['location'])}"
    if "you" in m:
        text += f" for {name(m['you'])}"
    return text


def _choose(m: dict) -> str:
    picked = ([name(m["target"])] if m.get("target") else []) + ([_word(m["resistance"])] if "resistance" in m else [])
    return f"Choose {', '.join(picked) or 'nothing'} for {name(m['card'])}"


_REVERSAL = {"lock": "Lock {target}'s {word} this Turn", "automatic_success": "{target} gains 1 Automatic Success",
             "initiative": "Reverse Initiative this Turn", "masterplan": "Initiate a Masterplan, +5 Energy to each Villain",
             "crossover": "Villain Crossover: {card} enters play with 6 Hate",
             "persona": "Another Persona: {card} enters play with 6 Hate"}


def _reversal(m: dict) -> str:
    effect = m["effect"]
    text = _REVERSAL.get(effect, _word(effect)).format(target=name(m.get("target", "")), word=_word(m.get("word", "")),
                                                       card=name(m.get("card", "")))
    return f"{text} ({COSTS.get(effect, '?')} cured Belief)"


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
    "fly": lambda m: f"{name(m['character'])}: enter Flying",
    "land": lambda m: f"{name(m['character'])}: leave Flying",
    "hide": lambda m: f"{name(m['character'])}: Hide",
    "perceive": lambda m: f"{name(m['character'])}: try to perceive {name(m['target'])}",
    "identity": lambda m: (f"{name(m['character'])}: identify as {m['identity']}" if m["identity"]
                           else f"{name(m['character'])}: no Identity"),
    "sneak_attack": lambda m: (f"{name(m['character'])} Sneak Attacks {name(m['target'])}, "
                               f"at {_word(m['distance'])} Distance"),
    "play_plot": _play_plot,
    "recruit": lambda m: f"{name(m['character'])}: Recruit {name(m['target'])} ({_word(m['attack'])} Attack)",
    "kill": lambda m: f"{name(m['character'])}: Kill {name(m['target'])} ({_word(m['attack'])} Attack)",
    "reveal_event": lambda m: f"Reveal {name(m['card'])}",
    "reveal_objective": lambda m: "Reveal your Objective",
    "nullify_roll": lambda m: f"{name(m['character'])}: roll to Nullify {name(m['card'])}",
    "nullify_spend": lambda m: f"{name(m['character'])}: spend toward Nullifying {name(m['card'])}",
    "choose": _choose,
    "activate": lambda m: f"{name(m['character'])}: {C.CARD[m['character']].get('advantage', 'Advantage')}"
                          + (f" on {name(m['target'])}" if m.get("target") else ""),
    "buy_success": lambda m: f"{name(m['character'])}: 1 Automatic Success for the next Damage Roll (2 Belief)",
    "buy_coin": lambda m: (f"{name(m['character'])}: 1 coin in the {_word(m['pool'])} "
                           f"({'1 Quantity counter' if C.TYPE.get(m['character']) == 'mook' else '1 Energy'})"),
    "add_quantity": lambda m: f"{name(m['character'])}: 3 Quantity counters on {name(m['target'])} (1 Hate)",
    "belief_damage": lambda m: f"{name(m['character'])}: {name(m['target'])} loses 1 Belief (1 Hate)",
    "raise_heroic": lambda m: (f"{name(m['character'])}: raise {_word(m['heroic'])} to 3 "
                               f"(2 {_counter(m['character'])})"),
    "gain_keyword": lambda m: f"{name(m['character'])}: gain {_word(m['keyword'])} this Turn (2 Belief)",
    "play_hero": lambda m: (f"{name(m['character'])}: play {name(m['hero'])}"
                            + (f" with {name(m['equipment'])}" if m["equipment"] else "") + " (5 Belief)"),
    "heal": lambda m: (f"{name(m['character'])}: Healing, a Chosen Roll of {m['chosen']} to Regenerate {m['chosen']} "
                       f"{_word(m['resistance'])} Stress (1 Energy)"),
    "gadgeteer": lambda m: (f"{name(m['character'])}: Gadgeteer, {m['ranks']} Rank{'s' * (m['ranks'] != 1)} in "
                            f"{_word(m['heroic'])} this Turn ({m['ranks']} Energy)"),
    "flee": lambda m: f"Flee to {name(m['card'])}",
    "pursue": lambda m: "Pursue the Villain to his Lair" if m["pursue"] else "Do not Pursue (an Interview)",
    "interview": lambda m: (f"Interview: {m['extra']} more question{'s' * (m['extra'] != 1)}, "
                            f"+{m['bonus']} coin{'s' * (m['bonus'] != 1)} to every answer"),
    "answer": lambda m: (f"{name(m['character'])} answers with {_word(m['skill'])}, choosing {m['chosen']}: "
                         + (f"{name(m['target'])} Regenerates {m['chosen']} Social Stress" if m["skill"] == "apologist"
                            else f"{name(m['target'])} gains {m['chosen']} Energy")),
    "no_answer": lambda m: "Leave the question unanswered",
    "next_location": lambda m: f"The next Conflict at {name(m['card'])}",
    "relocate": lambda m: f"Relocate everyone to {name(m['card'])}",
    "peek": lambda m: f"{name(m['character'])}: roll toward peeking at the Objective (Perception or Hacking)",
    "cure": lambda m: f"Cure 1 Belief on {name(m['hero'])} (Reversal of Fortunes)",
    "reversal": _reversal,
    "new_main_villain": lambda m: f"{name(m['card'])} becomes the Main Villain",
}


def labels(seen: dict, decision: dict) -> list[str]:
    """One label per option of `decision`; "" for a move kind without one (the generic label then)."""
    return [_LABEL[o["kind"]](o) if o.get("kind") in _LABEL else "" for o in decision["options"]]
