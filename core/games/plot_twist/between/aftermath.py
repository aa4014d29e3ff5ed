"""Plot Twist between two Conflicts, and Relocation (rulebook: Conflicts, Hate: Fleeing, Interviews,
Lairs, Relocations, Bystanders, the Skills Apologist and Public Relations, Spirit of The Night).

"At the end of Turn, if the Main Villain must pay Hate and can't because he is at 0 Hate, the Villain
Flees. If this happens Heroes can initiate Pursuit: The Villain plays a Lair if there's none in play.
A Villain cannot Flee if he cannot play a Lair and there is none in play. If Fleeing is impossible
..., the Villain will Surrender. Otherwise, Conflict ends and all Villains, Mooks and all Heroes in
play Relocate to any lair in play and a new Conflict starts. If the Heroes decide not to Pursue: The
Conflict ends and an Interview begins. ... Then the GM decides the Location of the next Conflict,
among those that have already been played. When a new Conflict arises, the Villain recovers all
their Hate, and Relocates to the new Location. When a Villain Flees, every Bystander at the origin
Location is considered Recruited and all in other Locations are considered Killed."

`state["aftermath"]` is null during a Conflict; from the Flight to the next Conflict it is
`{step, questions, asked, bonus}` (`conflict` counts the Conflicts, from 1):

1. `lair`: no Lair in play: the GM plays one from his Plot Hand (`flee {card}`; a single one is
   played by itself). Then the Villain has Fled: `villain_fled`, the Bystanders Recruited or Killed.
2. `pursuit`: the Heroes, through their lowest seat in play (ruling "The Heroes choose for a
   Twist!"), `pursue {pursue: true}` (a new Conflict at the Lair) or `{pursue: false}`.
3. `interview`: the GM sets the Interview: `interview {extra, bonus}`, the questions he adds
   (0-2) and the bonus coins he gives every answer (0-2); never fewer questions, never a penalty.
4. `questions`: one question for each Location in play and each Revealed Event, plus the extra
   ones; each is put to the Heroes' seats in turn, answered with `answer {character, skill, chosen,
   target}` (a Chosen Roll of Charm + the Skill + the bonus: Apologist, the target Regenerates the
   chosen number of Social Stress; Public Relations, the target gains that much Energy) or
   `no_answer`. After the last, every Spirit of The Night gains its Power in Energy.
5. `next_location`: the GM chooses the next Conflict's Location among the Locations in play (a
   single one by itself); every Villain recovers all its Hate, and the next Turn begins.

A Lair stays in play while the Villains are in it or have just Fled to it; once they leave it (a
Relocation from it, the next Conflict elsewhere) it is Discarded, so every Flight plays a new Lair
and the GM's Lairs bound the Flights (ruling "A Lair once left").

`relocate {card}`, during a Conflict: the GM, with Initiative in the Combat Phase before any Combat
of the Turn was initiated, moves everyone to another Location in play (never a Lair), once a Turn.
Each move kind has one predicate, `move_error`, that lists the options and names a refusal.
"""

from core.framework.game import decision

from ..plots import bystanders as BY
from .. import cards as C
from ..characters import characters as CH
from ..setup import decks as D
from ..effects import effects as FX
from ..rolls import rolls as R
from ..state import AFTERMATH_FIELDS, AFTERMATH_STEPS, GM, in_play, main_villain

STEPS, FIELDS = AFTERMATH_STEPS, AFTERMATH_FIELDS
EXTRA_QUESTIONS = 2  # "The GM is free to ask more questions": up to 2 more (ruling "Interviews")
BONUS = 2            # "or provide Bonuses to the Rolls": up to 2 coins
SKILLS = ("apologist", "public-relations")
SPIRIT = C.display("spirit-of-the-night")
MOVE_FIELDS = {"flee": {"card"}, "pursue": {"pursue"}, "interview": {"extra", "bonus"},
               "answer": {"character", "skill", "chosen", "target"}, "no_answer": set(),
               "next_location": {"card"}, "relocate": {"card"}}
