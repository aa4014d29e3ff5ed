"""Registers every game with the framework. The framework itself imports no game."""

from core.framework.registry import register
from core.games.big_shuffle import BIG_SHUFFLE
from core.games.showbiz_shuffle import SHOWBIZ_SHUFFLE
from core.games.shufflers import SHUFFLERS

register(SHUFFLERS)
register(BIG_SHUFFLE)
register(SHOWBIZ_SHUFFLE)
