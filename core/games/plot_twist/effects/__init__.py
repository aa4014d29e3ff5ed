"""Cards: the cards' effects (effects.py, card_effects.py), the Events Cluster (events_cluster.py),
the Twists Deck (twists.py), Objective Cards (objectives.py), Nullify and Threat (conditions.py,
tally.py), Counting Turns (time_counters.py, standing.py) and the cards in play's moves (in_play.py)."""
