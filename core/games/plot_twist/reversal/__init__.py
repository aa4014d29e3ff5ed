"""Reversal of Fortunes: cures and Locks, Initiative reversed, the Masterplan (reversal.py);
Villain Crossover and Personas (crossover.py)."""
