#!/usr/bin/env bash
# Starts what the platform needs on this machine, idempotently: PostgreSQL, Redis, Kafka, the
# project's databases. Installs PostgreSQL and Redis from Debian's packages where absent.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
PGHOST=${PGHOST:-127.0.0.1}
PGUSER=${PGUSER:-postgres}
databases=("$@")
[ ${#databases[@]} -gt 0 ] || databases=(platform)

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

apt_install() {
  [ -n "${APT_UPDATED:-}" ] || { apt-get update -qq; APT_UPDATED=1; }
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

if ! port_open 5432; then
  command -v pg_ctlcluster >/dev/null || apt_install postgresql
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | sort -V | tail -1)" main start || true
  for _ in $(seq 1 30); do port_open 5432 && break; sleep 0.5; done
fi
if ! port_open 6379; then
  command -v redis-server >/dev/null || apt_install redis-server
  mkdir -p /var/lib/redis /var/log/redis
  redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no \
    --dir /var/lib/redis --logfile /var/log/redis/ci.log
  for _ in $(seq 1 30); do port_open 6379 && break; sleep 0.5; done
fi

for db in "${databases[@]}"; do
  exists=$(psql -h "$PGHOST" -U "$PGUSER" -d postgres -tAc "SELECT 1 FROM pg_database WHERE datname = '$db'")
  [ "$exists" = 1 ] || psql -h "$PGHOST" -U "$PGUSER" -d postgres -qc "CREATE DATABASE \"$db\"" >/dev/null
done

"$here/kafka.sh" start
