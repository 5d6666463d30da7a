#!/usr/bin/env bash
# The playground's storage on PostgreSQL: starts Debian's cluster, creates
# a role and a database for the tests, and runs the storage tests that need
# it (tests/storage.rs: the store's round trip, and two `tetrarch serve`
# instances sharing one database). Run as root (CI is).
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v pg_lsclusters >/dev/null; then
  echo "tests/e2e/postgres.sh: PostgreSQL is not installed (apt-get install postgresql)" >&2
  exit 1
fi
read -r version cluster port status _ < <(pg_lsclusters -h | head -1)
if [ -z "${version:-}" ]; then
  echo "tests/e2e/postgres.sh: no PostgreSQL cluster (pg_createcluster)" >&2
  exit 1
fi
if [ "$status" != online ]; then
  pg_ctlcluster "$version" "$cluster" start
fi
as_postgres() { su postgres -c "$1"; }
if ! as_postgres "psql -p $port -tAc \"SELECT 1 FROM pg_roles WHERE rolname = 'tetrarch'\"" | grep -q 1; then
  as_postgres "psql -p $port -qc \"CREATE ROLE tetrarch LOGIN PASSWORD 'tetrarch'\""
fi
# A fresh database every run.
as_postgres "dropdb -p $port --if-exists tetrarch_test"
as_postgres "createdb -p $port -O tetrarch tetrarch_test"
export TETRARCH_POSTGRES_URL="postgres://tetrarch:tetrarch@127.0.0.1:$port/tetrarch_test"
cargo test --profile ci --test storage -- --ignored
