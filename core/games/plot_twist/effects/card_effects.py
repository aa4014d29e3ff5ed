"""The effects of the Plot Twist cards nobody plays as a Character: Twists!, Events and the Objective
(rulebook: Cards, Counting Turns, Events Cluster, Nullify, Twists Deck, Objective Cards, "Caused" and
"Dealt").

"Card effects are resolved in the order they appear in the card. Any 'In X Turns' statement halts
the resolving until the total of Time counters has been achieved. If you cannot resolve an effect
(for lack of targets or otherwise), just ignore it and move on."

`resolve(state, rng, card, trigger, choice, events, start=0)` resolves the card's effects of one
trigger in order:
- "In X Turns" (`in_turns`): a timer starts (time_counters.py) and the resolving halts; when it runs
  out, `resolve(..., start=i)` takes that effect and the rest;
- "For X Turns" / "this Turn" (`for_turns`, `lasts = "turn"`): a timer starts and the effect holds
  while it runs: a status until it ends, modifiers and Cover through standing.py;
- an Event's `modify` (and `keyword`, Cover) holds while the Event stands (standing.py);
- `gain`, `lose`, `regenerate`, `deal`, `status`, `end_status` through effects.py, one target at a
  time; `cause`: a Damage Roll of `amount` coins minus the target's Armor and Cover; `nullify` a
  Revealed Event; `reveal` an Event (the GM's choice) or the Objective.
- `lock` holds while its Event stands (standing.locked, read by effects.ratings); `play` (Crowd
  Gathers) plays a Bystander from the target Hero's Plot Hand (plots.play_free_bystander); an
  Automatic Success "in one Roll" goes to the target's next Damage Roll (effects.automatic_success).

Targets: the group words (characters, heroes, villains, mooks, main_villain) cover the Characters in
play now; the chosen ones (hero, villain, mook, character, event) come from `choice`, made by the
card's chooser (`choices` lists them). A Character Incapacitated by a card is counted in the tally.
"""

from .. import cards as C
from ..characters import characters as CH
from ..rolls import damage as DMG
from . import effects as FX
from . import events_cluster as EC
from ..plots import plots as PL
from ..rolls import rolls as R
from . import tally
from . import time_counters as TC
from ..state import characters_of

CHOSEN = ("hero", "villain", "mook", "character", "event")
THROUGH_EFFECTS = ("gain", "lose", "regenerate", "deal", "status", "end_status")
HELD = ("modify", "keyword")  # hold while the card stands, never "now"
TIMING = ("lasts", "for_turns", "in_turns")


# --- Targets and choices ---------------------------------------------------------------------------
def group(state: dict, target: str) -> list[str]:
    """The Characters in play (not Incapacitated) a group target covers now."""
    if target == "characters":
        return [c["card"] for c in CH.active(state)]
    if target == "heroes":
        return [c["card"] for c in CH.heroes_in_play(state)]
    if target == "villains":
        return [c["card"] for c in CH.villains_in_play(state)]
    if target == "mooks":
        return [c["card"] for c in characters_of(state, "mook") if c["quantity"] > 0]
    if target == "main_villain":
        return [c["card"] for c in CH.villains_in_play(state) if c.get("main")]
    return []


def candidates(state: dict, effect: dict) -> list[str]:
    """What a chosen target may be, in a stable order."""
    target = effect.get("target")
    if effect["do"] == "reveal":
        return [e["card"] for e in state["events_cluster"] if EC.reveal_refusal(state, e["card"]) is None] \
            if effect["card"] == "event" else []
    if target == "event":
        return EC.standing(state)
    if target == "hero":
        return group(state, "heroes")
    if target == "villain":
        return group(state, "villains")
    if target == "mook":
        return group(state, "mooks")
    if target == "character":
        return group(state, "characters")
    return []


def _asks_target(effect: dict) -> bool:
    return effect.get("target") in CHOSEN or effect["do"] == "reveal" and effect["card"] == "event"


def choices(state: dict, card: str, trigger: str = "reveal") -> list[dict]:
    """Every way to resolve the card's effects of this trigger: `{"target"?, "resistance"?}`, one dict
    per combination (one target and one resistance serve every effect that asks). A chosen target
    with no candidate is left out (that effect will be ignored)."""
    out = [{}]
    for e in C.CARD[card]["effects"]:
        if e["on"] != trigger:
            continue
        if _asks_target(e) and not any("target" in o for o in out):
            found = candidates(state, e)
            if found:
                out = [{**o, "target": t} for o in out for t in found]
        if isinstance(e.get("resistance"), list) and not any("resistance" in o for o in out):
            out = [{**o, "resistance": r} for o in out for r in _worth(state, e)]
    return out


def _worth(state: dict, effect: dict) -> list[str]:
    """The resistances worth choosing for a Regeneration: those with Stress to remove on a Character it
    may reach (the first listed when none has any): "no more than there is to gain" (ruling Rolls)."""
    if effect["do"] != "regenerate":
        return list(effect["resistance"])
    target = effect.get("target", "self")
    who = candidates(state, effect) if target in CHOSEN else group(state, target)
    worth = [r for r in effect["resistance"] if any(
        "resistances" in (c := CH.record(state, w)) and c["resistances"][r]["stress"] > 0 for w in who)]
    return worth or list(effect["resistance"][:1])


