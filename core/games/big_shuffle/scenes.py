"""Moving scenes (rulebook: D. Determine Success, "to change a scene"; THE BIG SHUFFLE).

A scene changed or moved goes on top of its destination (a title leaves the game instead); an
empty Midtown pile brings The Big Shuffle; then each scene that became active triggers.
"""

from core.framework.rng import Rng

from .abilities import ignores_scenes
from .cards import SCENE_TYPE, SCENE_TYPES, TITLES, TYPE, effects
from .city import active_scene, where
from .law import end_protections
from .state import order_from, writable, writable_piles
from .tasks import push


def city_changed(state: dict, rng: Rng, before: dict, events: list) -> None:
    """After scenes moved: The Big Shuffle if a Midtown pile is empty; then each scene that
    became active triggers (in WHO, WHAT, WHERE order)."""
    if any(not state["city"][t]["midtown"] for t in SCENE_TYPES):
        big_shuffle(state, rng, events)
    tasks = []
    for t in SCENE_TYPES:
        top = active_scene(state, t)
        if top is not None and top != before[t]:
            events.append({"type": "scene_activated", "scene": top})
            for e in effects(top, "activate"):
                tasks += _targets_each(state, e, top)
    if state.get("protected"):
        end_protections(state, events, None)
    push(state, tasks)


def _targets_each(state: dict, effect: dict, source: str) -> list[dict]:
    """An activation effect on each character (in player order from the active player),
    except those whom active scenes do not affect."""
    seats = [p for p in order_from(state, state["turn"]["player"]) if not ignores_scenes(state, p)]
    if effect["do"] == "kill_unless_goon":
        return [{"do": "kill_unless_goon", "player": p, "source": source}
                for p in seats if state["seats"][p]["informant"] is not None]
    if effect["do"] == "draw_each":
        return [{"do": "draw", "player": p, "amount": effect["amount"], "source": source} for p in seats]
    raise ValueError(effect["do"])


def big_shuffle(state: dict, rng: Rng, events: list) -> None:
    """Shuffle each scene type together: one Uptown, one Downtown, the rest Midtown."""
    for t in SCENE_TYPES:
        piles = state["city"][t]
        cards = piles["uptown"] + piles["midtown"] + piles["downtown"]
        if TITLES[t] in cards:
            cards.remove(TITLES[t])
            writable(state, "removed").append(TITLES[t])
            events.append({"type": "title_removed", "card": TITLES[t]})
        cards = rng.shuffle(cards)
        writable_piles(state, t).update({"uptown": cards[:1], "midtown": cards[2:], "downtown": cards[1:2]})
    if state.get("protected"):
        end_protections(state, events, None, everything=True)
    events.append({"type": "big_shuffle",
                   "city": {t: {"uptown": p["uptown"], "active": p["midtown"][-1], "downtown": p["downtown"]}
                            for t, p in state["city"].items()}})


def move_scene(state: dict, scene: str, to: str, events: list, change: bool) -> None:
    """A scene leaves the top of its pile for the top of `to` (or, for bottom moves, the
    bottom of Midtown). A title that would go anywhere but the top of Midtown leaves the game."""
    t = SCENE_TYPE[scene]
    frm = where(state, scene)
    piles = writable_piles(state, t)
    piles[frm].pop()
    if TYPE[scene] == "title":
        writable(state, "removed").append(scene)
        events.append({"type": "title_removed", "card": scene})
        return
    if to == "bottom":
        piles["midtown"].insert(0, scene)
    else:
        dest = piles[to]
        if dest and TYPE[dest[-1]] == "title":  # covered, the title would leave the top of Midtown
            writable(state, "removed").append(dest.pop())
            events.append({"type": "title_removed", "card": state["removed"][-1]})
        dest.append(scene)
    events.append({"type": "scene_changed" if change else "scene_moved", "scene": scene, "from": frm, "to": to})
