"""Plot Twist's Combat in its five steps (rulebook: Combat deck, Start of Combat Step, Movement Step,
Distances, Maneuver Step, Aim, Attack Step, End of Combat Step, the five kinds of Attack, Armor and
Cover, Stress and Trauma, Mook cards, Hate).

The Combat in progress is `state["combat"]`:

    {"attacker": card, "defender": card, "step": "movement" | "maneuver" | "attack" | "end",
     "distance": "ranged" | "melee", "at": "attacker" | "defender" | null, "out": [], "since": [],
     "aims": [cards that played an Aim],
     "redraw": [seats still choosing their discard] (null: the End of Combat Step not yet opened)}

1. Start of Combat: the Character with Initiative declares its target (`conflict.py`'s `initiate`).
2. Movement: "Combat starts at Ranged Distance"; only Movement cards; the two sides play until both
   pass in a row (a `flow.Round` over "attacker" and "defender": "An Attacker plays all cards before a
   Defender", so the side that acts keeps Initiative until it passes).
3. Maneuver: only Maneuver cards, at their Distance; one Aim per Character each Combat.
4. Attack: `attack` (melee only at Melee Distance; the attacker's Pool vs the defender's best
   Defense, an Opposing Roll; on a win a Damage Roll of (Attribute + Weapon + Bonuses) - (Armor +
   Cover), one Automatic Success; a Mook loses one Quantity Counter a hit instead) and Special
   Attack cards. Both combatants may Attack, one Attack action each.
5. End of Combat: each combatant's seat may discard any Combat cards, then redraws to 3.

Each move kind has one predicate that lists its options and names a refusal: `play_error`,
`attack_error`.
"""

from core.framework.flow import Round

from .. import cards as C
from ..characters import characters as CH
from ..rolls import damage as DMG
from ..setup import decks as D
from ..effects import effects as FX
from . import hands as H
from ..rolls import rolls as R
from . import stealth as ST
from ..effects import tally

STEPS = ("movement", "maneuver", "attack", "end")
COMBAT_SIDES = ("attacker", "defender")
ROUND = Round("at", "out", "since")
STEP_CARDS = {"movement": "movement", "maneuver": "maneuver", "attack": "special"}
ACTION_NEEDED = {"move": "move", "attack": "attack"}
SURPRISED = -2  # "All Roll Pools get -2"
RULE_CODES = ("no_combat", "wrong_combat_step", "not_your_character", "not_in_hand", "no_move_action_left",
              "no_attack_action", "cannot_move", "cannot_attack", "wrong_distance", "one_aim_per_combat",
              "melee_attack_at_ranged_distance", "heroic_required", "card_attack_kind", "cannot_cause_trauma",
              "wrong_choice", "wrong_move", "wrong_color", "requirement_unmet", "cannot_reach_flying",
              "no_social_resistance")

# An Attack's `trauma` choices: module constants, as Cython cannot type a conditional between two literal
# tuples of different lengths (docs/engine.md, "Compiled path").
WITH_TRAUMA, WITHOUT_TRAUMA = (False, True), (False,)


# --- The record ----------------------------------------------------------------------------------------
def start(state: dict, attacker: str, defender: str, events: list) -> None:
    """Start of Combat: the target is declared; the Movement Step begins at Ranged Distance."""
    state["combat"] = {"attacker": attacker, "defender": defender, "step": "movement",
                       "distance": DMG.START_DISTANCE, "at": "attacker", "out": [], "since": [],
                       "aims": [], "redraw": []}
    events.append({"type": "combat_started", "attacker": attacker, "defender": defender,
                   "distance": DMG.START_DISTANCE})


def combatant(state: dict, side: str) -> str:
    return state["combat"][side]


def opponent_of(state: dict, card: str) -> str:
    combat = state["combat"]
    return combat["defender"] if card == combat["attacker"] else combat["attacker"]


def seat_of(state: dict, card: str) -> int:
    return CH.record(state, card)["seat"]


def deciding_seat(state: dict) -> int | None:
    """The seat whose combatant has Initiative in this step (None: nobody, the step is over)."""
    combat = state["combat"]
    if combat["step"] == "end" or combat["at"] is None:
        return None
    return seat_of(state, combatant(state, combat["at"]))


def _writable(state: dict) -> dict:
    state["combat"] = dict(state["combat"])
    return state["combat"]


