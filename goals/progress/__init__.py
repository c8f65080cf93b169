"""Progress: lived days, streaks, freezes and strength (pure functions, no database)."""
