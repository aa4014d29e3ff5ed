"""Areas of Play: the Character Cluster, Resistances, Attributes, Heroics, Keywords, Equipment,
Mook cards and Statuses, as a Character in play stands now (characters.py)."""