def acted(state: dict) -> None:
    """The side with Initiative acted: it keeps Initiative until it passes."""
    combat = _writable(state)
    side = combat["at"]
    ROUND.acted(combat)
    ROUND.next(combat, [side, _other(side)])
    if any(CH.is_incapacitated(CH.record(state, combat[s])) for s in COMBAT_SIDES):
        to_end(state)


def passed(state: dict) -> None:
    combat = _writable(state)
    side = combat["at"]
    ROUND.passed(combat, side, leaves=False)
    ROUND.next(combat, [_other(side), side])


def _other(side: str) -> str:
    return "defender" if side == "attacker" else "attacker"


def to_end(state: dict) -> None:
    combat = _writable(state)
    combat["step"], combat["at"], combat["since"], combat["redraw"] = "end", None, [], None


# --- Playing a Movement, Maneuver or Special card ----------------------------------------------------------
def play_error(state: dict, move: dict) -> tuple[str, str] | None:
    """Why playing this Combat card is refused now, or None."""
    combat = state["combat"]
    if combat is None:
        return "no_combat", "Combat cards can be played exclusively in a Combat."
    step = combat["step"]
    card, who, seat = move.get("card"), move.get("character"), move.get("player")
    if step not in STEP_CARDS:
        return "wrong_combat_step", "No Combat card is played at the End of Combat."
    if combat["at"] is None or who != combatant(state, combat["at"]) or seat_of(state, who) != seat:
        return "not_your_character", f"{who!r} is not your combatant with Initiative."
    if card not in state["combat_hands"][seat]:
        return "not_in_hand", f"{card!r} is not in your Combat hand."
    printed = C.CARD[card]
    if printed["combat"] != STEP_CARDS[step]:
        return ("wrong_combat_step", f"In the {step.capitalize()} Step only {STEP_CARDS[step].capitalize()} "
                                     f"cards can be played; {C.display_name(card)} is a {printed['combat']} card.")
    refusal = D.use_error(card, who)
    if refusal:
        return refusal
    c = CH.record(state, who)
    action = ACTION_NEEDED.get(printed["action"])
    if action == "move" and c["actions"]["move"] < 1:
        return ("no_move_action_left", "Characters never have more than 2 Move actions, and "
                                       f"{C.display_name(who)} has spent them.")
    if action == "attack" and c["actions"]["attack"] < 1:
        return "no_attack_action", f"{C.display_name(who)} has no Attack action left."
    if step == "movement" and ({"prone", "stunned"} & set(c["statuses"])):
        return "cannot_move", "A Prone or Stunned Character cannot Move."
    if step == "attack" and action == "attack" and "stunned" in c["statuses"]:
        return "cannot_attack", "A Stunned Character cannot Attack."
    if step == "maneuver":
        if printed["at"] not in ("any", combat["distance"]):
            return "wrong_distance", f"{C.display_name(card)} is played at {printed['at'].capitalize()} Distance."
        if printed["aim"] and who in combat["aims"]:
            return "one_aim_per_combat", "A Character can only play one Aim each Combat."
    fields = {k: v for k, v in move.items() if k not in ("player", "kind", "character", "card")}
    if fields not in _card_choices(state, card, who):
        return "wrong_choice", f"These choices do not fit {C.display_name(card)}: {fields!r}."
    if step == "movement" and combat["distance"] != "melee":
        return ST.reach_error(state, who, move.get("to"))
    return None


def _card_choices(state: dict, card: str, who: str) -> list[dict]:
    printed = C.CARD[card]
    plays = [e for e in printed["effects"] if e["on"] == "play"]
    choices = FX.choices(state, plays, who, opponent_of(state, who))
    if printed["combat"] == "movement":
        tos = DMG.DISTANCES if printed["to"] == "either" else (printed["to"],)
        choices = [{**ch, "to": to} for ch in choices for to in tos]
    return choices


def play_options(state: dict, seat: int) -> list[dict]:
    combat = state["combat"]
    if combat is None or combat["at"] is None or combat["step"] not in STEP_CARDS:
        return []
    who = combatant(state, combat["at"])
    out = []
    for card in sorted(set(state["combat_hands"][seat])):
        if C.CARD[card]["combat"] != STEP_CARDS[combat["step"]]:
            continue
        for choice in _card_choices(state, card, who):
            move = {"player": seat, "kind": "play_card", "character": who, "card": card, **choice}
            if play_error(state, move) is None:
                out.append(move)
    return out


