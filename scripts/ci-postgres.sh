#!/usr/bin/env bash
# Starts a throw-away PostgreSQL server on 127.0.0.1 (the first free port from ${PGPORT:-54329}) for the
# API tests' second driver, installing Debian's postgresql when it is missing. Prints two words: the
# TEST_DATABASE_URL to use and the data folder (stop it with `scripts/ci-postgres.sh stop <folder>`).
# The database is named shop_test: the tests refuse to reset a database whose name does not say it is
# one for tests (tests/support/test-database.ts).
set -euo pipefail
if [ "${1:-}" = "stop" ]; then
  BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  su postgres -c "$BIN/pg_ctl -D $2/data stop -m fast" >/dev/null 2>&1 || true
  rm -rf "$2"
  exit 0
fi
BIN=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$BIN" ]; then
  apt-get update -qq >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi
PGPORT=${PGPORT:-54329}
# A server left over from another run must not make this one fail: take the next free port.
while (echo > /dev/tcp/127.0.0.1/$PGPORT) >/dev/null 2>&1; do PGPORT=$((PGPORT + 1)); done
DIR=$(mktemp -d /tmp/ci-pg.XXXXXX)
chown postgres "$DIR"
# The server refuses to run as root: it runs as the postgres user Debian's package creates.
su postgres -c "$BIN/initdb -D $DIR/data -U shop --auth=trust >/dev/null"
su postgres -c "$BIN/pg_ctl -D $DIR/data -o '-p $PGPORT -k $DIR -c listen_addresses=127.0.0.1' -l $DIR/log -w start >/dev/null"
su postgres -c "$BIN/createdb -h 127.0.0.1 -p $PGPORT -U shop shop_test"
echo "postgres://shop@127.0.0.1:$PGPORT/shop_test $DIR"
