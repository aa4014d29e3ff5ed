"""Plot Twist, the non-collectible card game of heroes against a Game Master's villains
(rules: ../shared/rules/plot-twist-rules.md; issues 15 and 16).

Served (part 1 complete): the house starter set, the rolls and damage, Setup and the Conflict
(Turns, Initiative, the five Combat steps, Free actions, the Twists! and Time counters, the Events
Cluster and Nullify, the Objective and its Threat, Plots (Details, Locations, Bystanders, Allies),
Flying, Hidden and Identity, spending Belief (a Keyword, a Hero), Hate and Energy, winning) play to an outcome through
`game.py`'s `PlotTwist`, registered as `plot-twist` with its wire schemas in
api/schemas/plot_twist.py. Part 2 so far: Reversal of Fortunes (cures, Locks, Initiative reversed, the
Masterplan), peeking at the Objective, Fleeing, Pursuit, Lairs, Relocation, Interviews and new
Conflicts (aftermath.py); still to come: Crossovers and Personas, heuristic bots, balance.
docs/plot-twist-contract.md is the wire format, docs/rulings-plot-twist.md the rulings.

Modules, each importing only those above it:
- `vocabulary.py`, `cards.py`: the catalog from `cards/*.toml` and its words.
- `decks.py`: the deck-building rules as predicates; `rolls.py`, `damage.py`: coins and attacks.
- `state.py`: the state model, no rule: the game's fields, Character records, what is in play.
- `setup.py`: Setup steps 1-7 as decisions, one card per pick, and quick setup from the seed.
- `views.py`: what each seat may see of a state and of an event.
- `integrity.py`: `check_setup`, InvalidState for a state Setup cannot reach.
- `characters.py`: a Character in the Conflict: ratings, keywords, weapon, Incapacitated, sides.
- `time_counters.py`: Time counters ("In X Turns", "For X Turns", "this Turn"), one record per timed effect.
- `standing.py`: what standing cards (Revealed Events, lasting Twists!) change while they stand.
- `hands.py`: Combat hands: draw, discard, the Mulligan's and the End of Combat's choices.
- `allies.py`: Allies in play: Time counters, Sacrifice, their state check.
- `effects.py`: the combat cards' structured effects and the modifiers they leave; Plots' effects
  (Details, Bystanders, the Location's static and Start / End of Turn effects); a Character's
  ratings and Keywords now.
- `actions.py`: Free actions (Energy, Belief, Hate) and ending Stunned or Prone.
- `stealth.py`: Flying, Hidden, Perception, Identity and peeking at the Objective (Free actions); Sneak
  Attacks are in conflict.py.
- `spending.py`: spending Belief, Hate and Energy from their menus, and activated Advantages.
- `reversal.py`: Reversal of Fortunes: the GM cures Belief and buys its effects (Locks, a Villain's
  Automatic Success, Initiative reversed this Turn, a Masterplan); the Locks' Energy is effects.py's.
- `combat.py`: the five Combat steps.
- `bystanders.py`: Recruiting and Killing Bystanders (a Combat resolved at once).
- `plots.py`: playing Plots from the Plot Hand (Details, Bystanders, Allies), the Location's
  triggers, the Plots' state check.
- `conditions.py`: the Nullify and Threat conditions, counted from the tally or a card's Reveal.
- `events_cluster.py`, `objectives.py`: the Events Cluster and the Objective as records (reveal, Nullify).
- `card_effects.py`: the effects of Twists!, Events and the Objective, their targets and choices.
- `twists.py`: the Twist! of each Start of Turn, its Color, where it goes, its Time counters.
- `in_play.py`: the hooks of the Turn and the moves of the cards in play (reveal, Nullify, choose).
- `aftermath.py`: between two Conflicts: Fleeing to a Lair, Pursuit, Interviews, the next Conflict;
  Relocation.
- `conflict.py`: the Turn, Initiative, the Mulligan, initiating Combats, Hate, Fleeing, winning.
- `integrity_in_play.py`: the state check of the cards in play's fields.
- `integrity_conflict.py`: `check`, Setup's check and the Conflict's.
- `bots.py`: the heuristic bots `hero` and `gm`, on their seat's view with the public helpers above.
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
