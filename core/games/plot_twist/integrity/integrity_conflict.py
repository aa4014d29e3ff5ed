"""Is a Plot Twist state from outside a consistent position? `check` = Setup's part
(`integrity.check_setup`) and the Conflict's:

- `turn` is null during Setup and a Turn record once it is done; `combat` null or a Combat record
  between two Characters in play of the two sides;
- every field of both records within its bounds (phase, step, sides, seats, Characters in play,
  Free actions once each, Energy spent at most Power, modifiers of known words);
- cards in one place: each seat's Combat Deck + hand + discard pile is its 10 picked cards (a legal
  Combat Deck), a hand holds at most 3; the Twists! Deck + the Twists in play + their discard pile
  are the 10 picked Twists!.
"""

from ..conflict import actions as A
from ..between import aftermath as AM
from .. import cards as C
from ..characters import characters as CH
from ..conflict import combat as CB
from ..conflict import conflict as CF
from ..setup import decks as D
from ..conflict import hands as H
from ..effects import effects as FX
from . import integrity_in_play
from ..plots import plots as PL
from ..reversal import reversal as RV
from ..conflict import spending as SP
from ..conflict import stealth as ST
from .integrity import _bad, _cards, _int, _refused, check_setup
from ..state import users_of

TURN_FIELDS = frozenset(("number", "phase", "initiating", "at", "out", "since", "waiting", "mulligan",
                         "initiated", "free", "energy_spent", "modifiers", "sent_prone", "reversal"))
COMBAT_FIELDS = frozenset(("attacker", "defender", "step", "distance", "at", "out", "since", "aims", "redraw"))
MODIFIER_STATS = C.STATS + ("cover", "status", "heroic", "keyword", "lock")
MAX_TURNS = 999  # Hate falls by 1 each Turn and rises only a bounded number of times
MAX_MODIFIERS = 200


def check(state: dict) -> None:
    check_setup(state)
    done = state["setup"]["step"] == "done"
    PL.check(state, done)
    turn, combat = state["turn"], state["combat"]
    _between(state)
    if not done:
        if turn is not None or combat is not None:
            raise _bad("There is no Turn and no Combat during Setup.", "turn")
        integrity_in_play.check(state)
        return
    if type(turn) is not dict or turn.keys() != TURN_FIELDS:
        raise _bad(f"'turn' must be an object with exactly the fields {sorted(TURN_FIELDS)}.", "turn")
    n = state["players"]
    integrity_in_play.check_timers(state)  # before the Turn: a timer may give a keyword (Tactician)
    _turn(state, turn, n)
    if combat is not None:
        _combat(state, combat)
    _cards_in_one_place(state, n)
    integrity_in_play.check(state)  # timers, a card's choice, Nullify figures, the Threat


def _between(state: dict) -> None:
    """What happens between two Conflicts (aftermath.py)."""
    aftermath = state["aftermath"]  # its fields and step: check_setup
    if aftermath is None:
        return
    questions = _int(aftermath["questions"], 0, len(C.IDS_OF["location"]) + len(state["events_cluster"])
                     + AM.EXTRA_QUESTIONS, "The Interview's questions", "aftermath.questions")
    _int(aftermath["asked"], 0, questions, "The questions asked", "aftermath.asked")
    _int(aftermath["bonus"], 0, AM.BONUS, "The Interview's bonus", "aftermath.bonus")
    turn = state["turn"]
    if type(turn) is not dict or turn.get("phase") != "end" or state["combat"] is not None or state["choice"] is not None:
        raise _bad("Between two Conflicts the last Turn has ended: no Combat, no card's choice.", "aftermath")
    if aftermath["step"] != "lair" and AM.lair_in_play(state) is None:
        raise _bad("A Villain who Fled has a Lair in play.", "aftermath.step")
    if aftermath["step"] == "lair" and (AM.lair_in_play(state) is not None or not AM.playable_lairs(state)):
        raise _bad("The GM plays a Lair only when none is in play, from his Plot Hand.", "aftermath.step")
    if aftermath["step"] != "questions" and (aftermath["asked"] or aftermath["questions"] or aftermath["bonus"]):
        raise _bad("Only an Interview has questions and a bonus.", "aftermath")


def _seats(x, n: int, what: str, field: str) -> list:
    if type(x) is not list or len(set(map(repr, x))) != len(x):
        raise _bad(f"{what} must be a list of different seats.", field)
    for s in x:
        _int(s, 0, n - 1, what, field)
    return x


def _sides(x, choices, what: str, field: str) -> list:
    if type(x) is not list or len(x) != len(set(map(repr, x))) or not all(s in choices for s in x):
        raise _bad(f"{what} must list different words of {list(choices)}.", field)
    return x


