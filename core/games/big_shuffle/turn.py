"""CHARACTER TURN: 1. Start of turn abilities, 2. Draw a noir card, 3. Play a card or attempt a scene change.

The scene change itself is in scene_change.py. Also here: loot over the limit is trashed, and
the turn passes to the next character clockwise.
"""

from core.framework.flow import pop
from core.framework.game import decision

from .abilities import abilities_blocked, loot_works, own_statics, owns, scene_statics, scenes_have, statics_total
from .cards import CARD, LINES, PATROLS, TYPE, effects
from .city import attempt_options
from .decks import draw_one, to_noir_discard
from .effects import card_uses
from .labels import PROMPTS
from .law import end_protections, place_patrol
from .state import writable, writable_seat
from .tasks import effect_task, push


def new_turn(player: int, number: int, step: str) -> dict:
    return {"player": player, "number": number, "step": step, "played": 0, "allowed": 1,
            "unlimited": False, "attempted": False}


_ACTIONS = frozenset(c for c in CARD if TYPE[c] == "action")
_TARGETED = frozenset(("kill_informant", "steal_random", "steal_loot", "take_discard", "attempt"))
_PLAIN_PLAYS = frozenset(c for c in CARD if TYPE[c] == "loot" or (
    TYPE[c] == "action" and not any(e["do"] in _TARGETED for e in effects(c, "play"))))


# --- 1. Start of turn abilities -------------------------------------------------------------------
def ability_options(state: dict, p: int) -> list[dict]:
    seat = state["seats"][p]
    out = [] if abilities_blocked(state, p) else card_uses(state, p, seat["character"], "start", "ability")
    if seat["loot"] and loot_works(state, p):
        for loot in seat["loot"]:  # loot that replaces the ability still works in The Speakeasy
            out += card_uses(state, p, loot, "start", "ability")
    return out


def start_of_turn(p: int, abilities: list) -> list:
    return [decision(p, "start_of_turn", PROMPTS["start_of_turn"][p], abilities + [{"player": p, "kind": "skip_ability"}])]


def on_skip_ability(state, move, rng, events):
    state["turn"]["step"] = "draw"


def on_ability(state, move, rng, events):
    p, card = move["player"], move["card"]
    events.append({"type": "ability_used", "player": p, "card": card})
    state["turn"]["step"] = "draw"
    targets = {k: move[k] for k in ("target", "loot") if k in move}
    push(state, [effect_task(p, e, card, **targets) for e in effects(card, "start")])


# --- 2. Draw a noir card --------------------------------------------------------------------------
def draw_step(state: dict, p: int) -> None:
    amount = 1
    if owns(state, p, "extra_draw") or scenes_have(state, p, "extra_draw"):
        amount += statics_total(own_statics(state, p) + scene_statics(state, p), "extra_draw")
    state["turn"]["step"] = "main"
    push(state, [{"do": "draw", "player": p, "amount": amount, "source": "turn"}])


def on_draw(state, move, rng, events):
    task = pop(state, "queue")
    draw_one(state, rng, move["player"], move["from"], events)
    if task["amount"] > 1:
        push(state, [{**task, "amount": task["amount"] - 1}])


# --- 3. Play a card or attempt a scene change -----------------------------------------------------
def main_options(state: dict, p: int) -> list[dict]:
    turn = state["turn"]
    out = []
    if turn["unlimited"] or turn["played"] < turn["allowed"]:
        for card in state["seats"][p]["hand"]:
            if card in _PLAIN_PLAYS:  # loot, and actions whose effects need no target
                out.append({"player": p, "kind": "play", "card": card})
            elif card in _ACTIONS:
                out += card_uses(state, p, card, "play", "play")
            elif card in PATROLS:  # on any of the six lines (one there already is replaced)
                out += [{"player": p, "kind": "play", "card": card, "line": line} for line in LINES]
    if turn["played"] == 0 and not turn["unlimited"] and not turn["attempted"]:
        out += attempt_options(state, p)
    out.append({"player": p, "kind": "end_turn"})
    return out


def on_play(state, move, rng, events):
    p, card = move["player"], move["card"]
    seat = writable_seat(state, p)
    seat["hand"].remove(card)
    state["turn"]["played"] += 1
    if card in PATROLS:
        replaced = place_patrol(state, card, move["line"])
        events.append({"type": "patrol_played", "player": p, "card": card, "line": move["line"], "replaced": replaced})
        return
    events.append({"type": "card_played", "player": p, "card": card})
    if TYPE[card] == "loot":
        seat["loot"].append(card)
        push(state, [{"do": "trash", "player": p}])
        return
    writable(state, "played").append(card)
    targets = {k: move[k] for k in ("target", "loot", "scene", "to") if k in move}
    push(state, [effect_task(p, e, card, **targets) for e in effects(card, "play")]
          + [{"do": "discard", "card": card}])


# --- The end of the turn --------------------------------------------------------------------------
def on_end_turn(state, move, rng, events):
    turn = state["turn"]
    if turn["step"] == "main" and state["options"]["mode"] == "expert":
        turn["step"] = "end"
    else:
        next_turn(state, events)


def next_turn(state: dict, events: list) -> None:
    turn = state["turn"]
    p = (turn["player"] + 1) % state["players"]
    state["turn"] = new_turn(p, turn["number"] + 1, "start")
    events.append({"type": "turn_started", "player": p, "number": turn["number"] + 1})
    if state.get("protected"):
        end_protections(state, events, p)


def on_trash(state, move, rng, events):
    pop(state, "queue")
    to_noir_discard(state, move["player"], "loot", move["card"])
    events.append({"type": "loot_trashed", "player": move["player"], "card": move["card"]})
