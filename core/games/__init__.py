"""Registers every game with the framework. The framework itself imports no game."""

from core.framework.registry import register
from core.games.shufflers import SHUFFLERS

register(SHUFFLERS)
