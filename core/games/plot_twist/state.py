"""Plot Twist's state model: the fields of a game beside the framework's, and the records in them.
No rule lives here; docs/plot-twist-contract.md describes every field and who may see it.

Seat 0 is the GM, seats 1..players-1 the Heroes (one each). Cards are catalog ids.

    >>> fields = empty_fields(3)
    >>> fields["setup"], fields["plot_hands"]
    ({'step': 'villain', 'seat': 0}, [[], [], []])
    >>> sorted(new_character("hero/hope", 2))
    ['actions', 'belief', 'card', 'energy', 'equipment', 'resistances', 'seat', 'statuses']
    >>> new_character("mook/lab-goons", 0)["quantity"]
    5
"""

from collections.abc import Sequence

from . import cards as C
from .effects import tally

GM = 0
HIDDEN = {"hidden": True}

# Setup, in the rulebook's order (ruling "The order of Setup's first step"): who decides is
# `setup.seat` (the GM, or the Hero seat placing its Hero and Equipment); the Plot Hands and
# Combat Decks are picked by every seat at once (`seat` null); `done`: the first Turn begins.
STEPS = ("villain", "villain_equipment", "mooks", "location", "objective", "hero", "hero_equipment",
         "plot_hands", "combat_decks", "twists", "events", "done")
SETUP_MODES = ("drafted", "quick")

GAME_FIELDS = ("setup", "characters", "locations", "location", "objective", "plot_hands",
               "combat_decks", "combat_hands", "combat_discards", "twists_deck", "twists_in_play",
               "twists_discard", "events_cluster", "plot_discard", "tally", "identities", "turn", "combat",
               "bystanders")
# the cards in play's bookkeeping (in_play.py): Time counters, a card's pending choice, the figures a
# Nullify counts from, the Nullify Rolls tried this Turn
IN_PLAY_FIELDS = ("timers", "choice", "counting", "nullify_tries")
GAME_FIELDS += IN_PLAY_FIELDS
# between two Conflicts (aftermath.py): null during a Conflict; `conflict`: the Conflict's number
GAME_FIELDS += ("aftermath", "conflict")
AFTERMATH_STEPS = ("lair", "pursuit", "interview", "questions", "next_location")
AFTERMATH_FIELDS = frozenset(("step", "questions", "asked", "bonus"))
MAX_CONFLICTS = 99  # every Flight plays a Lair from the GM's Plot Hand (ruling "A Lair once left")
GAME_FIELDS += ("masterplan",)  # Reversal of Fortunes (reversal.py): a Masterplan is in progress
# Villain Crossovers (crossover.py): "Crossover Villains enter play at 6 Hate Counters and at 6 maximum Hate";
# a Villain's record may carry `crossed` (the Turn it entered by a Crossover or as a Persona) and `away`
# (out of play: "hiding" face down, "surrendered", "replaced" by another Persona)
CROSSOVER_HATE = 6
GONE = ("surrendered", "replaced")  # cards no longer in play for the Uniqueness Rule
PER_SEAT = ("plot_hands", "combat_decks", "combat_hands", "combat_discards")

# The fields of a Character in play, by type ("Mooks do not have any Resistances or Energy").
CHARACTER_FIELDS = {
    "hero": frozenset(("card", "seat", "equipment", "resistances", "belief", "energy", "statuses", "actions")),
    "villain": frozenset(("card", "seat", "main", "equipment", "resistances", "hate", "energy", "statuses",
                          "actions")),
    "mook": frozenset(("card", "seat", "quantity", "statuses", "actions")),
    # an Ally (plots.py): played in the Conflict under its Hero (`hero`, the Hero's card, `seat` the
    # Hero's); Physical and Mental Resistances only, no Energy, Equipment or Social Resistance;
    # `time`: its Time counters (it leaves play when they reach its printed `turns`)
    "ally": frozenset(("card", "seat", "hero", "resistances", "statuses", "actions", "time")),
}
ACTIONS_MAX = {"move": 2, "attack": 1}  # "never more than 1 Attack action, and 2 Move actions"
EVENT_FIELDS = frozenset(("card", "revealed", "nullified"))
# `peeked`: the Hero seats that peeked at it; `peeking`: {character: Successes accumulated toward it} (stealth.py)
OBJECTIVE_FIELDS = frozenset(("card", "revealed", "peeked", "peeking"))
PEEK_SUCCESSES = 6  # Perception, Hacking: "With 6 accumulated Successes in Fixed Rolls against Difficulty 0"


