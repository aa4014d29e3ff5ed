"""Why a move is refused: the rule it breaks, by a stable code, and a sentence.

The engine calls this only for a move that is none of the listed options of the seat whose
turn it is (`Game.refuse`); legality itself has one source, the options. The codes (the
`rule` of the 409 `illegal_move` answer):

| rule | the move |
|---|---|
| `shake_up_takes_whole_turn` | any card, or a second shake-up, after a Studio Shake-up this turn |
| `shake_up_or_play_not_both` | a Studio Shake-up after cards were played this turn |
| `no_shake_up_in_end_game` | a Studio Shake-up once the last Bod was drawn |
| `two_hand_bods_per_turn` | a third Bod from the hand |
| `one_cattle_call_bod_per_turn` | a second Bod from the Cattle Call |
| `one_biz_card_per_turn` | a second Biz card |
| `bod_not_in_hand`, `bod_not_in_cattle_call`, `biz_card_not_held` | a card that is not there |
| `movie_starts_with_star_or_director` | a movie started with a Supporting actor |
| `genre_must_match_starting_bod` | a genre the starting Bod has no colour for |
| `two_movies_at_most` | a third movie |
| `no_such_movie`, `bod_not_in_that_movie` | a target that is not in production |
| `cattle_call_must_match_genre` | a Cattle Call Bod out of the movie's genre |
| `movie_has_enough_of_that_type` | a Bod of a type the movie no longer needs |
| `bod_requires_another_type`, `bods_feud` | a Bod's own restriction (its text) |
| `biz_card_targets_a_bod`, `biz_card_targets_a_movie` | a Biz card on the wrong kind of target |
| `biz_card_genre_restriction` | a Biz card on a movie of a genre it cannot be used with |
| `needs_below_cast` | a Biz card that would make a movie need fewer than it already has |

Anything else (an unknown kind, a malformed field) gets the engine's generic refusal.
"""

from core.framework.errors import IllegalMove

from .cards import BOD, BIZ, REQUIRES, STARTERS, TYPE, GENRES_OF
from .movies import biz_refusal, cast_refusal, start_refusal

_PLAYS = ("cast", "start_movie", "play_biz", "shake_up")
_ARTICLE = {"director": "a Director", "star": "a Star", "support": "a Supporting actor"}
_PLURAL = {"director": "Directors", "star": "Stars", "support": "Supporting actors"}


def refuse(state: dict, move: dict) -> None:
    """Raise IllegalMove naming the rule `move` breaks, if this module knows it."""
    why = explain(state, move)
    if why is not None:
        rule, sentence = why
        raise IllegalMove(sentence, rule=rule)


def explain(state: dict, move: dict) -> tuple[str, str] | None:
    """(rule, sentence) for a refused move of the player whose turn it is; None if unknown."""
    p, kind = move["player"], move.get("kind")
    played = state["played"]
    if played["shake_up"] and kind in _PLAYS:
        return ("shake_up_takes_whole_turn",
                f"Seat {p} made a Studio Shake-up this turn: it takes the whole turn, and no cards may be "
                f"played until the next one. End the turn.")
    if kind == "shake_up":
        if state["final_turns"] is not None:
            return ("no_shake_up_in_end_game",
                    "The last Bod has been drawn: there is no deck left to shuffle a hand into, so no Studio "
                    "Shake-up in the end game.")
        if any(played.values()):
            return ("shake_up_or_play_not_both",
                    "A Studio Shake-up replaces playing cards: it is not allowed once cards were played this turn.")
        return None
    if kind in ("cast", "start_movie"):
        return _explain_bod(state, move, kind)
    if kind == "play_biz":
        return _explain_biz(state, move)
    return None


