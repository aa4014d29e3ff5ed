"""Plot Twist's Free actions and spending counters (rulebook: Free actions, Combat actions, Belief,
Hate, Energy, Statuses: Stunned and Prone).

"Characters may take each Free action once each Turn ... Free Actions may be taken at any moment in
a Turn besides the End of Turn Phase. Characters with Initiative take actions First." The engine
offers them to the side with Initiative: in the Start of Turn and Combat phases to every Character of
the seat, during a Combat to the seat's combatant (ruling "Where Free actions are offered").

- `regenerate` {character, resistance}: spend 1 Energy, Regenerate 1 Stress;
- `remove_trauma` {character, resistance}: spend 2 Energy, Remove 1 Trauma;
- `extra_attack` {character}: once a Turn, spend 1 Belief (a Hero) or 1 Hate (a Villain) to gain 1
  Attack action, only at 0 ("may gain them if at 0 actions");
- `recover` {character, status}: spend an Attack action to end Stunned, a Move action to end Prone
  (a Combat action, not a Free one: offered at the same moments).

A Character spends no more Energy in a Turn than its Power. Each move kind has one predicate,
`action_error(state, move)`, that both lists the options (`action_options`) and names a refusal.
"""

from core.framework.kept import kept

from ..characters import characters as CH
from ..rolls import damage as DMG
from ..effects import effects as FX

FREE = ("regenerate", "remove_trauma", "extra_attack")
ACTION_KINDS = FREE + ("recover",)
ENERGY_COST = {"regenerate": DMG.ENERGY_PER_STRESS, "remove_trauma": DMG.ENERGY_PER_TRAUMA}
RECOVER_COST = {"stunned": "attack", "prone": "move"}  # "spend one Attack action" / "one Move action"
RULE_CODES = ("no_free_action_at_end_of_turn", "free_action_used_this_turn", "energy_limit",
              "not_enough_energy", "nothing_to_regenerate", "no_trauma_to_remove", "not_at_zero_attack_actions",
              "not_enough_belief_or_hate", "no_such_status", "no_action_to_spend", "not_your_character",
              "cannot_act", "wrong_move")


def acting(state: dict, seat: int) -> list[str]:
    """The seat's Characters that may act now: its combatant during a Combat, else all of them (a list
    to read only: outside a Combat, the one kept for the Characters in play)."""
    combat = state["combat"]
    cards = CH.active_cards_of_seat(state, seat)
    if combat is not None:
        return [c for c in cards if c in (combat["attacker"], combat["defender"])]
    return cards


def may_act(state: dict, seat, card) -> bool:
    """`card in acting(state, seat)`, for one Character (a predicate asks it of every candidate)."""
    c = CH.record(state, card) if type(card) is str else None
    if c is None or c["seat"] != seat or CH.is_incapacitated(c):
        return False
    combat = state["combat"]
    return combat is None or card in (combat["attacker"], combat["defender"])


def _used(state: dict, card: str, kind: str) -> bool:
    return kind in state["turn"]["free"].get(card, [])


def energy_left(state: dict, card: str) -> int:
    """How much Energy the Character may still spend this Turn: no more than its Power a Turn."""
    return CH.power(card) - state["turn"]["energy_spent"].get(card, 0)


def moment_error(state: dict, seat, card) -> tuple[str, str] | None:
    """Why `card` of `seat` may take no Free action (nor spend counters) now: no Turn yet, the End of
    Turn, or not a Character of the seat that may act now. None: it may."""
    turn = state["turn"]
    if turn is None:
        return "cannot_act", "Actions are taken in the Turns of the Conflict, after Setup."
    if turn["phase"] == "end":
        return "no_free_action_at_end_of_turn", "No Free action may be taken in the End of Turn Phase."
    if not may_act(state, seat, card):
        return "not_your_character", f"{card!r} is not a Character of yours that may act now."
    return None


def action_error(state: dict, move: dict) -> tuple[str, str] | None:
    """Why this Free action (or recover) is refused now, or None."""
    kind, seat, card = move.get("kind"), move.get("player"), move.get("character")
    refusal = moment_error(state, seat, card)
    if refusal:
        return refusal
    fields = {"regenerate": {"resistance"}, "remove_trauma": {"resistance"}, "extra_attack": set(),
              "recover": {"status"}}.get(kind)
    if fields is None or set(move) != {"player", "kind", "character"} | fields:
        return "wrong_move", f"A {kind} move has the fields player, kind, character and {sorted(fields or [])}."
    return _why_not(state, CH.record(state, card), move)


