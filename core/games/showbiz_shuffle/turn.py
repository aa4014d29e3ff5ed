"""Turns (rules: "Turns"): a Studio Shake-up, or up to two Bods from the hand, one from the Cattle
Call and one Biz card, then the end of the turn. What the player whose turn it is may play now,
and why a play is refused.

One predicate per kind of move (`WHY_NOT[kind](state, move)`) gives the first rule a candidate
move breaks, in the rules' order, as a `Refusal(rule, sentence)`; None when it breaks no rule
with a name (a malformed field: the engine's generic refusal). `options` lists the candidates
they find nothing against, asking the same checks in layers: the turn's allowances once, then
each Bod or Biz card against each movie (movies.py), so the listing and the refusals cannot
disagree. The codes are documented in refusals.py.

    >>> played = {"cattle_call": 1, "hand": 0, "biz": 0, "shake_up": False}
    >>> source_refusal(played, "hand"), source_refusal(played, "cattle_call")
    (None, 'one_cattle_call_bod_per_turn')
"""

from core.framework.refusal import Refusal

from .cards import BIZ, BIZ_GENRES, BOD, GENRES_OF, NEEDS_DELTA, REQUIRES, STARTERS, TARGET, TYPE
from .movies import biz_fit_refusal, biz_refusal, cast_refusal, casting, start_refusal

ALLOWANCE = {"cattle_call": 1, "hand": 2, "biz": 1}  # per turn
NOTHING_PLAYED = {"cattle_call": 0, "hand": 0, "biz": 0, "shake_up": False}


# --- The turn's allowances ----------------------------------------------------------------------
def whole_turn_refusal(played: dict) -> str | None:
    """"The Studio Shake-up takes up the entire turn": nothing is played after it."""
    return "shake_up_takes_whole_turn" if played["shake_up"] else None


_ONE_MORE = {"hand": "two_hand_bods_per_turn", "cattle_call": "one_cattle_call_bod_per_turn"}


def source_refusal(played: dict, source: str) -> str | None:
    """Up to two Bods from the hand and one from the Cattle Call each turn."""
    return _ONE_MORE[source] if played[source] >= ALLOWANCE[source] else None


def biz_allowance(played: dict) -> str | None:
    """One Biz card each turn."""
    return "one_biz_card_per_turn" if played["biz"] >= ALLOWANCE["biz"] else None


def shake_up_refusal(state: dict) -> str | None:
    """A Studio Shake-up replaces playing cards, and needs a Bod deck to shuffle the hand into."""
    played = state["played"]
    if played["shake_up"]:
        return "shake_up_takes_whole_turn"
    if state["final_turns"] is not None:
        return "no_shake_up_in_end_game"
    if any(played.values()):
        return "shake_up_or_play_not_both"
    return None


def slot_refusal(seat: dict) -> str | None:
    """"Players may have up to two movies in production at a time.\""""
    return None if None in seat["movies"] else "two_movies_at_most"


# The genres a Bod may start a movie in: movies.start_refusal, asked once for every Bod and genre.
STARTING_GENRES = {bod: tuple(g for g in GENRES_OF[bod] if start_refusal(bod, g) is None) for bod in GENRES_OF}


# --- The options --------------------------------------------------------------------------------
# What `biz_fit_refusal` asks first, as a set: the genres a Biz card may be played in.
_BIZ_GENRE_SET = {card: frozenset(genres) for card, genres in BIZ_GENRES.items()}


