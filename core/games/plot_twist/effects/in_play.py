"""Plot Twist's cards in play in the Turn: the Twist! of each Start of Turn, the Events Cluster, the
Objective, their Nullify and Threat conditions, and the choices they ask for (rulebook: Turns, Counting
Turns, Free actions, Events Cluster, Nullify, Twists Deck, Objective Cards, Goal of the Game).
conflict.py calls the hooks; each move kind has one predicate, `move_error` / `choose_error`, that
lists the options (`options`, `choice_decisions`) and names a refusal.

Moves (offered in the `act` and Combat step decisions, where Free actions are: ruling "Where Free
actions are offered"):
- `reveal_event {card}`: the GM Reveals an Event, during a Combat only ("Events can only be played
  During combat and are not actions"), at most as many as there are Heroes in play;
- `reveal_objective`: the GM Reveals his Objective (once), its ▲ effects happen;
- `nullify_roll {character, card}`: a Hero makes the Fixed Roll a Revealed Event (or a Twist! in play)
  prints as its Nullify, a Free action: once a Turn for each Character and card;
- `nullify_spend {character, card}`: a Hero spends 1 Belief (or Energy) toward a `spend` Nullify;
- `choose {card, target?, resistance?}`: the choice a card's effects wait for (`state["choice"]`).

State: `timers` (time_counters.py), `choice` (`{seat, card}` or null), `counting` (`{card: figures}`,
the figures a counting Nullify starts from), `nullify_tries` (`[[character, card]]` this Turn).
"""

from core.framework.game import decision
from core.framework.kept import kept

from ..conflict import actions as A
from . import card_effects as CE
from .. import cards as C
from ..characters import characters as CH
from . import conditions as CO
from . import effects as FX
from . import events_cluster as EC
from . import objectives as OB
from ..rolls import rolls as R
from . import standing
from . import twists as TW
from ..state import GM

MOVE_FIELDS = {"reveal_event": {"card"}, "reveal_objective": set(), "nullify_roll": {"character", "card"},
               "nullify_spend": {"character", "card"}}
MOVE_KINDS = tuple(MOVE_FIELDS) + ("choose",)
RULE_CODES = EC.RULE_CODES + OB.RULE_CODES + (
    "not_the_gm", "not_in_combat", "not_combat_phase", "no_free_action_at_end_of_turn", "choice_pending", "not_your_character",
    "not_a_card_with_nullify", "nullified_otherwise", "nullify_once_per_turn", "nothing_to_spend",
    "energy_limit", "no_choice", "not_your_choice", "wrong_choice", "wrong_move", "cannot_act",
    "wrong_color", "requirement_unmet")
EVENT_TYPES = ("twist_without_effect", "twist_discarded", "time_counter_added", "event_revealed",
               "objective_revealed", "card_nullified", "nullify_spent", "choice_made", "threat_fulfilled")
PROMPTS = {"choice": "Choose for the card just Revealed (its target, or the resistance it names)."}
SURPRISED = -2  # "All Roll Pools get -2"


# --- Hooks of the Turn ----------------------------------------------------------------------------------
def start_of_turn(state: dict, rng, events: list, twist: str | None) -> None:
    """After the Twist! is Revealed: it takes effect; then the standing Events' Start of Turn effects."""
    state["nullify_tries"] = []
    if twist is not None:
        TW.reveal(state, rng, twist, events)
    for card in EC.standing(state):
        CE.resolve(state, rng, card, "start_of_turn", {}, events)


def end_of_turn(state: dict, rng, events: list) -> None:
    """The standing Events' End of Turn effects; then every Time counter."""
    for card in EC.standing(state):
        CE.resolve(state, rng, card, "end_of_turn", {}, events)
    TW.end_of_turn(state, rng, events)


def check(state: dict, events: list) -> bool:
    """Part of the win Watch: Nullify the cards whose counting condition is met; True when the
    Objective's Threat is fulfilled (the card is then face up)."""
    for card, since in list(state["counting"].items()):
        condition = C.CARD[card]["nullify"]
        if condition["when"] != "spend" and CO.met(state, condition, since):
            nullify(state, card, events, by="condition")
    if OB.threat_fulfilled(state):
        OB.fulfil(state, events)
        return True
    return False


def nullify(state: dict, card: str, events: list, by: str) -> None:
    if C.TYPE[card] == "event":
        EC.mark_nullified(state, card, events, by)
    else:
        TW.nullify(state, card, events, by)


def nullifiable(state: dict) -> list[str]:
    """The cards in play whose Nullify may still be met: Revealed Events not Nullified, Twists! in play
    (a list to read only, kept while the Events Cluster and the Twists! in play are the same: kept.py)."""
    cluster, twists = state["events_cluster"], state["twists_in_play"]
    return kept(("plot-twist", "nullifiable"), (cluster, twists), _nullifiable, (), state)


def _nullifiable(state: dict) -> list[str]:
    return EC.standing(state) + [c for c in dict.fromkeys(state["twists_in_play"]) if "nullify" in C.CARD[c]]


