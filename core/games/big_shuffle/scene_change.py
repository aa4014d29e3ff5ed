"""ATTEMPTING SCENE CHANGES: A. Choose a Scene, B. Reveal a Scene Change Card, C. Hire Goons, D. Determine Success.

The scene change in progress is `state["attempt"]`; `progress_attempt` takes it through its
automatic steps and stops at each decision: the reactions at their "play when" moments
(revealed, success, changed), the goons hired clockwise, another attempt with Endless Rain or
The Cruiser. `modified_influence` is step D's sum; the bot computes it on what its seat sees.
Why a reaction or a hire is refused (`react_refusal`, `hire_refusal`) is asked of the same checks
the options are listed with.
"""

from core.framework.errors import InvalidState
from core.framework.flow import Round, answered, ask_in_turn
from core.framework.game import decision
from core.framework.refusal import Refusal
from core.framework.rng import Rng

from .abilities import own_cards, own_statics, owns, scene_statics, statics_total
from .cards import (AGAINST, ALL_IDS, CARD, CATALOG, FOR, GOONS, LINES, REACTION_WINDOW, SCENE_TYPE, TYPE, WINDOW_CARDS,
                    effects)
from .city import attempt_options, midtown_tops, scene_difficulty, top_scenes, where
from .decks import take
from .labels import HIRE_PROMPTS, PROMPTS
from .law import (CRUISE_GOONS, backing_refusal, backs, blocker_of, patrol_effects, patrol_move_refusal, patrol_moves,
                  place_patrol, protect_refusal, reaction_usable)
from .scenes import city_changed, move_scene
from .state import AFTER, order_from, writable, writable_seat
from .tasks import effect_task, push, simultaneous


_HIRE_TRIGGERED = frozenset(c["id"] for c in CATALOG if any(e["on"] == "you_hire" for e in c["effects"]))


# --- A. Choose a scene ----------------------------------------------------------------------------
def on_attempt(state, move, rng, events):
    p = move["player"]
    attempt = state["attempt"]
    if attempt is not None:  # another scene change with Endless Rain
        change = attempt["change"]
        state["attempt"] = None
        start_attempt(state, p, move["scene"], move["to"], 0, change, events, chain=attempt["chain"] + 1)
    else:
        start_attempt(state, p, move["scene"], move["to"], 0, None, events)


def start_attempt(state, p, scene, to, modifier, change, events, chain=1):
    """A. Choose a scene (and its destination, which sets the difficulty)."""
    state["turn"]["attempted"] = True
    frm = where(state, scene)
    difficulty = scene_difficulty(state, scene, frm, to)
    state["attempt"] = {"player": p, "scene": scene, "type": SCENE_TYPE[scene], "from": frm, "to": to,
                        "difficulty": difficulty, "change": change, "goons": [], "modifier": modifier,
                        "step": "reveal", "ask": [], "hirer": None, "out": [], "since": [],
                        "no_goons": False, "success": None, "chain": chain}
    events.append({"type": "attempt_started", "player": p, "scene": scene, "scene_type": SCENE_TYPE[scene],
                   "from": frm, "to": to, "difficulty": difficulty})


# --- B. Reveal a scene change card; the reaction moments ------------------------------------------
def _window(state: dict, name: str) -> list[int]:
    """The seats asked at a reaction moment, clockwise from the attempting player's left."""
    a = state["attempt"]["player"]
    seats = order_from(state, a)[1:]
    if state["options"]["reaction_windows"] == "always":
        return seats
    fits = WINDOW_CARDS[name]
    return [q for q in seats if not fits.isdisjoint(state["seats"][q]["hand"])
            and any(reaction_usable(state, c) for c in fits.intersection(state["seats"][q]["hand"]))]


def progress_attempt(state: dict, rng: Rng, events: list) -> bool:
    """Advance the scene change by one automatic step; False when somebody must choose."""
    a = state["attempt"]
    step = a["step"]
    if step == "reveal":  # B. Reveal a scene change card
        if a["change"] is None:
            a["change"] = take(state, rng, "changes", events)
        events.append({"type": "change_revealed", "player": a["player"], "card": a["change"]})
        a["no_goons"] = any(e["do"] == "no_goons" for e in effects(a["change"], "reveal"))
        a["step"] = "revealed"
        ask_in_turn(a, "ask", _window(state, "revealed"))
        return True
    if step in ("revealed", "success", "changed"):
        if a["ask"]:
            return False
        if step == "revealed":
            if not a["no_goons"] and any(e["do"] == "no_goons" for _, e in patrol_effects(state, a, "patrol")):
                a["no_goons"] = True  # The Feds: judged once the patrols can no longer move
            a["step"] = "success" if a["no_goons"] else "hire"
            a["hirer"] = a["player"]
            if a["no_goons"]:
                ask_in_turn(a, "ask", _window(state, "success"))
        elif step == "success":
            _determine_success(state, rng, events)
        else:
            a["step"] = "done"
            push(state, [{"do": "end_attempt"}])
        return True
    if step == "hire":
        return False
    raise InvalidState(f"The scene change's step {step!r} is unknown.")


