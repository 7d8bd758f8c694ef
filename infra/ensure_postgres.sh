#!/usr/bin/env bash
# Start the machine's PostgreSQL if it is not accepting connections (tests need it).
set -euo pipefail
if pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then exit 0; fi
echo "PostgreSQL is down; starting it" >&2
pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -1)" main start
for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && exit 0; sleep 1; done
echo "PostgreSQL did not come up on 127.0.0.1:5432" >&2; exit 1
