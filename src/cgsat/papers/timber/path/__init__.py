"""Toppling Peaks (Timber on a path, words over {L, R}): *The Game of timber!* §2, Theorems
2.3-2.5, and the open problem of nim-values on paths (Problem 4.1).
"""
