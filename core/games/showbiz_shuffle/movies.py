"""Making Movies: who may join a movie, which Biz card may go where, and what a movie scores.

A movie in production is plain data:

    {"genre": "action", "needs": {"director": 1, "star": 2, "support": 2},
     "cast": [{"bod": "S10", "upside_down": false, "biz": ["B17"]}, ...],
     "biz": ["B01"]}

`cast` is in the order the Bods joined (the first one started the movie); each Bod keeps the
Biz cards played on it, the movie keeps those played on it. The checks below return the
stable code of the rule a play would break, or None when it is allowed; the same codes name
the refusals (turn.py asks them to list the options and to explain a refusal alike), so what
is listed and what is refused cannot disagree.

    >>> movie = new_movie("S10", "action")
    >>> cast_refusal(movie, "A10", "hand"), cast_refusal(movie, "S14", "cattle_call")
    (None, 'cattle_call_must_match_genre')
    >>> movie = join(join(join(join(movie, "D07"), "S13"), "A10"), "A21")
    >>> is_complete(movie), points(movie)  # 6 + 6 + 7 + 4 + 3, and Gabby Hayseed's +2 with Errol Flinn
    (True, 28)
"""

from operator import itemgetter

from .cards import (
    FEUDS, GENRES_OF, MODIFY, NEEDS, NEEDS_DELTA, PAID, PARTNERS, REQUIRES, TARGET, TYPE, TYPES, UPSTAGE, VALUE,
    BIZ_GENRES, STARTERS,
)


def new_movie(bod: str, genre: str) -> dict:
    return {"genre": genre, "needs": dict(NEEDS), "cast": [_entry(bod, genre)], "biz": []}


def _entry(bod: str, genre: str) -> dict:
    return {"bod": bod, "upside_down": genre not in GENRES_OF[bod], "biz": []}


def count(movie: dict, type_: str) -> int:
    return sum(1 for e in movie["cast"] if TYPE[e["bod"]] == type_)


def is_complete(movie: dict) -> bool:
    """"1 Director, 2 Stars and 2 Supports unless otherwise noted on the cards"."""
    needs = movie["needs"]
    if len(movie["cast"]) != needs["director"] + needs["star"] + needs["support"]:
        return False  # (a shortcut: as many Bods as needed in all is necessary)
    return all(count(movie, t) == needs[t] for t in TYPES)


# --- Who may join ---------------------------------------------------------------------------
def start_refusal(bod: str, genre) -> str | None:
    """Starting a movie with `bod` (from the hand or the Cattle Call) in `genre`."""
    if TYPE[bod] not in STARTERS:
        return "movie_starts_with_star_or_director"
    if genre not in GENRES_OF[bod]:
        return "genre_must_match_starting_bod"
    if bod in REQUIRES:
        return "bod_requires_another_type"  # nothing to join yet
    return None


def cast_refusal(movie: dict, bod: str, source: str) -> str | None:
    """Adding `bod` from `source` ("hand" or "cattle_call") to a movie in production."""
    return Casting(movie).refusal(bod, source)


# Per Bod, what `Casting.refusal` reads of it: its type, its genres, the types it requires, its rivals.
_TRAITS = {bod: (TYPE[bod], frozenset(GENRES_OF[bod]), REQUIRES.get(bod, ()), FEUDS.get(bod, frozenset()))
           for bod in TYPE}
_NO_COUNTS = dict.fromkeys(TYPES, 0)


class Casting:
    """What a movie in production still takes: worked out once, then asked for each Bod.
    `casting(movie)` gives the one kept for a movie's casting, with its answers remembered."""

    __slots__ = ("genre", "counts", "open", "cast", "feuding", "answers")

    def __init__(self, movie: dict):
        self.answers = {"hand": {}, "cattle_call": {}}  # source -> Bod -> does it take the Bod (`takes`)
        counts = _NO_COUNTS.copy()
        cast = set()
        feuding = set()
        for e in movie["cast"]:
            bod = e["bod"]
            counts[TYPE[bod]] += 1
            cast.add(bod)
            if bod in FEUDS:
                feuding |= FEUDS[bod]
        needs = movie["needs"]
        self.genre, self.counts, self.cast, self.feuding = movie["genre"], counts, cast, feuding
        self.open = {t for t in TYPES if counts[t] < needs[t]}

    def refusal(self, bod: str, source: str) -> str | None:
        type_, genres, required, rivals = _TRAITS[bod]
        if source == "cattle_call" and self.genre not in genres:
            return "cattle_call_must_match_genre"  # free agents never play out of genre
        if type_ not in self.open:
            return "movie_has_enough_of_that_type"
        if required:
            counts = self.counts
            for t in required:
                if counts[t] == 0:
                    return "bod_requires_another_type"
        if bod in self.feuding or (rivals and not rivals.isdisjoint(self.cast)):
            return "bods_feud"
        return None

    def takes(self, source: str, bods: list) -> set:
        """The Bods of `bods` that `refusal` finds nothing against from `source`, each asked once
        in this casting's life."""
        answers = self.answers[source]
        out = set()
        for bod in bods:
            ok = answers.get(bod)
            if ok is None:
                ok = answers[bod] = self.refusal(bod, source) is None
            if ok:
                out.add(bod)
        return out


