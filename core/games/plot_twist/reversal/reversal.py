"""Plot Twist: Reversal of Fortunes, the GM curing Belief to buy its effects (rulebook: Belief,
Reversal of Fortunes, Lock, Villain Crossover, Masterplan).

"Anytime he wants the GM may Cure up to X Belief on Target Heroes by returning the counters to them,
where X equals the number of non-Incapacitated Heroes in play ... When Belief is Cured, the GM
chooses one or many of the effects below". Two GM moves, one decision at a time (ruling "Reversal
of Fortunes"), offered where the GM's Free actions and spending are (actions.py: the GM holds
Initiative, in a Combat through his combatant; never in the End of Turn), Initiative staying with him:

- `cure` {hero}: 1 Belief counter returns to a Hero in play below his Belief value; the GM cures at
  most X a Turn (`turn.reversal.cured`, X counted at each cure);
- `reversal` {effect, target?, word?}: an effect bought with Belief cured this Turn and not yet spent
  (`turn.reversal.spent`), its cost in `COSTS`:
  - `lock` {target, word} (1): a Heroic or an intrinsic Keyword a Character of the Heroes' side has
    now is Locked this Turn (a modifier of stat `lock`): it counts only while its Character can pay
    1 Energy, paid each time it is used (effects.py, ruling "Locks");
  - `automatic_success` {target} (2): a Villain in play gains 1 Automatic Success (its next Damage
    Roll this Turn, as spending.py's `buy_success`);
  - `initiative` (4): "Initiative is reversed this Turn": every phase (and half of the Combat phase)
    yet to open this Turn opens with the GM's side, and bought in the Start of Turn phase, the
    Villains initiate their Combats before the Heroes (`turn.reversal.reversed`: the phase it was
    bought in; `halves`, `opener`);
  - `masterplan` (5): "all Villains in play get 5 extra Energy to spend. All Rolls that are printed
    in a Objective will have a +1 Bonus": `state["masterplan"]` is true for the rest of the game.
  - `crossover` {card} (3): "Initiate a Villain Crossover": a Villain of the GM's Plot Hand, or one
    Hiding, enters play; `persona` {card} (5, the Uniqueness Rule's "by restoring 5 Belief"): another
    Persona of an Incapacitated Villain (crossover.py has both, ruling "Villain Crossover").

`move_error(state, move)` both lists the options (`options`) and explains a refusal.
"""

from core.framework.kept import kept

from ..conflict import actions as A
from .. import cards as C
from ..characters import characters as CH
from . import crossover as CX
from ..effects import effects as FX
from ..state import GM, main_villain

KINDS = ("cure", "reversal")
COSTS = {"lock": 1, "automatic_success": 2, **CX.COSTS, "initiative": 4, "masterplan": 5}  # "Cure X Belief"
FIELDS = {"lock": {"target", "word"}, "automatic_success": {"target"}, "crossover": {"card"}, "persona": {"card"},
          "initiative": set(), "masterplan": set()}
EFFECTS = tuple(COSTS)
LOCKABLE = C.HEROICS + C.INTRINSIC_KEYWORDS  # what a Lock may name (ruling "Locks")
MASTERPLAN_ENERGY = 5  # "all Villains in play get 5 extra Energy to spend"
OBJECTIVE_ROLL_BONUS = 1  # "All Rolls that are printed in a Objective will have a +1 Bonus" (none in the house set)
MOST_HEROES = 5  # "A Game can never have more than 5 Heroes total": X is never more
PHASES_REVERSED = ("start", "combat")
EVENTS = ("belief_cured", "reversal_bought", "masterplan_initiated", "lock_paid")
RULE_CODES = ("gm_only", "cannot_act", "no_free_action_at_end_of_turn", "not_a_hero_in_play", "belief_full",
              "cure_limit", "no_such_effect", "not_enough_cured", "not_a_target", "not_a_word_to_lock",
              "already_locked", "initiative_already_reversed", "nothing_to_reverse", "masterplan_in_progress",
              "villains_initiate_first", "villains_done_initiating", "wrong_move")


def fresh() -> dict:
    """The Turn's record of Reversal of Fortunes at its Start (conflict.start_turn)."""
    return {"cured": 0, "spent": 0, "reversed": None}


