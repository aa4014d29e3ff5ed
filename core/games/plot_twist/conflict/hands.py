"""Plot Twist's Combat hands (rulebook: Combat deck; End of Combat Step).

"At the Start of Turn on the 1st Turn, they draw 3 cards from their Combat Deck. Before the first
Combat of the Game, Players and GM have a chance to Mulligan any cards they do not wish to keep in
hand, by discarding those cards and redrawing to 3, once per Game. At the End of Combat Step you may
discard any cards you do not want to keep, and redraw to 3."

A discard is named by its cards, sorted (copies allowed): `{"player": 1, "kind": "redraw",
"cards": ["combat/charge", "combat/charge"]}`; `"cards": []` keeps the hand. A Combat Deck is
never reshuffled (ruling "An empty Combat Deck"): a seat with no card left draws nothing.

    >>> discard_choices(["combat/b", "combat/a", "combat/a"])
    [[], ['combat/a'], ['combat/a', 'combat/a'], ['combat/a', 'combat/a', 'combat/b'], ['combat/a', 'combat/b'], ['combat/b']]
"""

from itertools import combinations

HAND = 3  # "draw 3 cards", "redraw to 3"


def discard_choices(hand: list[str]) -> list[list[str]]:
    """Every different set of cards of the hand that may be discarded, [] (keep all) first."""
    found = {tuple(sorted(pick)) for k in range(len(hand) + 1) for pick in combinations(hand, k)}
    return [list(t) for t in sorted(found)]


def discard_error(hand: list[str], cards) -> tuple[str, str] | None:
    if type(cards) is not list or not all(type(c) is str for c in cards):
        return "not_in_hand", "A discard is a list of Combat card ids from your hand."
    rest = list(hand)
    for card in cards:
        if card not in rest:
            return "not_in_hand", f"{card!r} is not in your Combat hand (as many times as named)."
        rest.remove(card)
    if cards != sorted(cards):
        return "not_in_hand", "Name the discarded cards in sorted order."
    return None


def discard(state: dict, seat: int, cards: list[str], events: list) -> None:
    """Discard `cards` from the seat's hand (face up)."""
    if not cards:
        return
    hand = list(state["combat_hands"][seat])
    for card in cards:
        hand.remove(card)
    _set(state, "combat_hands", seat, hand)
    _set(state, "combat_discards", seat, state["combat_discards"][seat] + list(cards))
    events.append({"type": "combat_cards_discarded", "player": seat, "cards": list(cards)})


def draw_to(state: dict, seat: int, size: int, events: list) -> None:
    """Draw from the top of the seat's Combat Deck until its hand holds `size` cards or the deck is empty."""
    hand, deck = state["combat_hands"][seat], state["combat_decks"][seat]
    n = max(0, min(size - len(hand), len(deck)))
    if n == 0:
        return
    _set(state, "combat_hands", seat, hand + deck[:n])
    _set(state, "combat_decks", seat, deck[n:])
    events.append({"type": "combat_cards_drawn", "player": seat, "cards": deck[:n]})


def play_from_hand(state: dict, seat: int, card: str) -> None:
    """A Combat card played goes to its owner's discard pile."""
    hand = list(state["combat_hands"][seat])
    hand.remove(card)
    _set(state, "combat_hands", seat, hand)
    _set(state, "combat_discards", seat, state["combat_discards"][seat] + [card])


def may_change(state: dict, seat: int) -> bool:
    """Whether discarding and redrawing can change anything for the seat (else no decision)."""
    return bool(state["combat_hands"][seat]) and bool(state["combat_decks"][seat])


def _set(state: dict, field: str, seat: int, cards: list) -> None:
    piles = list(state[field])
    piles[seat] = cards
    state[field] = piles