STEP_OF = {"flee": "lair", "pursue": "pursuit", "interview": "interview", "answer": "questions",
           "no_answer": "questions", "next_location": "next_location"}
PROMPTS = {
    "lair": "Your Main Villain Flees: play a Lair from your Plot Hand.",
    "pursuit": "The Villain Fled to a Lair: Pursue him there (a new Conflict), or not (an Interview).",
    "interview": "An Interview: add questions or bonus coins to the answers if you wish (never fewer, never a penalty).",
    "question": "The Reporter asks a question: answer with Apologist or Public Relations (a Chosen Roll), or not.",
    "next_location": "Choose the Location of the next Conflict among the Locations in play.",
}
EVENTS = ("lair_played", "lair_discarded", "pursuit_decided", "conflict_ended", "interview_started", "question_answered",
          "interview_ended", "conflict_started", "relocated")
RULE_CODES = ("wrong_move", "not_now", "not_a_lair", "not_your_decision", "no_penalty", "no_fewer_questions",
              "not_a_location_in_play", "not_a_skill", "not_a_hero_of_yours", "not_a_chosen_number",
              "not_a_target", "relocate_in_combat_phase_only", "no_relocation_after_combat_initiated",
              "no_relocation_to_a_lair", "relocated_this_turn")


# --- What is in play -----------------------------------------------------------------------------
def lair_in_play(state: dict) -> str | None:
    return next((c for c in state["locations"] if C.TYPE[c] == "lair"), None)


def locations_in_play(state: dict) -> list[str]:
    """The Locations in play ("Lairs are not Locations")."""
    return [c for c in state["locations"] if C.TYPE[c] == "location"]


def playable_lairs(state: dict) -> list[str]:
    placed = in_play(state)
    return [c for c in state["plot_hands"][GM] if C.TYPE[c] == "lair" and D.uniqueness_error(c, placed) is None]


def spokesman(state: dict) -> int | None:
    """The Heroes' seat that decides for them: the lowest one with a Hero in play."""
    seats = sorted(c["seat"] for c in CH.heroes_in_play(state))
    return seats[0] if seats else None


def base_questions(state: dict) -> int:
    """"One question about each Location in play, and one about every Event that was Revealed"."""
    return len(locations_in_play(state)) + sum(e["revealed"] for e in state["events_cluster"])


# --- Fleeing (conflict.py's End of Turn calls `flee`) --------------------------------------------------
def flee(state: dict, rng, events: list) -> bool:
    """The Main Villain must pay Hate at 0: he Flees to the Lair in play, or plays one (the GM picks
    it when there are several). False: he cannot Flee, and Surrenders."""
    if lair_in_play(state) is not None:
        _fled(state, rng, events)
        return True
    lairs = playable_lairs(state)
    if not lairs:
        return False
    state["aftermath"] = {"step": "lair", "questions": 0, "asked": 0, "bonus": 0}
    if len(lairs) == 1:
        _play_lair(state, rng, lairs[0], events)
    return True


def _play_lair(state: dict, rng, lair: str, events: list) -> None:
    hands = list(state["plot_hands"])
    hands[GM] = [c for c in hands[GM] if c != lair]
    state["plot_hands"] = hands
    state["locations"] = state["locations"] + [lair]
    events.append({"type": "lair_played", "player": GM, "card": lair})
    villain = main_villain(state)
    FX.resolve_plot(state, rng, [e for e in C.CARD[lair]["effects"] if e["on"] == "play"],
                    villain["card"] if villain else None, GM, events)
    _fled(state, rng, events)


def _fled(state: dict, rng, events: list) -> None:
    """The Flight: the Bystanders at the origin Location are Recruited, all others Killed, their
    effects applied ("you": the Heroes' spokesman's Hero, or the fleeing Main Villain)."""
    villain = main_villain(state)["card"]
    events.append({"type": "villain_fled", "character": villain})
    hero = next((c["card"] for c in CH.heroes_in_play(state) if c["seat"] == spokesman(state)), None)
    origin = state["location"]
    for b in list(state["bystanders"]):
        kind = "recruit" if b["location"] == origin else "kill"
        who, seat = (hero, spokesman(state)) if kind == "recruit" else (villain, GM)
        BY.settle(state, rng, b["card"], kind, who, seat, events)
    state["aftermath"] = {"step": "pursuit", "questions": 0, "asked": 0, "bonus": 0}


