"""The Law expansion (big-shuffle-the-law-expansion.txt): PATROLS, Not On My Watch!, backing.

A patrol on a column (scene type) or a row (part of town) applies to the scene changes of that
line; Not On My Watch! keeps a protected scene from moving, until its player's next turn or until
the scene leaves the top of its pile; The Vigilante backs another character's scene change; The
Cruiser lets The Wheelman's hirer attempt another scene change.
"""

from .abilities import abilities_blocked, owns
from .cards import CATALOG, FOR, effects
from .city import top_scenes, where
from .state import writable


# goons that let their hirer cruise on (The Cruiser names The Wheelman)
CRUISE_GOONS = frozenset(e["goon"] for c in CATALOG for e in c["effects"] if e["do"] == "cruise")
_LAW_REACTIONS = {c["id"]: e["do"] for c in CATALOG for e in c["effects"] if e["do"] in ("protect", "move_patrol")}


# --- Patrols --------------------------------------------------------------------------------------
def _patrols_on(state: dict, a: dict) -> list[str]:
    """The patrols a scene change attempt is subject to: on the column of its scene's type and on
    the row its scene was in when attempted. None for a character with The Badge."""
    patrols = state.get("patrols")
    if not patrols or owns(state, a["player"], "ignore_patrols"):
        return []
    return [c for c in (patrols[a["type"]], patrols[a["from"]]) if c is not None]


def patrol_effects(state: dict, a: dict, on: str) -> list[tuple[str, dict]]:
    return [(c, e) for c in _patrols_on(state, a) for e in effects(c, on)]


def place_patrol(state: dict, card: str, line: str) -> str | None:
    """A patrol onto a line; the patrol there before goes to the noir discard (and is returned)."""
    patrols = writable(state, "patrols")
    replaced = patrols[line]
    if replaced is not None:
        writable(state, "noir")["discard"].append(replaced)
    patrols[line] = card
    return replaced


# --- Not On My Watch! -----------------------------------------------------------------------------
def blocker_of(state: dict, a: dict) -> str | None:
    """The protected scene that keeps this scene change from moving anything: the scene itself,
    or the one it would cover (Not On My Watch!)."""
    protected = state.get("protected")
    if not protected:
        return None
    scenes = {x["scene"] for x in protected}
    dest = state["city"][a["type"]][a["to"]]
    for scene in (a["scene"], dest[-1] if dest else None):
        if scene in scenes:
            return scene
    return None


def end_protections(state: dict, events: list, player: int | None, everything: bool = False) -> None:
    """Not On My Watch! ends at the start of its player's next turn, or when its scene has left
    the top of its pile (The Big Shuffle: every scene did): the card goes to the noir discard."""
    protected = state["protected"]
    ending = [x for x in protected if everything or x["player"] == player or where(state, x["scene"]) is None]
    if ending:
        state["protected"] = [x for x in protected if x not in ending]
        for x in ending:
            writable(state, "noir")["discard"].append(x["card"])
            events.append({"type": "protection_ended", "scene": x["scene"], "card": x["card"]})


# --- The Vigilante --------------------------------------------------------------------------------
def backs(state: dict, q: int, a: dict) -> str | None:
    """The character of seat q if it may back this scene change now (The Vigilante): another
    character's, once, while character abilities work."""
    character = state["seats"][q]["character"]
    if character not in FOR or q == a["player"] or abilities_blocked(state, q) \
            or any(g["card"] == character for g in a["goons"]):
        return None
    return character


def reaction_usable(state: dict, reaction: str) -> bool:
    """Can this reaction be played now? (The Law's need a scene on top of a pile, or a patrol.)"""
    verb = _LAW_REACTIONS.get(reaction)
    if verb == "protect":
        return bool(top_scenes(state))
    if verb == "move_patrol":
        return any(p is not None for p in state["patrols"].values())
    return True
