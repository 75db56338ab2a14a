#!/usr/bin/env bash
# A throwaway single-node Ceph (one monitor, one memstore OSD, one radosgw) on loopback,
# so that the S3 blob store is tested against a real S3 server rather than a mock.
#
#   scripts/radosgw.sh start [dir [s3port]]   starts it (or finds it already running in dir)
#   scripts/radosgw.sh status [dir]           exit 0 and the variables if it runs, else exit 1
#   scripts/radosgw.sh stop [dir]             stops the daemons and removes what start made
#
#   eval "$(scripts/radosgw.sh start)"        sets S3_ENDPOINT, S3_REGION, S3_ACCESS_KEY_ID,
#                                             S3_SECRET_ACCESS_KEY and RADOSGW_DIR
#
# dir defaults to $RADOSGW_DIR, else $TMPDIR/trove-radosgw-<uid>; s3port defaults to a free
# one. `start` prints only the `export` lines on stdout (progress and errors go to stderr),
# and is idempotent: in a dir whose cluster still answers it prints the same lines again; a
# half-dead cluster there is stopped and replaced. Everything (config, logs, sockets, pid
# files, the monitor's store) lives in dir; objects are in memory, so nothing outlives
# `stop`. Start-up takes 1-3 s; the three daemons use about 120 MB RSS, growing with the data.
#
# Authentication is off (`auth * required = none`): the only S3 credentials are the test
# user's, and everything listens on 127.0.0.1 only. Never point this at real data.
# Needs the Debian packages radosgw, ceph-mon and ceph-osd (scripts/ensure-debian-packages.sh).
set -euo pipefail

readonly ACCESS_KEY=TESTKEY
readonly SECRET_KEY=TESTSECRET
# radosgw accepts any region in a signature; this is the SDKs' default.
readonly REGION=us-east-1
# Written into ceph.conf; `stop` deletes only a dir that carries it, never a user's folder.
readonly MARKER='# made by trove scripts/radosgw.sh'
readonly DAEMONS=(mon.a:ceph-mon osd.0:ceph-osd client.rgw.a:radosgw)
# Also on the radosgw-admin and radosgw command lines: set in ceph.conf alone, radosgw
# loops on `get_initial_auth_request returned -13`.
readonly NOAUTH=(--auth-client-required=none --auth-cluster-required=none --auth-service-required=none)

say() { echo "radosgw.sh: $*" >&2; }
die() {
  say "$*"
  exit 1
}

# True when something accepts connections on 127.0.0.1:$1.
listening() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