def end_attempt(state: dict, events: list) -> None:
    """Discard the hired goons; the revealed card too, unless Endless Rain goes on."""
    a = state["attempt"]
    p = a["player"]
    cruise = any(g["card"] in CRUISE_GOONS and g["seat"] == p for g in a["goons"]) and owns(state, p, "cruise")
    writable(state, "noir")["discard"] += [g["card"] for g in a["goons"] if g["card"] in GOONS]
    a["goons"] = []
    # Endless Rain repeats after a success that moved its scene (not one Not On My Watch! stopped)
    if a["success"] and any(e["do"] == "repeat" for e in effects(a["change"], "success")) \
            and blocker_of(state, a) is None and attempt_options(state, p):
        a["step"] = "continue"
        return
    writable(state, "changes")["discard"].append(a["change"])
    if cruise and attempt_options(state, p):  # The Cruiser: another scene change, with a new card
        a["step"], a["change"] = "continue", None
        return
    state["attempt"] = None


def attempt_decision(state: dict, a: dict) -> dict:
    step = a["step"]
    if step == "hire":
        q = a["hirer"]
        sides = ("for",) if q == a["player"] else ("for", "against")
        backing = backs(state, q, a) if "patrols" in state else None
        options = [{"player": q, "kind": "hire", "card": c, "side": s}
                   for c in state["seats"][q]["hand"] if c in GOONS for s in sides]
        if backing:
            options.append({"player": q, "kind": "hire", "card": backing, "side": "for"})
        options.append({"player": q, "kind": "pass"})
        return {"player": q, "kind": "hire", "prompt": HIRE_PROMPTS[q][a["player"]], "options": options}  # decision()
    if step in ("revealed", "success", "changed"):
        q = a["ask"][0]
        options = []
        for card in state["seats"][q]["hand"]:
            if REACTION_WINDOW.get(card) == step:  # at its moment
                options += reaction_uses(state, q, card)
        return decision(q, "react", PROMPTS["react"][q],
                        options + [{"player": q, "kind": "decline"}])
    if step == "continue":
        p = a["player"]
        return decision(p, "continue", PROMPTS["continue" if a["change"] else "cruise"][p],
                        attempt_options(state, p) + [{"player": p, "kind": "stop"}])
    raise InvalidState(f"The scene change's step {step!r} waits for nobody.")


def reaction_uses(state: dict, q: int, card: str) -> list[dict]:
    """A reaction's legal uses at its moment, with the targets they name: a side to choose, a scene
    to protect (`protect_refusal`), a patrol to move (`patrol_move_refusal`), or none."""
    out = []
    for e in effects(card, "react"):
        if e.get("side") == "choose":
            out += [{"player": q, "kind": "react", "card": card, "side": s} for s in ("for", "against")]
        elif e["do"] == "protect":  # any scene on top of one of the nine piles
            out += [{"player": q, "kind": "react", "card": card, "scene": scene} for scene in top_scenes(state)]
        elif e["do"] == "move_patrol":  # any patrol to any other line
            out += [{"player": q, "kind": "react", "card": card, "patrol": patrol, "line": line}
                    for patrol, line in patrol_moves(state)]
        else:
            out.append({"player": q, "kind": "react", "card": card})
    return out


REACTION_FROM_HAND = Refusal("card_not_in_hand", "A reaction is played from your hand.")
GOONS_ONLY_IN_SCENE_CHANGE = Refusal("goons_only_in_scene_change",
                                     "Goons can only be hired during a scene change, at the goon hiring step.")


