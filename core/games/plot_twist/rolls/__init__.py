"""Terminology: Pools, Rolls (Fixed, Opposing, Chosen), Damage Rolls, Automatic Successes and Margin;
the arithmetic of Attacks, Armor and Cover, Stress and Trauma (rolls.py, damage.py)."""
