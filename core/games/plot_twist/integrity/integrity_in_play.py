"""The state check of the cards in play's bookkeeping (in_play.py): `timers`, `choice`, `counting`,
`nullify_tries`, and what they imply of the Twists! in play, the Events Cluster and the Objective.

- during Setup all four are empty;
- a timer belongs to a Twist! in play or a standing Event, names one of its effects that counts Turns
  as that effect prints it, with fewer Time counters than its number;
- the Twists! in play are exactly those their timers (or the choice waiting) keep there;
- a choice waits for a Twist! in play (the Heroes' seat) or the face-up Objective (the GM), and has
  options; counting figures exist exactly for the standing cards with a counting Nullify, never above
  the tally; a Nullify Roll tried names a Hero and a card with a Nullify;
- a running game has no fulfilled Threat and no met Nullify left standing (the win Watch acts at once).
"""

from collections import Counter

from ..effects import card_effects as CE
from .. import cards as C
from ..effects import conditions as CO
from ..effects import events_cluster as EC
from ..effects import objectives as OB
from ..effects import tally
from ..effects import time_counters as TC
from ..effects import twists as TW
from .integrity import _bad, _int
from ..state import GM

MAX_TIMERS = 60
FIGURES = frozenset(tally.KINDS + ("spent",))


def check(state: dict) -> None:
    timers, choice, counting, tries = (state[f] for f in ("timers", "choice", "counting", "nullify_tries"))
    if state["setup"]["step"] != "done":
        if timers != [] or choice is not None or counting != {} or tries != []:
            raise _bad("No card is in play before the first Turn: no timer, choice, count or Nullify Roll.", "timers")
        return
    check_timers(state)
    if choice is not None:
        _choice(state, choice)
    if Counter(state["twists_in_play"]) != TW._kept(state):
        raise _bad("A Twist! stays in play exactly while its Time counters run or its choice waits.",
                   "twists_in_play")
    _counting(state, counting)
    _tries(state, tries)
    if state["outcome"] is None and choice is None:
        if OB.threat_fulfilled(state):
            raise _bad("A game whose Objective's Threat is fulfilled is over.", "objective")
        for card, since in counting.items():
            condition = C.CARD[card]["nullify"]
            if condition["when"] != "spend" and CO.met(state, condition, since):
                raise _bad(f"{C.display_name(card)}'s Nullify is met, so it is Nullified.", "counting")


def check_timers(state: dict) -> None:
    """The timers alone (the Turn's check reads the keywords they give)."""
    timers = state["timers"]
    if type(timers) is not list or len(timers) > MAX_TIMERS:
        raise _bad(f"'timers' is a list of at most {MAX_TIMERS} timers.", "timers")
    for i, t in enumerate(timers):
        _timer(state, t, f"timers.{i}")


def _timer(state: dict, t, where: str) -> None:
    if type(t) is not dict or t.keys() != TC.TIMER_FIELDS:
        raise _bad(f"A timer has exactly the fields {sorted(TC.TIMER_FIELDS)}.", where)
    card = t["card"]
    if card not in state["twists_in_play"] and card not in EC.standing(state):
        raise _bad("A timer belongs to a Twist! in play or a standing Event.", f"{where}.card")
    effects = C.CARD[card]["effects"]
    i = _int(t["effect"], 0, len(effects) - 1, "A timer's effect", f"{where}.effect")
    if type(t["of"]) is not int or TC.timing(effects[i]) != (t["mode"], t["of"]):
        raise _bad("A timer counts as its effect prints it ('In X Turns', 'For X Turns', 'this Turn').", where)
    _int(t["counters"], 0, t["of"] - 1, "A timer's Time counters", f"{where}.counters")
    _choice_fields(t["choice"], f"{where}.choice")


def _choice_fields(x, where: str) -> None:
    if type(x) is not dict or not set(x) <= {"target", "resistance"}:
        raise _bad("A card's choice has a target and a resistance at most.", where)
    if "target" in x and (type(x["target"]) is not str or x["target"] not in C.CARD):
        raise _bad("A chosen target is a card of the catalog.", where)
    if "resistance" in x and x["resistance"] not in C.RESISTANCES:
        raise _bad("A chosen resistance is physical, mental or social.", where)


def _choice(state: dict, choice) -> None:
    if type(choice) is not dict or choice.keys() != {"seat", "card"}:
        raise _bad("'choice' is null or {seat, card}.", "choice")
    card = choice["card"]
    objective = state["objective"]
    if card in state["twists_in_play"]:
        seat = TW.heroes_seat(state)
    elif card == objective["card"] and objective["revealed"]:
        seat = GM
    else:
        raise _bad("A choice waits for a Twist! in play or the face-up Objective.", "choice.card")
    # (a game that ended while the choice waited keeps it as it was: nothing settles it any more)
    if type(choice["seat"]) is not int or choice["seat"] != seat or (state["outcome"] is None and len(CE.choices(state, card)) < 2):
        raise _bad("The choice is the Heroes' (a Twist!) or the GM's (the Objective), among several answers.",
                   "choice.seat")


def _counting(state: dict, counting) -> None:
    standing = EC.standing(state) + [c for c in dict.fromkeys(state["twists_in_play"])]
    expected = {c for c in standing if EC.counts_from_reveal(c)}
    if type(counting) is not dict or set(counting) != expected:
        raise _bad("'counting' holds the figures of each standing card with a counting Nullify.", "counting")
    for card, since in counting.items():
        if type(since) is not dict or since.keys() != FIGURES:
            raise _bad(f"The figures of {card} are {sorted(FIGURES)}.", f"counting.{card}")
        for kind in tally.KINDS:
            _int(since[kind], 0, state["tally"][kind], f"counting.{card}.{kind} (at most the tally)",
                 f"counting.{card}.{kind}")
        condition = C.CARD[card]["nullify"]
        most = condition["amount"] - 1 if condition["when"] == "spend" else 0
        _int(since["spent"], 0, most, f"counting.{card}.spent", f"counting.{card}.spent")


def _tries(state: dict, tries) -> None:
    if type(tries) is not list or len(tries) > 5 * (len(state["characters"]) + 10):
        raise _bad("'nullify_tries' lists [character, card] pairs.", "nullify_tries")
    seen = set()
    for pair in tries:
        if (type(pair) is not list or len(pair) != 2 or not all(type(x) is str for x in pair)
                or tuple(pair) in seen):
            raise _bad("Each Nullify Roll tried this Turn is a different [character, card].", "nullify_tries")
        seen.add(tuple(pair))
        who, card = pair
        if who not in {c["card"] for c in state["characters"] if C.TYPE[c["card"]] == "hero"}:
            raise _bad("A Nullify Roll is made by a Hero in play.", "nullify_tries")
        if card not in C.CARD or C.CARD[card].get("nullify", {}).get("when") != "roll":
            raise _bad("A Nullify Roll is made on a card Nullified by a Roll.", "nullify_tries")
