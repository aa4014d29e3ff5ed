"""Between two Conflicts (Hate: Fleeing, Interviews; Plot Hand: Relocations, Lairs): Pursuit and
the next Conflict (aftermath.py)."""