def limit(state: dict) -> int:
    """X: the non-Incapacitated Heroes in play."""
    return len(CH.heroes_in_play(state))


def unspent(state: dict) -> int:
    record = state["turn"]["reversal"]
    return record["cured"] - record["spent"]


# --- Initiative reversed (conflict.py reads these) ---------------------------------------------------------
def halves(turn: dict) -> tuple[str, str]:
    """Who initiates Combats first and second in this Turn's Combat phase: the Heroes, then the
    Villains; reversed in the Start of Turn phase, the Villains first."""
    return ("gm", "heroes") if turn["reversal"]["reversed"] == "start" else ("heroes", "gm")


def opener(turn: dict) -> str:
    """The side with Initiative as a phase (or a half of the Combat phase) opens: the Heroes', or the
    GM's once Initiative is reversed this Turn."""
    return "gm" if turn["reversal"]["reversed"] else "heroes"


def initiating_refusal(turn: dict, side: str) -> tuple[str, str]:
    """Why `side` may not initiate a Combat now, `turn["initiating"]` being the other side."""
    first = halves(turn)[0]
    if first == "heroes":
        if side == "gm":
            return ("heroes_initiate_first", "After the Heroes have Initiated and finished all their Combats, "
                                             "the Villains may initiate theirs.")
        return "heroes_done_initiating", "The Heroes have initiated their Combats this Turn."
    if side == "heroes":
        return "villains_initiate_first", "Initiative is reversed this Turn: the Villains initiate their Combats first."
    return "villains_done_initiating", "The Villains have initiated their Combats this Turn."


# --- The moves -----------------------------------------------------------------------------------------------
def _moment(state: dict, seat) -> tuple[str, str] | None:
    """Why the GM may not cure now: not the GM, no Turn, the End of Turn, or no Character of his that
    may take a Free action now (in a Combat, his combatant)."""
    if seat != GM:
        return "gm_only", "Only the GM cures Belief (Reversal of Fortunes)."
    turn = state["turn"]
    if turn is None:
        return "cannot_act", "Belief is cured in the Turns of the Conflict, after Setup."
    if turn["phase"] == "end":
        return "no_free_action_at_end_of_turn", "Nothing is cured in the End of Turn Phase."
    if not A.acting(state, GM):
        return "cannot_act", "The GM cures Belief when he may take a Free action."
    return None


def move_error(state: dict, move: dict) -> tuple[str, str] | None:
    """Why this cure or reversal is refused now, or None."""
    kind = move.get("kind")
    if kind == "cure":
        if set(move) != {"player", "kind", "hero"}:
            return "wrong_move", "A cure move has the fields player, kind and hero."
        return _moment(state, move.get("player")) or _cure(state, move)
    effect = move.get("effect")
    if kind != "reversal" or type(effect) is not str or effect not in COSTS:
        return "no_such_effect", f"A reversal move buys one effect of {', '.join(EFFECTS)}."
    if set(move) != {"player", "kind", "effect"} | FIELDS[effect]:
        return "wrong_move", f"A reversal move for {effect} has the fields player, kind, effect and {sorted(FIELDS[effect])}."
    return _moment(state, move.get("player")) or _reversal(state, move)


def _why_not(state: dict, move: dict) -> tuple[str, str] | None:
    """`move_error` of a well-formed move once the moment is right (what `options` asks of each candidate)."""
    return _cure(state, move) if move["kind"] == "cure" else _reversal(state, move)


def _reversal(state: dict, move: dict) -> tuple[str, str] | None:
    effect = move["effect"]
    refusal = _WHY_NOT[effect](state, move)
    if refusal:
        return refusal
    cost, left = COSTS[effect], unspent(state)
    if cost > left:
        return "not_enough_cured", (f"This effect costs {cost} Belief cured this Turn; the GM has cured {left} "
                                    "not yet spent.")
    return None


def _cure(state: dict, move: dict) -> tuple[str, str] | None:
    hero = move["hero"]
    h = CH.record(state, hero) if type(hero) is str else None
    if h is None or CH.kind(hero) != "hero" or CH.is_incapacitated(h):
        return "not_a_hero_in_play", f"{hero!r} is no Hero in play to return Belief to."
    x = limit(state)
    if state["turn"]["reversal"]["cured"] + 1 > x:
        return "cure_limit", (f"The GM may Cure up to {x} Belief this Turn (the non-Incapacitated Heroes in play), "
                              "and has.")
    if h["belief"] >= C.CARD[hero]["belief"]:
        return "belief_full", f"{C.display_name(hero)}'s Belief is full: Belief is never cured above its value."
    return None