def options(state: dict) -> list:
    """Every legal move of the player whose turn it is, in a fixed order: Bods into movies
    (hand, then Cattle Call), new movies, Biz cards, the Studio Shake-up, ending the turn.

    The predicates above, asked in layers and inlined where they are one comparison (the hot path
    of every move): `whole_turn_refusal`, `source_refusal`, `slot_refusal`, `biz_allowance`,
    `shake_up_refusal`; a movie's Casting answers per Bod and source (movies.Casting.refusal, each
    asked once in a casting's life); `biz_fit_refusal` after its genre test."""
    p = state["turn"]
    seats = state["seats"]
    seat, played = seats[p], state["played"]
    if played["shake_up"]:  # whole_turn_refusal
        return [{"player": p, "kind": "end_turn"}]
    movies = seat["movies"]
    free_slot = None in movies  # slot_refusal
    from_hand, from_call = [], []  # per movie in production: (slot, its Casting, its answers per source)
    for slot, movie in enumerate(movies):
        if movie is not None:
            c = casting(movie)
            from_hand.append((slot, c, c.answers["hand"]))
            from_call.append((slot, c, c.answers["cattle_call"]))
    opts = []
    append = opts.append
    for source, bods, asked in (("hand", seat["hand"], from_hand), ("cattle_call", state["cattle_call"], from_call)):
        if played[source] >= ALLOWANCE[source]:  # source_refusal
            continue
        for bod in bods:
            for slot, c, answers in asked:  # Casting.takes, inlined
                ok = answers.get(bod)
                if ok is None:
                    ok = answers[bod] = c.refusal(bod, source) is None
                if ok:
                    append({"player": p, "kind": "cast", "bod": bod, "from": source, "movie": slot})
            if free_slot:
                for genre in STARTING_GENRES[bod]:
                    append({"player": p, "kind": "start_movie", "bod": bod, "from": source, "genre": genre})
    held = seat["biz"]
    if held and played["biz"] < ALLOWANCE["biz"]:  # biz_allowance
        in_production = [(s, slot, movie) for s, other in enumerate(seats)
                         for slot, movie in enumerate(other["movies"]) if movie is not None]
        for card in held:
            on_bod = TARGET[card] == "bod"
            genres = _BIZ_GENRE_SET[card]
            needs = card in NEEDS_DELTA
            for s, slot, movie in in_production:
                # biz_refusal: the card's target is what the option names; then what it asks of the movie
                if movie["genre"] not in genres or (needs and biz_fit_refusal(movie, card) is not None):
                    continue
                if on_bod:
                    for e in movie["cast"]:
                        append({"player": p, "kind": "play_biz", "card": card, "seat": s, "movie": slot,
                                "bod": e["bod"]})
                else:
                    append({"player": p, "kind": "play_biz", "card": card, "seat": s, "movie": slot, "bod": None})
    # shake_up_refusal (no shake-up yet: asked above)
    if state["final_turns"] is None and not (played["hand"] or played["cattle_call"] or played["biz"]):
        append({"player": p, "kind": "shake_up"})
    append({"player": p, "kind": "end_turn"})
    return opts


# --- Why a move is refused: one predicate per kind ------------------------------------------------
def why_not_shake_up(state: dict, move: dict) -> Refusal | None:
    rule = shake_up_refusal(state)
    return None if rule is None else _refusal(rule, move["player"])


def why_not_start_movie(state: dict, move: dict) -> Refusal | None:
    """A new movie: a Bod the turn still allows, from where it is, a Star or a Director, a free
    slot, a genre of the Bod's (movies.start_refusal)."""
    why = _bod_refusal(state, move)
    if why is not None or move.get("from") not in ("hand", "cattle_call"):
        return why
    bod, genre = move["bod"], move.get("genre")
    if TYPE[bod] not in STARTERS:
        return _refusal("movie_starts_with_star_or_director", move["player"], card=bod)
    rule = slot_refusal(state["seats"][move["player"]]) or start_refusal(bod, genre)
    return None if rule is None else _refusal(rule, move["player"], card=bod, genre=genre)


def why_not_cast(state: dict, move: dict) -> Refusal | None:
    """A Bod into a movie: a Bod the turn still allows, from where it is, into a movie of the
    player's in production that still takes it (movies.Casting)."""
    why = _bod_refusal(state, move)
    if why is not None or move.get("from") not in ("hand", "cattle_call"):
        return why
    p, slot = move["player"], move.get("movie")
    movies = state["seats"][p]["movies"]
    if type(slot) is not int or not 0 <= slot < len(movies) or movies[slot] is None:
        return Refusal("no_such_movie", f"Seat {p} has no movie in production in slot {slot!r}.")
    rule = cast_refusal(movies[slot], move["bod"], move["from"])
    return None if rule is None else _refusal(rule, p, card=move["bod"], movie=movies[slot])