def react_refusal(state: dict, p: int, move: dict, at: str) -> Refusal | None:
    """B. A reaction: a reaction card from your hand, when its "play when" moment comes (`at` is
    the kind of decision seat p has pending), on a legal target (The Law's: a patrol to another
    line, a scene on top of a pile)."""
    card = move.get("card")
    card = card if isinstance(card, str) and card in ALL_IDS else None
    hand = state["seats"][p]["hand"]
    if at == "react" and card in hand and REACTION_WINDOW.get(card) == state["attempt"]["step"]:
        for e in effects(card, "react"):
            if e["do"] == "move_patrol":
                why = patrol_move_refusal(state, move.get("patrol"), move.get("line"))
                if why is not None:
                    return why
            elif e["do"] == "protect":
                why = protect_refusal(state, move.get("scene"))
                if why is not None:
                    return why
        if move in reaction_uses(state, p, card):
            return None
        # not one of its uses, for no named reason (a field it does not take): as ever, the moment
    if card not in hand or TYPE.get(card) != "reaction":
        return REACTION_FROM_HAND
    return Refusal("reaction_outside_its_moment", f"{CARD[card]['name']} can only be played when its \"play when\" "
                   f"moment comes ({REACTION_WINDOW[card]}).")


def hire_refusal(state: dict, p: int, move: dict, at: str) -> Refusal | None:
    """C. Hire goons: only at the goon hiring step (`at`: the kind of decision seat p has
    pending); The Vigilante's backing counts as hiring a goon (`backing_refusal`)."""
    if at != "hire":
        return GOONS_ONLY_IN_SCENE_CHANGE
    card = move.get("card")
    if isinstance(card, str) and card == state["seats"][p]["character"] and card in FOR:
        return backing_refusal(state, p, state["attempt"], move.get("side"))
    return None


def on_react(state, move, rng, events):
    a = state["attempt"]
    q, card = move["player"], move["card"]
    answered(a, "ask")
    writable_seat(state, q)["hand"].remove(card)
    targets = {k: move[k] for k in ("side", "scene", "patrol", "line") if k in move}
    events.append({"type": "reaction_played", "player": q, "card": card, **targets})
    if "scene" in move:  # Not On My Watch! lies on the scene
        writable(state, "protected").append({"scene": move["scene"], "card": card, "player": q})
        events.append({"type": "scene_protected", "player": q, "scene": move["scene"], "card": card})
        return
    if "patrol" in move:  # An Anonymous Tip: the patrol moves; moving is not playing
        frm = next(line for line in LINES if state["patrols"][line] == move["patrol"])
        writable(state, "patrols")[frm] = None
        replaced = place_patrol(state, move["patrol"], move["line"])
        writable(state, "noir")["discard"].append(card)
        events.append({"type": "patrol_moved", "player": q, "card": move["patrol"], "from": frm, "to": move["line"],
                       "replaced": replaced})
        return
    writable(state, "played").append(card)
    tasks = []
    for e in effects(card, "react"):
        if e["do"] == "kill_informant":
            tasks.append(effect_task(q, e, card, target=a["player"]))
        elif e["do"] == "modify":
            sign = -1 if move.get("side") == "against" else 1
            tasks.append({"do": "effect", "player": q, "verb": "modify", "amount": sign * e["amount"], "source": card})
        else:
            tasks.append(effect_task(q, e, card))
    push(state, tasks + [{"do": "discard", "card": card}])


def on_decline(state, move, rng, events):
    answered(state["attempt"], "ask")


# --- C. Hire goons --------------------------------------------------------------------------------
_HIRING = Round("hirer", "out", "since")  # the attempt's fields: who hires now, who is out, who passed


def _next_hirer(state: dict) -> None:
    """C. Hire goons: clockwise, skipping who is out or passed since the last hire; it ends when
    every character has passed (in a row)."""
    a = state["attempt"]
    if _HIRING.next(a, AFTER[state["players"]][a["hirer"]]) is None:
        a["step"] = "success"
        ask_in_turn(a, "ask", _window(state, "success"))


def on_hire(state, move, rng, events):
    a = state["attempt"]
    q, card, side = move["player"], move["card"], move["side"]
    if card in GOONS:  # else The Vigilante's backing, which counts as hiring a goon
        writable_seat(state, q)["hand"].remove(card)
    a["goons"] = a["goons"] + [{"seat": q, "card": card, "side": side}]
    _HIRING.acted(a)
    events.append({"type": "goon_hired", "player": q, "card": card, "side": side})
    tasks = [effect_task(q, e, card) for e in effects(card, "hire_" + side)]
    seat = state["seats"][q]
    if seat["informant"] in _HIRE_TRIGGERED or not _HIRE_TRIGGERED.isdisjoint(seat["loot"]):
        tasks += [effect_task(q, e, c) for c in own_cards(state, q) for e in effects(c, "you_hire")]
    push(state, simultaneous(state, q, tasks))
    _next_hirer(state)


