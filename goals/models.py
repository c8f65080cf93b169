"""Models of the goals app."""
