"""Plot Twist's Characters as they stand in a Conflict (rulebook: Character Cluster, Resistances,
Consequences of full Resistances, Attributes, Heroics, Skills, Keywords, Equipment cards, Mook
cards, Statuses: Incapacitated, Demoralized).

No decision lives here: what a Character in play *is* right now, read from its record
(state.py) and its printed card. Ratings are named in the rulebook's words, as damage.py wants
them (`{"Body": 6, "Fighting": 4, ...}`).

    >>> ratings("villain/dr-simoakli")["Body"], ratings("villain/dr-simoakli")["Fighting"]
    (6, 4)
    >>> side_of_seat(0), side_of_seat(3)
    ('gm', 'heroes')
"""

import functools

from core.framework.kept import kept_of

from .. import cards as C
from ..cards import CARD, TYPE  # (the hottest reads: names of the module's own, no lookup of `C` a call)
from ..rolls import damage as DMG
from ..state import CROSSOVER_HATE, GM, replace_character

SIDES = ("heroes", "gm")  # the two sides that pass Initiative to each other, Heroes first
ACTIONS_RENEWED = {"move": 2, "attack": 1}  # "Two Move Actions ... One Attack action"


def side_of_seat(seat: int) -> str:
    return "gm" if seat == GM else "heroes"


def side_of(character: dict) -> str:
    return side_of_seat(character["seat"])


def record(state: dict, card: str) -> dict | None:
    """The record of the Character `card` in play (Characters are unique by card; the index of them by
    card is kept while the list of Characters is the same: core/framework/kept.py)."""
    return kept_of(("plot-twist", "by_card"), state["characters"], _by_card).get(card)


def by_card(state: dict) -> dict:
    """Every record by its card (`record` of each; a mapping to read only), for a loop over many."""
    return kept_of(("plot-twist", "by_card"), state["characters"], _by_card)


def _by_card(characters: list) -> dict:
    """The records by card: the first of each card (a state with two is refused by its check)."""
    out: dict = {}
    for c in characters:
        out.setdefault(c["card"], c)
    return out


def update(state: dict, card: str, **changes) -> None:
    replace_character(state, card, **changes)


def kind(card: str) -> str:
    return TYPE[card]


def ratings(card: str) -> dict:
    """Attributes, Heroics and Skills in the rulebook's words (a rank not printed is 0)."""
    return dict(_printed_ratings(card))


@functools.cache
def _printed_ratings(card: str) -> dict:
    printed = C.CARD[card]
    out = {C.display(a): printed[a] for a in C.ATTRIBUTES}
    for field in ("heroics", "skills"):
        for word, rank in printed.get(field, {}).items():
            out[C.display(word)] = rank
    return out


def keywords(c: dict) -> list[str]:
    """Keywords in the rulebook's words: the Character's and its Equipment's. Mooks have none."""
    printed = C.CARD[c["card"]]
    words = list(printed.get("keywords", ()))
    if c.get("equipment"):
        words += C.CARD[c["equipment"]].get("keywords", [])
    return [C.display(w) for w in words]


def weapon(c: dict) -> dict | None:
    """The Character's weapon as damage.py reads it, or None (no Equipment, or gear)."""
    equipment = c.get("equipment")
    if not equipment or "weapon" not in C.CARD[equipment]:
        return None
    printed = C.CARD[equipment]
    return {"name": printed["name"], "type": printed["weapon"], "bonus": printed["bonus"],
            "overcharged": "overcharged" in printed.get("keywords", [])}


def printed_resistance(card: str, resistance: str) -> int:
    return C.CARD[card]["resistances"][resistance]


def is_incapacitated(c: dict) -> bool:
    """Physical or Mental Stress+Trauma equal to the Resistance; a Mook with no Quantity Counter
    is no Mook in play; a Villain `away` (Hiding, Surrendered, replaced: crossover.py) is out of play
    like one."""
    card = c["card"]
    if "away" in c:
        return True
    if TYPE[card] == "mook":
        return c["quantity"] == 0
    printed, counters = CARD[card]["resistances"], c["resistances"]  # checked at the boundary (integrity)
    physical, mental = counters["physical"], counters["mental"]
    return (physical["stress"] + physical["trauma"] >= printed["physical"]
            or mental["stress"] + mental["trauma"] >= printed["mental"])


