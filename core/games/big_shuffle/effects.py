"""Card effects (rulebook: PLAYING CARDS, SEARCHING A DECK, and the texts of the cards).

`card_uses` lists the legal uses of a card with the targets they name; `needs_choice` and
`task_decision` say whether the first task of the queue is somebody's decision, and which one;
`execute` resolves a task that needs none. The moves that answer a queued decision (The Crazed
Killer, Neighborhood Watch, the order of one's own effects) are here too.
"""

from core.framework.errors import InvalidState
from core.framework.flow import pop
from core.framework.game import decision
from core.framework.rng import Rng

from .abilities import LOOT_LIMIT, may_draw_from_discard
from .cards import TYPE, effects
from .city import attempt_options, midtown_tops
from .decks import draw_one, replace_informant, to_noir_discard
from .labels import PROMPTS
from .scene_change import end_attempt, start_attempt
from .scenes import big_shuffle, city_changed, move_scene
from .state import make_public, order_from, writable, writable_seat
from .tasks import push, simultaneous


# --- The first task of the queue: somebody's decision, or resolved at once ------------------------
def task_decision(state: dict, task: dict) -> dict:
    p = task["player"]
    do = task["do"]
    if do == "draw":
        return decision(p, "draw", PROMPTS["draw"][p],
                        [{"player": p, "kind": "draw", "from": "deck"}, {"player": p, "kind": "draw", "from": "discard"}])
    if do == "trash":
        return decision(p, "trash", PROMPTS["trash"][p],
                        [{"player": p, "kind": "trash", "card": c} for c in state["seats"][p]["loot"]])
    if do == "kill_unless_goon":
        goons = [c for c in state["seats"][p]["hand"] if TYPE[c] == "goon"]
        return decision(p, "crazed_killer", PROMPTS["crazed_killer"][p],
                        [{"player": p, "kind": "discard_goon", "card": c} for c in goons]
                        + [{"player": p, "kind": "lose_informant"}])
    if do == "order":
        return decision(p, "order", PROMPTS["order"][p],
                        [{"player": p, "kind": "resolve", "card": t["source"]} for t in task["tasks"]])
    if do == "effect" and task["verb"] == "draw_chosen":
        return decision(p, "choose_drawer", PROMPTS["choose_drawer"][p],
                        [{"player": p, "kind": "choose_drawer", "target": q} for q in order_from(state, p)])
    raise InvalidState(f"A queued effect {do!r} waits for no decision.")


def needs_choice(state: dict, task: dict) -> bool:
    do = task["do"]
    if do == "draw":
        return bool(state["noir"]["discard"]) and may_draw_from_discard(state, task["player"])
    if do == "trash":
        return len(state["seats"][task["player"]]["loot"]) > LOOT_LIMIT
    return do in ("kill_unless_goon", "order") or (do == "effect" and task["verb"] == "draw_chosen")


def execute(state: dict, rng: Rng, task: dict, events: list) -> None:
    """Resolve a task that needs no choice."""
    do = task["do"]
    p = task.get("player")
    if do == "draw":
        for _ in range(task["amount"]):
            draw_one(state, rng, p, "deck", events)
    elif do == "trash":
        pass  # at the limit already: nothing to trash
    elif do == "discard":
        writable(state, "played").remove(task["card"])
        writable(state, "noir")["discard"].append(task["card"])
    elif do == "effect":
        _effect(state, rng, task, events)
    elif do == "end_attempt":
        end_attempt(state, events)
    else:
        raise InvalidState(f"The queue holds an unknown effect {do!r}.")