def on_play_card(state: dict, move: dict, rng, events: list) -> None:
    card, who, seat = move["card"], move["character"], move["player"]
    printed = C.CARD[card]
    H.play_from_hand(state, seat, card)
    c = CH.record(state, who)
    action = ACTION_NEEDED.get(printed["action"])
    if action:
        CH.update(state, who, actions={**c["actions"], action: c["actions"][action] - 1})
    events.append({"type": "combat_card_played", "player": seat, "character": who, "card": card,
                   **{k: v for k, v in move.items() if k not in ("player", "kind", "character", "card")}})
    if printed["combat"] == "movement" and state["combat"]["distance"] != move["to"]:
        _writable(state)["distance"] = move["to"]
        events.append({"type": "distance_changed", "distance": move["to"]})
    if printed["combat"] == "maneuver" and printed["aim"]:
        combat = _writable(state)
        combat["aims"] = combat["aims"] + [who]
    plays = [e for e in printed["effects"] if e["on"] == "play"]
    FX.resolve(state, rng, plays, who, opponent_of(state, who), events, choice=move)
    acted(state)


# --- The Attack Step ----------------------------------------------------------------------------------------
def attack_error(state: dict, move: dict) -> tuple[str, str] | None:
    """Why this Attack is refused now, or None."""
    combat = state["combat"]
    if combat is None:
        return "no_combat", "Attacks are made in the Attack Step of a Combat."
    who, seat, kind, card = move.get("character"), move.get("player"), move.get("attack"), move.get("card")
    if set(move) != {"player", "kind", "character", "attack", "card", "trauma"} or type(move["trauma"]) is not bool:
        return "wrong_move", "An attack move has player, kind, character, attack, card (or null) and trauma."
    if combat["step"] != "attack":
        return "wrong_combat_step", f"Attacks are made in the Attack Step, not the {combat['step']} Step."
    if combat["at"] is None or who != combatant(state, combat["at"]) or seat_of(state, who) != seat:
        return "not_your_character", f"{who!r} is not your combatant with Initiative."
    if kind not in DMG.ATTACKS:
        return "wrong_move", f"An attack is one of {', '.join(DMG.ATTACKS)} (Special Attacks are cards)."
    c = CH.record(state, who)
    if c["actions"]["attack"] < 1:
        return "no_attack_action", f"{C.display_name(who)} has no Attack action left."
    if "stunned" in c["statuses"]:
        return "cannot_attack", "A Stunned Character cannot Attack."
    if DMG.ATTACKS[kind].resistance not in CH.record(state, opponent_of(state, who)).get("resistances", DMG.RESISTANCES):
        return "no_social_resistance", "An Ally has no Social Resistance: Social Attacks cannot harm it."
    refusal = DMG.attack_refusal(kind, FX.ratings(state, who), combat["distance"])
    if refusal == "melee_attack_at_ranged_distance":
        return refusal, "At Ranged Distance Melee Attacks are prohibited and may not be used."
    if refusal:
        return refusal, f"A {kind} Attack requires {DMG.ATTACKS[kind].requires}."
    if card is not None:
        if card not in state["combat_hands"][seat]:
            return "not_in_hand", f"{card!r} is not in your Combat hand."
        if C.CARD[card]["combat"] != "attack" or C.CARD[card]["attack"] != kind:
            return "card_attack_kind", f"{C.display_name(card)} does not make a {kind} Attack."
        refusal = D.use_error(card, who)
        if refusal:
            return refusal
    if move["trauma"] and not can_cause_trauma(state, who, kind):
        return ("cannot_cause_trauma", "Trauma is caused only with a weapon of the Attack's kind that causes "
                                       "it, paying 1 Belief or Hate a point (there is no Social Trauma).")
    return None


def can_cause_trauma(state: dict, who: str, kind: str) -> bool:
    c = CH.record(state, who)
    weapon, pay = CH.weapon(c), CH.spend_counter(c)
    return (DMG.ATTACKS[kind].trauma and weapon is not None and weapon["type"] == DMG.ATTACKS[kind].weapon
            and DMG.weapon_bonus(weapon["bonus"], True) is not None and pay is not None and c[pay] >= 1)