# --- Decisions ---------------------------------------------------------------------------------------
def question_seat(state: dict) -> int | None:
    """The Hero seat a question goes to: the seats with a Hero in play in turn, from the lowest."""
    seats = sorted({c["seat"] for c in CH.heroes_in_play(state)})
    return seats[state["aftermath"]["asked"] % len(seats)] if seats else None


def decider(state: dict) -> int | None:
    step = state["aftermath"]["step"]
    if step in ("lair", "interview", "next_location"):
        return GM
    return spokesman(state) if step == "pursuit" else question_seat(state)


def _pool(state: dict, who: str, skill: str) -> list:
    r = CH.ratings(who)  # "Heroics may only be used in Conflicts": the printed ratings
    parts = [("Charm", r["Charm"]), (C.display(skill), r.get(C.display(skill), 0))]
    bonus = state["aftermath"]["bonus"]
    return parts + ([("Interview bonus", bonus)] if bonus else [])


def _targets(state: dict, skill: str) -> list[str]:
    """Apologist: a Hero with Social Stress to Regenerate; Public Relations: a Hero who may gain
    Energy ("Except Spirits of the Night")."""
    heroes = CH.heroes_in_play(state)
    if skill == "apologist":
        return [h["card"] for h in heroes if h["resistances"]["social"]["stress"] > 0]
    return [h["card"] for h in heroes if SPIRIT not in FX.keywords(state, h["card"])
            and not CH.is_demoralized(h)]


def candidates(state: dict, seat: int) -> list[dict]:
    step = state["aftermath"]["step"]
    if step == "lair":
        return [{"player": seat, "kind": "flee", "card": c} for c in playable_lairs(state)]
    if step == "pursuit":
        return [{"player": seat, "kind": "pursue", "pursue": p} for p in (True, False)]
    if step == "interview":
        return [{"player": seat, "kind": "interview", "extra": e, "bonus": b}
                for e in range(EXTRA_QUESTIONS + 1) for b in range(BONUS + 1)]
    if step == "next_location":
        return [{"player": seat, "kind": "next_location", "card": c} for c in locations_in_play(state)]
    out = []
    for hero in (c["card"] for c in CH.heroes_in_play(state) if c["seat"] == seat):
        for skill in SKILLS:
            coins = sum(n for _, n in _pool(state, hero, skill))
            out += [{"player": seat, "kind": "answer", "character": hero, "skill": skill, "chosen": n, "target": t}
                    for t in _targets(state, skill) for n in range(1, coins)]
    return out + [{"player": seat, "kind": "no_answer"}]


def decisions(state: dict) -> list[dict]:
    seat = decider(state)
    if seat is None:
        return []
    kind = "question" if state["aftermath"]["step"] == "questions" else state["aftermath"]["step"]
    return [decision(seat, kind, PROMPTS[kind], candidates(state, seat))]


def move_error(state: dict, move: dict) -> tuple[str, str] | None:
    """Why this move between Conflicts (or this Relocation) is refused now, or None."""
    kind = move.get("kind")
    if kind not in MOVE_FIELDS or set(move) != {"player", "kind"} | MOVE_FIELDS[kind]:
        return "wrong_move", f"A {kind} move has the fields player, kind and {sorted(MOVE_FIELDS.get(kind, ()))}."
    if kind == "relocate":
        return relocate_error(state, move)
    aftermath = state["aftermath"]
    if aftermath is None or aftermath["step"] != STEP_OF[kind]:
        return "not_now", f"{kind} is a move between Conflicts, at the step {STEP_OF[kind]!r}."
    if move["player"] != decider(state):
        return "not_your_decision", "Another seat decides this now."
    if kind == "interview":
        extra, bonus = move["extra"], move["bonus"]
        if type(extra) is not int or type(bonus) is not int:
            return "wrong_move", "extra and bonus are whole numbers."
        if extra < 0:
            return "no_fewer_questions", "The GM can never ask fewer questions than the Locations and Events call for."
        if bonus < 0:
            return "no_penalty", "The GM can never apply a Penalty to the Rolls of an Interview."
    if kind == "answer":
        return _answer_error(state, move)
    if move not in candidates(state, move["player"]):
        codes = {"flee": "not_a_lair", "next_location": "not_a_location_in_play", "interview": "wrong_move",
                 "pursue": "wrong_move", "no_answer": "wrong_move"}
        return codes[kind], f"{move} is not one of the choices now."
    return None