def _why_not(state: dict, c: dict, move: dict) -> tuple[str, str] | None:
    """`action_error` once the moment and the move's shape are right."""
    kind, card = move["kind"], c["card"]
    if kind == "recover":
        status = move["status"]
        if status not in RECOVER_COST or status not in c["statuses"]:
            return "no_such_status", f"{CH.C.display_name(card)} is not Stunned or Prone as named."
        if c["actions"][RECOVER_COST[status]] < 1:
            return "no_action_to_spend", f"Ending {status} spends one {RECOVER_COST[status].capitalize()} action."
        return None
    if _used(state, card, kind):
        return "free_action_used_this_turn", "A Character may take each Free action once each Turn."
    if kind in ENERGY_COST:
        if "energy" not in c:
            return "cannot_act", "Mooks and Allies have no Energy."
        resistance = move["resistance"]
        if resistance not in DMG.RESISTANCES:
            return "wrong_move", f"A resistance is one of {', '.join(DMG.RESISTANCES)}."
        cost = ENERGY_COST[kind]
        if c["energy"] < cost:
            return "not_enough_energy", f"This costs {cost} Energy and {CH.C.display_name(card)} has {c['energy']}."
        if energy_left(state, card) < cost:
            return "energy_limit", "A Character can only spend a number of Energy per Turn equal to its Power."
        counters = c["resistances"][resistance]
        if kind == "regenerate" and counters["stress"] == 0:
            return "nothing_to_regenerate", f"There is no {resistance} Stress to Regenerate."
        if kind == "remove_trauma" and counters["trauma"] == 0:
            return "no_trauma_to_remove", f"There is no {resistance} Trauma to Remove."
        return None
    pay = CH.spend_counter(c)
    if pay is None:
        return "cannot_act", "Only Heroes (Belief) and Villains (Hate) may buy an Attack action."
    if c["actions"]["attack"] != 0:
        return "not_at_zero_attack_actions", "You can never have more than 1 Attack action: gain one only at 0."
    if c[pay] < 1:
        return "not_enough_belief_or_hate", f"Gaining an Attack action costs 1 {pay.capitalize()}."
    return None


def action_options(state: dict, seat: int) -> list[dict]:
    out = []
    turn = state["turn"]
    for card in acting(state, seat):
        if moment_error(state, seat, card):  # the moment once, then each candidate (well-formed)
            continue
        c = CH.record(state, card)
        # `_why_not` reads the Character's record and its Free actions and Energy spent this Turn:
        # its options are kept while those are the same (core/framework/kept.py)
        out += kept(("plot-twist", "actions", seat, card), (c, turn["free"].get(card), turn["energy_spent"].get(card)),
                    lambda: character_actions(state, seat, c))
    return out


def character_actions(state: dict, seat: int, c: dict) -> list[dict]:
    """The Character's Free actions and recoveries, built only where `_why_not` accepts them (legal by
    construction): a Free action not taken this Turn, its Energy had and within its Power, Stress or Trauma
    there to take away; an Attack action bought at 0 with Belief or Hate to pay; a Status it has ended with
    an action it has."""
    card, out = c["card"], []
    if "energy" in c:
        for kind, cost in ENERGY_COST.items():
            if _used(state, card, kind) or c["energy"] < cost or energy_left(state, card) < cost:
                continue
            counter = "stress" if kind == "regenerate" else "trauma"
            out += [{"player": seat, "kind": kind, "character": card, "resistance": r} for r in DMG.RESISTANCES
                    if c["resistances"][r][counter] != 0]
    pay = CH.spend_counter(c)
    if pay is not None and not _used(state, card, "extra_attack") and c["actions"]["attack"] == 0 and c[pay] >= 1:
        out.append({"player": seat, "kind": "extra_attack", "character": card})
    out += [{"player": seat, "kind": "recover", "character": card, "status": s} for s in RECOVER_COST
            if s in c["statuses"] and c["actions"][RECOVER_COST[s]] >= 1]
    return out


def on_action(state: dict, move: dict, rng, events: list) -> None:
    kind, card = move["kind"], move["character"]
    c = CH.record(state, card)
    turn = state["turn"]
    if kind == "recover":
        action = RECOVER_COST[move["status"]]
        CH.update(state, card, actions={**c["actions"], action: c["actions"][action] - 1})
        FX.end_status(state, card, move["status"], events)
        return
    state["turn"] = {**turn, "free": {**turn["free"], card: turn["free"].get(card, []) + [kind]}}
    if kind in ENERGY_COST:
        cost, r = ENERGY_COST[kind], move["resistance"]
        undo = DMG.regenerate if kind == "regenerate" else DMG.remove_trauma
        counters, _ = undo(c["resistances"][r], 1)
        CH.update(state, card, energy=c["energy"] - cost, resistances={**c["resistances"], r: counters})
        spent = state["turn"]["energy_spent"]
        state["turn"] = {**state["turn"], "energy_spent": {**spent, card: spent.get(card, 0) + cost}}
        events.append({"type": "energy_spent", "character": card, "amount": cost, "for": kind, "resistance": r})
        return
    pay = CH.spend_counter(c)
    CH.update(state, card, **{pay: c[pay] - 1}, actions={**c["actions"], "attack": 1})
    events.append({"type": "attack_action_bought", "character": card, "counter": pay, "amount": 1})
