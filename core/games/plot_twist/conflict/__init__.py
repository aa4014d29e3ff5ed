"""The Conflict: Turns, Initiative and the Mulligan (conflict.py), the Combat deck's five Combat
steps (combat.py, hands.py), Free and Combat actions (actions.py), spending Belief, Hate and
Energy (spending.py), Flying, Hidden, Sneak Attack and Identity (stealth.py)."""
