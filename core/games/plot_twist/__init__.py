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

The folders follow the rulebook's table of contents (each folder's `__init__.py` names its sections);
the game as a whole stays at the top:
- `game.py`: the `PlotTwist` game, its move table (`CONFLICT_MOVES`, Setup's `SETUP_MOVES`) and `FLOW`;
  `vocabulary.py`, `cards.py`: the words and the catalog from `cards/*.toml`; `state.py`: the state
  model, no rule; `views.py`: what each seat may see; `labels.py`: the options in words.
- `rolls/` (Terminology: Pools, Rolls, Damage Rolls; Attacks, Armor and Cover, Stress and Trauma):
  `rolls.py` coins and rolls, `damage.py` attacks and damage.
- `characters/` (Areas of Play: Character Cluster, Resistances; Attributes, Heroics, Keywords,
  Statuses): `characters.py`, a Character in play now: ratings, keywords, weapon, Incapacitated, sides.
- `setup/` (Setup; Uniqueness Rule, Plot Hand, Classes and Colors, the decks): `setup.py` Setup steps
  1-7 as decisions and quick setup, `decks.py` the deck-building rules as predicates.
- `effects/` (Cards, Events Cluster, Twists Deck, Objective Cards, Counting Turns): `effects.py` the
  combat cards' and Plots' effects, the modifiers they leave, a Character's ratings now; `standing.py`
  what standing cards change; `time_counters.py` "In X Turns", "For X Turns"; `tally.py` and
  `conditions.py` Nullify and Threat; `events_cluster.py`, `objectives.py`; `card_effects.py` the
  effects of Twists!, Events and the Objective; `twists.py` the Twist! of each Start of Turn;
  `in_play.py` the Turn's hooks and the moves of the cards in play (reveal, Nullify, choose).
- `conflict/` (Conflicts and Turns, Free and Combat actions, the Combat deck's five steps, Belief, Hate
  and Energy, Statuses, Identity): `conflict.py` the Turn, Initiative, the Mulligan, initiating
  Combats, winning; `combat.py` the five Combat steps; `hands.py` Combat hands; `actions.py` Free
  actions and ending Stunned or Prone; `spending.py` the Belief, Hate and Energy menus and activated
  Advantages; `stealth.py` Flying, Hidden, Perception, Identity, peeking at the Objective.
- `plots/` (Plot Hand: Details, Locations, Bystanders, Allies): `plots.py` playing Plots and the
  Location's triggers, `bystanders.py` Recruiting and Killing, `allies.py`.
- `reversal/` (Reversal of Fortunes, Villain Crossover, Masterplan): `reversal.py` cures and what they
  buy, `crossover.py` Crossovers, Personas, a new Main Villain.
- `between/` (Hate: Fleeing, Interviews; Relocations, Lairs): `aftermath.py`, between two Conflicts:
  Fleeing to a Lair, Pursuit, Interviews, the next Conflict; Relocation.
- `integrity/` (the state check: no position play cannot reach): `integrity.py` Setup's
  (`check_setup`), `integrity_conflict.py` the whole `check`, `integrity_in_play.py` the cards in play's.
- `bots/` (the heuristic bots `hero` and `gm`): `bots.py` the judge and `BOTS`, `thumbs.py` the rules of
  thumb, one module of the judge's scores for each part above.
No module imports another in a circle (tests/core/test_import_graph.py), and none is over ~800 lines.
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
