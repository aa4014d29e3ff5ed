"""Why a move is refused: the rule it breaks, by a stable code, and a sentence.

The engine calls this only for a move that is none of the listed options of the seat whose
turn it is (`Game.refuse`); legality itself has one source, the options. `explain` asks the one
predicate of the move's kind (turn.py `WHY_NOT`), which the options are listed with, so what is
listed and what is refused cannot disagree. The codes (the `rule` of the 409 `illegal_move`
answer):

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

from core.framework.refusal import Refusal, refuse_with

from .turn import WHY_NOT


def refuse(state: dict, move: dict) -> None:
    """Raise IllegalMove naming the rule `move` breaks, if its predicate names one."""
    refuse_with(explain(state, move))


def explain(state: dict, move: dict) -> Refusal | None:
    """(rule, sentence) for a refused move of the player whose turn it is; None if unknown."""
    kind = move.get("kind")
    predicate = WHY_NOT.get(kind) if isinstance(kind, str) else None
    return None if predicate is None else predicate(state, move)