# The Castings kept, by what they read of a movie: its genre, its needs and its cast's Bods (in
# order). The same casting gives the same answers, so a kept one is as good as a new one; the
# cache is emptied when it is full (a game uses a few hundred).
_CASTINGS: dict[tuple, Casting] = {}
_CASTINGS_KEPT = 4096
_BOD_OF = itemgetter("bod")


def casting(movie: dict) -> Casting:
    """The Casting of a movie in production, kept from an earlier listing of the same casting."""
    needs = movie["needs"]
    key = (movie["genre"], needs["director"], needs["star"], needs["support"], *map(_BOD_OF, movie["cast"]))
    kept = _CASTINGS.get(key)
    if kept is None:
        if len(_CASTINGS) >= _CASTINGS_KEPT:
            _CASTINGS.clear()
        kept = _CASTINGS[key] = Casting(movie)
    return kept


def join(movie: dict, bod: str) -> dict:
    """The movie with `bod` added (upside down when out of genre): a new dict."""
    return {**movie, "cast": movie["cast"] + [_entry(bod, movie["genre"])]}


# --- Biz cards ------------------------------------------------------------------------------
def biz_refusal(movie: dict, card: str, bod) -> str | None:
    """Playing Biz `card` on `movie` (bod None) or on the Bod `bod` in it."""
    if (TARGET[card] == "bod") != (bod is not None):
        return "biz_card_targets_a_bod" if TARGET[card] == "bod" else "biz_card_targets_a_movie"
    if bod is not None and all(e["bod"] != bod for e in movie["cast"]):
        return "bod_not_in_that_movie"
    return biz_fit_refusal(movie, card)


def biz_fit_refusal(movie: dict, card: str) -> str | None:
    """What Biz `card` asks of the movie it is played on or in, whichever Bod of it the card
    lands on (so a card that fits the movie fits every Bod in it)."""
    if movie["genre"] not in BIZ_GENRES[card]:
        return "biz_card_genre_restriction"
    for type_, delta in NEEDS_DELTA.get(card, ()):
        if movie["needs"][type_] + delta < count(movie, type_):
            return "needs_below_cast"  # it cannot need fewer than it already has
    return None


def with_biz(movie: dict, card: str, bod) -> dict:
    """The movie with `card` played on it or on its Bod `bod`: a new dict."""
    if bod is None:
        needs = movie["needs"]
        if card in NEEDS_DELTA:
            needs = dict(needs)
            for type_, delta in NEEDS_DELTA[card]:
                needs[type_] += delta
        return {**movie, "needs": needs, "biz": movie["biz"] + [card]}
    cast = [{**e, "biz": e["biz"] + [card]} if e["bod"] == bod else e for e in movie["cast"]]
    return {**movie, "cast": cast}


def needs_of(biz: list) -> dict:
    """What a movie needs with these Biz cards on it."""
    needs = dict(NEEDS)
    for card in biz:
        for type_, delta in NEEDS_DELTA.get(card, ()):
            needs[type_] += delta
    return needs


# --- Scoring --------------------------------------------------------------------------------
def contribution(entry: dict, cast: set) -> int:
    """One Bod's points in a finished movie: its value (subtracted when upside down), its
    modifiers and partner bonuses; Upstaged, it counts only if negative."""
    bod = entry["bod"]
    pts = -VALUE[bod] if entry["upside_down"] else VALUE[bod]
    for card in entry["biz"]:
        pts += MODIFY.get(card, 0)
    for partners, bonus in PARTNERS.get(bod, ()):
        if partners & cast:
            pts += bonus
    if any(card in UPSTAGE for card in entry["biz"]):
        pts = min(pts, 0)
    return pts


def points(movie: dict) -> int:
    """What a finished movie scores."""
    cast = {e["bod"] for e in movie["cast"]}
    return sum(contribution(e, cast) for e in movie["cast"]) + sum(MODIFY.get(c, 0) for c in movie["biz"])


def penalty(movie: dict) -> int:
    """What an unfinished movie costs its owner at the end: every Bod's value, however
    devalued (out of genre, Upstaged...), and the plus of every Biz card with dollar signs ("Plusses
    from Biz cards with dollar signs ... must also be deducted")."""
    return (sum(VALUE[e["bod"]] for e in movie["cast"])
            + sum(PAID[c] for e in movie["cast"] for c in e["biz"]) + sum(PAID[c] for c in movie["biz"]))


def biz_cards(movie: dict) -> list[str]:
    """Every Biz card of a movie: those on its Bods, in cast order, then those on the movie."""
    return [c for e in movie["cast"] for c in e["biz"]] + movie["biz"]
