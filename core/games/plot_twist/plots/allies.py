"""Plot Twist's Allies in play (rulebook: Allies, Counting Turns, Uniqueness Rule).

"Allies are a special kind of character that is played from the Plot Hand in the Start of Turn
Phase. A Hero can only have one Ally at a time. All Allies use Time counters and all Allies are
removed from play if their Time counters reach the number printed on the card ... They have the same
actions as any Character, and have no Keywords, Social Resistance or Energy. They cannot use or have
Equipment and cannot have or gain Skills. They are under control of the player that brought them into
play. Allies can Sacrifice: If a Hero of the same color is about to be dealt Damage that would
Incapacitate it, you can instead Incapacitate the Ally."

An Ally is a Character record in `state["characters"]` (state.py's `new_ally`): `{card, seat, hero,
resistances: {physical, mental}, statuses, actions, time}`, on the Heroes' side, after the Characters
placed at Setup. Playing one is plots.py's; here: its Time counters, Sacrifice, its state check.
"""

from .. import cards as C
from ..characters import characters as CH
from ..rolls import damage as DMG
from ..integrity.integrity import _bad, _dict, _int
from ..state import ACTIONS_MAX, CHARACTER_FIELDS

SACRIFICE_RESISTANCES = ("physical", "mental")  # full Physical or Mental Stress Incapacitates


def allies(state: dict) -> list[dict]:
    return [c for c in state["characters"] if C.TYPE.get(c["card"]) == "ally"]


def ally_of(state: dict, hero: str) -> dict | None:
    """The Ally under this Hero, if any ("A Hero can only have one Ally at a time")."""
    return next((a for a in allies(state) if a["hero"] == hero), None)


# --- Time counters ----------------------------------------------------------------------------------
def gain_time(state: dict, events: list) -> None:
    """End of Turn: every Ally in play gains a Time counter; one whose counters reach its printed
    number leaves play ("In X turns remove this card from play"). The generic time-counter module
    may replace this function."""
    for a in allies(state):
        time = a["time"] + 1
        if time < C.CARD[a["card"]]["turns"]:
            CH.update(state, a["card"], time=time)
            events.append({"type": "time_counter_added", "card": a["card"], "counters": time,
                           "of": C.CARD[a["card"]]["turns"]})
        else:
            remove(state, a["card"], events)


def remove(state: dict, card: str, events: list) -> None:
    """The Ally leaves play for good (to `plot_discard`); the Turn forgets it."""
    state["characters"] = [c for c in state["characters"] if c["card"] != card]
    state["plot_discard"] = state["plot_discard"] + [card]
    turn = state["turn"]
    state["turn"] = {**turn,
                     "initiated": {k: [t for t in v if t != card] for k, v in turn["initiated"].items() if k != card},
                     "free": {k: v for k, v in turn["free"].items() if k != card},
                     "energy_spent": {k: v for k, v in turn["energy_spent"].items() if k != card},
                     "modifiers": [m for m in turn["modifiers"] if card not in (m["who"], m["source"])],
                     "sent_prone": [c for c in turn["sent_prone"] if c != card]}
    state["identities"] = {k: v for k, v in state["identities"].items() if k != card}
    objective = state["objective"]
    if card in objective["peeking"]:  # its Successes toward peeking leave with it
        state["objective"] = {**objective, "peeking": {k: n for k, n in objective["peeking"].items() if k != card}}
    events.append({"type": "ally_removed", "card": card})


# --- Sacrifice ----------------------------------------------------------------------------------------
def sacrifice(state: dict, who: str, resistance: str, amount: int, trauma: bool, events: list) -> bool:
    """If the Hero `who` is about to be dealt Damage that would Incapacitate it and an Ally of its
    Color is in play (its own first), the Ally is Incapacitated instead and the Hero is dealt nothing
    (ruling "Sacrifice"). True when an Ally was Sacrificed."""
    if C.TYPE.get(who) != "hero" or resistance not in SACRIFICE_RESISTANCES or amount < 1:
        return False
    hero = CH.record(state, who)
    counters, _ = DMG.hit(hero["resistances"][resistance], CH.printed_resistance(who, resistance), amount, trauma)
    if not DMG.is_full(counters, CH.printed_resistance(who, resistance)):
        return False
    mates = [a for a in allies(state) if not CH.is_incapacitated(a) and C.COLOR[a["card"]] == C.COLOR[who]]
    if not mates:
        return False
    ally = min(mates, key=lambda a: a["hero"] != who)
    printed = CH.printed_resistance(ally["card"], "physical")
    full = {"stress": printed - ally["resistances"]["physical"]["trauma"],
            "trauma": ally["resistances"]["physical"]["trauma"]}
    CH.update(state, ally["card"], resistances={**ally["resistances"], "physical": full})
    events.append({"type": "ally_sacrificed", "card": ally["card"], "hero": who})
    events.append({"type": "incapacitated", "character": ally["card"], "by": None})
    return True


# --- The state check ------------------------------------------------------------------------------------
def check(state: dict, done: bool) -> None:
    """Each Ally under a Hero in play of its seat, one per Hero, within its counters; none in Setup."""
    chars = state["characters"]
    if type(chars) is not list:
        return  # integrity.py refuses it
    found = [c for c in chars if type(c) is dict and type(c.get("card")) is str and C.TYPE.get(c["card"]) == "ally"]
    if found and not done:
        raise _bad("Allies are played in the Conflict, not at Setup.", "characters")
    heroes = set()
    for c in found:
        where = f"characters.{chars.index(c)}"
        name = C.display_name(c["card"])
        _dict(c, CHARACTER_FIELDS["ally"], name, where)
        hero = CH.record(state, c["hero"]) if type(c["hero"]) is str and C.TYPE.get(c["hero"]) == "hero" else None
        if hero is None or type(c["seat"]) is not int or hero["seat"] != c["seat"] or c["hero"] in heroes:  # a Hero of its seat: Setup's or played
            raise _bad(f"{name} is under the Hero of its seat, one Ally per Hero.", f"{where}.hero")
        heroes.add(c["hero"])
        printed = C.CARD[c["card"]]
        _int(c["time"], 0, printed["turns"] - 1, f"{name}'s Time counters", f"{where}.time")
        statuses = c["statuses"]
        if type(statuses) is not list or not all(type(s) is str and s in C.STATUSES for s in statuses) or len(
                set(statuses)) != len(statuses):
            raise _bad(f"{name}'s statuses must be different words of {list(C.STATUSES)}.", f"{where}.statuses")
        actions = _dict(c["actions"], frozenset(ACTIONS_MAX), f"{name}'s actions", f"{where}.actions")
        for action, most in ACTIONS_MAX.items():
            _int(actions[action], 0, most, f"{name}'s {action} actions", f"{where}.actions.{action}")
        kinds = frozenset(printed["resistances"])
        resistances = _dict(c["resistances"], kinds, f"{name}'s resistances (no Social)", f"{where}.resistances")
        for r in kinds:
            counters = _dict(resistances[r], frozenset(("stress", "trauma")), f"{name}'s {r} counters",
                             f"{where}.resistances.{r}")
            top = printed["resistances"][r]
            stress = _int(counters["stress"], 0, top, f"{name}'s {r} Stress", f"{where}.resistances.{r}.stress")
            trauma = _int(counters["trauma"], 0, top, f"{name}'s {r} Trauma", f"{where}.resistances.{r}.trauma")
            if stress + trauma > top:
                raise _bad(f"{name}'s {r} Stress + Trauma is above its Resistance ({top}).", f"{where}.resistances.{r}")
