"""Plot Twist's Bystanders: Recruiting and Killing them (rulebook: Bystanders, Combat deck, the five
kinds of Attack).

"Any Character that has an Attack action and Initiative can initiate a Combat with any other
Character or any Bystander in his Location during the Combat Phase." "A Hero may only Recruit
Bystanders, and Villains and Mooks can only Kill them. ... Bystanders do not have Resistances or Roll
coins." Recruiting is "a Mental or Social Attack that has to make a Fixed Roll against the Difficulty
... and has to deal Damage in this Attack equal to or bigger than the Life of the Bystander";
Killing the same with "a Mental or Physical Attack". Then the Bystander is Discarded and its {R} or
{K} effects take place, "You" being the Character who Recruited or Killed it.

Moves `recruit` / `kill {player, kind, character, target, attack}`: a Combat with a Bystander,
initiated and resolved at once (ruling "A Combat with a Bystander"): it is the Character's
initiated Combat of the Turn (a Hero's one, a Villain's against a different target), spends its
Attack action, and is one Attack: the Fixed Roll of its Attack Pool against the Difficulty, then,
on a win, a Damage Roll (no Armor, no Cover) against the Life. One predicate, `attack_error`, lists
the options (`attack_options`) and names a refusal.
"""

from ..conflict import actions as A
from .. import cards as C
from ..characters import characters as CH
from ..conflict import combat as CB
from ..rolls import damage as DMG
from ..effects import effects as FX
from ..reversal import reversal as RV
from ..rolls import rolls as R
from ..effects import tally

ATTACKS = {"recruit": ("mental", "social"), "kill": ("mental", "melee", "ranged")}  # Mental or Social; Physical
SIDE = {"recruit": "heroes", "kill": "gm"}  # "A Hero may only Recruit ..., Villains and Mooks can only Kill"
FIELDS = frozenset(("player", "kind", "character", "target", "attack"))
RULE_CODES = ("wrong_move", "not_combat_phase", "combat_in_progress", "not_your_character", "heroes_initiate_first",
              "heroes_done_initiating", "heroes_recruit_villains_kill", "no_attack_action", "cannot_attack",
              "not_a_bystander_here", "heroes_initiate_once", "different_targets", "wrong_attack_for_bystander",
              "heroic_required")
EVENTS = ("bystander_attacked", "bystander_recruited", "bystander_killed", "bystander_unharmed")


def here(state: dict) -> list[str]:
    """The Bystanders in play at the Conflict's Location."""
    return [b["card"] for b in state["bystanders"] if b["location"] == state["location"]]


def attack_error(state: dict, move: dict) -> tuple[str, str] | None:
    """Why this Recruit or Kill is refused now, or None."""
    turn = state["turn"]
    kind = move.get("kind")
    if set(move) != FIELDS or kind not in ATTACKS:
        return "wrong_move", "A recruit or kill move has player, kind, character, target and attack."
    if turn is None or turn["phase"] != "combat":
        return "not_combat_phase", "Combat is Initiated in the Combat phase, with a Bystander too."
    if state["combat"] is not None:
        return "combat_in_progress", "A Combat is already in progress."
    who, target, seat, attack = move["character"], move["target"], move["player"], move["attack"]
    if not A.may_act(state, seat, who):
        return "not_your_character", f"{who!r} is not a Character of yours in play."
    c = CH.record(state, who)
    side = CH.side_of(c)
    if side != turn["initiating"]:
        return RV.initiating_refusal(turn, side)  # Heroes first, unless Initiative is reversed
    if SIDE[kind] != side:
        return "heroes_recruit_villains_kill", "A Hero may only Recruit Bystanders, and Villains and Mooks can only Kill them."
    if c["actions"]["attack"] < 1:
        return "no_attack_action", "Only a Character that has an Attack action can initiate a Combat."
    if "stunned" in c["statuses"]:
        return "cannot_attack", "A Stunned Character cannot Attack."
    if target not in here(state):
        return "not_a_bystander_here", f"{target!r} is no Bystander in play at this Location."
    before = turn["initiated"].get(who, [])
    if side == "heroes" and before and not ("Tactician" in FX.keywords(state, who) and len(before) == 1 and target not in before):
        return "heroes_initiate_once", "Heroes may only initiate Combat once (a Tactician a second time)."
    if side == "gm" and target in before:
        return "different_targets", "Villains initiate their Combats against different targets."
    if attack not in ATTACKS[kind]:
        what = "a Mental or Social Attack" if kind == "recruit" else "a Mental or Physical Attack"
        return "wrong_attack_for_bystander", f"{kind.capitalize()}ing a Bystander takes {what}."
    if DMG.attack_refusal(attack, FX.ratings(state, who), "melee"):
        return "heroic_required", f"A {attack} Attack requires {DMG.ATTACKS[attack].requires}."
    return None


