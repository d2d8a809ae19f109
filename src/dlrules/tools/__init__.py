"""Developer tools (rule coverage)."""
