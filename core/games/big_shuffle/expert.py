"""EXPERT MODE - CEMENT SHOES AND BRASS TAX: at the end of your turn, reveal an agenda that matches
two or three active scenes to score it; the first to 5 points wins.
"""

from .cards import CARD, SCENE_TYPES
from .city import active_scene
from .state import writable, writable_seat
from .turn import next_turn
from .winning import agenda_slots, finish


EXPERT_POINTS = 5


def _matches(state: dict, agenda: str) -> int:
    card = CARD[agenda]
    return sum(1 for t in SCENE_TYPES if active_scene(state, t) == card[t])


def score_options(state: dict, p: int) -> list[dict]:
    return [{"player": p, "kind": "score", "agenda": a} for _, a in agenda_slots(state, p) if _matches(state, a) >= 2]


def on_score(state, move, rng, events):
    p, agenda = move["player"], move["agenda"]
    points = _matches(state, agenda)
    seat = writable_seat(state, p)
    seat["score"] += points
    agendas = writable(state, "agendas")
    agendas["aside"].append(agenda)
    new = agendas["deck"].pop() if agendas["deck"] else None
    slot = next(slot for slot, a in agenda_slots(state, p) if a == agenda)
    if slot[0] == "seat":
        seat["agenda"] = new
        owners = [p]
    else:
        writable(state, "shared")[slot[1]]["agenda"] = new
        owners = state["shared"][slot[1]]["seats"]
    events.append({"type": "agenda_scored", "player": p, "agenda": agenda, "points": points})
    if new is not None:
        events.append({"type": "agenda_dealt", "players": owners, "card": new, "face_up": False})
    if seat["score"] >= EXPERT_POINTS:
        finish(state, [p], "points", events)
    else:
        next_turn(state, events)
