"""Claims, methods, solving and the results engine; see docs/architecture.md."""
