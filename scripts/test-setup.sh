#!/usr/bin/env bash
# Installs the Debian packages the server's browser, PostgreSQL and nginx tests need, only when
# missing: a no-op on a machine that has them. Needs root (as `make test` runs on CI);
# without root it says what is missing and the tests that need it skip with that reason.
set -euo pipefail

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
# Screenshots need a font; Chromium does not pull one in.
[ -e /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] || missing+=(fonts-dejavu-core)
ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || missing+=(postgresql)
command -v runuser >/dev/null 2>&1 || missing+=(util-linux)
# tests/server/test_nginx.py runs deploy/nginx.conf in front of two server processes.
[ -x /usr/sbin/nginx ] || missing+=(nginx)

if [ ${#missing[@]} -eq 0 ]; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "test-setup: not root, cannot install: ${missing[*]} (those tests will skip)" >&2
    exit 0
fi
echo "test-setup: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# Another apt run may hold the lock for a while on a shared machine; wait for it.
apt-get -o DPkg::Lock::Timeout=300 update -qq
apt-get -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