def is_demoralized(c: dict) -> bool:
    if kind(c["card"]) == "mook":
        return False
    return DMG.is_full(c["resistances"]["social"], printed_resistance(c["card"], "social"))


def active(state: dict, side: str | None = None) -> list[dict]:
    """The Characters in play that can act (not Incapacitated), of one side or both (kept while the
    list of Characters is the same: core/framework/kept.py)."""
    return list(_split(state)[side])


def _split(state: dict) -> dict:
    """The Characters that can act, by side (None: both), in play by kind ("hero", "villain"), and each
    seat's cards (by its number)."""
    characters = state["characters"]
    return kept_of(("plot-twist", "active"), characters, _active)


def _active(characters: list) -> dict:
    """One pass over the Characters (worked out again after most moves): each list in the order of play."""
    every, heroes, gm, hero, villain, hidden_heroes, hidden_gm = [], [], [], [], [], [], []
    split = {None: every, "heroes": heroes, "gm": gm, "hero": hero, "villain": villain,
             ("hidden", "heroes"): hidden_heroes, ("hidden", "gm"): hidden_gm}  # (Hidden: stealth.hidden_others)
    for c in characters:
        if is_incapacitated(c):
            continue
        card, seat = c["card"], c["seat"]
        every.append(c)
        if seat == GM:  # `side_of(c) == "gm"`
            gm.append(c)
            if TYPE[card] == "villain":
                villain.append(c)
            if "hidden" in c["statuses"]:
                hidden_gm.append(card)
        else:
            heroes.append(c)
            if TYPE[card] == "hero":
                hero.append(c)
            if "hidden" in c["statuses"]:
                hidden_heroes.append(card)
        split.setdefault(seat, []).append(card)  # each seat's, by card (actions.acting)
    return split


def active_cards_of_seat(state: dict, seat: int) -> list[str]:
    """The cards of the seat's Characters that can act, in the order of play (a list to read only)."""
    characters = state["characters"]
    return kept_of(("plot-twist", "active"), characters, _active).get(seat, [])


def hidden(state: dict, side: str) -> list[str]:
    """The cards of the side's Characters in play that are Hidden, in the order of play (a list to read only)."""
    return _split(state)["hidden", side]


def in_play_counts(state: dict) -> tuple[int, int]:
    """How many Heroes and how many Villains are in play (`len` of the two below, without their copies)."""
    split = _split(state)
    return len(split["hero"]), len(split["villain"])


def villains_in_play(state: dict) -> list[dict]:
    return list(_split(state)["villain"])


def heroes_in_play(state: dict) -> list[dict]:
    return list(_split(state)["hero"])


def hate_max(c: dict) -> int | None:
    """A Crossover Villain (any Villain but the Main one) has "6 maximum Hate"; the Main Villain none."""
    return None if c.get("main") else CROSSOVER_HATE


def hate_after(c: dict, delta: int) -> int:
    """A Villain's Hate changed by `delta`: never below 0, nor above a Crossover Villain's 6."""
    top = hate_max(c)
    return max(0, c["hate"] + delta if top is None else min(top, c["hate"] + delta))


def power(card: str) -> int:
    return CARD[card]["power"]


def spend_counter(c: dict) -> str | None:
    """What a Character pays Trauma and its once-a-Turn Attack action with: Belief or Hate."""
    return {"hero": "belief", "villain": "hate"}.get(kind(c["card"]))


def renew_actions(state: dict) -> None:
    """Start of Turn: every Character in play renews two Move actions and one Attack action."""
    state["characters"] = [c if is_incapacitated(c) else {**c, "actions": dict(ACTIONS_RENEWED)}
                           for c in state["characters"]]
