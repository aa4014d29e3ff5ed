"""Plot Twist's Conflict: the Turn and its Initiative (rulebook: Conflicts, Turns, Counting Turns,
Free actions, Combat actions, Combat deck, Hate, Fleeing, Goal of the Game).

The Turn in progress is `state["turn"]` (null during Setup):

    {"number": 1, "phase": "start" | "combat" | "end", "initiating": "heroes" | "gm",
     "at": "heroes" | "gm" | null, "out": [], "since": [], "waiting": [seats],
     "mulligan": [seats], "initiated": {card: [targets]}, "free": {card: [free actions]},
     "energy_spent": {card: n}, "modifiers": [...], "sent_prone": [cards],
     "reversal": {"cured": n, "spent": n, "reversed": null | "start" | "combat"}}  # reversal.py

1. **Start of Turn**: a Twist! is Revealed first and takes effect, then the standing Events' Start of
   Turn effects (in_play.py); every Character
   renews two Move actions and one Attack action; on the 1st Turn every seat draws 3 Combat cards and
   may Mulligan once (discard any, redraw to 3), all seats at once.
2. **Combat**: the Heroes initiate their Combats (each Hero once; a Tactician a second time against
   another target), then the Villains and Mooks (as many as they have Attack actions, each against a
   different target). `initiating` says whose Combats these are.
3. **End of Turn**: no Free action; Villains lose 1 Hate (none in a Lair); "this Turn" modifiers end;
   every Time counter is added (in_play.py: "In X Turns" take place, "For X Turns" end);
   a Main Villain who must pay Hate at 0 Flees to a Lair (aftermath.py: Pursuit or an Interview, then
   a new Conflict), or else Surrenders (rulings "Fleeing", "Surrender").

Initiative in the Start and Combat phases is a `flow.Round` over the two sides ("heroes", "gm"),
Heroes first (the GM's side once Initiative is reversed this Turn: reversal.py): the side that has it acts as long as it wants (every Hero seat of the side decides at
once; `waiting` are those that have not passed), then passes; the phase advances only when both sides
pass in a row. A seat with nothing to do but pass passes by itself.
"""

from operator import itemgetter

from core.framework.flow import WAIT, Round, at_once
from core.framework.game import decision
from core.framework.kept import kept

from . import actions as A
from ..between import aftermath as AM
from ..plots import bystanders as BY
from .. import cards as C
from ..characters import characters as CH
from . import combat as CB
from ..effects import conditions as CO
from ..reversal import crossover as CX
from ..rolls import damage as DMG
from ..effects import effects as FX
from . import hands as H
from ..effects import in_play as IP
from ..plots import plots as PL
from ..reversal import reversal as RV
from ..rolls import rolls as R
from . import spending as SP
from . import stealth as ST
from ..state import GAME_FIELDS, GM, main_villain

PHASES = ("start", "combat", "end")
ROUND = Round("at", "out", "since")
RULE_CODES = ("not_combat_phase", "combat_in_progress", "heroes_initiate_first", "heroes_done_initiating",
              "no_attack_action", "not_a_target", "target_hidden", "heroes_initiate_once", "different_targets",
              "not_your_character", "wrong_move", "no_mulligan", "not_in_hand", "hidden_sneak_attack_only",
              "not_hidden", "wrong_distance")
OUTCOME_REASONS = ("heroes_incapacitated", "villains_incapacitated", "villain_surrendered", "threat_fulfilled")


def _other(side: str) -> str:
    return "gm" if side == "heroes" else "heroes"


def side_seats(state: dict, side: str) -> list[int]:
    """The seats of a side that still have a Character able to act, in seat order (and those whose
    Incapacitated Hero may still play Plots with its Belief: plots.py)."""
    return sorted({c["seat"] for c in CH.active(state, side)} | set(PL.plotting_seats(state, side)))


