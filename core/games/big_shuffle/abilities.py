"""What applies to a character right now (rulebook: CARD TYPES: informants, loot and scenes).

The static effects of a character's informant and loot and of the active scenes: an active
scene may switch off loot (`no_loot`) or character abilities (`no_abilities`), The Key to the
City ignores the active scenes. Also LOOT's limit: a character can only have 3 loot.
"""

from .cards import HAVING, SCENE_TYPES, effects
from .city import active_scenes


LOOT_LIMIT = 3
_NONE: frozenset = frozenset()  # (HAVING's default: a verb no card has)


def ignores_scenes(state: dict, p: int) -> bool:
    """The Key to the City (and the like) beats every active scene, The Police Station included."""
    seat = state["seats"][p]
    having = HAVING["ignore_scenes"]
    return seat["informant"] in having or not having.isdisjoint(seat["loot"])


def scene_statics(state: dict, p: int) -> list[dict]:
    if ignores_scenes(state, p):
        return []
    return [e for s in active_scenes(state) for e in effects(s, "static")]


def scenes_have(state: dict, p: int, verb: str) -> bool:
    """Does an active scene have this static, and does it apply to p? (Titles have none.)"""
    having = HAVING.get(verb, _NONE)
    city = state["city"]
    for t in SCENE_TYPES:
        mid = city[t]["midtown"]
        if mid and mid[-1] in having:
            return not ignores_scenes(state, p)
    return False


def loot_works(state: dict, p: int) -> bool:
    return not scenes_have(state, p, "no_loot")


def own_cards(state: dict, p: int) -> list[str]:
    """The informant and (if loot works) the loot whose effects p has."""
    seat = state["seats"][p]
    own = [seat["informant"]] if seat["informant"] else []
    if seat["loot"] and loot_works(state, p):
        own += seat["loot"]
    return own


def own_statics(state: dict, p: int) -> list[dict]:
    return [e for c in own_cards(state, p) for e in effects(c, "static")]


def owns(state: dict, p: int, verb: str) -> bool:
    """Does p's informant or working loot have this static?"""
    having = HAVING.get(verb, _NONE)
    seat = state["seats"][p]
    if seat["informant"] in having:
        return True
    return not having.isdisjoint(seat["loot"]) and loot_works(state, p)


def statics_total(statics: list[dict], verb: str) -> int:
    return sum(e.get("amount", 0) for e in statics if e["do"] == verb)


def abilities_blocked(state: dict, p: int) -> bool:
    return scenes_have(state, p, "no_abilities")


def may_draw_from_discard(state: dict, p: int) -> bool:
    return owns(state, p, "draw_from_discard") or scenes_have(state, p, "draw_from_discard")
