"""Admin of the goals app."""