def why_not_play_biz(state: dict, move: dict) -> Refusal | None:
    """A Biz card: one a turn, one the player holds, on a movie in production (anyone's) or on a
    Bod in it, as the card says (movies.biz_refusal)."""
    p, card = move["player"], move.get("card")
    rule = whole_turn_refusal(state["played"]) or biz_allowance(state["played"])
    if rule is not None:
        return _refusal(rule, p)
    if card not in state["seats"][p]["biz"]:
        return Refusal("biz_card_not_held", f"Seat {p} holds no Biz card {card!r}.")
    owner, slot, bod = move.get("seat"), move.get("movie"), move.get("bod")
    seats = state["seats"]
    if (type(owner) is not int or not 0 <= owner < len(seats) or type(slot) is not int
            or not 0 <= slot < len(seats[owner]["movies"]) or seats[owner]["movies"][slot] is None):
        return Refusal("no_such_movie", f"There is no movie in production at seat {owner!r}, slot {slot!r}.")
    if bod is not None and type(bod) is not str:
        return None
    movie = seats[owner]["movies"][slot]
    rule = biz_refusal(movie, card, bod)
    return None if rule is None else _refusal(rule, p, card=card, movie=movie, bod=bod)


def why_not_end_turn(state: dict, move: dict) -> Refusal | None:
    return None  # the turn may always end


WHY_NOT = {
    "cast": why_not_cast,
    "start_movie": why_not_start_movie,
    "play_biz": why_not_play_biz,
    "shake_up": why_not_shake_up,
    "end_turn": why_not_end_turn,
}


def _bod_refusal(state: dict, move: dict) -> Refusal | None:
    """What a Bod played from the hand or the Cattle Call needs, whatever it joins: the turn's
    allowance for that source, and the Bod there."""
    p, bod, source = move["player"], move.get("bod"), move.get("from")
    played = state["played"]
    rule = whole_turn_refusal(played)
    if rule is None and source in ("hand", "cattle_call"):
        rule = source_refusal(played, source)
        if rule is None and bod not in (state["seats"][p]["hand"] if source == "hand" else state["cattle_call"]):
            rule = "bod_not_in_hand" if source == "hand" else "bod_not_in_cattle_call"
    return None if rule is None else _refusal(rule, p, card=bod)


# --- The sentences ------------------------------------------------------------------------------
_ARTICLE = {"director": "a Director", "star": "a Star", "support": "a Supporting actor"}
_PLURAL = {"director": "Directors", "star": "Stars", "support": "Supporting actors"}
_SENTENCES = {
    "shake_up_or_play_not_both":
        "A Studio Shake-up replaces playing cards: it is not allowed once cards were played this turn.",
    "no_shake_up_in_end_game":
        "The last Bod has been drawn: there is no deck left to shuffle a hand into, so no Studio Shake-up in the "
        "end game.",
    "two_hand_bods_per_turn": "Only two Bods from your hand may be played each turn.",
    "one_cattle_call_bod_per_turn": "Only one Bod from the Cattle Call may be played each turn.",
    "one_biz_card_per_turn": "Only one Biz card may be played each turn.",
    "two_movies_at_most": "A studio may have at most two movies in production at a time.",
}


def _name(card) -> str:
    entry = BOD.get(card) if isinstance(card, str) else None
    entry = entry or (BIZ.get(card) if isinstance(card, str) else None)
    return f"{entry['name']} ({card})" if entry else repr(card)


def _refusal(rule: str, p: int, card=None, movie: dict | None = None, genre=None, bod=None) -> Refusal:
    return Refusal(rule, _sentence(rule, p, card, movie, genre, bod))


def _sentence(rule: str, p: int, card, movie, genre, bod) -> str:
    if rule in _SENTENCES:
        return _SENTENCES[rule]
    if rule == "shake_up_takes_whole_turn":
        return (f"Seat {p} made a Studio Shake-up this turn: it takes the whole turn, and no cards may be played "
                f"until the next one. End the turn.")
    if rule == "bod_not_in_hand":
        return f"{_name(card)} is not in seat {p}'s hand."
    if rule == "bod_not_in_cattle_call":
        return f"{_name(card)} is not in the Cattle Call."
    if rule == "movie_starts_with_star_or_director":
        return f"A movie can only be started with a Star or a Director; {_name(card)} is a Supporting actor."
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
