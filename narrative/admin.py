"""Admin of the narrative app."""
