"""Timber on trees: *The Game of timber!* §3 (Lemmas 3.1-3.3, Algorithm 3.5), P-orientation
counts and reductions (Problem 4.2).
"""
