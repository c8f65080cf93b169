"""Admin of the world app."""
