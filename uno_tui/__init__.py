"""uno-tui: UNO in a full-screen terminal."""
