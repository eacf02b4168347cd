#!/usr/bin/env bash
# A single-node Slurm on 127.0.0.1 for the Slurm tests (issue 27 item 4, docs/cluster.md):
# munged, slurmctld and slurmd (Debian's munge and slurm-wlm, 22.05 on bookworm) with their
# configuration, key, sockets, spools and logs in one directory, $CGSAT_SLURM_DIR
# (default /tmp/cgsat-slurm); waits until `sinfo` shows the node idle.
#   .ci/slurm-up.sh          start it (or reuse it, if it already answers); prints the
#                            line to source: export SLURM_CONF=$CGSAT_SLURM_DIR/slurm.conf
#   .ci/slurm-down.sh        stop it (the three daemons, by their pid files)
# Root only (slurmd runs the jobs as their user); no cgroups needed (proctrack/linuxproc,
# task/none). The node is NodeName=localhost with CPUs=2, one partition, `debug`.
set -euo pipefail
DIR=${CGSAT_SLURM_DIR:-/tmp/cgsat-slurm}
CTLD_PORT=${CGSAT_SLURM_PORT:-6817}
CONF=$DIR/slurm.conf
export SLURM_CONF=$CONF
for exe in munged mungekey slurmctld slurmd sinfo sbatch; do
    command -v "$exe" >/dev/null || PATH=$PATH:/usr/sbin:/sbin
    command -v "$exe" >/dev/null || { echo "error: $exe not found: apt-get install slurm-wlm munge" >&2; exit 1; }
done
mkdir -p "$DIR"
exec 9>"$DIR/.lock"   # pytest -n 2: both workers may start it at once
flock 9

idle() { sinfo -h -N -o '%t' 2>/dev/null | grep -qE '^(idle|mix|alloc)'; }
if [ -f "$CONF" ] && idle; then
    echo "export SLURM_CONF=$CONF"
    exit 0
fi
[ "$(id -u)" = 0 ] || { echo "error: slurm-up.sh must run as root (slurmd)" >&2; exit 1; }
"$(dirname "$0")/slurm-down.sh" >/dev/null 2>&1 || true

mkdir -p "$DIR/munge" "$DIR/ctld" "$DIR/spool" "$DIR/log"
chmod 700 "$DIR/munge"
[ -f "$DIR/munge/munge.key" ] || mungekey --create --keyfile="$DIR/munge/munge.key" --force
chmod 600 "$DIR/munge/munge.key"
# the daemons must not inherit the lock (fd 9) or the caller's pipes: they would hold both
munged --key-file="$DIR/munge/munge.key" --socket="$DIR/munge/munge.socket" \
       --pid-file="$DIR/munge/munged.pid" --log-file="$DIR/log/munged.log" \
       --seed-file="$DIR/munge/munged.seed" --force </dev/null >/dev/null 2>&1 9>&-

MEM=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 / 2 ))  # MB, half the machine
cat > "$CONF" <<CONFEOF
# written by .ci/slurm-up.sh
ClusterName=cgsat
SlurmctldHost=$(hostname -s)(127.0.0.1)
SlurmctldPort=$CTLD_PORT
SlurmdPort=$((CTLD_PORT + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$DIR/munge/munge.socket
StateSaveLocation=$DIR/ctld
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
KillWait=5
MinJobAge=300
SlurmdTimeout=60
InactiveLimit=0
NodeName=localhost NodeHostname=$(hostname -s) NodeAddr=127.0.0.1 CPUs=2 RealMemory=$MEM State=UNKNOWN
PartitionName=debug Nodes=localhost Default=YES MaxTime=INFINITE State=UP
CONFEOF
# -c: a clean start (no jobs from an earlier run's saved state)
slurmctld -c -f "$CONF" </dev/null >/dev/null 2>&1 9>&-
slurmd -N localhost -f "$CONF" </dev/null >/dev/null 2>&1 9>&-
for _ in $(seq 60); do
    if idle; then echo "export SLURM_CONF=$CONF"; exit 0; fi
    sleep 1
done
echo "error: the Slurm node did not become idle in 60 s; logs in $DIR/log:" >&2
sinfo -N >&2 || true
tail -n 20 "$DIR/log/slurmctld.log" "$DIR/log/slurmd.log" >&2 || true
exit 1
