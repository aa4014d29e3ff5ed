"""Plot Twist's Twists! in play (rulebook: Twists Deck, Turns: Start of Turn, Character Classes and
Colors, Counting Turns, Nullify).

"10 Twists! are placed in this Area, and 1 *must* be Revealed every Turn, unless the Twists! deck is
empty ... Twists! last until Nullified or a trigger is achieved ... Playing Twists is not an action,
and is done first thing in a Start of turn Phase." "If the card is a Twist! it only checks for the
presence of any Hero of that Color in play ... as if the card had 'Requires a Hero of Color X in
play' printed on."

- `reveal`: the Twist! just Revealed (conflict.start_turn moves it to `twists_in_play`) takes effect:
  with no Hero of its Color (and requirements) in play, none (ruling "A Twist! without its Hero");
  else its `on = "reveal"` effects, after the Heroes' choice when they need one (ruling "The Heroes
  choose for a Twist!");
- `settle`: a Twist! stays in play while its Time counters run or its choice waits, and is then
  discarded (`twists_discard`; ruling "Where a Twist! goes");
- `end_of_turn`: every timer gains a Time counter; "In X Turns" take place, "For X Turns" end;
- `nullify`: a Twist! Nullified loses its text: its timers stop, it is discarded.
"""

from collections import Counter

from . import card_effects as CE
from .. import cards as C
from ..characters import characters as CH
from ..setup import decks as D
from . import effects as FX
from . import events_cluster as EC
from . import time_counters as TC


def heroes_seat(state: dict) -> int | None:
    """The seat that decides for the Heroes as a group: the lowest Hero seat with a Hero in play."""
    seats = sorted(c["seat"] for c in CH.heroes_in_play(state))
    return seats[0] if seats else None


def refusal(state: dict, card: str) -> tuple[str, str] | None:
    """Why the Twist! has no effect now: no Hero in play of its Color with its requirements."""
    return D.twist_error(card, [c["card"] for c in CH.heroes_in_play(state)])


def reveal(state: dict, rng, card: str, events: list) -> None:
    refused = refusal(state, card)
    if refused:
        events.append({"type": "twist_without_effect", "card": card, "rule": refused[0]})
        settle(state, events)
        return
    EC.start_counting(state, card)
    seat = heroes_seat(state)
    CE.ask_or_resolve(state, rng, card, seat if seat is not None else 0, events)
    settle(state, events)


def _kept(state: dict) -> Counter:
    """How many copies of each Twist! must stay in play: one per copy whose timers run (each copy
    starts one timer per timed effect), and the one whose choice waits (a copy whose timers start
    once it is chosen for, so one more than those running: a second copy Revealed while the first
    runs)."""
    kept: Counter = Counter()
    per_effect = Counter((t["card"], t["effect"]) for t in state["timers"] if C.TYPE[t["card"]] == "twist")
    for (card, _effect), n in per_effect.items():
        kept[card] = max(kept[card], n)
    choice = state["choice"]
    if choice is not None and C.TYPE[choice["card"]] == "twist":
        kept[choice["card"]] += 1
    return kept


def settle(state: dict, events: list, reason: str = "done") -> None:
    """Discard the Twists! in play that nothing keeps there (oldest copies first)."""
    kept = _kept(state)
    stay, gone = [], []
    for card in reversed(state["twists_in_play"]):  # the newest copies stay
        if sum(1 for c in stay if c == card) < kept[card]:
            stay.append(card)
        else:
            gone.append(card)
    if not gone:
        return
    state["twists_in_play"] = list(reversed(stay))
    state["twists_discard"] = state["twists_discard"] + list(reversed(gone))
    for card in reversed(gone):
        if card not in state["twists_in_play"]:
            EC.stop_counting(state, card)
        events.append({"type": "twist_discarded", "card": card, "reason": reason})


def end_of_turn(state: dict, rng, events: list) -> None:
    """Every card with Time counters gains one; those complete take place or end."""
    fired, ended = TC.tick(state, events)
    for t in fired:
        effect = C.CARD[t["card"]]["effects"][t["effect"]]
        CE.resolve(state, rng, t["card"], effect["on"], t["choice"], events, start=t["effect"], resumed=True)
    for t in ended:
        end(state, t, events)
    settle(state, events)


def end(state: dict, timer: dict, events: list) -> None:
    """A "For X Turns" (or "this Turn") effect ends: a status it gave goes; modifiers end by themselves."""
    effect = C.CARD[timer["card"]]["effects"][timer["effect"]]
    if effect["do"] != "status":
        return
    targets = [timer["choice"].get("target")] if effect.get("target") in CE.CHOSEN else CE.group(
        state, effect.get("target", "self"))
    for who in targets:
        if who and CH.record(state, who) is not None:
            FX.end_status(state, who, effect["status"], events)


def nullify(state: dict, card: str, events: list, by: str) -> None:
    """The Twist! is Nullified: its text is blank, so its timers stop and it is discarded."""
    TC.remove(state, card)
    events.append({"type": "card_nullified", "card": card, "by": by})
    settle(state, events, reason="nullified")