def _in_play(state: dict, card, what: str, field: str, records: dict | None = None) -> dict:
    """The record of the Character `card` in play (`records`: the Characters by card, when the caller
    has them: `CH.record`, without a pass over the Characters for each)."""
    c = (CH.record(state, card) if records is None else records.get(card)) if type(card) is str else None
    if c is None:
        raise _bad(f"{what} must be a Character in play, not {card!r}.", field)
    return c


def _turn(state: dict, turn: dict, n: int) -> None:
    _int(turn["number"], 1, MAX_TURNS, "The Turn number", "turn.number")
    RV.check_turn(state, turn, _bad)
    if turn["phase"] not in CF.PHASES or turn["initiating"] not in CH.SIDES:
        raise _bad("The Turn's phase and initiating side are words of the rules.", "turn.phase")
    if turn["at"] not in CH.SIDES + (None,):
        raise _bad("Initiative is with 'heroes', 'gm' or nobody.", "turn.at")
    _sides(turn["out"], (), "turn.out", "turn.out")
    _sides(turn["since"], CH.SIDES, "The sides that passed", "turn.since")
    if turn["at"] in turn["since"]:
        raise _bad("The side with Initiative has not passed.", "turn.since")
    waiting = _seats(turn["waiting"], n, "The seats still acting", "turn.waiting")
    if any(CH.side_of_seat(s) != turn["at"] for s in waiting):
        raise _bad("Only seats of the side with Initiative act.", "turn.waiting")
    mulligan = _seats(turn["mulligan"], n, "The seats yet to Mulligan", "turn.mulligan")
    if mulligan and (turn["number"] != 1 or turn["phase"] != "start"):
        raise _bad("The Mulligan comes before the first Combat of the Game.", "turn.mulligan")
    mods = turn["modifiers"]
    if type(mods) is not list or len(mods) > MAX_MODIFIERS:
        raise _bad(f"'turn.modifiers' is a list of at most {MAX_MODIFIERS} modifiers.", "turn.modifiers")
    records: dict = {}
    for c in state["characters"]:  # (each a record with its card: check_setup, plots.check)
        records.setdefault(c["card"], c)
    for m in mods:  # first: a Tactician may be one bought for this Turn
        _modifier(state, m, records)
    for field, inner in (("initiated", list), ("free", list), ("energy_spent", int)):
        value = turn[field]
        if type(value) is not dict or len(value) > len(state["characters"]):
            raise _bad(f"'turn.{field}' maps Characters in play.", f"turn.{field}")
        for card, x in value.items():
            c = _in_play(state, card, f"A key of turn.{field}", f"turn.{field}", records)
            if field == "initiated":
                if type(x) is not list or len(x) > len(state["characters"]) or len(set(map(repr, x))) != len(x):
                    raise _bad("Each Character initiates at most once against each target.", "turn.initiated")
                for t in x:
                    if not (type(t) is str and C.TYPE.get(t) == "bystander"):  # or a Bystander (bystanders.py)
                        _in_play(state, t, "A target", "turn.initiated", records)
                tactician = ("Tactician" in FX.keywords(state, card, locks=False)  # a Locked one was paid for
                             or turn["phase"] == "end")  # "this Turn" ended
                if CH.side_of(c) == "heroes" and len(x) > (2 if tactician else 1):
                    raise _bad("Heroes may only initiate Combat once (a Tactician twice).", "turn.initiated")
            elif field == "free":
                _sides(x, A.FREE + ST.FREE_KINDS + SP.FREE_KINDS + ("relocate",), "The Free actions taken", "turn.free")
            else:
                _int(x, 0, CH.power(card), f"The Energy {card} spent this Turn (at most its Power)",
                     "turn.energy_spent")
    prone = turn["sent_prone"]
    if type(prone) is not list or len(set(map(str, prone))) != len(prone):
        raise _bad("'turn.sent_prone' lists the Characters sent Prone this Turn, once each.", "turn.sent_prone")
    for card in prone:
        _in_play(state, card, "A Character sent Prone", "turn.sent_prone", records)