# --- Moves in a decision window -----------------------------------------------------------------------------
def move_error(state: dict, move: dict) -> tuple[str, str] | None:
    """Why this Reveal or Nullify move is refused now, or None."""
    kind, turn = move.get("kind"), state["turn"]
    if turn is None:
        return "cannot_act", "Cards are Revealed and Nullified in the Turns of the Conflict, after Setup."
    fields = MOVE_FIELDS.get(kind)
    if fields is None or set(move) != {"player", "kind"} | fields:
        return "wrong_move", f"A {kind} move has the fields player, kind and {sorted(fields or [])}."
    if turn["phase"] == "end":
        return "no_free_action_at_end_of_turn", "No Free action may be taken in the End of Turn Phase."
    if state["choice"] is not None:
        return "choice_pending", "A card's choice must be made first."
    return _why_not(state, move)


def _why_not(state: dict, move: dict) -> tuple[str, str] | None:
    """`move_error` of a well-formed move once the moment is right (what `options` asks of each candidate)."""
    kind, seat, turn = move["kind"], move["player"], state["turn"]
    if kind in ("reveal_event", "reveal_objective"):
        if seat != GM:
            return "not_the_gm", "Only the GM Reveals his Events and his Objective."
        if kind == "reveal_objective":
            if turn["phase"] != "combat":
                return "not_combat_phase", "The GM Reveals his Objective in the Combat phase, as he flips Events."
            return OB.reveal_refusal(state)
        if state["combat"] is None:
            return "not_in_combat", "Events can only be played During combat."
        return EC.reveal_refusal(state, move["card"])
    who, card = move["character"], move["card"]
    if not A.may_act(state, seat, who) or CH.kind(who) != "hero":
        return "not_your_character", f"{who!r} is not a Hero of yours that may act now."
    if card not in nullifiable(state):
        return "not_a_card_with_nullify", f"{card!r} is no Revealed Event or Twist! in play with a Nullify."
    condition = C.CARD[card]["nullify"]
    if kind == "nullify_roll":
        if condition["when"] != "roll":
            return "nullified_otherwise", f"{C.display_name(card)} is not Nullified by a Roll."
        if [who, card] in state["nullify_tries"]:
            return "nullify_once_per_turn", "A Character may take each Free action once each Turn."
        return None
    if condition["when"] != "spend":
        return "nullified_otherwise", f"{C.display_name(card)} is not Nullified by spending counters."
    counter = condition["counter"]
    if CH.record(state, who)[counter] < 1:
        return "nothing_to_spend", f"{C.display_name(who)} has no {counter.capitalize()} to spend."
    if counter == "energy" and A.energy_left(state, who) < 1:
        return "energy_limit", "A Character can only spend a number of Energy per Turn equal to its Power."
    return None


def options(state: dict, seat: int) -> list[dict]:
    if state["turn"] is None or state["turn"]["phase"] == "end" or state["choice"] is not None:
        return []
    if seat == GM:  # (the GM's read the Heroes in play and his Characters: listed each time)
        out = [{"player": GM, "kind": "reveal_objective"}]
        if state["combat"] is not None and CO.revealed_events(state) < CO.heroes_in_play(state):
            out += [{"player": GM, "kind": "reveal_event", "card": e["card"]} for e in state["events_cluster"]
                    if not e["revealed"]]  # refused (`EC.reveal_refusal`) once Revealed, or X are: not built
        return [m for m in out if _why_not(state, m) is None]  # the moment was asked above, once
    cards = nullifiable(state)
    heroes = [who for who in A.acting(state, seat) if CH.kind(who) == "hero"] if cards else []
    if not heroes:  # (a Hero's, whatever the card)
        return []
    # what `_why_not` reads of a Nullify: the cards with one, this Turn's tries, the seat's Heroes that may
    # act (which, their records, their Energy spent this Turn), never another Character: kept (kept.py)
    spent = state["turn"]["energy_spent"]
    parts = (state["events_cluster"], state["twists_in_play"], state["nullify_tries"],
             *[CH.record(state, who) for who in heroes])
    return kept(("plot-twist", "nullify", seat), parts, _nullify_options,
                (tuple(heroes), tuple(spent.get(who) for who in heroes)), state, seat, heroes, cards)


def _nullify_options(state: dict, seat: int, heroes: list[str], cards: list[str]) -> list[dict]:
    """The seat's Heroes' Nullify moves, built only where `_why_not` accepts them (legal by construction:
    `heroes` may act, `cards` are `nullifiable`): a card is Nullified one way, by a Roll (once each Turn
    for each Hero) or by spending (a counter to spend, Energy within its Power), the other way refused."""
    out = []
    for who in heroes:
        c = CH.record(state, who)
        for card in cards:
            condition = C.CARD[card]["nullify"]
            if condition["when"] == "roll":
                if [who, card] not in state["nullify_tries"]:
                    out.append({"player": seat, "kind": "nullify_roll", "character": who, "card": card})
            elif condition["when"] == "spend":
                counter = condition["counter"]
                if c[counter] >= 1 and (counter != "energy" or A.energy_left(state, who) >= 1):
                    out.append({"player": seat, "kind": "nullify_spend", "character": who, "card": card})
    return out


