"""See DESIGN.md for the role of this subpackage."""
