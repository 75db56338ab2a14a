#!/usr/bin/env bash
# Starts this machine's PostgreSQL and Redis when they are installed but stopped; the
# PostgreSQL tests need the server and fail loudly without it.
set -uo pipefail
if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
  if command -v pg_ctlcluster >/dev/null 2>&1; then
    echo "ensure-services: starting PostgreSQL"
    pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start || true
  fi
fi
if command -v redis-cli >/dev/null 2>&1 && ! redis-cli -h 127.0.0.1 ping >/dev/null 2>&1; then
  echo "ensure-services: starting Redis"
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /tmp >/dev/null || true
fi
pg_isready -h 127.0.0.1 -p 5432 || echo "ensure-services: PostgreSQL is NOT reachable; its tests will fail"