def lockable(state: dict, who: str) -> list[str]:
    """What a Lock may name on `who` now: the Heroics it has (rank 1 or more) and the Keywords with
    intrinsic effects it has, not Locked on it already this Turn (a list to read only, kept while what
    it reads is the same, kept.py: the standing cards, `who`'s modifiers; as values its Energy spent this
    Turn and what its ratings and Keywords read of its record: in play, Equipment, Main, Energy; not the
    actions and counters that most moves of a Hero replace its record for)."""
    c, spent = CH.record(state, who), state["turn"]["energy_spent"].get(who)
    facts = (spent,) if c is None else (spent, c.get("equipment"), c.get("main"), c.get("energy"))
    parts = (state["events_cluster"], state["timers"], *FX.modifiers_of(state, who))
    return kept(("plot-twist", "lockable", who), parts, _lockable, facts, state, who)


def _lockable(state: dict, who: str) -> list[str]:
    done = {m["word"] for m in state["turn"]["modifiers"] if m["who"] == who and m["stat"] == "lock"}
    ranks, words = FX.ratings(state, who), set(FX.keywords(state, who))
    return [w for w, name, heroic in _LOCKABLE_NAMES if w not in done and (
        ranks.get(name, 0) >= 1 if heroic else name in words)]


_LOCKABLE_NAMES = tuple((w, C.display(w), w in C.HEROICS) for w in LOCKABLE)  # (id, as printed, a Heroic?)


def _lock_targets(state: dict) -> list[str]:
    return [c["card"] for c in CH.active(state, "heroes")]


def _lock(state: dict, move: dict) -> tuple[str, str] | None:
    target, word = move["target"], move["word"]
    if target not in _lock_targets(state):
        return "not_a_target", f"{target!r} is no Character of the Heroes' side in play."
    if word not in LOCKABLE:
        return "not_a_word_to_lock", "A Lock names a Heroic or a Keyword with an intrinsic effect."
    if any(m["who"] == target and m["stat"] == "lock" and m["word"] == word for m in state["turn"]["modifiers"]):
        return "already_locked", f"{C.display(word)} is Locked on {C.display_name(target)} this Turn already."
    if word not in lockable(state, target):
        return "not_a_word_to_lock", f"{C.display_name(target)} has no {C.display(word)} to Lock now."
    return None


def _automatic_success(state: dict, move: dict) -> tuple[str, str] | None:
    if move["target"] not in [c["card"] for c in CH.villains_in_play(state)]:
        return "not_a_target", f"{move['target']!r} is no Villain in play."
    return None


def _initiative(state: dict, move: dict) -> tuple[str, str] | None:
    turn = state["turn"]
    if turn["reversal"]["reversed"]:
        return "initiative_already_reversed", "Initiative is reversed this Turn already."
    if turn["phase"] == "combat" and turn["initiating"] == "gm":
        return "nothing_to_reverse", "The Villains initiate the last Combats of this Turn: there is nothing to reverse."
    return None


def _masterplan(state: dict, move: dict) -> tuple[str, str] | None:
    if state["masterplan"]:
        return "masterplan_in_progress", "A Masterplan is in progress already."
    return None


def _crossover(state: dict, move: dict) -> tuple[str, str] | None:
    return CX.error(state, move["effect"], move["card"])


_WHY_NOT = {"lock": _lock, "automatic_success": _automatic_success, "crossover": _crossover, "persona": _crossover,
            "initiative": _initiative, "masterplan": _masterplan}


