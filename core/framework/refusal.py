"""Why a move is not legal now: one predicate per kind of move, for listing and explaining alike.

A game with rules worth naming writes, for each kind of move, one function that takes a
candidate move of a seat and returns the first rule it breaks, in the rulebook's order, as a
`Refusal(rule, sentence)`, or None when it breaks none. The same checks decide what the game
lists (the options are the candidates with no reason against them; a listing may ask them in
layers, a gate for the seat once, then each card, then each target) and why `Game.refuse`
refuses a move, so the two cannot disagree (docs/engine.md, "Why a move is refused").

`rule` is a stable snake_case code (the `rule` of a 409 `illegal_move`); `sentence` is for
people, a full sentence. None from a predicate means it has no named rule against the move (a
malformed field it does not read): the engine then gives its generic refusal.
"""

from typing import NamedTuple

from .errors import IllegalMove


class Refusal(NamedTuple):
    rule: str
    sentence: str


def refuse_with(why: Refusal | None) -> None:
    """Raise the IllegalMove that `why` names; nothing when it is None."""
    if why is not None:
        raise IllegalMove(why.sentence, rule=why.rule)
