"""CNF encodings of games (build, never solve); see docs/architecture.md."""