def options(state: dict, seat: int) -> list[dict]:
    """The GM's cures and the effects his unspent cured Belief buys now (`move_error` on each; a Lock's
    candidates are `lockable`'s, the very condition `_lock` checks)."""
    if seat != GM or _moment(state, seat):
        return []
    left = unspent(state)
    heroes = CH.heroes_in_play(state)  # none cured past the limit (`limit`), asked once before building them
    # what `_cure` accepts, by construction: a Hero in play, below the Turn's limit, its Belief not full
    out = ([{"player": GM, "kind": "cure", "hero": c["card"]} for c in heroes if c["belief"] < C.CARD[c["card"]]["belief"]]
           if state["turn"]["reversal"]["cured"] < len(heroes) else [])
    candidates = []
    if left >= COSTS["automatic_success"]:
        candidates += [{"player": GM, "kind": "reversal", "effect": "automatic_success", "target": v["card"]}
                       for v in CH.villains_in_play(state)]
    candidates += [{"player": GM, "kind": "reversal", "effect": e} for e in ("initiative", "masterplan")
                   if left >= COSTS[e]]
    if left >= min(CX.COSTS.values()):
        candidates += [{"player": GM, "kind": "reversal", "effect": e, "card": card} for e, card in CX.candidates(state)]
    out += [m for m in candidates if _why_not(state, m) is None]  # `_moment` was asked above, once
    if left >= COSTS["lock"]:
        out += [{"player": GM, "kind": "reversal", "effect": "lock", "target": t, "word": w}
                for t in _lock_targets(state) for w in lockable(state, t)]
    return out


def on_move(state: dict, move: dict, rng, events: list) -> None:
    turn = state["turn"]
    record = turn["reversal"]
    if move["kind"] == "cure":
        hero = move["hero"]
        value = CH.record(state, hero)["belief"] + 1
        CH.update(state, hero, belief=value)
        state["turn"] = {**turn, "reversal": {**record, "cured": record["cured"] + 1}}
        events.append({"type": "belief_cured", "character": hero, "value": value,
                       "cured": record["cured"] + 1, "limit": limit(state)})
        return
    effect, cost = move["effect"], COSTS[move["effect"]]
    record = {**record, "spent": record["spent"] + cost}
    if effect == "initiative":
        record["reversed"] = turn["phase"]
    state["turn"] = {**turn, "reversal": record}
    events.append({"type": "reversal_bought", "effect": effect, "cost": cost,
                   **{k: move[k] for k in ("target", "word", "card") if k in move}})
    if effect == "lock":
        FX.add_modifier(state, {"who": move["target"], "source": main_villain(state)["card"], "stat": "lock",
                                "word": move["word"], "attack": None, "lasts": "turn"})
    elif effect == "automatic_success":
        FX.automatic_success(state, move["target"], move["target"], 1)
    elif effect in CX.COSTS:
        CX.enter(state, effect, move["card"], events)
    elif effect == "masterplan":
        state["masterplan"] = True
        events.append({"type": "masterplan_initiated"})
        for v in CH.villains_in_play(state):
            FX.change_counter(state, v, "energy", MASTERPLAN_ENERGY, events, v["card"], {})


# --- The state check ------------------------------------------------------------------------------------------
def check_turn(state: dict, turn: dict, bad) -> None:
    """`turn.reversal`: Belief cured this Turn (0 to 5: X is never more than the Heroes), spent on
    effects (at most what was cured), and the phase Initiative was reversed in (null: it was not)."""
    record = turn["reversal"]
    if type(record) is not dict or record.keys() != {"cured", "spent", "reversed"}:
        raise bad("'turn.reversal' is {cured, spent, reversed}.", "turn.reversal")
    cured, spent, reversed_ = record["cured"], record["spent"], record["reversed"]
    if type(cured) is not int or not 0 <= cured <= MOST_HEROES or type(spent) is not int or not 0 <= spent <= cured:
        raise bad("The GM cures 0 to 5 Belief a Turn and spends at most what he cured.", "turn.reversal")
    if reversed_ not in (None,) + PHASES_REVERSED or reversed_ == "combat" and turn["phase"] == "start" or (
            reversed_ is not None and spent < COSTS["initiative"]):
        raise bad("Initiative is reversed in the Start of Turn or Combat phase, for 4 cured Belief.", "turn.reversal")


def check_modifier(state: dict, m: dict, bad) -> None:
    """A Lock (stat `lock`, field `word`): a Heroic or intrinsic Keyword Locked this Turn on a Hero or
    an Ally."""
    if (m["word"] not in LOCKABLE or m["lasts"] != "turn" or "turns" in m or m["attack"] is not None
            or CH.kind(m["who"]) not in ("hero", "ally")):
        raise bad("A Lock names a Heroic or an intrinsic Keyword of a Hero or an Ally, for this Turn.", "turn.modifiers")