# --- Start of Turn -----------------------------------------------------------------------------------
def start_turn(state: dict, number: int, events: list, rng=None) -> None:
    lasting = state["turn"]["modifiers"] if state["turn"] else []  # "For X Turns" ones the End of Turn kept
    state["turn"] = {"number": number, "phase": "start", "initiating": "heroes", "at": "heroes", "out": [],
                     "since": [], "waiting": side_seats(state, "heroes"), "mulligan": [], "initiated": {},
                     "free": {}, "energy_spent": {}, "modifiers": lasting, "sent_prone": [],
                     "reversal": RV.fresh()}
    events.append({"type": "turn_started", "number": number})
    twist = None
    if state["twists_deck"]:  # "A Twist! is always Revealed first in this phase"
        twist, state["twists_deck"] = state["twists_deck"][0], state["twists_deck"][1:]
        state["twists_in_play"] = state["twists_in_play"] + [twist]
        events.append({"type": "twist_revealed", "card": twist})
    IP.start_of_turn(state, rng, events, twist)  # the Twist!'s effects, then the Events' (in_play.py)
    CH.renew_actions(state)
    events.append({"type": "actions_renewed", "move": 2, "attack": 1})
    PL.start_of_turn(state, events)
    if number == 1:  # "At the Start of Turn on the 1st Turn, they draw 3 cards"
        for seat in range(state["players"]):
            H.draw_to(state, seat, H.HAND, events)
        state["turn"]["mulligan"] = [s for s in range(state["players"]) if H.may_change(state, s)]


def mulligan_error(state: dict, move: dict) -> tuple[str, str] | None:
    turn = state["turn"]
    seat = move.get("player")
    if turn is None or seat not in turn["mulligan"]:
        return "no_mulligan", "The Mulligan is taken once per Game, before the first Combat."
    if set(move) != {"player", "kind", "cards"}:
        return "wrong_move", "A mulligan move has player, kind and cards."
    return H.discard_error(state["combat_hands"][seat], move["cards"])


def mulligan_options(state: dict, seat: int) -> list[dict]:
    return [m for m in ({"player": seat, "kind": "mulligan", "cards": cards}
                        for cards in H.discard_choices(state["combat_hands"][seat]))
            if mulligan_error(state, m) is None]


def on_mulligan(state: dict, move: dict, rng, events: list) -> None:
    seat = move["player"]
    H.discard(state, seat, move["cards"], events)
    H.draw_to(state, seat, H.HAND, events)
    events.append({"type": "mulligan_taken", "player": seat, "discarded": len(move["cards"])})
    turn = state["turn"]
    state["turn"] = {**turn, "mulligan": [s for s in turn["mulligan"] if s != seat]}


# --- Combat phase: initiating a Combat ------------------------------------------------------------------
def initiate_error(state: dict, move: dict, sneak: bool = False) -> tuple[str, str] | None:
    """Why initiating this Combat is refused now, or None (`sneak`: a Sneak Attack, checked by
    `sneak_attack_error`, which initiates the Combat too): the initiator's checks, then the target's."""
    if not sneak and set(move) != {"player", "kind", "character", "target"}:
        return "wrong_move", "An initiate move has player, kind, character and target."
    return (_initiator_error(state, move["player"], move["character"], sneak)
            or _target_error(state, move["player"], move["character"], move["target"]))


def _initiator_error(state: dict, seat, who, sneak: bool) -> tuple[str, str] | None:
    """`initiate_error`'s checks of the moment and of the initiating Character (asked once for all its targets)."""
    turn = state["turn"]
    if turn is None or turn["phase"] != "combat":
        return "not_combat_phase", "Combat is Initiated in the Combat phase."
    if state["combat"] is not None:
        return "combat_in_progress", "A Combat is already in progress."
    c = CH.record(state, who) if isinstance(who, str) else None
    if c is None or c["seat"] != seat or CH.is_incapacitated(c):
        return "not_your_character", f"{who!r} is not a Character of yours in play."
    side = CH.side_of(c)
    if side != turn["initiating"]:
        return RV.initiating_refusal(turn, side)  # Heroes first, unless Initiative is reversed (reversal.py)
    if sneak and not c.get("main", True):
        return "crossover_no_sneak_attack", "A Crossover Villain cannot Sneak Attack."
    if ("hidden" in c["statuses"]) != sneak:
        if sneak:
            return "not_hidden", "Only a Hidden Character can Sneak Attack."
        return "hidden_sneak_attack_only", "A Hidden Character can (only) Sneak Attack."
    if c["actions"]["attack"] < 1:
        return "no_attack_action", "Only a Character that has an Attack action can initiate a Combat."
    return None


