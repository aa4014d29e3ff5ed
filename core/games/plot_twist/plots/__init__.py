"""Plot Hand: Details, Locations (plots.py), Bystanders (bystanders.py) and Allies (allies.py)."""
