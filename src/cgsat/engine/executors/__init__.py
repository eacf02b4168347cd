"""Where work runs in other processes, behind one interface (:mod:`.base`: ``Call``,
``Outcome``, ``Executor``): a pool of forked workers here (:mod:`.local`) or the tasks of a
Dask cluster (:mod:`.dask`), each run in a killable child process of its worker
(:mod:`.sandbox`, :mod:`.sandbox_server`); what runs in a worker around each call is
:mod:`.worker`. An executor never imports the runner (``tests/test_architecture.py``).
"""
