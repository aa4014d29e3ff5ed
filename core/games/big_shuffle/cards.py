"""The catalog, loaded from cards/*.toml (one entry per physical card), and look-ups by id.

Every card's behaviour is data: `effects` lists `{on, do, ...}` tables in the vocabulary of
docs/big-shuffle-contract.md, which the rules modules beside this one interpret. The catalog holds the expansion's cards
too (`expansion = "the-law"`); `IN_PLAY[expansions]` lists the cards of a game.
"""

import tomllib
from pathlib import Path

_FILES = ("characters", "informants", "changes", "agendas", "scenes", "noir", "the-law")
EXPANSIONS = ("the-law",)
CATALOG: list[dict] = [
    card
    for name in _FILES
    for card in tomllib.loads((Path(__file__).parent / "cards" / f"{name}.toml").read_text())["card"]
]

CARD: dict[str, dict] = {c["id"]: c for c in CATALOG}
TYPE: dict[str, str] = {c["id"]: c["type"] for c in CATALOG}
SCENE_TYPES = ("who", "what", "where")
PLACES = ("uptown", "midtown", "downtown")
NOIR_TYPES = frozenset(("goon", "loot", "action", "reaction", "patrol"))
LINES = SCENE_TYPES + PLACES  # where a patrol is played: a column (scene type) or a row (part of town)
TITLES = {t: f"title/{t}" for t in SCENE_TYPES}
SCENE_TYPE = {c["id"]: c["scene_type"] for c in CATALOG if "scene_type" in c}
ALL_IDS = frozenset(CARD)
LAW = frozenset(c["id"] for c in CATALOG if c.get("expansion") == "the-law")
# a goon's value on each side; The Vigilante's backing counts as a goon hired for
FOR = {c["id"]: c["for"] for c in CATALOG if c["type"] == "goon"}
FOR.update({c["id"]: e["amount"] for c in CATALOG for e in c["effects"] if e["do"] == "support"})
AGAINST = {c["id"]: c["against"] for c in CATALOG if c["type"] == "goon"}
GOONS = frozenset(c for c in CARD if TYPE[c] == "goon")


class Cards:
    """The cards of a game with these expansions, by type (catalog order)."""

    def __init__(self, expansions: tuple):
        cards = [c for c in CATALOG if c.get("expansion") in (None,) + expansions]
        of = lambda *types: [c["id"] for c in cards if c["type"] in types]  # noqa: E731
        self.characters, self.informants, self.changes = of("character"), of("informant"), of("change")
        self.agendas, self.noir = of("agenda"), of(*NOIR_TYPES)
        self.scenes = {t: [c["id"] for c in cards if c["type"] == "scene" and c["scene_type"] == t]
                       for t in SCENE_TYPES}
        self.ids = frozenset(c["id"] for c in cards)
        self.city = {t: frozenset(self.scenes[t]) | {TITLES[t]} for t in SCENE_TYPES}
        self.by_types: dict[tuple, frozenset] = {}

    def of_types(self, types: tuple) -> frozenset:
        """The ids of every card of these types."""
        if types not in self.by_types:
            self.by_types[types] = frozenset(c for c in self.ids if TYPE[c] in types)
        return self.by_types[types]


# the `expansions` option (a tuple, in EXPANSIONS order) -> the cards in play
IN_PLAY = {(): Cards(()), ("the-law",): Cards(("the-law",))}
BASE = IN_PLAY[()]
CHARACTERS = IN_PLAY[EXPANSIONS].characters  # every character, for the `characters` option

# (card id, trigger) -> its effects with that trigger, in printed order
EFFECTS: dict[tuple[str, str], tuple[dict, ...]] = {}
for _c in CATALOG:
    for _e in _c["effects"]:
        EFFECTS[(_c["id"], _e["on"])] = EFFECTS.get((_c["id"], _e["on"]), ()) + (_e,)


def effects(card: str, on: str) -> tuple[dict, ...]:
    return EFFECTS.get((card, on), ())


# static verb -> the cards that have it (for quick "does anything give me X" questions)
HAVING: dict[str, frozenset] = {}
for (_id, _on), _effects in EFFECTS.items():
    if _on == "static":
        for _e in _effects:
            HAVING[_e["do"]] = HAVING.get(_e["do"], frozenset()) | {_id}


REACTION_WINDOW = {c["id"]: c["play_when"] for c in CATALOG if c["type"] == "reaction"}
# reaction moment -> the reactions played then
WINDOW_CARDS = {w: frozenset(c for c, cw in REACTION_WINDOW.items() if cw == w) for w in ("revealed", "success", "changed")}
PATROLS = frozenset(c["id"] for c in CATALOG if c["type"] == "patrol")