def attack_options(state: dict, seat: int) -> list[dict]:
    turn = state["turn"]
    if turn is None or turn["phase"] != "combat" or state["combat"] is not None or not state["bystanders"]:
        return []
    targets = here(state)
    out = []
    for who in A.acting(state, seat):
        c = CH.record(state, who)
        side = CH.side_of(c)
        # what `attack_error` refuses whatever the target and Attack, asked once before building them: the
        # side that initiates now, an Attack action, not Stunned; and only the kind of the Character's side
        if side != turn["initiating"] or c["actions"]["attack"] < 1 or "stunned" in c["statuses"]:
            continue
        before = turn["initiated"].get(who) or ()
        if before and side == "heroes" and (len(before) != 1 or "Tactician" not in FX.keywords(state, who)):
            continue  # a Hero initiates once (a Tactician twice): refused whatever the target
        ratings = FX.ratings(state, who)  # and an Attack it cannot make (asked last): once per Attack
        # the rest of `attack_error`, by construction: a Bystander here it has not initiated a Combat with
        # this Turn, the kind of its side, an Attack of that kind it can make
        out += [{"player": seat, "kind": kind, "character": who, "target": target, "attack": attack}
                for target in targets if target not in before for kind in ATTACKS if SIDE[kind] == side
                for attack in ATTACKS[kind] if not DMG.attack_refusal(attack, ratings, "melee")]
    return out


def _mods(state: dict, who: str, stat: str, attack: str) -> list:
    """The cards' and the Location's modifiers to a Pool, and Surprised's -2 (not on Damage)."""
    n = FX.total(state, who, stat, attack)
    mods = [("cards", n)] if n else []
    if stat != "damage_pool" and "surprised" in CH.record(state, who)["statuses"]:
        mods.append(("Surprised", CB.SURPRISED))
    return mods


def on_attack(state: dict, move: dict, rng, events: list) -> None:
    kind, who, target, attack, seat = move["kind"], move["character"], move["target"], move["attack"], move["player"]
    turn = state["turn"]
    state["turn"] = {**turn, "initiated": {**turn["initiated"], who: turn["initiated"].get(who, []) + [target]}}
    FX.initiated_again(state, who, events)  # a Locked Tactician is paid for
    c = CH.record(state, who)
    CH.update(state, who, actions={**c["actions"], "attack": c["actions"]["attack"] - 1})
    events.append({"type": "bystander_attacked", "player": seat, "character": who, "target": target,
                   "attack": attack, "to": kind})
    printed = C.CARD[target]
    pool = DMG.attack_parts(attack, FX.ratings(state, who), _mods(state, who, "attack_pool", attack))
    result, event = R.fixed_roll(rng, who, pool, printed["difficulty"], purpose=f"{attack} attack on a Bystander")
    events.append(event)
    FX.pay_locks(state, who, pool, events)
    done = False
    if result.won:
        parts = DMG.damage_parts(attack, FX.ratings(state, who), CH.weapon(c), _mods(state, who, "damage_pool", attack),
                                 keywords=FX.keywords(state, who))
        automatic = max(0, R.DAMAGE_AUTOMATIC + FX.total(state, who, "automatic_successes", attack))
        damage, event = R.damage_roll(rng, who, parts, automatic=automatic, purpose=f"{attack} damage on a Bystander")
        events.append(event)
        FX.pay_locks(state, who, parts, events)
        done = damage.damage >= printed["life"]
    FX.expire(state, ("attack",), events, source=who, attack=attack)
    if not done:
        events.append({"type": "bystander_unharmed", "card": target})
        return
    settle(state, rng, target, kind, who, seat, events)


def settle(state: dict, rng, card: str, kind: str, who: str | None, seat: int, events: list) -> None:
    """The Bystander is Recruited or Killed (`kind`) by `who`: Discarded, counted in the tally, its
    {R} or {K} effects applied ("you": `who`; none without one)."""
    state["bystanders"] = [b for b in state["bystanders"] if b["card"] != card]
    state["plot_discard"] = state["plot_discard"] + [card]
    tally.record(state, kind)
    events.append({"type": f"bystander_{'recruited' if kind == 'recruit' else 'killed'}", "card": card,
                   "character": who})
    if who is not None:
        FX.resolve_plot(state, rng, [e for e in C.CARD[card]["effects"] if e["on"] == kind], who, seat, events)


