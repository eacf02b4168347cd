"""``python -m cgsat``: the same entry point as the ``cgsat`` console script."""

from cgsat.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
