"""Setup: steps 1-7 as decisions and quick setup (setup.py), and the deck-building rules
(Uniqueness Rule, Plot Hand, Classes and Colors, Combat deck, Twists Deck) as predicates (decks.py)."""
