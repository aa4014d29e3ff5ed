"""Plot Twist, the non-collectible card game of heroes against a Game Master's villains
(rules: ../shared/rules/plot-twist-rules.md; issues 15 and 16).

Being built: the house starter set (`cards/*.toml`, `vocabulary.py`, `cards.py`, `decks.py`),
the rolls and damage (`rolls.py`, `damage.py`) and Setup are here with their tests; the Conflict
engine is not yet, so the game is not registered (`IN_PROGRESS`, see core/games/__init__.py).

Setup (docs/plot-twist-contract.md), a module importing only those above it:
- `state.py`: the state model, no rule: the game's fields, Character records, what is in play.
- `setup.py`: Setup steps 1-7 as decisions, one card per pick (`new_state`, `setup_decisions`,
  `SETUP_MOVES`, `setup_refusal`), and quick setup from the seed.
- `views.py`: what each seat may see of a state and of an event (`view`, `view_event`).
- `integrity.py`: `check_setup`, InvalidState for a state Setup cannot reach.
"""

IN_PROGRESS = True