def attack_options(state: dict, seat: int) -> list[dict]:
    combat = state["combat"]
    if combat is None or combat["step"] != "attack" or combat["at"] is None:
        return []
    who = combatant(state, combat["at"])
    c = CH.record(state, who)
    if seat_of(state, who) != seat or c["actions"]["attack"] < 1 or "stunned" in c["statuses"]:
        return []  # `attack_error` refuses every Attack then: asked once, before building them
    cards = [None] + sorted({c for c in state["combat_hands"][seat] if C.CARD[c]["combat"] == "attack"})
    resistances = CH.record(state, opponent_of(state, who)).get("resistances", DMG.RESISTANCES)
    ratings = FX.ratings(state, who)
    out = []
    for kind in DMG.ATTACKS:
        # what `attack_error` refuses whatever the card and Trauma, asked once per kind before building
        # them: a Resistance the opponent lacks, an Attack this Character cannot make at this Distance
        if (DMG.ATTACKS[kind].resistance not in resistances
                or DMG.attack_refusal(kind, ratings, combat["distance"])):
            continue
        traumas = WITH_TRAUMA if can_cause_trauma(state, who, kind) else WITHOUT_TRAUMA
        # and the rest of `attack_error`, by construction: a card of the hand that makes this kind of
        # Attack and that this Character may use; Trauma only where it can be caused
        usable = [card for card in cards if card is None or C.CARD[card]["attack"] == kind and D.use_error(card, who) is None]
        out += [{"player": seat, "kind": "attack", "character": who, "attack": kind, "card": card, "trauma": trauma}
                for card in usable for trauma in traumas]
    return out


def _pool_mods(state: dict, who: str, stat: str, kind: str, attacker: str | None = None) -> list:
    mods = []
    n = FX.total(state, who, stat, kind, attacker)
    if n:
        mods.append(("cards", n))
    if stat != "damage_pool" and "surprised" in CH.record(state, who)["statuses"]:
        mods.append(("Surprised", SURPRISED))
    return mods


def on_attack(state: dict, move: dict, rng, events: list) -> None:
    who, seat, kind, card, trauma = move["character"], move["player"], move["attack"], move["card"], move["trauma"]
    target = opponent_of(state, who)
    c = CH.record(state, who)
    CH.update(state, who, actions={**c["actions"], "attack": c["actions"]["attack"] - 1})
    effects = C.CARD[card]["effects"] if card else []
    if card:
        H.play_from_hand(state, seat, card)
    events.append({"type": "attack_declared", "player": seat, "character": who, "target": target,
                   "attack": kind, "card": card, "trauma": trauma})
    FX.resolve(state, rng, [e for e in effects if e["on"] == "play"], who, target, events, attack=kind)
    attack = DMG.attack_parts(kind, FX.ratings(state, who), _pool_mods(state, who, "attack_pool", kind))
    defense = DMG.defense_parts(kind, FX.ratings(state, target), modifiers=_pool_mods(state, target, "defense_pool", kind, who))
    result, event = R.opposing_roll(rng, [(who, attack), (target, defense)], purpose=f"{kind} attack")
    events.append(event)
    FX.pay_locks(state, who, attack, events)  # a Locked Heroic used costs 1 Energy (effects.py)
    FX.pay_locks(state, target, defense, events)
    FX.end_status(state, target, "surprised", events)  # "until you Defend from an Attack"
    if result.winner == who:
        _hit(state, rng, who, target, kind, trauma, events)
        hits = [e for e in effects if e["on"] == "hit"]
        hits += [e for e in C.CARD[who]["effects"] if e["on"] == "hit"]
        if c.get("equipment"):
            hits += [e for e in C.CARD[c["equipment"]]["effects"] if e["on"] == "hit"]
        FX.resolve(state, rng, hits, who, target, events, attack=kind)
        _incapacitation(state, who, target, events)
    FX.expire(state, ("attack",), events, source=who, attack=kind)
    acted(state)


def _hit(state: dict, rng, who: str, target: str, kind: str, trauma: bool, events: list) -> None:
    """The Attack hits: a Mook loses Quantity Counters; anyone else takes a Damage Roll."""
    if CH.kind(target) == "mook":
        t = CH.record(state, target)
        lost = min(t["quantity"], 1 + max(0, FX.total(state, who, "quantity_removed", kind)))
        CH.update(state, target, quantity=t["quantity"] - lost)
        events.append({"type": "quantity_lost", "character": target, "amount": lost})
        return
    attacker, defender = CH.record(state, who), CH.record(state, target)
    weapon = CH.weapon(attacker) if CH.kind(who) != "mook" else None
    armor = FX.setting(state, target, "armor", kind, who)
    worn = armor is None  # Armor from the target's keyword (a Lock on it is paid for when it protects)
    if armor is None:
        armor = DMG.armor(kind, FX.keywords(state, target), CH.power(target), FX.total(state, target, "armor", kind, who))
    cover = max(0, FX.total(state, target, "cover", kind, who))
    bonuses = _pool_mods(state, who, "damage_pool", kind)
    parts = DMG.damage_parts(kind, FX.ratings(state, who), weapon, bonuses, armor, cover, FX.keywords(state, who), trauma)
    automatic = R.DAMAGE_AUTOMATIC + FX.total(state, who, "automatic_successes", kind)
    result, event = R.damage_roll(rng, who, parts, automatic=max(0, automatic), purpose=f"{kind} damage")
    events.append(event)
    FX.pay_locks(state, who, parts, events)  # Overcharged
    FX.pay_locks(state, target, [DMG.ATTACKS[kind].armor] if armor and worn else [], events)  # Armor, Mental Armor
    FX.deal(state, who, target, DMG.ATTACKS[kind].resistance, result.damage, trauma, events)


