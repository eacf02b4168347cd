"""The check engine: the runner of ``cgsat check``, one check in a worker, the results store,
method fingerprints, provenance, memory and progress; the executors in :mod:`.executors`;
see docs/architecture.md.
"""