def _target_error(state: dict, seat: int, who: str, target) -> tuple[str, str] | None:
    """`initiate_error`'s checks of the target, once the initiator's passed."""
    side = CH.side_of_seat(seat)
    t = CH.record(state, target) if isinstance(target, str) else None
    if t is None or CH.is_incapacitated(t) or CH.side_of(t) == side:
        return "not_a_target", f"{target!r} is no Character of the other side in this Location."
    if "hidden" in t["statuses"]:
        return "target_hidden", "Combat cannot be initiated with a Hidden Character."
    before = state["turn"]["initiated"].get(who, [])
    if side == "heroes" and before:
        words = FX.keywords(state, who)  # printed, from a card that stands, or bought
        tactician = "Tactician" in words and len(before) == 1 and target not in before
        if not tactician:
            return ("heroes_initiate_once", "Heroes may only initiate Combat once (a Tactician a second time, "
                                            "once each Turn, with a Character he has not yet Attacked).")
    if side == "gm" and target in before:
        return "different_targets", "Villains may initiate as many Combats as they have actions, with different targets."
    return None


def initiate_options(state: dict, seat: int) -> list[dict]:
    turn = state["turn"]
    if turn["phase"] != "combat" or state["combat"] is not None:
        return []
    # what `_target_error` accepts of every initiator, by construction: a Character of the other side in
    # play, not Hidden (and, below, one this Character has not initiated a Combat with this Turn)
    targets = [t["card"] for t in CH.active(state, _other(CH.side_of_seat(seat))) if "hidden" not in t["statuses"]]
    out = []
    for who in A.acting(state, seat):
        c = CH.record(state, who)
        if CH.side_of(c) != turn["initiating"] or c["actions"]["attack"] < 1:
            continue  # refused whatever the target (`initiate_error`): asked once, before building them
        before = turn["initiated"].get(who) or ()
        if before and CH.side_of(c) == "heroes" and (len(before) != 1 or "Tactician" not in FX.keywords(state, who)):
            continue  # a Hero initiates once (a Tactician twice): refused whatever the target too
        sneak = "hidden" in c["statuses"]  # a Hidden Character (only) Sneak Attacks, naming the Distance
        if _initiator_error(state, seat, who, sneak) is None:
            mine = [t for t in targets if t not in before]
            out += ([{"player": seat, "kind": "sneak_attack", "character": who, "target": t, "distance": d}
                     for t in mine for d in DMG.DISTANCES] if sneak else
                    [{"player": seat, "kind": "initiate", "character": who, "target": t} for t in mine])
    return out


def on_initiate(state: dict, move: dict, rng, events: list) -> None:
    turn = state["turn"]
    who, target = move["character"], move["target"]
    state["turn"] = {**turn, "initiated": {**turn["initiated"], who: turn["initiated"].get(who, []) + [target]}}
    FX.initiated_again(state, who, events)  # a Locked Tactician is paid for
    _acted(state)
    CB.start(state, who, target, events)


# --- Sneak Attack: a Hidden Character's way into a Combat ----------------------------------------------------
def sneak_attack_error(state: dict, move: dict) -> tuple[str, str] | None:
    """"A Hidden Character can (only) Sneak Attack. A Sneak Attack is considered initiating Combat":
    the rules of initiating, by a Hidden Character, who names the Distance it will set."""
    if set(move) != {"player", "kind", "character", "target", "distance"}:
        return "wrong_move", "A sneak_attack move has player, kind, character, target and distance."
    if move["distance"] not in DMG.DISTANCES:
        return "wrong_distance", f"The Distance is one of {', '.join(DMG.DISTANCES)}."
    return initiate_error(state, move, sneak=True)


def on_sneak_attack(state: dict, move: dict, rng, events: list) -> None:
    """Stealth against the target's Perception (a tie: no one is Surprised); the loser is Surprised;
    the Hidden Character is seen; the Combat starts at the Distance it chose, Movement Step skipped."""
    who, target = move["character"], move["target"]
    on_initiate(state, {**move, "kind": "initiate"}, rng, events)
    sides = [(who, ST.roll_parts(state, who, "Body", "Stealth")),
             (target, ST.roll_parts(state, target, "Mind", "Perception"))]
    result, event = R.opposing_roll(rng, sides, ties_defeat=False, purpose="sneak attack")
    events.append(event)
    for side in sides:
        FX.pay_locks(state, *side, events)
    FX.end_status(state, who, "hidden", events)  # "Lasts until perceived or until you make a Sneak attack"
    for loser in result.defeated:
        FX.add_status(state, loser, "surprised", events)
    combat = state["combat"] = dict(state["combat"])
    combat["step"], combat["distance"] = "maneuver", move["distance"]
    events.append({"type": "combat_step", "step": "maneuver", "distance": move["distance"]})