def on_pass(state, move, rng, events):
    a = state["attempt"]
    q = move["player"]
    _HIRING.passed(a, q, leaves=not (q == a["player"] and owns(state, q, "hire_after_pass")))
    events.append({"type": "passed", "player": q})
    _next_hirer(state)


# --- D. Determine success -------------------------------------------------------------------------
def modified_influence(state: dict, a: dict) -> int:
    """D. The modified influence: influence of the scene's type plus every modifier."""
    return sum(_influence_parts(state, a).values())


def _influence_parts(state: dict, a: dict) -> dict:
    """The modified influence of scene change `a`, part by part, as it stands now (goon values
    and The Vice Squad's hand count are those of this moment; success takes them when it is
    determined)."""
    p, t = a["player"], a["type"]
    seat = state["seats"][p]
    patrols = [e for _, e in patrol_effects(state, a, "patrol")] if "patrols" in state else ()
    informant = seat["informant"]
    informants = 0
    if informant is not None and not any(e["do"] == "no_informant" for e in patrols):
        informants = CARD[informant]["modifiers"][t]
    hand = len(seat["hand"])  # The Vice Squad counts it now, when success is determined
    own, scene = own_statics(state, p), scene_statics(state, p)

    def of_type(statics):
        return sum(e["amount"] for e in statics if e["do"] == "influence" and e["type"] in (t, "any"))

    from_informant = of_type(effects(informant, "static")) if informant is not None else 0
    own_bonus, scene_bonus = statics_total(own, "goon_bonus"), statics_total(scene, "goon_bonus")
    soften = statics_total(own + scene, "soften_against")
    goons = 0
    for g in a["goons"]:
        if g["side"] == "for":
            goons += FOR[g["card"]] + scene_bonus + (own_bonus if g["seat"] == p else 0)
        else:
            goons += min(0, AGAINST[g["card"]] + soften)
    return {
        "character": CARD[seat["character"]]["influence"][t],
        "informants": informants + from_informant,
        "loot": of_type(own) - from_informant,
        "change_card": CARD[a["change"]]["modifier"] if a["change"] is not None else 0,
        "goons": goons,
        "scene_effects": of_type(scene),
        "patrols": sum(e["amount"] for e in patrols if e["do"] == "influence" and hand <= e.get("max_hand", hand)),
        "modifier": a["modifier"],
    }


def influence_view(state: dict, a: dict) -> dict:
    """What a frontend shows beside the difficulty: the running total and its parts."""
    parts = _influence_parts(state, a)
    total = sum(parts.values())
    return {"total": total, "parts": parts, "difficulty": a["difficulty"], "needed": max(0, a["difficulty"] - total)}


def _determine_success(state: dict, rng: Rng, events: list) -> None:
    a = state["attempt"]
    p = a["player"]
    influence = modified_influence(state, a)
    success = influence >= a["difficulty"]
    a["success"] = success
    events.append({"type": "attempt_resolved", "player": p, "scene": a["scene"], "influence": influence,
                   "difficulty": a["difficulty"], "success": success})
    tasks = []
    if success:
        blocker = blocker_of(state, a)
        if blocker is not None:  # Not On My Watch!: a success, but nothing moves
            events.append({"type": "move_prevented", "scene": a["scene"], "to": a["to"], "protected": blocker})
        else:
            was_active = a["from"] == "midtown" and TYPE[a["scene"]] == "scene"
            before = midtown_tops(state)
            move_scene(state, a["scene"], a["to"], events, change=True)
            city_changed(state, rng, before, events)
        mine = [effect_task(p, e, a["change"]) for e in effects(a["change"], "success") if e["do"] != "repeat"]
        if blocker is None:
            if was_active:
                mine += [effect_task(p, e, a["scene"]) for e in effects(a["scene"], "changed")]
            mine += [effect_task(p, e, c) for c in own_cards(state, p) for e in effects(c, "you_change")]
        mine += [effect_task(p, e, c) for c, e in patrol_effects(state, a, "patrol_success")]
        tasks = simultaneous(state, p, mine)
        a["step"] = "changed"
        ask_in_turn(a, "ask", _window(state, "changed"))
    else:
        tasks = [effect_task(p, e, a["change"]) for e in effects(a["change"], "fail")]
        tasks += [effect_task(p, e, c) for c, e in patrol_effects(state, a, "patrol_fail")]
        a["step"] = "changed"
        ask_in_turn(a, "ask", [])
    push(state, tasks)


def on_stop(state, move, rng, events):
    a = state["attempt"]
    if a["change"] is not None:  # (after The Cruiser it is in the discard already)
        writable(state, "changes")["discard"].append(a["change"])
    state["attempt"] = None
