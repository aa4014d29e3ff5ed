"""Build Showbiz Shuffle positions by hand for the rules tests.

Start from a real `core.new_game(...).state` (deep-copied) and move cards between zones:
never create or destroy one, so every card stays exactly once and `core.check_state`
accepts the position. Then play it with `core.apply`, like any client would.

    >>> s = new_state(2)
    >>> set_hand(s, 0, ["S10", "D07", "A10", "A21", "S13"])
    >>> step = core.apply(ready(s), start(0, "S10", "hand", "action"))
    >>> step.state["seats"][0]["movies"][0]["cast"]
    [{'bod': 'S10', 'upside_down': False, 'biz': []}]
"""

import copy

import core
from step_helpers import all_options as options, of_type, play  # noqa: F401  (re-exported)
from core.games.showbiz_shuffle.cards import GENRES_OF
from core.games.showbiz_shuffle.movies import needs_of

GAME = "showbiz-shuffle"


def new_state(players: int = 2, seed: int = 0) -> dict:
    """A fresh state we may edit in place (the engine's states share structure)."""
    return copy.deepcopy(core.new_game(GAME, players, seed=seed).state)


def ready(state: dict) -> dict:
    """The position must be one the engine accepts."""
    core.check_state(state)
    return state


# --- moving cards -------------------------------------------------------------------------------
def take(state: dict, card: str, keep: tuple = ()) -> str:
    """Remove `card` from the decks, discards, Cattle Call, hands or held Biz cards. A Bod taken
    from a hand or the Cattle Call is replaced there by one from the bottom of the Bod deck (not
    one of `keep`), so hands and the Cattle Call keep their size."""
    if card.startswith("B"):
        for zone in (state["biz_deck"], state["biz_discard"], *(seat["biz"] for seat in state["seats"])):
            if card in zone:
                zone.remove(card)
                return card
    else:
        for zone in (state["bod_deck"], state["bod_discard"]):
            if card in zone:
                zone.remove(card)
                return card
        for zone in (state["cattle_call"], *(seat["hand"] for seat in state["seats"])):
            if card in zone:
                spare = next(c for c in reversed(state["bod_deck"]) if c not in keep and c != card)
                state["bod_deck"].remove(spare)
                zone[zone.index(card)] = spare
                return card
    raise AssertionError(f"{card} is in no loose zone (is it in a movie, or not in this game's deck?)")


def set_hand(state: dict, p: int, cards: list[str]) -> None:
    """Seat p's hand is exactly `cards`; its old cards go to the bottom of the Bod deck."""
    old = state["seats"][p]["hand"]
    state["seats"][p]["hand"] = []
    state["bod_deck"].extend(old)
    for c in cards:
        take(state, c, keep=tuple(cards))
    state["seats"][p]["hand"] = list(cards)


def set_cattle_call(state: dict, cards: list[str]) -> None:
    old = state["cattle_call"]
    state["cattle_call"] = []
    state["bod_deck"].extend(old)
    for c in cards:
        take(state, c, keep=tuple(cards))
    state["cattle_call"] = list(cards)


def set_biz(state: dict, p: int, cards: list[str]) -> None:
    """Seat p holds exactly these Biz cards; its old ones go to the bottom of the Biz deck."""
    old = state["seats"][p]["biz"]
    state["seats"][p]["biz"] = []
    for c in cards:
        if c not in old:
            take(state, c)
    state["biz_deck"].extend(c for c in old if c not in cards)
    state["seats"][p]["biz"] = list(cards)


def stack(state: dict, cards: list[str]) -> None:
    """Put these Bods on top of the Bod deck, cards[0] to be drawn first."""
    for c in cards:
        take(state, c, keep=tuple(cards))
    state["bod_deck"][:0] = list(cards)


def stack_biz(state: dict, cards: list[str]) -> None:
    for c in cards:
        take(state, c)
    state["biz_deck"][:0] = list(cards)


def leave_in_deck(state: dict, k: int) -> None:
    """Only the top k Bods stay in the deck; the rest go to the Bod discard (played earlier)."""
    state["bod_discard"].extend(state["bod_deck"][k:])
    del state["bod_deck"][k:]


def put_movie(state: dict, p: int, slot: int, genre: str, cast: list[str], biz: tuple = (),
              on: dict | None = None) -> dict:
    """A movie in production at seat p's slot: `cast` in order (the first started it), `biz`
    played on the movie, `on` {bod: [biz]} played on its Bods. Cards come from the loose zones
    (a hand or the Cattle Call gets a replacement from the bottom of the deck)."""
    on = on or {}
    for c in cast + list(biz) + [b for cards in on.values() for b in cards]:
        take(state, c, keep=tuple(cast))
    movie = {
        "genre": genre,
        "needs": needs_of(list(biz)),
        "cast": [{"bod": b, "upside_down": genre not in GENRES_OF[b], "biz": list(on.get(b, []))} for b in cast],
        "biz": list(biz),
    }
    state["seats"][p]["movies"][slot] = movie
    return movie


def short_hand(state: dict, p: int, n: int) -> None:
    """Seat p holds only its first n Bods: the others were played earlier (to the Bod discard)."""
    hand = state["seats"][p]["hand"]
    state["bod_discard"].extend(hand[n:])
    del hand[n:]


def step_of(state: dict) -> core.Step:
    """The Step of a built position (checked), to read its options."""
    return core.Step(ready(state), core.decisions(state), [], None)


# --- moves and steps ----------------------------------------------------------------------------
def start(p: int, bod: str, source: str, genre: str) -> dict:
    return {"player": p, "kind": "start_movie", "bod": bod, "from": source, "genre": genre}


def cast(p: int, bod: str, source: str, movie: int) -> dict:
    return {"player": p, "kind": "cast", "bod": bod, "from": source, "movie": movie}


def biz(p: int, card: str, seat: int, movie: int, bod: str | None = None) -> dict:
    return {"player": p, "kind": "play_biz", "card": card, "seat": seat, "movie": movie, "bod": bod}


def shake_up(p: int) -> dict:
    return {"player": p, "kind": "shake_up"}


def end_turn(p: int) -> dict:
    return {"player": p, "kind": "end_turn"}


def refused(state: dict, move: dict) -> core.IllegalMove:
    """The IllegalMove that `move` gets (fails if it is accepted or refused otherwise)."""
    try:
        core.apply(state, move)
    except core.IllegalMove as error:
        return error
    raise AssertionError(f"{move} was accepted")
