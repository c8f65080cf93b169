"""Models of the narrative app."""