def _answer_error(state: dict, move: dict) -> tuple[str, str] | None:
    who, skill = move["character"], move["skill"]
    c = CH.record(state, who) if type(who) is str else None
    if c is None or CH.kind(who) != "hero" or c["seat"] != move["player"] or CH.is_incapacitated(c):
        return "not_a_hero_of_yours", f"{who!r} is no Hero of yours in play."
    if skill not in SKILLS:
        return "not_a_skill", f"A question is answered with {' or '.join(SKILLS)}."
    coins = sum(n for _, n in _pool(state, who, skill))
    if type(move["chosen"]) is not int or not 1 <= move["chosen"] < coins:
        return "not_a_chosen_number", f"Choose a number from 1 to {coins - 1} (more Successes than it win)."
    if move["target"] not in _targets(state, skill):
        return "not_a_target", f"{move['target']!r} is not a Hero who may take that effect."
    return None


def options(state: dict, seat: int) -> list[dict]:
    """Every candidate move of the seat now (no predicate needed: each is built legal)."""
    return candidates(state, seat) if decider(state) == seat else []


# --- Playing -------------------------------------------------------------------------------------------
def on_move(state: dict, move: dict, rng, events: list) -> None:
    kind = move["kind"]
    aftermath = state["aftermath"]
    if kind == "flee":
        _play_lair(state, rng, move["card"], events)
    elif kind == "pursue":
        events.append({"type": "pursuit_decided", "pursue": move["pursue"]})
        events.append({"type": "conflict_ended", "number": state["conflict"]})
        if move["pursue"]:
            begin(state, lair_in_play(state), events)
        else:
            state["aftermath"] = {**aftermath, "step": "interview"}
    elif kind == "interview":
        questions = base_questions(state) + move["extra"]
        state["aftermath"] = {**aftermath, "step": "questions", "questions": questions, "asked": 0,
                              "bonus": move["bonus"]}
        events.append({"type": "interview_started", "questions": questions, "bonus": move["bonus"]})
    elif kind in ("answer", "no_answer"):
        if kind == "answer":
            _answer(state, rng, move, events)
        else:
            events.append({"type": "question_answered", "player": move["player"], "character": None,
                           "skill": None, "won": False})
        state["aftermath"] = {**state["aftermath"], "asked": state["aftermath"]["asked"] + 1}
    else:
        begin(state, move["card"], events)


def _answer(state: dict, rng, move: dict, events: list) -> None:
    who, skill, chosen, target = move["character"], move["skill"], move["chosen"], move["target"]
    result, event = R.chosen_roll(rng, who, _pool(state, who, skill), chosen, purpose=C.display(skill))
    events.append(event)
    events.append({"type": "question_answered", "player": move["player"], "character": who, "skill": skill,
                   "won": result.won})
    if not result.won:
        return
    if skill == "apologist":  # "the number of Social Stress counters a target Regenerate"
        effect = {"on": "now", "do": "regenerate", "resistance": "social", "amount": chosen, "target": "self"}
    else:  # "the number of Energy counters you may distribute" (to one Hero a question: ruling "Interviews")
        effect = {"on": "now", "do": "gain", "counter": "energy", "amount": chosen, "target": "self"}
    FX.resolve(state, rng, [effect], target, None, events)