# --- Resolving ---------------------------------------------------------------------------------------
def resolve(state: dict, rng, card: str, trigger: str, choice: dict, events: list, start: int = 0,
            resumed: bool = False) -> None:
    """Resolve the card's effects of `trigger` from index `start`; `resumed`: the effect at `start`
    is an "In X Turns" whose Time counters are complete."""
    before, mark = {c["card"] for c in CH.active(state)}, len(events)
    for i, e in enumerate(C.CARD[card]["effects"]):
        if i < start or e["on"] != trigger:
            continue
        timing = TC.timing(e)
        if timing and timing[0] == "in" and not (resumed and i == start):
            TC.start(state, card, i, "in", timing[1], choice)
            break  # "halts the resolving until the total of Time counters has been achieved"
        if timing and timing[0] == "for":
            TC.start(state, card, i, "for", timing[1], choice)
        apply(state, rng, card, e, choice, events, held=bool(timing and timing[0] == "for"))
    incapacitated(state, before, card, events, mark)


def apply(state: dict, rng, card: str, e: dict, choice: dict, events: list, held: bool = False) -> None:
    """One effect now. `held`: it lasts under a timer (its modifiers are read from standing.py)."""
    verb = e["do"]
    if verb in HELD or (verb in ("gain", "lose") and e.get("counter") == "cover" and
                        (held or C.TYPE[card] == "event")):
        return  # standing.py reads it while the card stands
    if verb == "nullify":
        target = choice.get("target")
        if target in EC.standing(state):
            EC.mark_nullified(state, target, events, by=card)
        return
    if verb == "play":
        if e["card"] == "bystander" and choice.get("target") in candidates(state, e):
            PL.play_free_bystander(state, choice["target"], events)
        return
    if verb == "reveal":
        if e["card"] == "event" and choice.get("target") in candidates(state, e):
            reveal_event(state, rng, choice["target"], events, by=card)
        elif e["card"] == "objective":
            reveal_objective(state, rng, events, by=card)
        return
    targets = [choice.get("target")] if e.get("target") in CHOSEN else group(state, e.get("target", "self"))
    plain = {k: v for k, v in e.items() if k not in TIMING}
    for who in targets:
        c = CH.record(state, who) if who else None
        if c is None or CH.is_incapacitated(c):
            continue
        if verb == "cause":
            cause(state, rng, card, who, e["resistance"], e["amount"], events)
        elif verb in THROUGH_EFFECTS:
            FX.resolve(state, rng, [{**plain, "target": "self"}], who, None, events, choice=choice)


def cause(state: dict, rng, card: str, who: str, resistance: str, amount: int, events: list) -> None:
    """Cause Damage: a Damage Roll of `amount` coins minus the target's Armor and Cover, one
    Automatic Success ("apply the Armor/Cover of the target first and make a Damage Roll")."""
    c = CH.record(state, who)
    attack = "mental" if resistance == "mental" else "melee" if resistance == "physical" else "social"
    armor = DMG.armor(attack, FX.keywords(state, who), CH.power(who), FX.total(state, who, "armor", attack)) \
        if CH.kind(who) != "mook" else 0
    cover = max(0, FX.total(state, who, "cover", attack))
    parts = [(C.display_name(card), amount)] + ([("Armor", -armor)] if armor else []) + (
        [("Cover", -cover)] if cover else [])
    result, event = R.damage_roll(rng, card, parts, purpose=f"{resistance} damage")
    events.append(event)
    FX.pay_locks(state, who, [DMG.ATTACKS[attack].armor] if armor else [], events)  # a Locked Armor protected
    FX.deal(state, card, who, resistance, result.damage, False, events)


def incapacitated(state: dict, before: set, card: str, events: list, mark: int) -> None:
    """The Characters a card Incapacitated: an event each, counted in the tally (once: a card this one
    Revealed has counted its own since `mark`)."""
    told = {e["character"] for e in events[mark:] if e["type"] == "incapacitated"}
    for c in state["characters"]:
        if c["card"] in before and c["card"] not in told and CH.is_incapacitated(c):
            events.append({"type": "incapacitated", "character": c["card"], "by": card})
            kind = CH.kind(c["card"])
            if kind in ("hero", "villain", "mook"):
                tally.record(state, f"incapacitate_{kind}")


# --- Revealing -----------------------------------------------------------------------------------------
def reveal_event(state: dict, rng, card: str, events: list, by: str) -> None:
    """The Event is turned face up and its Reveal effects happen (its modifiers hold from now on)."""
    EC.mark_revealed(state, card, events, by)
    resolve(state, rng, card, "reveal", {}, events)


def reveal_objective(state: dict, rng, events: list, by: str) -> None:
    """The Objective is flipped face up (once) and its Reveal (▲) effects happen; a choice they need
    is the GM's (`state["choice"]`)."""
    objective = state["objective"]
    if objective["card"] is None or objective["revealed"]:
        return
    state["objective"] = {**objective, "revealed": True}
    events.append({"type": "objective_revealed", "card": objective["card"], "by": by})
    ask_or_resolve(state, rng, objective["card"], 0, events)


def ask_or_resolve(state: dict, rng, card: str, seat: int, events: list) -> None:
    """Resolve the card's Reveal effects now when they need no choice (or one legal answer), else
    leave the choice to `seat` (`state["choice"]`)."""
    found = choices(state, card)
    if len(found) == 1:
        resolve(state, rng, card, "reveal", found[0], events)
        return
    state["choice"] = {"seat": seat, "card": card}
