"""WINNING THE GAME: a character's agendas, their match with the active scenes, the end of the game.
"""

from .cards import CARD, GOONS, SCENE_TYPES
from .state import writable


def agenda_slots(state: dict, p: int) -> list[tuple]:
    """p's agendas as (slot, agenda): ("seat", p) for the personal one, ("shared", i)."""
    slots = [(("seat", p), state["seats"][p]["agenda"])]
    slots += [(("shared", i), sh["agenda"]) for i, sh in enumerate(state["shared"]) if p in sh["seats"]]
    return [(slot, a) for slot, a in slots if a is not None]


def wins(state: dict, p: int) -> bool:
    """The active WHO, WHAT and WHERE each match a scene among p's agendas (any combination)."""
    agendas = [CARD[a] for _, a in agenda_slots(state, p)]
    city = state["city"]
    for t in SCENE_TYPES:
        mid = city[t]["midtown"]
        active = mid[-1] if mid else None
        if not any(a[t] == active for a in agendas):  # titles match no agenda
            return False
    return True


def finish(state: dict, winners: list[int], reason: str, events: list) -> None:
    state["outcome"] = {"winners": winners,
                        "scores": {str(i): s["score"] for i, s in enumerate(state["seats"])},
                        "reason": reason}
    state["turn"]["step"] = "over"
    # What was still on the table goes to its discard: hired goons, the revealed card, cards in play.
    a = state["attempt"]
    if a is not None:
        writable(state, "noir")["discard"] += [g["card"] for g in a["goons"] if g["card"] in GOONS]
        if a["change"] is not None:
            writable(state, "changes")["discard"].append(a["change"])
    writable(state, "noir")["discard"] += state["played"]
    state["played"] = []
    state["queue"] = []
    state["attempt"] = None
    events.append({"type": "game_over", "outcome": state["outcome"]})
