"""Showbiz Shuffle options in words, from the catalog's names
("Cast Cary Grunt from the Cattle Call into your romance movie (slot 1)").

A label names the card the option plays (the seat's own hand, Biz cards or the face-up Cattle
Call) and the movie it goes to (every movie is face up); never another seat's hand.
"""

from .cards import BIZ, BOD

_FROM = {"hand": "your hand", "cattle_call": "the Cattle Call"}


def bod_name(bod: str) -> str:
    card = BOD.get(bod)
    return f"{card['name']} ({card['type']}, {card['value']})" if card else bod


def biz_name(card: str) -> str:
    return BIZ[card]["name"] if card in BIZ else card


def _movie(seen: dict, seat: int, slot: int, me: int) -> str:
    movie = seen["seats"][seat]["movies"][slot]
    whose = "your" if seat == me else f"seat {seat}'s"
    genre = f"{movie['genre']} " if movie else ""
    return f"{whose} {genre}movie (slot {slot + 1})"


def labels(seen: dict, decision: dict) -> list[str]:
    me = decision["player"]
    out = []
    for o in decision["options"]:
        kind = o["kind"]
        if kind == "cast":
            out.append(f"Cast {bod_name(o['bod'])} from {_FROM[o['from']]} into {_movie(seen, me, o['movie'], me)}")
        elif kind == "start_movie":
            out.append(f"Start a{'n' if o['genre'][0] in 'aeiou' else ''} {o['genre']} movie with "
                       f"{bod_name(o['bod'])} from {_FROM[o['from']]}")
        elif kind == "play_biz":
            target = _movie(seen, o["seat"], o["movie"], me)
            if o.get("bod") is not None:
                target = f"{BOD[o['bod']]['name'] if o['bod'] in BOD else o['bod']} in {target}"
            out.append(f"Play {biz_name(o['card'])} on {target}")
        elif kind == "shake_up":
            out.append("Shake up your studio (this takes the whole turn)")
        elif kind == "end_turn":
            out.append("End your turn")
        else:
            out.append("")
    return out
