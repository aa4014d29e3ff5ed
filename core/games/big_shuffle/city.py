"""The city as it stands (rulebook: SETTING UP THE GAME, ACTIVE AND INACTIVE; A. Choose a Scene).

Each scene type (WHO, WHAT, WHERE) has an Uptown, a Midtown and a Downtown pile; the top of
Midtown is the active scene unless it is a title. These functions only read the city (moving
scenes is in scenes.py): the active scenes, where a scene is, and step A of a scene change:
which scenes may be chosen (`attempt_options`) and the difficulty of the move.
"""

from .cards import CARD, PLACES, SCENE_TYPE, SCENE_TYPES, TYPE


def _top(pile: list):
    return pile[-1] if pile else None


def active_scene(state: dict, t: str) -> str | None:
    """The active scene of type t: the top of its Midtown pile, unless that is a title."""
    top = _top(state["city"][t]["midtown"])
    return top if top is not None and TYPE[top] == "scene" else None


def active_scenes(state: dict) -> list[str]:
    return [s for s in (active_scene(state, t) for t in SCENE_TYPES) if s is not None]


def midtown_tops(state: dict) -> dict:
    return {t: _top(state["city"][t]["midtown"]) for t in SCENE_TYPES}


def where(state: dict, scene: str) -> str | None:
    piles = state["city"][SCENE_TYPE[scene]]
    for place in PLACES:
        if piles[place] and piles[place][-1] == scene:
            return place
    return None


def top_scenes(state: dict) -> list[str]:
    """The scene cards (not titles) on top of the nine piles, WHO to WHERE, Uptown to Downtown
    (never the state's key order: a client may send its JSON keys sorted)."""
    city = state["city"]
    return [city[t][place][-1] for t in SCENE_TYPES for place in PLACES
            if city[t][place] and TYPE[city[t][place][-1]] == "scene"]


def destinations(place: str) -> tuple:
    return ("uptown", "downtown") if place == "midtown" else ("midtown",)


def scene_difficulty(state: dict, scene: str, frm: str, to: str) -> int:
    """From the side showing (active: top of Midtown), in the direction of the move."""
    side = "active" if frm == "midtown" and TYPE[scene] == "scene" else "inactive"
    direction = "up" if to == "uptown" or frm == "downtown" else "down"
    return CARD[scene][side][direction]


def attempt_options(state: dict, p: int) -> list[dict]:
    """Every scene change p may attempt: each top card of the nine piles, one step each way."""
    out = []
    city = state["city"]
    for t in SCENE_TYPES:  # not city's key order: a state's JSON may come with its keys sorted
        piles = city[t]
        up, mid, down = piles["uptown"], piles["midtown"], piles["downtown"]
        if up:
            out.append({"player": p, "kind": "attempt", "scene": up[-1], "to": "midtown"})
        if mid:
            out.append({"player": p, "kind": "attempt", "scene": mid[-1], "to": "uptown"})
            out.append({"player": p, "kind": "attempt", "scene": mid[-1], "to": "downtown"})
        if down:
            out.append({"player": p, "kind": "attempt", "scene": down[-1], "to": "midtown"})
    return out
