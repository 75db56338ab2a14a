#!/usr/bin/env bash
# Installs the Debian packages the tests need when they are missing: Chromium for the
# end-to-end tests, ffmpeg for video, and a single-node Ceph (radosgw, ceph-mon, ceph-osd)
# for the S3 blob store tests (scripts/radosgw.sh). Needs root (CI and the dev machines run
# as root).
set -euo pipefail
missing=()
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v ffmpeg >/dev/null 2>&1 || missing+=(ffmpeg)
command -v radosgw >/dev/null 2>&1 || missing+=(radosgw)
command -v ceph-mon >/dev/null 2>&1 || missing+=(ceph-mon)
command -v ceph-osd >/dev/null 2>&1 || missing+=(ceph-osd)
if [ "${#missing[@]}" -gt 0 ]; then
  echo "ensure-debian-packages: installing ${missing[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
echo "ensure-debian-packages: $(chromium --version 2>/dev/null | head -1); $(ffmpeg -version 2>/dev/null | head -1 | cut -d' ' -f1-3); $(radosgw --version 2>/dev/null | cut -d' ' -f1-3)"
