"""Admin of the nudges app."""
