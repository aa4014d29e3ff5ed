"""The heuristic bots `hero` and `gm` (not a part of the rulebook: they play it). bots.py is their
description, the judge and `BOTS`; each other module holds the judge's scores of one part of the
rulebook (setup.py, combat.py, spending.py, plots.py, reversal.py, between.py); thumbs.py the
rules of thumb they share."""
