"""CLI subcommands: each module has ``run(args) -> exit code``. Only :mod:`cgsat.cli` calls them."""
