#!/usr/bin/env bash
# Stop the single-node Slurm of .ci/slurm-up.sh: slurmd, slurmctld, munged, by pid file.
set -uo pipefail
DIR=${CGSAT_SLURM_DIR:-/tmp/cgsat-slurm}
for pidfile in "$DIR/slurmd.pid" "$DIR/slurmctld.pid" "$DIR/munge/munged.pid"; do
    [ -f "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    if kill "$pid" 2>/dev/null; then
        for _ in $(seq 20); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
    fi
    rm -f "$pidfile"
done
