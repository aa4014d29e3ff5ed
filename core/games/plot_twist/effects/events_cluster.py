"""Plot Twist's Events Cluster and Nullify, as records (rulebook: Events Cluster, Nullify, Uniqueness
Rule, Character Classes and Colors). No effect is resolved here (card_effects.py does that).

"Only X events can be Revealed In a game where X is equal to the number of Heroes in play. There can
only be one copy of each Event in the Event Cluster. Events can only be played During combat and are
not actions." "When a Card is Nullified, it remains in play but its cardtext is considered blank."

- `reveal_refusal(state, card)`: why the GM may not Reveal this Event now, or None (the limit, the
  Color: ruling "A colored Event needs a GM Character of its Color in play");
- `mark_revealed`, `mark_nullified`: the Event face up, or its text blank; a card with a counting
  Nullify (conditions.COUNTED) keeps the figures of its Reveal in `state["counting"][card]`;
- `standing(state)`: the Events Revealed and not Nullified, in the Cluster's order.
"""

from .. import cards as C
from ..characters import characters as CH
from . import conditions as CO
from ..setup import decks as D

RULE_CODES = ("not_in_events_cluster", "event_already_revealed", "too_many_events_revealed",
              "no_gm_character_for_event")


def entry(state: dict, card) -> dict | None:
    return next((e for e in state["events_cluster"] if e["card"] == card), None)


def standing(state: dict) -> list[str]:
    return [e["card"] for e in state["events_cluster"] if e["revealed"] and not e["nullified"]]


def gm_users(state: dict) -> tuple[str, ...]:
    """The GM's Characters in play that could use his cards now: Villains, then Mooks with Quantity."""
    return tuple(c["card"] for t in ("villain", "mook") for c in CH.active(state, "gm") if CH.kind(c["card"]) == t)


def reveal_refusal(state: dict, card) -> tuple[str, str] | None:
    e = entry(state, card) if isinstance(card, str) else None
    if e is None:
        return "not_in_events_cluster", f"{card!r} is not an Event of your Events Cluster."
    if e["revealed"]:
        return "event_already_revealed", f"{C.display_name(card)} is already Revealed."
    heroes = CO.heroes_in_play(state)
    if CO.revealed_events(state) >= heroes:
        return "too_many_events_revealed", (f"Only X Events can be Revealed, X the number of Heroes in play "
                                            f"({heroes}), and {CO.revealed_events(state)} are.")
    users = gm_users(state)
    if not users:
        return "no_gm_character_for_event", "The GM has no Character in play to use an Event."
    return D.usable_error(card, users)


def _set(state: dict, card: str, **changes) -> None:
    state["events_cluster"] = [{**e, **changes} if e["card"] == card else e for e in state["events_cluster"]]


def counts_from_reveal(card: str) -> bool:
    nullify = C.CARD[card].get("nullify")
    return nullify is not None and nullify["when"] in CO.COUNTED


def start_counting(state: dict, card: str) -> None:
    if counts_from_reveal(card):
        state["counting"] = {**state["counting"], card: CO.figures(state)}


def stop_counting(state: dict, card: str) -> None:
    if card in state["counting"]:
        state["counting"] = {k: v for k, v in state["counting"].items() if k != card}


def mark_revealed(state: dict, card: str, events: list, by: str) -> None:
    _set(state, card, revealed=True)
    start_counting(state, card)
    events.append({"type": "event_revealed", "card": card, "by": by})


def mark_nullified(state: dict, card: str, events: list, by: str) -> None:
    _set(state, card, nullified=True)
    stop_counting(state, card)
    events.append({"type": "card_nullified", "card": card, "by": by})
