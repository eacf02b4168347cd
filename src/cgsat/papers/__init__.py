"""One subpackage per paper: its claims and methods; see docs/architecture.md."""