def _modifier(state: dict, m, records: dict | None = None) -> None:
    where = "turn.modifiers"
    if type(m) is not dict or not {"who", "source", "stat", "attack", "lasts"} <= set(m):
        raise _bad("A modifier has who, source, stat, attack and lasts.", where)
    _in_play(state, m["who"], "A modifier's who", where, records)
    _in_play(state, m["source"], "A modifier's source", where, records)
    extra = set(m) - {"who", "source", "stat", "attack", "lasts", "heroic", "turns"}
    if (m["stat"] not in MODIFIER_STATS or m["attack"] not in C.ATTACK_KINDS + (None,) or m["lasts"] not in C.DURATIONS
            or extra not in ({"amount"}, {"set"}, {"status"}, {"keyword"}, {"word"})
            or (m["stat"] == "status") != (extra == {"status"}) or (m["stat"] == "keyword") != (extra == {"keyword"})
            or (m["stat"] == "lock") != (extra == {"word"})
            or (m["stat"] == "heroic") != ("heroic" in m) or "turns" in m and m["lasts"] != "turn"):
        raise _bad("A modifier's stat, attack, lasts and value are words and numbers of the rules.", where)
    if "heroic" in m and m["heroic"] not in C.HEROICS:
        raise _bad("A heroic modifier names a Heroic of the rules.", where)
    if "turns" in m:
        _int(m["turns"], 1, 9, "A modifier's Turns left", where)
    if "amount" in m:
        _int(m["amount"], -9, 9, "A modifier's amount", where)
    if "set" in m:
        _int(m["set"], 0, 9, "A modifier's set value", where)
    if "keyword" in m and (m["keyword"] not in SP.GAINED_KEYWORDS or CH.kind(m["who"]) != "hero"
                           or m["lasts"] != "turn"):
        raise _bad("A keyword modifier gives a Hero a Keyword it may gain, for this Turn.", where)
    if "status" in m and m["status"] not in C.STATUSES:
        raise _bad("A modifier's status is a status of the rules.", where)
    if "word" in m:
        RV.check_modifier(state, m, _bad)


def _combat(state: dict, combat) -> None:
    if type(combat) is not dict or combat.keys() != COMBAT_FIELDS:
        raise _bad(f"'combat' must be an object with exactly the fields {sorted(COMBAT_FIELDS)}.", "combat")
    a = _in_play(state, combat["attacker"], "The attacker", "combat.attacker")
    d = _in_play(state, combat["defender"], "The defender", "combat.defender")
    if CH.side_of(a) == CH.side_of(d):
        raise _bad("A Combat is between Characters of the two sides.", "combat")
    if state["turn"]["phase"] != "combat" or combat["attacker"] not in state["turn"]["initiated"]:
        raise _bad("A Combat is initiated in the Combat phase, and recorded.", "combat")
    if combat["step"] not in CB.STEPS or combat["distance"] not in ("ranged", "melee"):
        raise _bad("The Combat's step and Distance are words of the rules.", "combat.step")
    if combat["at"] not in CB.COMBAT_SIDES + (None,) or (combat["step"] == "end") != (combat["at"] is None and
                                                                                  combat["step"] == "end"):
        raise _bad("Initiative in a Combat is with 'attacker', 'defender' or nobody.", "combat.at")
    _sides(combat["out"], (), "combat.out", "combat.out")
    _sides(combat["since"], CB.COMBAT_SIDES, "The sides that passed", "combat.since")
    _sides(combat["aims"], (combat["attacker"], combat["defender"]), "The Aims played", "combat.aims")
    redraw = combat["redraw"]
    if combat["step"] != "end" and redraw != [] or combat["step"] == "end" and redraw is not None and not (
            type(redraw) is list and all(type(s) is int for s in redraw) and set(redraw) <= {a["seat"], d["seat"]}
            and len(set(redraw)) == len(redraw)):
        raise _bad("Only the combatants' seats redraw, at the End of Combat.", "combat.redraw")
    if combat["step"] == "end" and combat["at"] is not None:
        raise _bad("Nobody has Initiative at the End of Combat.", "combat.at")


def _cards_in_one_place(state: dict, n: int) -> None:
    for p in range(n):
        hand, deck, discard = state["combat_hands"][p], state["combat_decks"][p], state["combat_discards"][p]
        if len(hand) > H.HAND:
            raise _bad(f"Seat {p}'s Combat hand holds at most {H.HAND} cards.", f"combat_hands.{p}")
        _refused(D.combat_deck_error(sorted(hand + deck + discard), users_of(state, p)), f"combat_decks.{p}")
    _cards(state["twists_in_play"], ("twist",), D.TWISTS_DECK, "The Twists! in play", "twists_in_play")
    twists = state["twists_deck"] + state["twists_in_play"] + state["twists_discard"]
    if len(twists) != D.TWISTS_DECK:
        raise _bad("The Twists! Deck, the Twists in play and their discard pile are the 10 picked Twists!.",
                   "twists_in_play")
    if state["outcome"] is None and not CH.heroes_in_play(state) or not CH.villains_in_play(state) and \
            state["outcome"] is None:
        raise _bad("A game with no Hero or no Villain in play is over.", "outcome")

