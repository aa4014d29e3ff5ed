"""The noir, informant and scene change decks (rulebook: DRAWING CARDS, EMPTY DECK, REPLACE, TRASH).

An empty deck is formed again from its discard; cards drawn from the noir discard become public
knowledge; killing an informant replaces it with the top of the informant deck.
"""

from core.framework.rng import Rng

from .state import make_public, writable, writable_seat


def take(state: dict, rng: Rng, pile: str, events: list) -> str | None:
    """The top card of a non-scene deck; an empty deck is formed again from its discard."""
    deck = writable(state, pile)
    if not deck["deck"]:
        if not deck["discard"]:
            return None
        deck["deck"] = rng.shuffle(deck["discard"])
        deck["discard"] = []
        if pile == "noir" and state["public"]:  # shuffled face down: where each is, nobody knows
            state["public"] = [c for c in state["public"] if c not in deck["deck"]]
        events.append({"type": "deck_reshuffled", "deck": pile})
    return deck["deck"].pop()


def draw_one(state: dict, rng: Rng, p: int, source: str, events: list) -> None:
    if source == "discard":
        card = writable(state, "noir")["discard"].pop()
        make_public(state, card)
        events.append({"type": "card_drawn", "player": p, "from": "discard", "card": card})
    else:
        card = take(state, rng, "noir", events)
        if card is None:
            events.append({"type": "deck_empty", "deck": "noir", "player": p})
            return
        events.append({"type": "card_drawn", "player": p, "from": "deck", "card": card})
    writable_seat(state, p)["hand"].append(card)


def replace_informant(state: dict, rng: Rng, p: int, events: list, killed: bool) -> None:
    seat = writable_seat(state, p)
    old = seat["informant"]
    if old is not None:
        writable(state, "informants")["discard"].append(old)
        events.append({"type": "informant_killed" if killed else "informant_replaced", "player": p, "card": old})
    seat["informant"] = take(state, rng, "informants", events)
    events.append({"type": "informant_revealed", "player": p, "card": seat["informant"]})


def to_noir_discard(state: dict, p: int, zone: str, card: str) -> None:
    """A card of seat p's hand or loot goes to the noir discard."""
    writable_seat(state, p)[zone].remove(card)
    writable(state, "noir")["discard"].append(card)