def on_move(state: dict, move: dict, rng, events: list) -> None:
    kind = move["kind"]
    if kind == "reveal_event":
        CE.reveal_event(state, rng, move["card"], events, by="gm")
    elif kind == "reveal_objective":
        CE.reveal_objective(state, rng, events, by="gm")
    elif kind == "nullify_roll":
        _nullify_roll(state, move["character"], move["card"], rng, events)
    else:
        _nullify_spend(state, move["character"], move["card"], events)


def nullify_parts(state: dict, who: str, condition: dict) -> list:
    """The Fixed Roll's Pool: the Attribute + the best of the heroics or skills it names, with the Roll
    Pool modifiers of the cards that stand, and Surprised."""
    parts = FX.roll_parts(state, who, condition)
    n = standing.total(state, who, "roll_pool", None)
    if n:
        parts.append(("cards", n))
    if "surprised" in CH.record(state, who)["statuses"]:
        parts.append(("Surprised", SURPRISED))
    return parts


def _nullify_roll(state: dict, who: str, card: str, rng, events: list) -> None:
    state["nullify_tries"] = state["nullify_tries"] + [[who, card]]
    condition = C.CARD[card]["nullify"]
    parts = nullify_parts(state, who, condition)
    result, event = R.fixed_roll(rng, who, parts, condition["difficulty"],
                                 purpose="nullify")
    events.append(event)
    FX.pay_locks(state, who, parts, events)
    if result.won:
        nullify(state, card, events, by=who)


def _nullify_spend(state: dict, who: str, card: str, events: list) -> None:
    condition = C.CARD[card]["nullify"]
    counter = condition["counter"]
    c = CH.record(state, who)
    CH.update(state, who, **{counter: c[counter] - 1})
    if counter == "energy":
        spent = state["turn"]["energy_spent"]
        state["turn"] = {**state["turn"], "energy_spent": {**spent, who: spent.get(who, 0) + 1}}
    since = state["counting"].get(card, CO.figures(state))
    since = {**since, "spent": since["spent"] + 1}
    state["counting"] = {**state["counting"], card: since}
    events.append({"type": "nullify_spent", "character": who, "card": card, "counter": counter, "amount": 1,
                   "spent": since["spent"], "of": condition["amount"]})
    if CO.met(state, condition, since):
        nullify(state, card, events, by=who)


# --- A card's choice -----------------------------------------------------------------------------------------
def choose_error(state: dict, move: dict) -> tuple[str, str] | None:
    choice = state["choice"]
    if choice is None:
        return "no_choice", "No card waits for a choice."
    if move.get("player") != choice["seat"]:
        return "not_your_choice", f"Seat {choice['seat']} chooses for {C.display_name(choice['card'])}."
    fields = {k: v for k, v in move.items() if k not in ("player", "kind", "card")}
    if move.get("card") != choice["card"] or fields not in CE.choices(state, choice["card"]):
        return "wrong_choice", f"These choices do not fit {C.display_name(choice['card'])}: {fields!r}."
    return None


def choice_decisions(state: dict) -> list[dict]:
    choice = state["choice"]
    opts = [{"player": choice["seat"], "kind": "choose", "card": choice["card"], **ch}
            for ch in CE.choices(state, choice["card"])]
    return [decision(choice["seat"], "choice", PROMPTS["choice"], opts)]


def settle_choice(state: dict, rng, events: list) -> bool:
    """A choice another effect left with one answer (a Regeneration that took away the other Stress) is
    made by itself, as one with a single answer is when the card asks (ruling "A choice left with one
    answer"): True when it was."""
    choice = state["choice"]
    heroes = TW.heroes_seat(state) if choice["card"] in state["twists_in_play"] else None
    if heroes is not None and heroes != choice["seat"]:
        # the Heroes choose for a Twist! as a group, by their lowest seat with a Hero in play: when that
        # Hero leaves play while the choice waits, the next such seat chooses (ruling "Who chooses for the Heroes")
        state["choice"] = choice = {**choice, "seat": heroes}
    found = CE.choices(state, choice["card"])
    if len(found) > 1:
        return False
    on_choose(state, {"player": choice["seat"], "kind": "choose", "card": choice["card"], **found[0]}, rng, events)
    return True


def on_choose(state: dict, move: dict, rng, events: list) -> None:
    card = state["choice"]["card"]
    state["choice"] = None
    fields = {k: v for k, v in move.items() if k not in ("player", "kind", "card")}
    events.append({"type": "choice_made", "player": move["player"], "card": card, **fields})
    CE.resolve(state, rng, card, "reveal", fields, events)
    TW.settle(state, events)
