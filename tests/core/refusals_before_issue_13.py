"""The refusals as they were before issue 13 (item 3), frozen: the oracle of
test_refusals_agree_with_options.py, which checks that the one predicate per kind of move names
the same rule as this old chain of checks for every candidate it named a rule for.

Copied verbatim from core/games/big_shuffle/refusals.py and core/games/showbiz_shuffle/refusals.py
at commit 078150a (only the imports made absolute and the functions renamed); not used by the engine.
Do not fix it: it is what the new predicates are compared with.
"""

from core.framework.errors import IllegalMove
from core.games.big_shuffle.abilities import LOOT_LIMIT
from core.games.big_shuffle.cards import (ALL_IDS, CARD, FOR, LAW, LINES, PATROLS, PLACES, REACTION_WINDOW,
                                          SCENE_TYPE, TYPE, effects)
from core.games.big_shuffle.city import destinations, where
from core.games.showbiz_shuffle.cards import BIZ, BOD, GENRES_OF, REQUIRES, STARTERS
from core.games.showbiz_shuffle.cards import TYPE as BOD_TYPE
from core.games.showbiz_shuffle.movies import biz_refusal, cast_refusal, start_refusal


def big_shuffle_rule(state: dict, pending: list, move: dict) -> tuple[str, str] | None:
    """(rule, sentence) the old Big Shuffle refusal raised for `move`, or None."""
    try:
        _big_shuffle_refuse(state, pending, move)
    except IllegalMove as e:
        return e.rule, e.message
    return None


# --- core/games/big_shuffle/refusals.py ------------------------------------------------------------
def _big_shuffle_refuse(state: dict, pending: list, move: dict) -> None:
    kind = move.get("kind")
    kinds = {d["kind"] for d in pending}
    seat = state["seats"][move["player"]]
    card = move.get("card") if isinstance(move.get("card"), str) and move.get("card") in ALL_IDS else None

    def no(rule: str, message: str):
        raise IllegalMove(message, rule=rule)

    if "patrols" not in state and (card in LAW or kind == "choose_drawer"):
        no("needs_the_law", "That belongs to The Law, which is not in this game (option `expansions`).")
    if kind == "hire" and "hire" not in kinds:
        no("goons_only_in_scene_change", "Goons can only be hired during a scene change, at the goon hiring step.")
    if kind == "hire" and card is not None and card == seat["character"] and card in FOR:
        if state["attempt"]["player"] == move["player"]:
            no("support_others_only", "The Vigilante backs another character's scene change, not his own.")
        if move.get("side") != "for":
            no("support_is_for", "The Vigilante's backing is +1 for the attempting character, never against.")
        no("support_once", "The Vigilante backs a scene change once (and only while abilities work).")
    a = state["attempt"]
    if kind == "react" and "react" in kinds and card in seat["hand"] and a is not None \
            and REACTION_WINDOW.get(card) == a["step"]:
        if any(e["do"] == "move_patrol" for e in effects(card, "react")):
            patrol, line = move.get("patrol"), move.get("line")
            if not isinstance(line, str) or line not in LINES:
                no("no_such_line", f"A patrol goes on a column or a row: one of {list(LINES)}.")
            if not isinstance(patrol, str) or patrol not in state["patrols"].values():
                no("no_patrol_there", "Only a patrol on a column or row can be moved.")
            if state["patrols"][line] == patrol:
                no("patrol_already_there", "A patrol moves to a column or row it is not already on.")
        if any(e["do"] == "protect" for e in effects(card, "react")):
            no("top_scene_only", "Not On My Watch! goes on a scene on top of one of the nine piles.")
    if kind == "react":
        if card not in seat["hand"] or TYPE.get(card) != "reaction":
            no("card_not_in_hand", "A reaction is played from your hand.")
        no("reaction_outside_its_moment",
           f"{CARD[card]['name']} can only be played when its \"play when\" moment comes ({REACTION_WINDOW[card]}).")
    turn = state["turn"]
    if kind == "play" and turn["player"] == move["player"] and "main" not in kinds \
            and not turn["unlimited"] and turn["played"] >= turn["allowed"]:
        no("one_card_per_turn", "You may play only one action or loot card on your turn.")
    if kind == "play" and "main" in kinds:
        if card in seat["hand"] and card in PATROLS and (turn["unlimited"] or turn["played"] < turn["allowed"]) \
                and not (isinstance(move.get("line"), str) and move["line"] in LINES):
            no("no_such_line", f"A patrol goes on a column or a row: one of {list(LINES)}.")
        if card in seat["hand"] and TYPE[card] == "goon":
            no("goons_only_in_scene_change", "Goons can only be played during a scene change, when hiring goons.")
        if card in seat["hand"] and TYPE[card] == "reaction":
            no("reaction_outside_its_moment", "Reactions are played at their \"play when\" moment, not as your card.")
        if not turn["unlimited"] and turn["played"] >= turn["allowed"]:
            no("one_card_per_turn", "You may play only one action or loot card on your turn.")
        if card not in seat["hand"]:
            no("card_not_in_hand", "That card is not in your hand.")
        no("no_legal_target", "That card has no legal target as given; its legal uses are listed in the options.")
    if kind == "attempt" and "main" in kinds:
        if turn["played"] or turn["unlimited"]:
            no("card_or_scene_change", "A character who played a card this turn cannot attempt a scene change.")
        scene, to = move.get("scene"), move.get("to")
        if isinstance(scene, str) and scene in SCENE_TYPE and isinstance(to, str):
            frm = where(state, scene)
            if frm is None:
                no("top_scene_only", "Only the top scene of an Uptown, Midtown or Downtown pile can be chosen.")
            if to in PLACES and to not in destinations(frm):
                if to == frm == "midtown":
                    no("midtown_needs_uptown_or_downtown", "Only a scene Uptown or Downtown can move to Midtown.")
                no("one_step_only", "Scenes move one destination at a time (never straight from Uptown to Downtown).")
    if kind == "end_turn" and "trash" in kinds:
        no("loot_limit", f"A character can only have {LOOT_LIMIT} loot: trash one first.")
    if kind == "trash" and "trash" not in kinds:
        no("trash_only_over_limit", "Loot is trashed only when you control more than three.")
    if "trash" in kinds:
        no("loot_limit", f"A character can only have {LOOT_LIMIT} loot: choose one to trash.")


# --- core/games/showbiz_shuffle/refusals.py -------------------------------------------------------
_PLAYS = ("cast", "start_movie", "play_biz", "shake_up")
_ARTICLE = {"director": "a Director", "star": "a Star", "support": "a Supporting actor"}
_PLURAL = {"director": "Directors", "star": "Stars", "support": "Supporting actors"}


def showbiz_explain(state: dict, move: dict) -> tuple[str, str] | None:
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
        if BOD_TYPE[bod] not in STARTERS:
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
        type_ = BOD_TYPE[card]
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
