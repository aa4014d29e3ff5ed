"""Plot Twist, the non-collectible card game of heroes against a Game Master's villains
(rules: ../shared/rules/plot-twist-rules.md; issues 15 and 16).

Served (part 1 in progress): the house starter set, the rolls and damage, Setup and the Conflict
(Turns, Initiative, the five Combat steps, Free actions, winning) play to an outcome through
`game.py`'s `PlotTwist`, registered as `plot-twist` with its wire schemas in
api/schemas/plot_twist.py. Still to come: Events, Twist! effects, Plots, Objectives' threats and
part 2. docs/plot-twist-contract.md is the wire format, docs/rulings-plot-twist.md the rulings.

Modules, each importing only those above it:
- `vocabulary.py`, `cards.py`: the catalog from `cards/*.toml` and its words.
- `decks.py`: the deck-building rules as predicates; `rolls.py`, `damage.py`: coins and attacks.
- `state.py`: the state model, no rule: the game's fields, Character records, what is in play.
- `setup.py`: Setup steps 1-7 as decisions, one card per pick, and quick setup from the seed.
- `views.py`: what each seat may see of a state and of an event.
- `integrity.py`: `check_setup`, InvalidState for a state Setup cannot reach.
- `characters.py`: a Character in the Conflict: ratings, keywords, weapon, Incapacitated, sides.
- `effects.py`: the combat cards' structured effects and the modifiers they leave.
- `hands.py`: Combat hands: draw, discard, the Mulligan's and the End of Combat's choices.
- `actions.py`: Free actions (Energy, Belief, Hate) and ending Stunned or Prone.
- `combat.py`: the five Combat steps.
- `conflict.py`: the Turn, Initiative, the Mulligan, initiating Combats, Hate, Fleeing, winning.
- `integrity_conflict.py`: `check`, Setup's check and the Conflict's.
- `game.py`: the `PlotTwist` game and its `FLOW`.
"""

from .cards import CARD_TYPES
from .game import (
           DECISION_KINDS,
           EVENT_TYPES,
           GAME,
           MOVE_KINDS,
           OUTCOME_REASONS,
           RULE_CODES,
           PlotTwist,
)

# What core/games/__init__.py registers, and the words the wire schemas and the vocabulary test read.
__all__ = [
           "CARD_TYPES",
           "DECISION_KINDS",
           "EVENT_TYPES",
           "GAME",
           "MOVE_KINDS",
           "OUTCOME_REASONS",
           "RULE_CODES",
           "PlotTwist",
]
