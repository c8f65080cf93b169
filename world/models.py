"""Models of the world app."""
