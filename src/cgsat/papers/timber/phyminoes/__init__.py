"""Phyminoes (*The Game of timber!*, Problem 4.3): rules on graph families, counts of
P-orientations, and Timber's reductions.
"""
