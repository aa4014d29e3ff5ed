"""Shufflers, the zombie game on a standard 54-card deck."""

from .game import SHUFFLERS

__all__ = ["SHUFFLERS"]
