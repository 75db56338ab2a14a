#!/usr/bin/env bash
# Makes the PostgreSQL and Redis that the tests use answer on loopback, the way the tests
# connect (apps/server/src/test/harness.ts, test/redis.ts):
#   PostgreSQL: postgres://postgres@127.0.0.1:5432/postgres, no password
#   Redis:      redis://127.0.0.1:6379
# When they already answer, it only checks (well under a second). Otherwise it creates and
# starts a cluster of Debian's `postgresql` package, lets the `postgres` user in from
# 127.0.0.1 and ::1 without a password (trust, loopback only: a development and CI set-up,
# never a production one), and starts `redis-server` without persistence. The packages
# come from scripts/ensure-debian-packages.sh, which .ci/run runs first. Needs root.
#
# TROVE_TEST_DATABASE_URL / TROVE_TEST_REDIS_URL set: the tests use those servers and this
# script leaves the local ones alone. TROVE_PG_CLUSTER, TROVE_PG_PORT and TROVE_REDIS_PORT
# (default main, 5432, 6379) exist to try this script on a scratch cluster and Redis.
set -euo pipefail
readonly PG_CLUSTER=${TROVE_PG_CLUSTER:-main}
readonly PG_PORT=${TROVE_PG_PORT:-5432}
readonly REDIS_PORT=${TROVE_REDIS_PORT:-6379}
# Marks the lines this script adds to pg_hba.conf, so it adds them once.
readonly HBA_MARKER='# trove scripts/ensure-services.sh: the tests connect as postgres without a password'

say() { echo "ensure-services: $*"; }
die() {
  say "$*" >&2
  exit 1
}

pg_answers() {
  psql "postgres://postgres@127.0.0.1:$PG_PORT/postgres" -Atqc 'select 1' >/dev/null 2>&1
}

redis_answers() {
  [ "$(redis-cli -h 127.0.0.1 -p "$REDIS_PORT" ping 2>/dev/null)" = PONG ]
}

# Waits up to $1 seconds for the check "${@:2}".
await() {
  local deadline=$((SECONDS + $1))
  shift
  until "$@"; do
    [ "$SECONDS" -lt "$deadline" ] || return 1
    sleep 0.2
  done
}

# Prints "version status" of the cluster named $PG_CLUSTER, if one exists.
find_cluster() {
  pg_lsclusters --no-header 2>/dev/null | awk -v name="$PG_CLUSTER" '$2 == name { print $1, $4; exit }'
}

ensure_postgres() {
  command -v pg_createcluster >/dev/null 2>&1 ||
    die "PostgreSQL is not installed: run scripts/ensure-debian-packages.sh (Debian's postgresql)"
  local version status conf
  read -r version status < <(find_cluster) || true
  if [ -z "${version:-}" ]; then
    # The package usually made `main` already; a bare or slimmed image may not have.
    version=$(find /usr/lib/postgresql -mindepth 1 -maxdepth 1 -printf '%f\n' | sort -V | tail -1)
    [ -n "$version" ] || die "no PostgreSQL server binaries under /usr/lib/postgresql"
    say "creating PostgreSQL $version cluster $PG_CLUSTER on port $PG_PORT"
    pg_createcluster "$version" "$PG_CLUSTER" --port "$PG_PORT" >/dev/null
    status=down
  fi
  conf=/etc/postgresql/$version/$PG_CLUSTER
  [ "$(pg_conftool -s "$version" "$PG_CLUSTER" show port)" = "$PG_PORT" ] ||
    die "cluster $version/$PG_CLUSTER does not listen on port $PG_PORT (see $conf/postgresql.conf)"
  if ! grep -qxF "$HBA_MARKER" "$conf/pg_hba.conf"; then
    say "letting postgres in from loopback without a password ($conf/pg_hba.conf)"
    # pg_hba.conf is read top down and the first matching line wins: these go first.
    local original
    original=$(cat "$conf/pg_hba.conf")
    printf '%s\nhost all postgres 127.0.0.1/32 trust\nhost all postgres ::1/128 trust\n%s\n' \
      "$HBA_MARKER" "$original" >"$conf/pg_hba.conf"
  fi
  if [ "$status" = online ]; then
    pg_ctlcluster "$version" "$PG_CLUSTER" reload
  else
    say "starting PostgreSQL $version/$PG_CLUSTER"
    pg_ctlcluster --skip-systemctl-redirect "$version" "$PG_CLUSTER" start
  fi
  await 30 pg_answers ||
    die "PostgreSQL $version/$PG_CLUSTER does not answer on 127.0.0.1:$PG_PORT (log: /var/log/postgresql/)"
}

ensure_redis() {
  command -v redis-server >/dev/null 2>&1 ||
    die "Redis is not installed: run scripts/ensure-debian-packages.sh (Debian's redis-server)"
  say "starting Redis on 127.0.0.1:$REDIS_PORT"
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$REDIS_PORT" --save "" --appendonly no \
    --dir /tmp >/dev/null
  await 10 redis_answers || die "Redis does not answer on 127.0.0.1:$REDIS_PORT"
}

if [ -n "${TROVE_TEST_DATABASE_URL:-}" ]; then
  say "PostgreSQL: TROVE_TEST_DATABASE_URL is set, using that server"
elif pg_answers; then
  say "PostgreSQL answers on 127.0.0.1:$PG_PORT"
else
  ensure_postgres
  say "PostgreSQL answers on 127.0.0.1:$PG_PORT"
fi
if [ -n "${TROVE_TEST_REDIS_URL:-}" ]; then
  say "Redis: TROVE_TEST_REDIS_URL is set, using that server"
elif redis_answers; then
  say "Redis answers on 127.0.0.1:$REDIS_PORT"
else
  ensure_redis
  say "Redis answers on 127.0.0.1:$REDIS_PORT"
fi