def empty_fields(players: int) -> dict:
    """A table before the GM's first pick."""
    seats = [[] for _ in range(players)]
    return {
        "setup": {"step": STEPS[0], "seat": GM},
        "characters": [],
        "locations": [],
        "location": None,
        "objective": {"card": None, "revealed": False, "peeked": [], "peeking": {}},
        "plot_hands": seats, "combat_decks": [list(s) for s in seats],
        "combat_hands": [list(s) for s in seats], "combat_discards": [list(s) for s in seats],
        "twists_deck": [], "twists_in_play": [], "twists_discard": [],
        "events_cluster": [],
        "plot_discard": [],
        "tally": tally.empty(),  # what the Conflict's conditions count (tally.py)
        "identities": {},  # {character: Identity} (stealth.py)
        "turn": None,    # the Turn in progress (conflict.py), null during Setup
        "combat": None,  # the Combat in progress (combat.py), null between Combats
        "bystanders": [],  # the Bystanders in play: [{card, seat, location}] (bystanders.py)
        "timers": [], "choice": None, "counting": {}, "nullify_tries": [],  # in_play.py
        "aftermath": None, "conflict": 1,  # aftermath.py
        "masterplan": False,  # reversal.py
    }


def new_character(card: str, seat: int) -> dict:
    """A Character as it enters play at Setup: Belief (Heroes) or Hate (Villains) full, Energy
    Power x3, no Stress or Trauma, a Mook with its printed Quantity; no status; its Combat actions
    are renewed at the first Start of Turn."""
    printed = C.CARD[card]
    kind = C.TYPE[card]
    record = {"card": card, "seat": seat, "statuses": [], "actions": {"move": 0, "attack": 0}}
    if kind == "mook":
        return {**record, "quantity": printed["quantity"]}
    record.update(equipment=None, energy=printed["energy"],
                  resistances={r: {"stress": 0, "trauma": 0} for r in C.RESISTANCES})
    if kind == "hero":
        return {**record, "belief": printed["belief"]}
    return {**record, "main": True, "hate": printed["hate"]}


def new_ally(card: str, seat: int, hero: str) -> dict:
    """An Ally as it enters play under `hero` (Start of Turn): no Stress, no Time counter, its
    Combat actions renewed like every Character's this Turn."""
    return {"card": card, "seat": seat, "hero": hero, "statuses": [], "actions": dict(ACTIONS_MAX), "time": 0,
            "resistances": {r: {"stress": 0, "trauma": 0} for r in C.CARD[card]["resistances"]}}


def hero_seats(players: int) -> tuple[int, ...]:
    return tuple(range(1, players))


def characters_of(state: dict, kind: str) -> list[dict]:
    types = C.TYPE  # (looked up once, not for each Character)
    return [c for c in state["characters"] if types.get(c["card"]) == kind]


def hero_of(state: dict, seat: int) -> dict | None:
    types = C.TYPE  # (looked up once, not for each Character)
    for c in state["characters"]:
        if c["seat"] == seat and types.get(c["card"]) == "hero":
            return c
    return None


def main_villain(state: dict) -> dict | None:
    return next((c for c in characters_of(state, "villain") if c.get("main")), None)


def in_play(state: dict) -> list[str]:
    """Every card placed in play, in the order of Setup: the GM's Villain, his Equipment, his
    Mooks, the Location(s), the face-down Objective; then each Hero and its Equipment (a Villain
    who Surrendered or was replaced by another Persona is no longer in play; one Hiding is)."""
    present = [c for c in state["characters"] if c.get("away") not in GONE]
    gm = [c for c in present if c["seat"] == GM]
    heroes = [c for c in present if c["seat"] != GM]
    cards = _with_equipment(gm) + list(state["locations"])
    if state["objective"]["card"] is not None:
        cards.append(state["objective"]["card"])
    return cards + _with_equipment(heroes)


def _with_equipment(characters: Sequence[dict]) -> list[str]:
    out = []
    for c in characters:
        out.append(c["card"])
        if c.get("equipment"):
            out.append(c["equipment"])
    return out


def users_of(state: dict, seat: int) -> tuple[str, ...]:
    """The Characters who would use a seat's cards: a Player's Hero, or the GM's Villain and Mooks."""
    if seat == GM:
        return tuple(c["card"] for c in state["characters"] if c["seat"] == GM)
    hero = hero_of(state, seat)
    return (hero["card"],) if hero else ()


def replace_character(state: dict, card: str, **changes) -> None:
    """The Character `card` with `changes`, the list replaced (never edited in place)."""
    state["characters"] = [{**c, **changes} if c["card"] == card else c for c in state["characters"]]


def with_seat_card(lists: list, seat: int, card: str) -> list:
    """A per-seat list of lists with `card` added to `seat`'s (new lists, the old ones untouched)."""
    out = list(lists)
    out[seat] = out[seat] + [card]
    return out
