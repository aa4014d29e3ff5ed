"""Shufflers, the zombie game on a standard 54-card deck."""

from .game import SHUFFLERS

GAME = SHUFFLERS  # what core/games/__init__.py registers

__all__ = ["GAME", "SHUFFLERS"]