def _effect(state: dict, rng: Rng, task: dict, events: list) -> None:
    """A one-shot effect of a card, with the targets its move named."""
    p, verb = task["player"], task["verb"]
    if verb == "draw":
        push(state, [{"do": "draw", "player": p, "amount": task["amount"], "source": task["source"]}])
    elif verb == "draw_each":
        push(state, [{"do": "draw", "player": q, "amount": task["amount"], "source": task["source"]}
                      for q in order_from(state, state["turn"]["player"])])
    elif verb == "take_discard":
        if state["noir"]["discard"]:
            card = writable(state, "noir")["discard"].pop()
            writable_seat(state, p)["hand"].append(card)
            make_public(state, card)
            events.append({"type": "card_taken", "player": p, "card": card, "from": "discard"})
    elif verb in ("replace_informant", "kill_informant"):
        target = p if verb == "replace_informant" else task["target"]
        replace_informant(state, rng, target, events, killed=verb == "kill_informant")
    elif verb == "steal_loot":
        t, loot = task["target"], task["loot"]
        if loot in state["seats"][t]["loot"]:
            writable_seat(state, t)["loot"].remove(loot)
            writable_seat(state, p)["loot"].append(loot)
            events.append({"type": "loot_stolen", "player": p, "target": t, "card": loot})
            push(state, [{"do": "trash", "player": p}])
    elif verb == "steal_random":
        hand = writable_seat(state, task["target"])["hand"]
        if hand:
            card = hand.pop(rng.below(len(hand)))
            writable_seat(state, p)["hand"].append(card)
            events.append({"type": "card_stolen", "player": p, "target": task["target"], "card": card,
                           "public": card in state["public"]})  # a public card stays public
    elif verb == "search":
        noir = writable(state, "noir")
        found = next((c for c in reversed(noir["deck"]) if TYPE[c] == task["card_type"]), None)
        if found is not None:
            noir["deck"].remove(found)
            writable_seat(state, p)["hand"].append(found)
        noir["deck"] = rng.shuffle(noir["deck"])
        events.append({"type": "deck_searched", "player": p, "card_type": task["card_type"], "card": found})
    elif verb == "bottom_active":
        before = midtown_tops(state)
        top = before[task["type"]]
        if top is not None:
            move_scene(state, top, "bottom", events, change=False)
            city_changed(state, rng, before, events)
    elif verb == "big_shuffle":
        before = midtown_tops(state)
        big_shuffle(state, rng, events)
        city_changed(state, rng, before, events)
    elif verb == "extra_plays":
        state["turn"]["unlimited"] = True
    elif verb == "extra_play":
        state["turn"]["allowed"] += 1
    elif verb == "discard_random":
        hand = writable_seat(state, p)["hand"]
        if hand:
            card = hand.pop(rng.below(len(hand)))
            writable(state, "noir")["discard"].append(card)
            events.append({"type": "card_discarded", "player": p, "card": card})
    elif verb == "modify":
        state["attempt"]["modifier"] += task["amount"]
    elif verb == "attempt":
        start_attempt(state, p, task["scene"], task["to"], task["amount"], None, events)
    else:
        raise InvalidState(f"The queue holds an unknown card effect {verb!r}.")


# --- Targets a card's effect needs (used for options and for their checks) ------------------------
def _target_options(state: dict, p: int, effect: dict) -> list[dict] | None:
    """The target fields each legal use of the effect names; None: it cannot be used now."""
    verb = effect["do"]
    others = [q for q in order_from(state, p)[1:]]
    seats = state["seats"]
    if verb == "kill_informant" and effect.get("target") == "other":
        return [{"target": q} for q in others if seats[q]["informant"] is not None] or None
    if verb == "steal_random":
        return [{"target": q} for q in others if seats[q]["hand"]] or None
    if verb == "steal_loot":
        return [{"target": q, "loot": c} for q in others for c in seats[q]["loot"]] or None
    if verb == "take_discard":
        return [{}] if state["noir"]["discard"] else None
    if verb == "attempt":
        return [{"scene": o["scene"], "to": o["to"]} for o in attempt_options(state, p)] or None
    return [{}]


def card_uses(state: dict, p: int, card: str, on: str, kind: str) -> list[dict]:
    out = []
    for e in effects(card, on):
        for targets in _target_options(state, p, e) or ():
            out.append({"player": p, "kind": kind, "card": card, **targets})
    return out


# --- Answers to a queued decision: Neighborhood Watch, The Crazed Killer, ordering effects ---------
def on_choose_drawer(state, move, rng, events):
    task = pop(state, "queue")
    push(state, [{"do": "draw", "player": move["target"], "amount": task["amount"], "source": task["source"]}])


def on_discard_goon(state, move, rng, events):
    pop(state, "queue")
    to_noir_discard(state, move["player"], "hand", move["card"])
    events.append({"type": "card_discarded", "player": move["player"], "card": move["card"]})


def on_lose_informant(state, move, rng, events):
    pop(state, "queue")
    replace_informant(state, rng, move["player"], events, killed=True)


def on_resolve(state, move, rng, events):
    task = pop(state, "queue")
    chosen = next(t for t in task["tasks"] if t["source"] == move["card"])
    rest = [t for t in task["tasks"] if t is not chosen]
    push(state, [chosen] + simultaneous(state, move["player"], rest))
