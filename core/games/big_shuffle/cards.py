"""The catalog, loaded from cards/*.toml (one entry per physical card), and look-ups by id.

Every card's behaviour is data: `effects` lists `{on, do, ...}` tables in the vocabulary of
docs/big-shuffle-contract.md, which game.py interprets.
"""

import tomllib
from pathlib import Path

_FILES = ("characters", "informants", "changes", "agendas", "scenes", "noir")
CATALOG: list[dict] = [
    card
    for name in _FILES
    for card in tomllib.loads((Path(__file__).parent / "cards" / f"{name}.toml").read_text())["card"]
]

CARD: dict[str, dict] = {c["id"]: c for c in CATALOG}
TYPE: dict[str, str] = {c["id"]: c["type"] for c in CATALOG}
SCENE_TYPES = ("who", "what", "where")
PLACES = ("uptown", "midtown", "downtown")
NOIR_TYPES = frozenset(("goon", "loot", "action", "reaction"))


def of_type(*types: str) -> list[str]:
    return [c["id"] for c in CATALOG if c["type"] in types]


CHARACTERS = of_type("character")
INFORMANTS = of_type("informant")
CHANGES = of_type("change")
AGENDAS = of_type("agenda")
NOIR = of_type(*NOIR_TYPES)
SCENES = {t: [c["id"] for c in CATALOG if c["type"] == "scene" and c["scene_type"] == t] for t in SCENE_TYPES}
TITLES = {t: f"title/{t}" for t in SCENE_TYPES}
SCENE_TYPE = {c["id"]: c["scene_type"] for c in CATALOG if "scene_type" in c}
ALL_IDS = frozenset(CARD)

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
