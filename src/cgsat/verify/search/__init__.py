"""Searches for `cgsat find`: enumeration with blocking clauses and replay, one module per topic."""