# --- Initiative: acting and passing -------------------------------------------------------------------------
def _acted(state: dict) -> None:
    turn = state["turn"] = dict(state["turn"])
    side = turn["at"]
    ROUND.acted(turn)
    ROUND.next(turn, [side, _other(side)])


def on_action(state: dict, move: dict, rng, events: list) -> None:
    kind = move["kind"]
    handler = A.on_action if kind in A.ACTION_KINDS else ST.on_free if kind in ST.FREE_KINDS else IP.on_move
    handler(state, move, rng, events)
    if state["combat"] is not None:
        CB.acted(state)
    else:
        _acted(state)


def acting(handler):
    """A move handler that, like a Free action, leaves Initiative with the side that acted (plots.py's
    `play_plot`, bystanders.py's `recruit` / `kill`)."""
    def on_move(state: dict, move: dict, rng, events: list) -> None:
        handler(state, move, rng, events)
        if state["combat"] is not None:
            CB.acted(state)
        else:
            _acted(state)
    return on_move


def on_pass(state: dict, move: dict, rng, events: list) -> None:
    if state["combat"] is not None:
        CB.passed(state)
        return
    _seat_passes(state, move["player"])


def _seat_passes(state: dict, seat: int) -> None:
    turn = state["turn"] = dict(state["turn"])
    turn["waiting"] = [s for s in turn["waiting"] if s != seat]
    if not turn["waiting"]:
        side = turn["at"]
        ROUND.passed(turn, side, leaves=False)
        nxt = ROUND.next(turn, [_other(side), side])
        turn["waiting"] = side_seats(state, nxt) if nxt else []


# What a seat's listing reads (core/framework/kept.py): the game's fields, but of the Turn and the Combat
# not the Round's bookkeeping that every move changes (who passed since; the relocation, which reads who
# has Initiative, is listed apart); never the version nor the RNG.
LISTED = ("players", "options", "outcome") + tuple(f for f in GAME_FIELDS if f not in ("turn", "combat"))
TURN_LISTED = ("number", "phase", "initiating", "mulligan", "initiated", "free", "energy_spent", "modifiers",
               "sent_prone", "reversal")
COMBAT_LISTED = ("attacker", "defender", "step", "distance", "at", "aims", "redraw")


_LISTED, _TURN_LISTED, _COMBAT_LISTED = itemgetter(*LISTED), itemgetter(*TURN_LISTED), itemgetter(*COMBAT_LISTED)


def listed_parts(state: dict) -> tuple:
    """The parts of the state a seat's options are listed from (the same objects: the same options)."""
    turn, combat = state["turn"], state["combat"]
    return (_LISTED(state) + ((None,) if turn is None else _TURN_LISTED(turn))
            + ((None,) if combat is None else _COMBAT_LISTED(combat)))


def window_options(state: dict, seat: int, parts: tuple | None = None) -> list[dict]:
    """What a seat may do now besides passing: listed once, and kept while the parts it reads are the same
    (`parts`: `listed_parts(state)`, when the caller asks for several seats of the same state)."""
    if parts is None:
        parts = listed_parts(state)
    if state["combat"] is not None:
        return kept(("plot-twist", "window", seat), parts, _combat_options, (), state, seat)
    listed = kept(("plot-twist", "window", seat), parts, _turn_options, (), state, seat)
    # the GM's Relocation reads who has Initiative (aftermath.py, a module left uncompiled: asked of the GM only)
    return listed + AM.relocate_options(state, seat) if seat == GM else listed


def _combat_options(state: dict, seat: int) -> list[dict]:
    actions, free, spend = _characters_options(state, seat)
    return (CB.play_options(state, seat) + CB.attack_options(state, seat) + actions + PL.play_options(state, seat)
            + free + IP.options(state, seat) + spend + RV.options(state, seat))


