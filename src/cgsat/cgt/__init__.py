"""The direct recursive solver: impartial outcomes and nim-values, partizan canonical forms."""
