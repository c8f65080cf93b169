"""Models of the nudges app."""
