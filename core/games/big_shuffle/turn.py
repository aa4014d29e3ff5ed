"""CHARACTER TURN: 1. Start of turn abilities, 2. Draw a noir card, 3. Play a card or attempt a scene change.

The scene change itself is in scene_change.py. Also here: loot over the limit is trashed, and
the turn passes to the next character clockwise. Why a card played, a scene change attempted, a
turn ended or loot trashed is refused (`play_refusal`, `attempt_refusal`, `end_turn_refusal`,
`trash_refusal`) is asked of the same checks `main_options` lists the options with.
"""

from core.framework.flow import pop
from core.framework.game import decision
from core.framework.refusal import Refusal

from .abilities import LOOT_LIMIT, abilities_blocked, loot_works, own_statics, owns, scene_statics, scenes_have, \
    statics_total
from .cards import CARD, LINES, PATROLS, TYPE, effects
from .city import attempt_options, scene_choice_refusal
from .decks import draw_one, to_noir_discard
from .effects import card_uses
from .labels import PROMPTS
from .law import end_protections, line_refusal, place_patrol
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
ONE_CARD_PER_TURN = Refusal("one_card_per_turn", "You may play only one action or loot card on your turn.")
GOON_AS_YOUR_CARD = Refusal("goons_only_in_scene_change",
                            "Goons can only be played during a scene change, when hiring goons.")
REACTION_AS_YOUR_CARD = Refusal("reaction_outside_its_moment",
                                "Reactions are played at their \"play when\" moment, not as your card.")
NOT_IN_HAND = Refusal("card_not_in_hand", "That card is not in your hand.")
NO_LEGAL_TARGET = Refusal("no_legal_target",
                          "That card has no legal target as given; its legal uses are listed in the options.")
CARD_OR_SCENE_CHANGE = Refusal("card_or_scene_change",
                               "A character who played a card this turn cannot attempt a scene change.")
ONE_SCENE_CHANGE = Refusal("card_or_scene_change", "A character attempts one scene change a turn, instead of "
                           "playing a card: this turn's was attempted already.")


def card_allowance(turn: dict) -> Refusal | None:
    """One action or loot card a turn (more with The Timepiece or A New York Minute)."""
    return None if turn["unlimited"] or turn["played"] < turn["allowed"] else ONE_CARD_PER_TURN


def _as_your_card(card: str) -> Refusal | None:
    """Goons are hired during a scene change and reactions wait for their moment: neither is
    played as your card."""
    kind = TYPE[card]
    if kind == "goon":
        return GOON_AS_YOUR_CARD
    if kind == "reaction":
        return REACTION_AS_YOUR_CARD
    return None


_AS_YOUR_CARD = frozenset(c for c in CARD if _as_your_card(c) is None)
assert _PLAIN_PLAYS <= _AS_YOUR_CARD


def play_uses(state: dict, p: int, card: str) -> list[dict]:
    """The legal plays of a card in p's hand: loot, and an action whose effects need no target,
    as it is; an action with targets once for each legal target (effects.py); a patrol on each of
    the six lines (one there already is replaced)."""
    if card in _PLAIN_PLAYS:
        return [{"player": p, "kind": "play", "card": card}]
    if card in _ACTIONS:
        return card_uses(state, p, card, "play", "play")
    if card in PATROLS:
        return [{"player": p, "kind": "play", "card": card, "line": line} for line in LINES]
    return []


def attempt_allowance(turn: dict) -> Refusal | None:
    """Play a card OR attempt a scene change, once."""
    if turn["played"] or turn["unlimited"]:
        return CARD_OR_SCENE_CHANGE
    return ONE_SCENE_CHANGE if turn["attempted"] else None


def main_options(state: dict, p: int) -> list[dict]:
    """The candidates that `play_refusal` and `attempt_refusal` find nothing against, asked in
    layers: the turn's allowances once, then each card in hand, then its targets."""
    turn = state["turn"]
    out = []
    if card_allowance(turn) is None:
        for card in state["seats"][p]["hand"]:
            if card in _PLAIN_PLAYS:  # (`play_uses` of a loot or a plain action, inlined: the hot path)
                out.append({"player": p, "kind": "play", "card": card})
            elif card in _AS_YOUR_CARD:
                out += play_uses(state, p, card)
    if attempt_allowance(turn) is None:
        out += attempt_options(state, p)
    out.append({"player": p, "kind": "end_turn"})
    return out


def play_refusal(state: dict, p: int, move: dict, at: str) -> Refusal | None:
    """3. Play a card: at your main step (`at`: the kind of decision seat p has pending), a card
    played as your card (no goon, no reaction), within the turn's allowance, from your hand, on
    one of its legal targets."""
    turn = state["turn"]
    if at != "main":
        if turn["player"] == p and card_allowance(turn) is not None:
            return ONE_CARD_PER_TURN
        return moment_refusal(at)
    card = move.get("card")
    held = isinstance(card, str) and card in CARD and card in state["seats"][p]["hand"]
    if held:
        why = _as_your_card(card)
        if why is not None:
            return why
    why = card_allowance(turn)
    if why is not None:
        return why
    if not held:
        return NOT_IN_HAND
    if card in PATROLS:
        why = line_refusal(move.get("line"))
        if why is not None:
            return why
    return None if move in play_uses(state, p, card) else NO_LEGAL_TARGET


def attempt_refusal(state: dict, p: int, move: dict, at: str) -> Refusal | None:
    """3. Attempt a scene change: at your main step instead of playing a card, or again after
    Endless Rain or The Cruiser; A. Choose a Scene (city.py)."""
    if at == "main":
        why = attempt_allowance(state["turn"])
        if why is not None:
            return why
    elif at != "continue":
        return moment_refusal(at)
    return scene_choice_refusal(state, move.get("scene"), move.get("to"))


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


# --- The end of the turn, and loot over the limit -------------------------------------------------
LOOT_LIMIT_FIRST = Refusal("loot_limit", f"A character can only have {LOOT_LIMIT} loot: trash one first.")
LOOT_LIMIT_CHOOSE = Refusal("loot_limit", f"A character can only have {LOOT_LIMIT} loot: choose one to trash.")
TRASH_ONLY_OVER_LIMIT = Refusal("trash_only_over_limit", "Loot is trashed only when you control more than three.")


def moment_refusal(at: str) -> Refusal | None:
    """Any move but trashing, while the seat's pending decision (`at`) is which loot to trash."""
    return LOOT_LIMIT_CHOOSE if at == "trash" else None


def end_turn_refusal(state: dict, p: int, move: dict, at: str) -> Refusal | None:
    """The turn ends once a fourth loot is trashed."""
    return LOOT_LIMIT_FIRST if at == "trash" else None


def trash_refusal(state: dict, p: int, move: dict, at: str) -> Refusal | None:
    """LOOT: a character can only have 3; over the limit, one of them is trashed (the options:
    each loot card of the seat)."""
    if at != "trash":
        return TRASH_ONLY_OVER_LIMIT
    return None if move.get("card") in state["seats"][p]["loot"] else LOOT_LIMIT_CHOOSE


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
