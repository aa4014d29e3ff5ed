"""Is a state from outside a consistent position of Showbiz Shuffle? InvalidState if not.

Every Bod of the game's deck and every Biz card exactly once; hands, the Cattle Call and
the turn's plays within what the rules allow; every movie one that could have been made
(started by a Star or Director of its genre, no more of a type than it needs, not yet
complete, its Biz cards on targets they may go on); the end game and the outcome as the
position says.
"""

from functools import lru_cache

from core.framework.budget import is_int
from core.framework.engine import same
from core.framework.errors import InvalidState
from core.framework.game import FRAMEWORK_FIELDS

from .cards import BIZ_GENRES, BIZ_IDS, GENRES, NEEDS, GENRES_OF, STARTERS, TARGET, TYPE, TYPES, bod_deck
from .movies import needs_of
from .scoring import expected_outcome

# A completed movie's points, either way: the whole catalog's numbers add up to 858, so no movie
# of the rules comes near; the bound keeps a client's score within what every client reads exactly.
POINTS_LIMIT = 10_000
IDLE_LIMIT = 2**53 - 1  # `idle_turns` stops counting there (JSON-safe)

STATE_FIELDS = frozenset(FRAMEWORK_FIELDS + (
    "bod_deck", "bod_discard", "cattle_call", "biz_deck", "biz_discard", "seats", "turn", "played", "final_turns",
    "idle_turns"))
SEAT_FIELDS = frozenset(("hand", "biz", "movies", "completed"))
MOVIE_FIELDS = frozenset(("genre", "needs", "cast", "biz"))
ENTRY_FIELDS = frozenset(("bod", "upside_down", "biz"))
PLAYED_FIELDS = frozenset(("cattle_call", "hand", "biz", "shake_up"))
_COMPLETED_FIELDS = frozenset(("genre", "points"))
_BIZ_SET = frozenset(BIZ_IDS)


def _bad(message: str, field: str | None = None) -> InvalidState:
    return InvalidState(message, {field: ["invalid"]} if field else None)


def _int(x, lo: int, hi: int) -> bool:
    return is_int(x, lo, hi)


def _are(x, allowed: frozenset) -> bool:
    """Is `x` a list of card ids from `allowed` (a set of strings)?"""
    try:
        return type(x) is list and allowed.issuperset(x)
    except TypeError:  # an unhashable item
        return False


def _ids(x, allowed: frozenset, field: str) -> list:
    if not _are(x, allowed):
        raise _bad(f"The field '{field}' must be a list of ids of cards that can lie there.", field)
    return x


@lru_cache(maxsize=None)
def _deck(players: int) -> frozenset:
    return frozenset(bod_deck(players))


def check(state: dict) -> None:
    if state.keys() != STATE_FIELDS:
        extra, missing = set(state) - STATE_FIELDS, STATE_FIELDS - set(state)
        name = sorted(extra or missing)[0]
        raise _bad(f"The state {'has an unknown field' if extra else 'lacks the field'} '{name}'.", name)
    n = state["players"]
    deck = _deck(n)
    bods = list(_ids(state["bod_deck"], deck, "bod_deck"))
    bods += _ids(state["bod_discard"], deck, "bod_discard")
    bods += _ids(state["cattle_call"], deck, "cattle_call")
    biz = list(_ids(state["biz_deck"], _BIZ_SET, "biz_deck"))
    biz += _ids(state["biz_discard"], _BIZ_SET, "biz_discard")
    seats = state["seats"]
    if type(seats) is not list or len(seats) != n or not all(type(s) is dict for s in seats):
        raise _bad(f"The field 'seats' must list one object per player ({n}).", "seats")
    for i, seat in enumerate(seats):
        if seat.keys() != SEAT_FIELDS:
            raise _bad(f"Seat {i} must have exactly the fields {sorted(SEAT_FIELDS)}.", f"seats.{i}")
        if not _are(seat["hand"], deck) or not _are(seat["biz"], _BIZ_SET):
            raise _bad(f"Seat {i}'s hand and Biz cards must be lists of ids of cards that can lie there.",
                       f"seats.{i}")
        bods += seat["hand"]
        biz += seat["biz"]
        movies = seat["movies"]
        if type(movies) is not list or len(movies) != 2:
            raise _bad(f"Seat {i} must have two movie slots (null when free).", f"seats.{i}.movies")
        for slot, movie in enumerate(movies):
            if movie is not None:
                _check_movie(movie, deck, i, slot)
                for e in movie["cast"]:
                    bods.append(e["bod"])
                    biz += e["biz"]
                biz += movie["biz"]
        completed = seat["completed"]
        if type(completed) is not list or not all(
                type(m) is dict and m.keys() == _COMPLETED_FIELDS and m["genre"] in GENRES
                and _int(m["points"], -POINTS_LIMIT, POINTS_LIMIT)
                for m in completed):
            raise _bad(f"Seat {i}'s completed movies must be a list of {{genre, points}}.", f"seats.{i}.completed")
    if len(bods) != len(deck) or deck.symmetric_difference(bods):
        raise _bad(f"The Bod cards are not the {len(deck)}-card deck of a {n}-player game: "
                   f"a card is missing, doubled or foreign.")
    if len(biz) != len(_BIZ_SET) or _BIZ_SET.symmetric_difference(biz):
        raise _bad("The Biz cards are not the whole Biz deck: a card is missing, doubled or foreign.")
    _check_turn(state)
    _check_outcome(state)


