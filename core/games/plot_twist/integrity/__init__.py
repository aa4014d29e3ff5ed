"""The state check (no rulebook section: what no play can reach): Setup's (integrity.py), the
Conflict's (integrity_conflict.py) and the cards in play's (integrity_in_play.py)."""
