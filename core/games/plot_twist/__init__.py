"""Plot Twist, the non-collectible card game of heroes against a Game Master's villains
(rules: ../shared/rules/plot-twist-rules.md; issues 15 and 16).

Being built: the house starter set (`cards/*.toml`, `vocabulary.py`, `cards.py`, `decks.py`)
and the rolls and damage (`rolls.py`, `damage.py`) are here with their tests; the Conflict engine is not yet, so the game
is not registered (`IN_PROGRESS`, see core/games/__init__.py).
"""

IN_PROGRESS = True
