"""Why a move is illegal: the first rule it breaks (`IllegalMove.rule`), for a move that is not an option.

One predicate per kind of move, beside the rules it checks, says why a candidate move of a seat
is not legal now: `f(state, seat, move, at) -> Refusal | None`, where `at` is the kind of the
decision the seat has pending. The options are listed with the same checks (a card played:
turn.py; a scene change: turn.py and city.py; a reaction or a hire: scene_change.py and
law.py), so what is listed and what is refused cannot disagree. Every kind asks first whether
the move's card is in this game at all (The Law); a kind with no rule of its own asks only
whether loot must be trashed first. None: no named rule (a malformed field), and the engine
gives its generic refusal. The codes are in docs/rulings-big-shuffle.md ("Illegal moves").
"""

from core.framework.refusal import Refusal, refuse_with

from .law import expansion_refusal
from .scene_change import hire_refusal, react_refusal
from .turn import attempt_refusal, end_turn_refusal, moment_refusal, play_refusal, trash_refusal


def _no_rule_of_its_own(state: dict, p: int, move: dict, at: str) -> Refusal | None:
    return moment_refusal(at)


PREDICATES = {
    "play": play_refusal,
    "attempt": attempt_refusal,
    "end_turn": end_turn_refusal,
    "hire": hire_refusal,
    "react": react_refusal,
    "trash": trash_refusal,
}


def why_not(state: dict, p: int, move: dict, at: str) -> Refusal | None:
    """The first rule `move` of seat p breaks while p's pending decision is of kind `at`."""
    why = expansion_refusal(state, move)
    if why is not None:
        return why
    kind = move.get("kind")
    predicate = PREDICATES.get(kind, _no_rule_of_its_own) if isinstance(kind, str) else _no_rule_of_its_own
    return predicate(state, p, move, at)


def refuse(state: dict, pending: list, move: dict) -> None:
    """`Game.refuse`: `pending` holds the seat's decision (The Big Shuffle asks one at a time)."""
    refuse_with(why_not(state, move["player"], move, pending[0]["kind"]))
