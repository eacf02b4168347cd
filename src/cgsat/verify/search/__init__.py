"""Search and counting for ``cgsat find``: one module per topic (enumeration, counting, replay)."""
