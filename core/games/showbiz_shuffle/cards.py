"""The catalog, loaded from cards/*.toml, and fast look-ups by card id.

Bod ids are a letter for the type and a number: Directors "D01", Stars "S01", Supporting
actors "A01". Biz ids are "B01". Genres are "action", "romance", "drama", "family",
"specialty". Effects are data (`effects` lists in the TOML); `movies.py` interprets them.

    >>> BOD["S08"]["name"], TYPE["S08"], VALUE["S08"], GENRES_OF["S08"]
    ('Cary Grunt', 'star', 6, ('romance',))
    >>> len(bod_deck(2)), len(bod_deck(3)), len(bod_deck(4)), len(BIZ_IDS)
    (60, 80, 100, 43)
"""

import tomllib
from functools import lru_cache
from pathlib import Path

_DIR = Path(__file__).parent / "cards"


def _load(name: str, table: str) -> list[dict]:
    return tomllib.loads((_DIR / f"{name}.toml").read_text())[table]


BODS: list[dict] = _load("bods", "bod")
BIZ_CARDS: list[dict] = _load("biz", "biz")
GENRE_CARDS: list[dict] = _load("genres", "genre")

GENRES: tuple[str, ...] = tuple(g["id"] for g in GENRE_CARDS)
TYPES = ("director", "star", "support")
STARTERS = frozenset(("director", "star"))  # "A movie can only be started with a Star or a Director."
NEEDS = {"director": 1, "star": 2, "support": 2}  # "1 Director, 2 Stars and 2 Supports"

BOD = {c["id"]: c for c in BODS}
BIZ = {c["id"]: c for c in BIZ_CARDS}
TYPE: dict[str, str] = {c["id"]: c["type"] for c in BODS}
VALUE: dict[str, int] = {c["id"]: c["value"] for c in BODS}
GENRES_OF: dict[str, tuple[str, ...]] = {c["id"]: tuple(c["genres"]) for c in BODS}
BIZ_IDS: list[str] = [c["id"] for c in BIZ_CARDS]
COST: dict[str, int] = {c["id"]: c["cost"] for c in BIZ_CARDS}
TARGET: dict[str, str] = {c["id"]: c["target"] for c in BIZ_CARDS}
BIZ_GENRES: dict[str, tuple[str, ...]] = {c["id"]: tuple(c["genres"]) or GENRES for c in BIZ_CARDS}


def _effects(card: dict, kind: str) -> list[dict]:
    return [e for e in card["effects"] if e["kind"] == kind]


# Effects by kind, card id -> parameters (only the cards that have one).
DRAW_BIZ: dict[str, int] = {c["id"]: sum(e["count"] for e in _effects(c, "draw_biz"))
                            for c in BODS + BIZ_CARDS if _effects(c, "draw_biz")}
REQUIRES: dict[str, tuple[str, ...]] = {c["id"]: tuple(e["type"] for e in _effects(c, "requires"))
                                        for c in BODS if _effects(c, "requires")}
FEUDS: dict[str, frozenset] = {c["id"]: frozenset(x for e in _effects(c, "feud") for x in e["with"])
                               for c in BODS if _effects(c, "feud")}
PARTNERS: dict[str, tuple[tuple[frozenset, int], ...]] = {
    c["id"]: tuple((frozenset(e["with"]), e["points"]) for e in _effects(c, "partner"))
    for c in BODS if _effects(c, "partner")}
MODIFY: dict[str, int] = {c["id"]: sum(e["amount"] for e in _effects(c, "modify"))
                          for c in BIZ_CARDS if _effects(c, "modify")}
# What a Biz card costs on an unfinished movie: the plus of a card with dollar signs (0 without).
PAID: dict[str, int] = {c["id"]: max(0, MODIFY.get(c["id"], 0)) if c["cost"] else 0 for c in BIZ_CARDS}
UPSTAGE: frozenset = frozenset(c["id"] for c in BIZ_CARDS if _effects(c, "upstage"))
NEEDS_DELTA: dict[str, tuple[tuple[str, int], ...]] = {
    c["id"]: tuple((e["type"], e["delta"]) for e in _effects(c, "needs"))
    for c in BIZ_CARDS if _effects(c, "needs")}


@lru_cache(maxsize=None)
def bod_deck(players: int) -> tuple[str, ...]:
    """The Bod cards of a game with that many players, in catalog order."""
    return tuple(c["id"] for c in BODS if c["min_players"] <= players)


def catalog() -> list[dict]:
    """Every card as data, for GET /v1/games/showbiz-shuffle/cards: `deck` says which."""
    return ([{"deck": "bod", **c} for c in BODS] + [{"deck": "biz", **c} for c in BIZ_CARDS]
            + [{"deck": "genre", **c} for c in GENRE_CARDS])


def _check_catalog() -> None:
    """The data is what the engine expects; a bad edit of the TOML fails at import."""
    ids = [c["id"] for c in BODS + BIZ_CARDS + GENRE_CARDS]
    assert len(ids) == len(set(ids)), "a card id is used twice"
    kinds = {"draw_biz", "requires", "feud", "partner", "modify", "upstage", "needs"}
    for c in BODS:
        assert c["type"] in TYPES and c["id"][0] == "DSA"[TYPES.index(c["type"])], c["id"]
        assert c["genres"] and set(c["genres"]) <= set(GENRES) and c["min_players"] in (2, 3, 4), c["id"]
        assert all(e["kind"] in {"draw_biz", "requires", "feud", "partner"} for e in c["effects"]), c["id"]
        assert all(x in BOD for e in c["effects"] for x in e.get("with", ())), c["id"]
    for c in BIZ_CARDS:
        assert c["target"] in ("bod", "movie") and set(c["genres"]) <= set(GENRES) and c["cost"] >= 0, c["id"]
        assert c["effects"] and all(e["kind"] in kinds - {"requires", "feud", "partner"} for e in c["effects"]), c["id"]
        assert c["target"] == "movie" or not _effects(c, "needs"), c["id"]
        assert c["target"] == "bod" or not _effects(c, "upstage"), c["id"]
    for a, others in FEUDS.items():
        assert all(a in FEUDS.get(b, ()) for b in others), f"{a}'s feud is one-sided"


_check_catalog()