def _turn_options(state: dict, seat: int) -> list[dict]:
    actions, free, spend = _characters_options(state, seat)
    return (initiate_options(state, seat) + BY.attack_options(state, seat) + actions + PL.play_options(state, seat)
            + free + IP.options(state, seat) + spend + RV.options(state, seat))


def _characters_options(state: dict, seat: int) -> tuple[list, list, list]:
    """The seat's Free actions (actions.py, stealth.py) and spending (spending.py): what
    `A.action_options`, `ST.free_options` and `SP.spend_options` list, in their order, with each acting
    Character's Free actions and spending kept as one (kept.py) while the union of what they read is the
    same: its record, its Free actions and Energy spent this Turn, the standing cards, the Objective, the
    modifiers its ratings read; as values the targets its spending may name; whether a Combat is on is
    in the key (a Combat's Characters are listed in it and again after it: one listing of each kept).
    Kept apart too: its Flying, Hidden, Perception and Identity actions (`_character_free`: they read less
    of its record, which most moves replace)."""
    turn = state["turn"]
    actions, free, spend, heroics = [], [], [], []
    if turn is None or turn["phase"] == "end":  # `A.moment_error` for every Character of `A.acting` (which
        return actions, free, spend             # are the seat's, in play, in the Combat if one is on)
    cards = A.acting(state, seat)
    others = ST.hidden_others(state, seat) if cards else None
    combat_off = state["combat"] is None
    records, modifiers, taken, spent = CH.by_card(state), FX.modifiers_by_who(state), turn["free"], turn["energy_spent"]
    for card in cards:
        c = records[card]
        # the union of what the listings below read (their parts; of the modifiers, all the Character's):
        # while it is all the same, they are, and none is asked for (one check where there were ten)
        parts = (c, taken.get(card), spent.get(card), state["events_cluster"], state["timers"],
                 state["objective"], turn["sent_prone"], state["location"], *modifiers.get(card, ()))
        targets = SP.targets_read(state, c)
        a, f, s, h = kept(("plot-twist", "listings", seat, card, combat_off), parts, _character_listings,
                          (state["identities"].get(card), targets, *others), state, seat, c, others, targets)
        actions += a
        free += f
        spend += s
        heroics += h
    return actions, free, spend + heroics


def _character_listings(state: dict, seat: int, c: dict, others: list[str], targets: tuple) -> tuple:
    """One Character's Free actions, stealth's, spending and Healing/Gadgeteer (`_character_free` kept on
    its own: it reads less of the record, which most moves replace; the others read the record itself, so
    they are listed again whenever the union kept above is, and are not kept apart)."""
    return (A.character_actions(state, seat, c), _character_free(state, seat, c, others),
            SP.character_spend(state, seat, c), SP.character_heroics(state, seat, c) if "energy" in c else [])


def _character_free(state: dict, seat: int, c: dict, others: list[str]) -> list[dict]:
    """`ST.character_free`, kept while what its predicates read is the same: this Turn's Free actions of
    the Character and the Objective; as values its Statuses, its seat, its ratings (Flight, Stealth,
    Perception, Hacking: the standing cards, its modifiers and Energy are read through them), its
    Identity, whether it was sent Prone and the Hidden Characters it may perceive. Whether a Combat is on
    is in the key: one listing kept in a Combat, one out of it."""
    turn, card = state["turn"], c["card"]
    values = (c["statuses"], c["seat"], FX.ratings(state, card), state["identities"].get(card),
              card in turn["sent_prone"], *others)
    return kept(("plot-twist", "free", seat, card, state["combat"] is None),
                (turn["free"].get(card), state["objective"]), ST.character_free, values, state, seat, c, others)


# --- Pending decisions ------------------------------------------------------------------------------------
PROMPTS = {
    "mulligan": "Mulligan once per Game: discard any Combat cards you do not wish to keep and redraw to 3 (none: keep).",
    "act": "You have Initiative: act (initiate a Combat, take a Free action) or pass.",
    "movement_step": "Movement Step: play a Movement card, take a Free action, or pass.",
    "maneuver_step": "Maneuver Step: play a Maneuver card, take a Free action, or pass.",
    "attack_step": "Attack Step: Attack, play a Special Attack card, take a Free action, or pass.",
    "end_of_combat": "End of Combat: discard any Combat cards you do not want to keep, then redraw to 3.",
    **IP.PROMPTS,
    **AM.PROMPTS,
    **CX.PROMPTS,
}


