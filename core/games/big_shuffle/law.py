"""The Law expansion (big-shuffle-the-law-expansion.txt): PATROLS, Not On My Watch!, backing.

A patrol on a column (scene type) or a row (part of town) applies to the scene changes of that
line; Not On My Watch! keeps a protected scene from moving, until its player's next turn or until
the scene leaves the top of its pile; The Vigilante backs another character's scene change; The
Cruiser lets The Wheelman's hirer attempt another scene change. The checks that say why such a
move is refused are here too, and the options are listed with them (scene_change.py, turn.py).
"""

from core.framework.refusal import Refusal

from .abilities import abilities_blocked, owns
from .cards import CATALOG, FOR, LAW, LINES, effects
from .city import top_scenes, where
from .state import writable


# goons that let their hirer cruise on (The Cruiser names The Wheelman)
CRUISE_GOONS = frozenset(e["goon"] for c in CATALOG for e in c["effects"] if e["do"] == "cruise")
_LAW_REACTIONS = {c["id"]: e["do"] for c in CATALOG for e in c["effects"] if e["do"] in ("protect", "move_patrol")}


NEEDS_THE_LAW = Refusal("needs_the_law", "That belongs to The Law, which is not in this game (option `expansions`).")
NO_SUCH_LINE = Refusal("no_such_line", f"A patrol goes on a column or a row: one of {list(LINES)}.")
NO_PATROL_THERE = Refusal("no_patrol_there", "Only a patrol on a column or row can be moved.")
PATROL_ALREADY_THERE = Refusal("patrol_already_there", "A patrol moves to a column or row it is not already on.")
PROTECT_TOP_SCENE_ONLY = Refusal("top_scene_only", "Not On My Watch! goes on a scene on top of one of the nine piles.")
SUPPORT_OTHERS_ONLY = Refusal("support_others_only", "The Vigilante backs another character's scene change, not his own.")
SUPPORT_IS_FOR = Refusal("support_is_for", "The Vigilante's backing is +1 for the attempting character, never against.")
SUPPORT_ONCE = Refusal("support_once", "The Vigilante backs a scene change once (and only while abilities work).")


def expansion_refusal(state: dict, move: dict) -> Refusal | None:
    """Any kind of move: a card of The Law, or Neighborhood Watch's choice of who draws, in a game
    without the expansion."""
    if "patrols" in state:
        return None
    card = move.get("card")
    if (isinstance(card, str) and card in LAW) or move.get("kind") == "choose_drawer":
        return NEEDS_THE_LAW
    return None


# --- Patrols --------------------------------------------------------------------------------------
def line_refusal(line) -> Refusal | None:
    """A patrol is played on (or moved to) a column or a row: one of the six lines."""
    return None if isinstance(line, str) and line in LINES else NO_SUCH_LINE


def patrol_move_refusal(state: dict, patrol, line) -> Refusal | None:
    """An Anonymous Tip moves a patrol that is on a line to another line."""
    why = line_refusal(line)
    if why is not None:
        return why
    patrols = state["patrols"]
    if not isinstance(patrol, str) or patrol not in patrols.values():
        return NO_PATROL_THERE
    if patrols[line] == patrol:
        return PATROL_ALREADY_THERE
    return None


def patrol_moves(state: dict) -> list[tuple[str, str]]:
    """(patrol, line) for each move of a patrol An Anonymous Tip may make: the candidates, each
    patrol on a line to each line in turn, that `patrol_move_refusal` finds nothing against."""
    patrols = state["patrols"]
    return [(patrols[frm], line) for frm in LINES if patrols[frm] is not None for line in LINES
            if patrol_move_refusal(state, patrols[frm], line) is None]


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
def protect_refusal(state: dict, scene) -> Refusal | None:
    """Not On My Watch! goes on a scene on top of one of the nine piles (`top_scenes`, which the
    options list one by one)."""
    return None if scene in top_scenes(state) else PROTECT_TOP_SCENE_ONLY


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
def backing_refusal(state: dict, q: int, a: dict, side="for") -> Refusal | None:
    """The Vigilante (seat q's character) backs another character's scene change, for it, once,
    while character abilities work."""
    if q == a["player"]:
        return SUPPORT_OTHERS_ONLY
    if side != "for":
        return SUPPORT_IS_FOR
    character = state["seats"][q]["character"]
    if abilities_blocked(state, q) or any(g["card"] == character for g in a["goons"]):
        return SUPPORT_ONCE
    return None


def backs(state: dict, q: int, a: dict) -> str | None:
    """The character of seat q if it may back this scene change now (The Vigilante): a character
    who backs (`FOR`) and `backing_refusal` finds nothing against."""
    character = state["seats"][q]["character"]
    if character not in FOR or backing_refusal(state, q, a) is not None:
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