def _explain_bod(state: dict, move: dict, kind: str):
    p, bod, source = move["player"], move.get("bod"), move.get("from")
    seat, played = state["seats"][p], state["played"]
    if source == "hand":
        if played["hand"] >= 2:
            return ("two_hand_bods_per_turn", "Only two Bods from your hand may be played each turn.")
        if bod not in seat["hand"]:
            return ("bod_not_in_hand", f"{_name(bod)} is not in seat {p}'s hand.")
    elif source == "cattle_call":
        if played["cattle_call"] >= 1:
            return ("one_cattle_call_bod_per_turn", "Only one Bod from the Cattle Call may be played each turn.")
        if bod not in state["cattle_call"]:
            return ("bod_not_in_cattle_call", f"{_name(bod)} is not in the Cattle Call.")
    else:
        return None
    if kind == "start_movie":
        genre = move.get("genre")
        if TYPE[bod] not in STARTERS:
            return ("movie_starts_with_star_or_director",
                    f"A movie can only be started with a Star or a Director; {_name(bod)} is a Supporting actor.")
        if None not in seat["movies"]:
            return ("two_movies_at_most", "A studio may have at most two movies in production at a time.")
        rule = start_refusal(bod, genre)
        return None if rule is None else (rule, _sentence(rule, bod, genre=genre))
    slot = move.get("movie")
    if type(slot) is not int or not 0 <= slot < len(seat["movies"]) or seat["movies"][slot] is None:
        return ("no_such_movie", f"Seat {p} has no movie in production in slot {slot!r}.")
    movie = seat["movies"][slot]
    rule = cast_refusal(movie, bod, source)
    return None if rule is None else (rule, _sentence(rule, bod, movie=movie))


def _explain_biz(state: dict, move: dict):
    p, card = move["player"], move.get("card")
    seat = state["seats"][p]
    if state["played"]["biz"] >= 1:
        return ("one_biz_card_per_turn", "Only one Biz card may be played each turn.")
    if card not in seat["biz"]:
        return ("biz_card_not_held", f"Seat {p} holds no Biz card {card!r}.")
    owner, slot, bod = move.get("seat"), move.get("movie"), move.get("bod")
    seats = state["seats"]
    if (type(owner) is not int or not 0 <= owner < len(seats) or type(slot) is not int
            or not 0 <= slot < len(seats[owner]["movies"]) or seats[owner]["movies"][slot] is None):
        return ("no_such_movie", f"There is no movie in production at seat {owner!r}, slot {slot!r}.")
    if bod is not None and type(bod) is not str:
        return None
    movie = seats[owner]["movies"][slot]
    rule = biz_refusal(movie, card, bod)
    return None if rule is None else (rule, _sentence(rule, card, movie=movie, bod=bod))


def _name(card) -> str:
    entry = BOD.get(card) if isinstance(card, str) else None
    entry = entry or (BIZ.get(card) if isinstance(card, str) else None)
    return f"{entry['name']} ({card})" if entry else repr(card)


def _sentence(rule: str, card: str, movie: dict | None = None, genre=None, bod=None) -> str:
    if rule == "genre_must_match_starting_bod":
        return (f"A movie's genre must be one of its starting Bod's colours: {_name(card)} is good at "
                f"{', '.join(GENRES_OF[card])}, not {genre!r}.")
    if rule == "bod_requires_another_type":
        wanted = " and ".join(_ARTICLE[t] for t in REQUIRES[card])
        return f"{_name(card)} joins only a movie that already has {wanted}."
    if rule == "cattle_call_must_match_genre":
        return (f"Bods from the Cattle Call must match the movie's genre: {_name(card)} is not good at "
                f"{movie['genre']}.")
    if rule == "movie_has_enough_of_that_type":
        type_ = TYPE[card]
        return f"That movie already has the {movie['needs'][type_]} {_PLURAL[type_]} it needs."
    if rule == "bods_feud":
        return f"{_name(card)} will not work in the same movie as a rival already cast in it."
    if rule == "biz_card_targets_a_bod":
        return f"{_name(card)} is played on a Bod in a movie, not on the movie itself."
    if rule == "biz_card_targets_a_movie":
        return f"{_name(card)} is played on a movie, not on one of its Bods."
    if rule == "bod_not_in_that_movie":
        return f"{_name(bod)} is not in that movie."
    if rule == "biz_card_genre_restriction":
        return f"{_name(card)} cannot be used with {movie['genre']} movies."
    if rule == "needs_below_cast":
        return f"{_name(card)} would make the movie need fewer Bods of a type than it already has."
    return f"That move breaks the rule {rule}."
