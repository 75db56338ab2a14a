#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing: Chromium for the
# end-to-end tests, ffmpeg for video, unzip to check archives, a single-node Ceph (radosgw, ceph-mon, ceph-osd) for
# the S3 blob store tests (scripts/radosgw.sh), and PostgreSQL and Redis (set up and started
# by scripts/ensure-services.sh) unless TROVE_TEST_DATABASE_URL / TROVE_TEST_REDIS_URL name
# other servers. Needs root (CI and the dev machines run as root). With everything there it
# only looks (well under a second).
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
# Info-ZIP's unzip checks our zip archives (a reader we did not write).
command -v unzip >/dev/null 2>&1 || missing+=(unzip)
command -v radosgw >/dev/null 2>&1 || missing+=(radosgw)
command -v ceph-mon >/dev/null 2>&1 || missing+=(ceph-mon)
command -v ceph-osd >/dev/null 2>&1 || missing+=(ceph-osd)
# The load balancer of the multi-node test (apps/server/src/cluster, deploy/haproxy.cfg).
command -v haproxy >/dev/null 2>&1 || missing+=(haproxy)
if [ -z "${TROVE_TEST_DATABASE_URL:-}" ]; then
  # pg_createcluster is in postgresql-common, psql in postgresql-client: both come with it.
  if ! command -v pg_createcluster >/dev/null 2>&1 || ! command -v psql >/dev/null 2>&1; then
    missing+=(postgresql)
  fi
fi
if [ -z "${TROVE_TEST_REDIS_URL:-}" ]; then
  if ! command -v redis-server >/dev/null 2>&1 || ! command -v redis-cli >/dev/null 2>&1; then
    missing+=(redis-server)
  fi
fi
if [ "${#missing[@]}" -gt 0 ]; then
  echo "ensure-debian-packages: installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
echo "ensure-debian-packages: $(chromium --version 2>/dev/null | head -1); $(ffmpeg -version 2>/dev/null | head -1 | cut -d' ' -f1-3); $(radosgw --version 2>/dev/null | cut -d' ' -f1-3); $(haproxy -v 2>/dev/null | head -1 | cut -d' ' -f1-3)"