def conflict_decisions(state: dict) -> list[dict]:
    turn, combat = state["turn"], state["combat"]
    if turn is None:
        return []
    if state["aftermath"] is not None:  # between two Conflicts (aftermath.py)
        return AM.decisions(state)
    if CX.successors(state):  # a new Main Villain first (crossover.py)
        return CX.decisions(state)
    if state["choice"] is not None:  # a card waits for its choice (in_play.py)
        return IP.choice_decisions(state)
    if combat is not None:
        return _combat_decisions(state, combat)
    if turn["mulligan"]:
        opts = [o for s in turn["mulligan"] for o in mulligan_options(state, s)]
        return at_once(opts, "mulligan", lambda s: PROMPTS["mulligan"])
    if turn["phase"] == "end" or turn["at"] is None:
        return []
    parts = listed_parts(state)
    return _act_decisions([(s, window_options(state, s, parts)) for s in turn["waiting"]])


def _combat_decisions(state: dict, combat: dict, seat: int | None = None, listed: list | None = None) -> list[dict]:
    """The End of Combat's redraws, or the decision of the seat with Initiative in this step (`seat` and
    its window `listed`, when the caller has them)."""
    if combat["step"] == "end":
        opts = [o for s in combat["redraw"] or [] for o in CB.redraw_options(state, s)]
        return at_once(opts, "end_of_combat", lambda s: PROMPTS["end_of_combat"])
    if listed is None:
        seat = CB.deciding_seat(state)
        if seat is None:
            return []
        listed = window_options(state, seat)
    kind = f"{combat['step']}_step"
    return [decision(seat, kind, PROMPTS[kind], listed + [{"player": seat, "kind": "pass"}])]


def _act_decisions(windows: list[tuple[int, list]]) -> list[dict]:
    """The waiting seats' decisions to act, from their windows (seat, options besides passing)."""
    return [decision(s, "act", PROMPTS["act"], listed + [{"player": s, "kind": "pass"}]) for s, listed in windows]


# --- The order of play -----------------------------------------------------------------------------------------
def advance(state: dict, rng, events: list):
    """One step of the Conflict once nobody must choose: None when it did something, else WAIT, or, in a
    Combat's steps and when seats act, the pending decisions it stopped for (their windows listed once:
    game.py's `play_step` answers with them; they are `conflict_decisions(state)`)."""
    turn = state["turn"]
    if turn is None:
        start_turn(state, 1, events, rng)
        return None
    if state["aftermath"] is not None:
        if not AM.advance(state, rng, events):
            return WAIT
        if state["aftermath"] is None:
            start_turn(state, turn["number"] + 1, events, rng)
        return None
    chosen = CX.successors(state)
    if chosen:  # the GM chooses among several; one is chosen by itself
        if len(chosen) > 1:
            return WAIT
        on_main_villain(state, {"player": GM, "kind": "new_main_villain", "card": chosen[0]}, rng, events)
        return None
    if state["choice"] is not None:
        return None if IP.settle_choice(state, rng, events) else WAIT
    if state["combat"] is not None:
        if CB.advance(state, rng, events):
            return None
        seat = CB.deciding_seat(state)  # (None at the End of Combat: its redraws are asked)
        listed = None if seat is None else window_options(state, seat)
        if listed == []:  # nothing to do but pass: the seat passes by itself
            CB.passed(state)
            return None
        return _combat_decisions(state, state["combat"], seat, listed)
    if turn["mulligan"]:
        return WAIT
    if turn["phase"] == "end":
        end_of_turn(state, events, rng)
        return None
    if turn["at"] is None:
        _next_phase(state, events)
        return None
    parts = listed_parts(state)
    windows = [(s, window_options(state, s, parts)) for s in turn["waiting"]]
    idle = [s for s, listed in windows if not listed]
    if idle:
        for s in idle:
            _seat_passes(state, s)
        return None
    return _act_decisions(windows)


def _next_phase(state: dict, events: list) -> None:
    turn = dict(state["turn"])
    first, second = RV.halves(turn)  # Heroes, then Villains, unless Initiative is reversed this Turn
    if turn["phase"] == "start":
        turn["phase"], turn["initiating"] = "combat", first
    elif turn["initiating"] == first:
        turn["initiating"] = second
    else:
        turn["phase"] = "end"
    turn.update(at=RV.opener(turn), out=[], since=[])
    state["turn"] = turn
    turn["waiting"] = side_seats(state, turn["at"])
    events.append({"type": "phase_started", "phase": turn["phase"], "initiating": turn["initiating"]})


