"""Showbiz Shuffle, the movie-studio card game."""

from .game import SHOWBIZ_SHUFFLE

GAME = SHOWBIZ_SHUFFLE  # what core/games/__init__.py registers

__all__ = ["GAME", "SHOWBIZ_SHUFFLE"]
