"""Models of the companion app."""