def end_of_turn(state: dict, events: list, rng=None) -> None:
    """Villains lose 1 Hate (not in a Lair), and Crossover Villains at 0 Hide; "this Turn" ends; then
    the next Turn, unless the Main Villain had to pay Hate at 0: he Flees, or Surrenders (then with
    another Villain in play the GM first chooses a new Main Villain: crossover.py)."""
    in_lair = state["location"] is not None and C.TYPE.get(state["location"]) == "lair"
    broke = False
    for v in CH.villains_in_play(state):
        if in_lair:
            continue
        if v["hate"] == 0:
            broke = broke or v.get("main", False)
            continue
        CH.update(state, v["card"], hate=v["hate"] - 1)
        events.append({"type": "counter_changed", "character": v["card"], "counter": "hate", "amount": -1,
                       "value": v["hate"] - 1})
    CX.hide(state, events)
    PL.end_of_turn(state, events)
    FX.expire(state, ("turn", "combat", "attack"), events)
    IP.end_of_turn(state, rng, events)  # Time counters: "In X Turns" take place, "For X Turns" end
    events.append({"type": "turn_ended", "number": state["turn"]["number"]})
    win_check(state, events)
    if state["outcome"] is not None:
        return
    if broke and not AM.flee(state, rng, events):  # "If Fleeing is impossible ... the Villain will Surrender"
        villain = main_villain(state)["card"]
        events.append({"type": "villain_surrendered", "character": villain})
        if len(CH.villains_in_play(state)) == 1:
            finish(state, list(range(1, state["players"])), "villain_surrendered", events)
        else:  # a Crossover Villain becomes the Main Villain (advance: crossover.py), then the next Turn
            CH.update(state, villain, away="surrendered")
        return
    if not broke:
        start_turn(state, state["turn"]["number"] + 1, events, rng)


def on_main_villain(state: dict, move: dict, rng, events: list) -> None:
    """The GM's new Main Villain; chosen at the End of Turn (his Main Villain Surrendered), the next Turn begins."""
    CX.on_move(state, move, rng, events)
    if state["turn"]["phase"] == "end":
        start_turn(state, state["turn"]["number"] + 1, events, rng)


def between(state: dict, move: dict, rng, events: list) -> None:
    """A move between Conflicts (aftermath.py); one that begins the next Conflict starts its first Turn."""
    AM.on_move(state, move, rng, events)
    if state["aftermath"] is None:
        start_turn(state, state["turn"]["number"] + 1, events, rng)


# --- Goal of the Game ----------------------------------------------------------------------------------------
def finish(state: dict, winners: list[int], reason: str, events: list) -> None:
    state["outcome"] = {"winners": winners,
                        "scores": {str(s): int(s in winners) for s in range(state["players"])},
                        "reason": reason}
    events.append({"type": "game_over", "winners": winners, "reason": reason})


def win_key(state: dict):
    """What winning depends on: how many Heroes and Villains are in play, and the figures the cards'
    conditions read (the Objective's Threat, the Events' Nullify; conditions.py). None during Setup.
    Kept while what it reads is the same (kept.py): the Characters, the tally, the Events Cluster, and of
    the Turn its number and phase (asked when a move starts, and again once its events are written)."""
    turn = state["turn"]
    if turn is None:
        return None
    return kept(("plot-twist", "win"), (state["characters"], state["tally"], state["events_cluster"]), _win_key,
                (turn["number"], turn["phase"]), state)


def _win_key(state: dict) -> tuple:
    heroes, villains = CH.in_play_counts(state)
    return heroes, villains, CO.key(state)


def win_check(state: dict, events: list) -> None:
    heroes, villains, _ = win_key(state)
    if heroes == 0:
        finish(state, [GM], "heroes_incapacitated", events)
    elif villains == 0:
        finish(state, list(range(1, state["players"])), "villains_incapacitated", events)
    elif IP.check(state, events):  # "If they fulfill their Objective, they win immediately"
        finish(state, [GM], "threat_fulfilled", events)
