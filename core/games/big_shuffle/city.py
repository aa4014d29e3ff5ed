"""The city as it stands (rulebook: SETTING UP THE GAME, ACTIVE AND INACTIVE; A. Choose a Scene).

Each scene type (WHO, WHAT, WHERE) has an Uptown, a Midtown and a Downtown pile; the top of
Midtown is the active scene unless it is a title. These functions only read the city (moving
scenes is in scenes.py): the active scenes, where a scene is, and step A of a scene change:
which scenes may be chosen and why one may not (`attempt_options`, `scene_choice_refusal`, one
check read both ways) and the difficulty of the move.
"""

from core.framework.refusal import Refusal

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


DESTINATIONS = {place: destinations(place) for place in PLACES}  # one step: Midtown <-> Uptown or Downtown
_CHOICES = tuple((place, to) for place in PLACES for to in DESTINATIONS[place])  # a pile's top -> where it may go


def scene_difficulty(state: dict, scene: str, frm: str, to: str) -> int:
    """From the side showing (active: top of Midtown), in the direction of the move."""
    side = "active" if frm == "midtown" and TYPE[scene] == "scene" else "inactive"
    direction = "up" if to == "uptown" or frm == "downtown" else "down"
    return CARD[scene][side][direction]


# --- A. Choose a Scene: the options, and why a choice is refused ----------------------------------
TOP_SCENE_ONLY = Refusal("top_scene_only", "Only the top scene of an Uptown, Midtown or Downtown pile can be chosen.")
MIDTOWN_NEEDS_UPTOWN_OR_DOWNTOWN = Refusal("midtown_needs_uptown_or_downtown",
                                           "Only a scene Uptown or Downtown can move to Midtown.")
ONE_STEP_ONLY = Refusal("one_step_only",
                        "Scenes move one destination at a time (never straight from Uptown to Downtown).")


def scene_choice_refusal(state: dict, scene, to) -> Refusal | None:
    """A. Choose a scene: the top card of one of the nine piles, to a destination one step away.
    None also for a scene or destination that is no card or place at all (not a rule: malformed)."""
    if not (isinstance(scene, str) and scene in SCENE_TYPE and isinstance(to, str)):
        return None
    frm = where(state, scene)
    if frm is None:
        return TOP_SCENE_ONLY
    if to in PLACES and to not in DESTINATIONS[frm]:
        return MIDTOWN_NEEDS_UPTOWN_OR_DOWNTOWN if to == frm == "midtown" else ONE_STEP_ONLY
    return None


def attempt_options(state: dict, p: int) -> list[dict]:
    """Every scene change p may attempt: the candidates `scene_choice_refusal` finds nothing
    against, the top card of each of the nine piles to each of its destinations (WHO to WHERE,
    Uptown to Downtown: not the city's key order, a state's JSON may come with its keys sorted)."""
    out = []
    city = state["city"]
    for t in SCENE_TYPES:
        piles = city[t]
        for place, to in _CHOICES:
            pile = piles[place]
            if pile:
                out.append({"player": p, "kind": "attempt", "scene": pile[-1], "to": to})
    return out
