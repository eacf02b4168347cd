"""Timber on graphs: *The Game of timber!* Theorem 1.1 and Phyminoes on bipartite graphs.
"""