def advance(state: dict, rng, events: list) -> bool:
    """What happens by itself between Conflicts: a decision with a single answer, the Interview's end.
    True: it did something."""
    aftermath = state["aftermath"]
    step = aftermath["step"]
    if step == "questions" and aftermath["asked"] >= aftermath["questions"]:
        for h in CH.heroes_in_play(state):  # "You always gain the value of your Power in Energy after any Interview"
            if SPIRIT in FX.keywords(state, h["card"]):
                FX.change_counter(state, h, "energy", CH.power(h["card"]), events, h["card"], {})
        events.append({"type": "interview_ended", "questions": aftermath["questions"]})
        state["aftermath"] = {"step": "next_location", "questions": 0, "asked": 0, "bonus": 0}
        return True
    if step in ("lair", "next_location") and decider(state) is not None:
        only = candidates(state, GM)
        if len(only) == 1:
            on_move(state, only[0], rng, events)
            return True
    return False


def begin(state: dict, where: str, events: list) -> None:
    """A new Conflict at `where`: every Villain recovers all its Hate and Relocates there; the next
    Turn begins (conflict.py)."""
    for v in CH.villains_in_play(state):
        top = CH.hate_max(v) or C.CARD[v["card"]]["hate"]  # a Crossover Villain's maximum is 6
        if v["hate"] < top:
            CH.update(state, v["card"], hate=top)
            events.append({"type": "counter_changed", "character": v["card"], "counter": "hate",
                           "amount": top - v["hate"], "value": top})
    if lair_in_play(state) not in (None, where):
        _leave(state, events)
    state["location"] = where
    state["conflict"] = state["conflict"] + 1
    state["aftermath"] = None
    events.append({"type": "conflict_started", "number": state["conflict"], "location": where})


# --- Relocation, during a Conflict -----------------------------------------------------------------------
def relocate_error(state: dict, move: dict) -> tuple[str, str] | None:
    turn, seat, card = state["turn"], move.get("player"), move.get("card")
    if turn is None or state["aftermath"] is not None or turn["phase"] != "combat" or state["combat"] is not None:
        return "relocate_in_combat_phase_only", "You can Relocate during the Combat Phase but not during Combat."
    if seat != GM or turn["at"] != "gm" or seat not in turn["waiting"]:
        return "not_your_decision", "The GM Relocates his Villains, with Initiative."
    if turn["initiated"]:
        return "no_relocation_after_combat_initiated", "After combat has been Initiated no one can Relocate."
    villain = main_villain(state)
    if villain is None or "relocate" in turn["free"].get(villain["card"], []):
        return "relocated_this_turn", "The Villains Relocate once a Turn."
    if type(card) is str and C.TYPE.get(card) == "lair":
        return "no_relocation_to_a_lair", "Lairs are not Locations: you cannot Relocate to a Lair."
    if card not in locations_in_play(state) or card == state["location"]:
        return "not_a_location_in_play", f"{card!r} is no other Location in play."
    return None


def relocate_options(state: dict, seat: int) -> list[dict]:
    if seat != GM or state["turn"]["phase"] != "combat" or state["turn"]["initiated"]:
        return []
    moves = [{"player": seat, "kind": "relocate", "card": c} for c in locations_in_play(state)]
    return [m for m in moves if relocate_error(state, m) is None]


def on_relocate(state: dict, move: dict, rng, events: list) -> None:
    turn, villain = state["turn"], main_villain(state)["card"]
    state["turn"] = {**turn, "free": {**turn["free"], villain: turn["free"].get(villain, []) + ["relocate"]}}
    events.append({"type": "relocated", "from": state["location"], "card": move["card"]})
    if state["location"] == lair_in_play(state):
        _leave(state, events)
    state["location"] = move["card"]


def _leave(state: dict, events: list) -> None:
    """The Villains leave the Lair in play (a Relocation from it, the next Conflict elsewhere): it is
    found out and Discarded (ruling "A Lair once left")."""
    lair = lair_in_play(state)
    if lair is not None:
        state["locations"] = [c for c in state["locations"] if c != lair]
        state["plot_discard"] = state["plot_discard"] + [lair]
        events.append({"type": "lair_discarded", "card": lair})
