"""Admin of the companion app."""