def _incapacitation(state: dict, who: str, target: str, events: list) -> None:
    """Incapacitated at full Physical or Mental Resistance; a Villain gains Hate for a Hero: as many
    as the non-Incapacitated Heroes remaining."""
    if not CH.is_incapacitated(CH.record(state, target)):
        return
    events.append({"type": "incapacitated", "character": target, "by": who})
    if CH.kind(target) in ("hero", "villain", "mook"):  # what Threats and Nullify conditions count
        tally.record(state, f"incapacitate_{CH.kind(target)}")
    if CH.kind(target) == "hero" and CH.kind(who) == "villain":
        gain = len(CH.heroes_in_play(state))
        v = CH.record(state, who)
        value = CH.hate_after(v, gain)  # a Crossover Villain's 6 maximum Hate
        if value > v["hate"]:
            CH.update(state, who, hate=value)
            events.append({"type": "counter_changed", "character": who, "counter": "hate", "amount": value - v["hate"],
                           "value": value})


# --- The End of Combat Step ---------------------------------------------------------------------------------
def redraw_error(state: dict, move: dict) -> tuple[str, str] | None:
    combat = state["combat"]
    if combat is None or combat["step"] != "end" or not combat["redraw"]:
        return "wrong_combat_step", "Cards are discarded and redrawn at the End of Combat Step."
    seat = move.get("player")
    if seat not in combat["redraw"]:
        return "not_your_character", "Only the combatants' seats discard and redraw, once."
    if set(move) != {"player", "kind", "cards"}:
        return "wrong_move", "A redraw move has player, kind and cards."
    return H.discard_error(state["combat_hands"][seat], move["cards"])


def redraw_options(state: dict, seat: int) -> list[dict]:
    return [m for m in ({"player": seat, "kind": "redraw", "cards": cards}
                        for cards in H.discard_choices(state["combat_hands"][seat]))
            if redraw_error(state, m) is None]


def on_redraw(state: dict, move: dict, rng, events: list) -> None:
    seat = move["player"]
    H.discard(state, seat, move["cards"], events)
    H.draw_to(state, seat, H.HAND, events)
    combat = _writable(state)
    combat["redraw"] = [s for s in combat["redraw"] if s != seat]


def open_end(state: dict, events: list) -> None:
    """Entering the End of Combat Step: seats with nothing to choose redraw at once."""
    combat = _writable(state)
    seats = [seat_of(state, combat[s]) for s in COMBAT_SIDES]
    combat["redraw"] = [s for s in seats if H.may_change(state, s)]
    for s in seats:
        if s not in combat["redraw"]:
            H.draw_to(state, s, H.HAND, events)


def finish(state: dict, events: list) -> None:
    combat = state["combat"]
    FX.expire(state, ("attack", "combat"), events)
    events.append({"type": "combat_ended", "attacker": combat["attacker"], "defender": combat["defender"]})
    state["combat"] = None


def advance(state: dict, rng, events: list) -> bool:
    """One step of the Combat that asks nobody; False: somebody must choose (the End of Combat's redraws,
    or the seat with Initiative in this step, `deciding_seat`, which passes by itself when it has nothing
    else to do: conflict.py)."""
    combat = state["combat"]
    step = combat["step"]
    if step == "end":
        if combat["redraw"] is None:
            open_end(state, events)
            return True
        if combat["redraw"]:
            return False
        finish(state, events)
        return True
    if combat["at"] is None:  # both sides passed in a row: the next step
        nxt = STEPS[STEPS.index(step) + 1]
        c = _writable(state)
        c["step"], c["at"], c["out"], c["since"] = nxt, ("attacker" if nxt != "end" else None), [], []
        c["redraw"] = None if nxt == "end" else []
        events.append({"type": "combat_step", "step": nxt, "distance": combat["distance"]})
        return True
    return False