# True when an S3 server (not merely some program) answers on 127.0.0.1:$1: an anonymous
# ListBuckets, done with bash alone because curl may be missing on a bare machine.
s3_answers() {
  local reply
  # shellcheck disable=SC2016 # $1 is expanded by the inner bash, on purpose
  reply=$(timeout 3 bash -c 'exec 3<>"/dev/tcp/127.0.0.1/$1" &&
    printf "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n" >&3 && cat <&3' _ "$1" 2>/dev/null) ||
    true
  [[ $reply == *ListAllMyBucketsResult* ]]
}

pick_port() {
  local port
  for _ in $(seq 1 100); do
    port=$((20000 + RANDOM % 30000))
    if ! listening "$port"; then
      echo "$port"
      return
    fi
  done
  die "no free port found on 127.0.0.1"
}

# The pid in run/$1.pid when that process is alive and still is $2. Containers whose init
# never reaps leave daemons as zombies, which `kill -0` reports as alive; a pid file that
# outlived a reboot may name an unrelated process.
live_pid() {
  local pid state
  pid=$(cat "$DIR/run/$1.pid" 2>/dev/null) || return 1
  [[ $pid =~ ^[0-9]+$ ]] || return 1
  [ "$(cat "/proc/$pid/comm" 2>/dev/null)" = "$2" ] || return 1
  state=$(sed -E 's/^[0-9]+ \(.*\) (.).*/\1/' "/proc/$pid/stat" 2>/dev/null) || return 1
  [ "$state" != Z ] || return 1
  echo "$pid"
}

stop_daemons() {
  local pids=() pid entry
  for entry in "${DAEMONS[@]}"; do
    pid=$(live_pid "${entry%%:*}" "${entry#*:}") && pids+=("$pid")
  done
  [ "${#pids[@]}" -gt 0 ] || return 0
  kill -TERM "${pids[@]}" 2>/dev/null || true
  # They exit within a second; memstore has nothing to flush worth waiting for.
  for _ in $(seq 1 30); do
    local alive=()
    for pid in "${pids[@]}"; do
      if kill -0 "$pid" 2>/dev/null && ! grep -q '^State:.*Z' "/proc/$pid/status" 2>/dev/null; then
        alive+=("$pid")
      fi
    done
    [ "${#alive[@]}" -eq 0 ] && return 0
    pids=("${alive[@]}")
    sleep 0.1
  done
  kill -KILL "${pids[@]}" 2>/dev/null || true
}

readonly MADE=(ceph.conf monmap s3.env run log mon osd rgw crash)

# Removes what `start` made in $DIR, but only if `start` made it (ceph.conf has the marker).
wipe() {
  [ -f "$DIR/ceph.conf" ] || return 0
  grep -qxF "$MARKER" "$DIR/ceph.conf" || die "$DIR/ceph.conf was not written by this script; not touching $DIR"
  local name
  for name in "${MADE[@]}"; do rm -rf "${DIR:?}/$name"; done
}

# Prints the variables of the cluster in $DIR when all three daemons live and S3 answers.
status() {
  local entry port
  [ -f "$DIR/s3.env" ] || return 1
  for entry in "${DAEMONS[@]}"; do
    live_pid "${entry%%:*}" "${entry#*:}" >/dev/null || return 1
  done
  port=$(sed -nE 's#^export S3_ENDPOINT=http://127\.0\.0\.1:([0-9]+)$#\1#p' "$DIR/s3.env")
  if [ -z "$port" ] || ! s3_answers "$port"; then return 1; fi
  cat "$DIR/s3.env"
}

# Runs one setup command with a deadline; on failure shows the daemon logs, stops what
# was started and exits, rather than leaving a caller with a bare exit code.
step() {
  local what=$1 seconds=$2
  shift 2
  # 9<&-: daemons must not inherit the lock (see the end of this file), or hold it forever.
  if ! timeout "$seconds" "$@" 9<&- >>"$DIR/log/setup.log" 2>&1; then
    fail "'$what' failed or took over ${seconds}s"
  fi
}

fail() {
  say "$1; last lines of the logs in $DIR/log:"
  local file
  for file in "$DIR"/log/*.log; do
    [ -f "$file" ] || continue
    echo "==> $file <==" >&2
    tail -n 12 "$file" >&2
  done
  stop_daemons
  exit 1
}

# Waits up to $3 seconds until the daemon named $1 (process name $2) passes the check
# "${@:4}"; fails at once when the daemon dies, e.g. because another program took its port.
await_daemon() {
  local name=$1 comm=$2 deadline=$((SECONDS + $3))
  shift 3
  while [ "$SECONDS" -lt "$deadline" ]; do
    "$@" && return 0
    # A daemon that cannot bind says so in its log and exits, sometimes before it wrote its
    # pid file; the caller empties the log before each attempt.
    if grep -qE 'unable to bind|failed to bind' "$DIR/log/$name.log" 2>/dev/null; then return 1; fi
    # The pid file appears a moment after the fork; until then there is nothing to check.
    if [ -f "$DIR/run/$name.pid" ] && ! live_pid "$name" "$comm" >/dev/null; then return 1; fi
    sleep 0.05
  done
  return 1
}

start() {
  local s3port=${1:-} attempt monport fsid bin name pid
  if status >/dev/null 2>&1; then
    say "already running in $DIR"
    cat "$DIR/s3.env"
    return
  fi
  for bin in ceph ceph-mon ceph-osd monmaptool radosgw radosgw-admin; do
    command -v "$bin" >/dev/null 2>&1 ||
      die "$bin not found: install the Debian packages radosgw ceph-mon ceph-osd (scripts/ensure-debian-packages.sh)"
  done
  if [ -n "$s3port" ] && [ "$s3port" != 0 ]; then
    [[ $s3port =~ ^[0-9]+$ ]] || die "s3port must be a number, not $s3port"
    listening "$s3port" && die "port $s3port is already in use"
  fi
  # Leftovers of an earlier run (killed daemons, a crash) would break mkfs.
  stop_daemons
  wipe
  for name in "${MADE[@]}"; do
    [ ! -e "$DIR/$name" ] || die "$DIR/$name exists but was not made by this script; use an empty dir"
  done
  mkdir -p "$DIR"/{run,log,mon,osd/ceph-0,rgw,crash}
  : >"$DIR/log/setup.log"
  # Interrupted half-way (a test runner's timeout), leave no daemon behind.
  trap 'stop_daemons; exit 130' INT TERM

  fsid=$(cat /proc/sys/kernel/random/uuid)
  # Another program may take a random port between the check and the bind. The monitor
  # then fails within a second (one bind attempt, see ceph.conf), and the next attempt
  # picks another port.
  for attempt in 1 2 3; do
    monport=$(pick_port)
    write_conf "$fsid" "$monport"
    rm -rf "$DIR/mon" "$DIR/monmap"
    mkdir "$DIR/mon"
    : >"$DIR/log/mon.a.log"
    step "monmaptool" 10 monmaptool --create --add a "127.0.0.1:$monport" --fsid "$fsid" "$DIR/monmap"
    step "ceph-mon --mkfs" 20 ceph-mon -i a --mkfs --monmap "$DIR/monmap"
    # ceph-mon returns once its forked child has bound the port (or failed to).
    if timeout 20 ceph-mon -i a 9<&- >>"$DIR/log/setup.log" 2>&1 &&
      await_daemon mon.a ceph-mon 10 listening "$monport"; then
      break
    fi
    [ "$attempt" = 3 ] && fail "ceph-mon did not start"
    say "ceph-mon could not serve on port $monport; retrying"
    stop_daemons
  done

  step "ceph osd create" 30 ceph osd create
  step "ceph-osd --mkfs" 30 ceph-osd -i 0 --mkfs
  step "crush add-bucket" 20 ceph osd crush add-bucket localhost host
  step "crush move" 20 ceph osd crush move localhost root=default
  step "crush add osd.0" 20 ceph osd crush add osd.0 1.0 host=localhost
  step "ceph-osd" 20 ceph-osd -i 0
  # Creating the user also creates radosgw's pools, so this waits for the OSD to serve.
  step "radosgw-admin user create" 60 radosgw-admin -n client.rgw.a "${NOAUTH[@]}" user create \
    --uid=test --display-name=Test --access-key="$ACCESS_KEY" --secret="$SECRET_KEY"

  # radosgw forks before it binds, so a taken port shows as the daemon dying instead.
  for attempt in 1 2 3; do
    if [ -z "$s3port" ] || [ "$s3port" = 0 ] || [ "$attempt" -gt 1 ]; then s3port=$(pick_port); fi
    rm -f "$DIR/run/client.rgw.a.pid"
    : >"$DIR/log/client.rgw.a.log"
    step "radosgw" 20 radosgw -n client.rgw.a "${NOAUTH[@]}" --rgw-frontends="beast endpoint=127.0.0.1:$s3port"
    if await_daemon client.rgw.a radosgw 60 s3_answers "$s3port"; then break; fi
    [ "$attempt" = 3 ] && fail "radosgw did not answer on 127.0.0.1:$s3port"
    say "radosgw could not serve on port $s3port; retrying"
    if pid=$(live_pid client.rgw.a radosgw); then kill -KILL "$pid" 2>/dev/null || true; fi
  done
  trap - INT TERM

  cat >"$DIR/s3.env" <<EOF
export S3_ENDPOINT=http://127.0.0.1:$s3port
export S3_REGION=$REGION
export S3_ACCESS_KEY_ID=$ACCESS_KEY
export S3_SECRET_ACCESS_KEY=$SECRET_KEY
export RADOSGW_DIR=$(printf %q "$DIR")
EOF
  say "radosgw is up on http://127.0.0.1:$s3port after ${SECONDS}s (stop: $0 stop $(printf %q "$DIR"))"
  cat "$DIR/s3.env"
}

write_conf() {
  # The paxos settings cut the waits between map updates, which were most of the start-up
  # time (about 17 s with the defaults, 1-3 s with these).
  cat >"$DIR/ceph.conf" <<EOF
$MARKER
[global]
fsid = $1
mon host = 127.0.0.1:$2
public addr = 127.0.0.1
cluster addr = 127.0.0.1
ms bind ipv6 = false
ms bind retry count = 1
ms bind retry delay = 1
auth cluster required = none
auth service required = none
auth client required = none
ms mon client mode = crc
ms client mode = crc
keyring = /dev/null
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
mon allow pool size one = true
mon warn on pool no redundancy = false
mon data avail warn = 1
mon data avail crit = 0
osd objectstore = memstore
memstore device bytes = 2147483648
osd crush chooseleaf type = 0
paxos propose interval = 0.05
paxos min wait = 0.01
mon osd min up ratio = 0
run dir = $DIR/run
crash dir = $DIR/crash
pid file = $DIR/run/\$name.pid
admin socket = $DIR/run/\$name.asok
log file = $DIR/log/\$name.log
mon data = $DIR/mon/\$cluster-\$id
osd data = $DIR/osd/\$cluster-\$id
rgw data = $DIR/rgw
client mount timeout = 30
rados mon op timeout = 30
[osd]
osd op num shards = 1
osd op num threads per shard = 2
# radosgw.sh stop kills the monitor too: do not wait the default 5 s for its acknowledgement.
osd mon shutdown timeout = 0.1
[client.rgw.a]
rgw enable apis = s3
rgw thread pool size = 16
EOF
}

command=${1:-}
if [ $# -lt 1 ] || [ $# -gt 3 ]; then die "usage: $0 start [dir [s3port]] | status [dir] | stop [dir]"; fi
dir=${2:-${RADOSGW_DIR:-${TMPDIR:-/tmp}/trove-radosgw-$(id -u)}}
if [ ! -d "$dir" ]; then
  case "$command" in
    status) exit 1 ;;
    stop) exit 0 ;;
  esac
fi
DIR=$(mkdir -p "$dir" && cd "$dir" && pwd)
export CEPH_CONF="$DIR/ceph.conf"

# One start or stop at a time per dir: two test files starting the same dir must end up
# sharing one cluster, not racing two mkfs runs. The lock is on the dir itself, so `stop`
# can remove it. flock is in util-linux, which every Debian has.
exec 9<"$DIR"
flock -w 180 9 || die "$DIR is locked by another radosgw.sh for over 180 s"
[ -d "$DIR" ] || die "$DIR was removed while waiting for its lock"

case "$command" in
  start) start "${3:-}" ;;
  status) status ;;
  stop)
    stop_daemons
    wipe
    rmdir "$DIR" 2>/dev/null || true
    ;;
  *) die "unknown command $command (start, status or stop)" ;;
esac
