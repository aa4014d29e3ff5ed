"""Showbiz Shuffle, the movie-studio card game."""

from .game import SHOWBIZ_SHUFFLE

__all__ = ["SHOWBIZ_SHUFFLE"]