def _check_movie(movie, deck: frozenset, seat: int, slot: int) -> None:
    def bad(message: str, part: str = "") -> InvalidState:
        return _bad(message, f"seats.{seat}.movies.{slot}{part}")

    if type(movie) is not dict or movie.keys() != MOVIE_FIELDS:
        raise bad(f"A movie has exactly the fields {sorted(MOVIE_FIELDS)}.")
    genre, cast, biz = movie["genre"], movie["cast"], movie["biz"]
    if genre not in GENRES:
        raise bad(f"A movie's genre is one of {list(GENRES)}.", ".genre")
    if not _are(biz, _BIZ_SET) or any(TARGET[c] != "movie" or genre not in BIZ_GENRES[c] for c in biz):
        raise bad("A movie holds only Biz cards played on movies, of genres they may be used with.", ".biz")
    if type(cast) is not list or not cast:
        raise bad("A movie's cast is a non-empty list of {bod, upside_down, biz}.", ".cast")
    counts = dict.fromkeys(TYPES, 0)
    for e in cast:
        if type(e) is not dict or e.keys() != ENTRY_FIELDS:
            raise bad("A movie's cast is a non-empty list of {bod, upside_down, biz}.", ".cast")
        bod, on = e["bod"], e["biz"]
        if type(bod) is not str or bod not in deck:
            raise bad("A movie's cast holds Bods of this game's deck.", ".cast")
        if e["upside_down"] is not (genre not in GENRES_OF[bod]):
            raise bad("A Bod is upside down exactly when it is out of the movie's genre.", ".cast")
        if on and (not _are(on, _BIZ_SET) or any(TARGET[c] != "bod" or genre not in BIZ_GENRES[c] for c in on)):
            raise bad("A Bod holds only Biz cards played on Bods, of genres they may be used with.", ".cast")
        counts[TYPE[bod]] += 1
    first = cast[0]["bod"]
    if TYPE[first] not in STARTERS or genre not in GENRES_OF[first]:
        raise bad("A movie is started by a Star or a Director with a colour of its genre.")
    needs = movie["needs"]
    if not same(needs, needs_of(biz) if biz else NEEDS):
        raise bad("A movie's needs are 1 Director, 2 Stars and 2 Supports as changed by its Biz cards.", ".needs")
    if any(counts[t] > needs[t] for t in TYPES):
        raise bad("A movie has more Bods of a type than it needs.", ".cast")
    if counts == needs:
        raise bad("A complete movie is scored at once; it cannot still be in production.")


def _check_turn(state: dict) -> None:

    n, seats = state["players"], state["seats"]
    if not _int(state["turn"], 0, n - 1):
        raise _bad("The field 'turn' must be a seat number.", "turn")
    played = state["played"]
    if (type(played) is not dict or set(played) != PLAYED_FIELDS or not _int(played["cattle_call"], 0, 1)
            or not _int(played["hand"], 0, 2) or not _int(played["biz"], 0, 1) or type(played["shake_up"]) is not bool):
        raise _bad("The field 'played' counts this turn's plays: cattle_call 0-1, hand 0-2, biz 0-1, shake_up.",
                   "played")
    if played["shake_up"] and (played["cattle_call"] or played["hand"] or played["biz"]):
        raise _bad("A Studio Shake-up takes the whole turn: no cards are played with it.", "played")
    final = state["final_turns"]
    over = state["outcome"] is not None
    stalled = over and type(state["outcome"]) is dict and state["outcome"].get("reason") == "stalled"
    stall = state["options"]["stall_rounds"] * n  # 0: no stall end (the default)
    if stall:
        if not _int(state["idle_turns"], 0, stall - (0 if stalled else 1)) or (
                stalled != (state["idle_turns"] == stall)):
            raise _bad(f"The field 'idle_turns' counts the turns in a row without a Bod played; {stall} "
                       f"end the game (option stall_rounds).", "idle_turns")
    elif stalled or not _int(state["idle_turns"], 0, IDLE_LIMIT):
        raise _bad("The field 'idle_turns' counts the turns in a row without a Bod played; without the option "
                   "stall_rounds no number of them ends the game.", "idle_turns")
    if final is None:
        if not state["bod_deck"] or (over and not stalled):
            raise _bad("The end game starts when the last Bod is drawn, and the game ends with it.", "final_turns")
        # outside the end game the Cattle Call and the hands are refilled to five each turn
        if len(state["cattle_call"]) != 5 - played["cattle_call"] and not stalled:
            raise _bad("The Cattle Call holds five Bods, less the one taken this turn.", "cattle_call")
        if len(seats[state["turn"]]["hand"]) + played["hand"] != 5 and not stalled:
            raise _bad("The player's hand holds five Bods, less those played this turn.", "seats")
        for i, seat in enumerate(seats):
            if not 3 <= len(seat["hand"]) <= 5:
                raise _bad("Outside the end game a hand holds three to five Bods.", f"seats.{i}.hand")
    else:
        if state["bod_deck"] or not _int(final, 0 if over else 1, n) or (over and final != 0 and not stalled) or (
                not over and final == 0):
            raise _bad("In the end game the Bod deck is empty and 'final_turns' counts the turns left.",
                       "final_turns")
        if played["shake_up"]:
            raise _bad("There is no Studio Shake-up in the end game.", "played")
        if len(state["cattle_call"]) > 5 or any(len(s["hand"]) > 5 for s in seats):
            raise _bad("The Cattle Call and the hands hold at most five Bods.", "cattle_call")


def _check_outcome(state: dict) -> None:

    outcome = state["outcome"]
    if outcome is None:
        return
    reason = outcome.get("reason") if type(outcome) is dict else None
    if reason not in ("end_game", "stalled") or not same(outcome, expected_outcome(state, reason)):
        raise _bad("The outcome does not match the position.", "outcome")
