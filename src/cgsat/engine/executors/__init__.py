"""Where checks run besides the local worker pool: a Dask cluster (:mod:`.dask`,
:mod:`.dask_probe`) and the child process that runs a check for a Dask worker
(:mod:`.sandbox`, :mod:`.sandbox_server`).
"""
