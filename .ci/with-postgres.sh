#!/usr/bin/env bash
# Runs a command against a throw-away PostgreSQL 15 cluster: TEST_DATABASE_URL points at it.
#   bash .ci/with-postgres.sh npm test -- --only-api
# WITH_REPLICA=1 also starts a streaming replica of it (pg_basebackup, hot standby on the next port):
# TEST_DATABASE_READ_URL points at the replica's copy of the same database.
set -euo pipefail
PGBIN=/usr/lib/postgresql/15/bin
if [ ! -x "$PGBIN/initdb" ]; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql-15 >/dev/null
fi
dir=$(mktemp -d /tmp/lectern-pg.XXXXXX)
port=$(( 54000 + RANDOM % 1000 ))
runas=()
if [ "$(id -u)" = 0 ]; then
  id postgres >/dev/null 2>&1 || useradd --system --no-create-home postgres
  chown postgres "$dir"
  runas=(runuser -u postgres --)
fi
cleanup() {
  "${runas[@]}" "$PGBIN/pg_ctl" -D "$dir/replica" -m immediate stop >/dev/null 2>&1 || true
  "${runas[@]}" "$PGBIN/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
"${runas[@]}" "$PGBIN/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 >/dev/null
"${runas[@]}" "$PGBIN/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=1000" start >/dev/null
export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
if [ "${WITH_REPLICA:-0}" = 1 ]; then
  # initdb's pg_hba lets local users replicate; wal_level=replica and 10 WAL senders are the defaults. The slot
  # keeps the WAL the replica has not received yet, however far behind the suite's new databases put it.
  "${runas[@]}" "$PGBIN/pg_basebackup" -h 127.0.0.1 -p "$port" -U postgres -D "$dir/replica" -R -X stream -C -S replica >/dev/null
  "${runas[@]}" "$PGBIN/pg_ctl" -D "$dir/replica" -l "$dir/replica.log" -w \
    -o "-p $((port + 1)) -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=1000 -c hot_standby_feedback=on" start >/dev/null
  export TEST_DATABASE_READ_URL="postgres://postgres@127.0.0.1:$((port + 1))/postgres"
fi
"$@"
