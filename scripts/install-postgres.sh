#!/usr/bin/env bash
# Install and start a local PostgreSQL 15 with pgvector >= 0.8 for hrag (Debian 12, run as root).
#
#   1. postgresql-15 + postgresql-server-dev-15 + build tools from bookworm (apt-get only if missing)
#   2. pgvector built from Debian trixie's *source* package (trixie binaries are never installed)
#   3. cluster 15/main on 127.0.0.1:${HRAG_PG_PORT:-5432}, password auth, started
#   4. roles/databases hrag/hrag and hrag_test/hrag_test (CREATEDB), extension vector in both
#
# Idempotent: a rerun on a ready machine makes no network calls and takes ~1-2 s.
# Noise goes to $HRAG_CACHE/install-postgres.log (default ~/.cache/hrag); its tail is shown on failure.
set -Eeuo pipefail

PG=15
PORT="${HRAG_PG_PORT:-5432}"
CACHE="${HRAG_CACHE:-${HOME:-/root}/.cache/hrag}"
LOG="$CACHE/install-postgres.log"
PG_CONFIG="/usr/lib/postgresql/$PG/bin/pg_config"
TRIXIE_LIST=/etc/apt/sources.list.d/hrag-trixie-src.list
export DEBIAN_FRONTEND=noninteractive

[[ $EUID -eq 0 ]] || { echo "install-postgres: must run as root" >&2; exit 1; }
mkdir -p "$CACHE/src"
: >"$LOG"
trap 'rc=$?; echo "install-postgres: failed (exit $rc); tail of $LOG:" >&2; tail -n 40 "$LOG" >&2; exit $rc' ERR

q() { echo "+ $*" >>"$LOG"; "$@" >>"$LOG" 2>&1 </dev/null; }   # run quietly, output to the log
installed() { [[ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" == installed ]]; }
sql() { (cd / && runuser -u postgres -- psql -p "$PORT" -X -q -A -t -v ON_ERROR_STOP=1 "$@"); }   # as superuser

# --- 1. packages from bookworm ------------------------------------------------------------------
missing=()
for p in postgresql-$PG postgresql-server-dev-$PG build-essential dpkg-dev xz-utils; do
  installed "$p" || missing+=("$p")
done
if ((${#missing[@]})); then
  q apt-get update
  q apt-get install -y --no-install-recommends "${missing[@]}"
fi

# --- 2. pgvector >= 0.8 from trixie's source package ----------------------------------------------
vector_ok() {
  local v
  v=$(sed -n "s/^default_version *= *'\(.*\)'/\1/p" "/usr/share/postgresql/$PG/extension/vector.control" 2>/dev/null)
  [[ -n $v && -f /usr/lib/postgresql/$PG/lib/vector.so ]] && dpkg --compare-versions "$v" ge 0.8
}
if ! vector_ok; then
  # Source index only ([target=Sources]: no Packages/Contents/Translations), same mirror as bookworm.
  mirror=$(apt-get indextargets --format '$(REPO_URI)' 'Codename: bookworm' 'Target-Of: deb' | head -n1)
  echo "deb-src [target=Sources] ${mirror:?no bookworm mirror found} trixie main" >"$TRIXIE_LIST"
  # Belt and braces: even if a trixie binary index ever shows up, never prefer it.
  printf 'Package: *\nPin: release n=trixie\nPin-Priority: 100\n' >/etc/apt/preferences.d/hrag-trixie
  # Refresh just this one list; leave the other lists alone.
  q apt-get update -o Dir::Etc::SourceList="$TRIXIE_LIST" -o Dir::Etc::SourceParts=- -o APT::Get::List-Cleanup=0
  cd "$CACHE/src"
  q apt-get source -y pgvector/trixie          # downloads + unpacks pgvector-<ver>/ (skips if unpacked)
  src=$(ls -d pgvector-*/ | sort -V | tail -n1)
  # OPTFLAGS= : no tuning for the build CPU (pgvector defaults to it), so the .so also runs if the machine's CPU changes.
  q make -C "$src" PG_CONFIG="$PG_CONFIG" OPTFLAGS=
  q make -C "$src" PG_CONFIG="$PG_CONFIG" OPTFLAGS= install
  cd - >/dev/null
  vector_ok || { echo "pgvector build did not install a version >= 0.8" >>"$LOG"; false; }
fi

# --- 3. cluster 15/main on 127.0.0.1:$PORT ----------------------------------------------------------
pg_lsclusters -h | awk -v v=$PG '$1==v && $2=="main"' | grep -q . || q pg_createcluster -p "$PORT" $PG main
# Settings go in a conf.d drop-in (Debian's postgresql.conf includes conf.d/ last, so it wins).
# (pg_conftool is not used: it writes 127.0.0.1 unquoted, which postgres rejects.)
changed=0
CONF=/etc/postgresql/$PG/main/conf.d/hrag.conf
want=$(printf "listen_addresses = '127.0.0.1'\nport = %s\n" "$PORT")
if [[ "$(cat "$CONF" 2>/dev/null)" != "$want" ]]; then
  mkdir -p "${CONF%/*}"; echo "$want" >"$CONF"; changed=1
fi
grep -q "^include_dir = 'conf.d'" /etc/postgresql/$PG/main/postgresql.conf ||
  echo "include_dir = 'conf.d'" >>/etc/postgresql/$PG/main/postgresql.conf
# Debian's default pg_hba already has this line; add it only if someone removed it.
HBA=/etc/postgresql/$PG/main/pg_hba.conf
if ! grep -Eq '^host\s+all\s+all\s+127\.0\.0\.1/32\s+(scram-sha-256|md5)\s*$' "$HBA"; then
  echo 'host all all 127.0.0.1/32 scram-sha-256' >>"$HBA"; changed=1
fi
if pg_lsclusters -h | awk -v v=$PG '$1==v && $2=="main" {print $4}' | grep -q online; then
  ((changed == 0)) || q pg_ctlcluster $PG main restart
else
  q pg_ctlcluster $PG main start
fi
for _ in $(seq 60); do   # wait up to ~30 s
  pg_isready -q -h 127.0.0.1 -p "$PORT" -t 1 && break
  sleep 0.5
done
pg_isready -q -h 127.0.0.1 -p "$PORT" -t 1 || { echo "server not ready on 127.0.0.1:$PORT" >>"$LOG"; false; }

# --- 4. roles, databases, extension ----------------------------------------------------------------
export PGOPTIONS='-c client_min_messages=warning'
sql <<'SQL'
SELECT format('CREATE ROLE %I', r) FROM (VALUES ('hrag'), ('hrag_test')) v(r)
  WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = r) \gexec
ALTER ROLE hrag LOGIN PASSWORD 'hrag';
ALTER ROLE hrag_test LOGIN CREATEDB PASSWORD 'hrag_test';
SELECT format('CREATE DATABASE %I OWNER %I', d, o) FROM (VALUES ('hrag', 'hrag'), ('hrag_test', 'hrag_test'), ('hrag_eval', 'hrag_test')) v(d, o)
  WHERE NOT EXISTS (SELECT 1 FROM pg_database WHERE datname = d) \gexec
SQL
for db in hrag hrag_test hrag_eval; do   # as superuser, so the app roles need no special rights
  sql -d "$db" -c 'CREATE EXTENSION IF NOT EXISTS vector' -c 'ALTER EXTENSION vector UPDATE' \
    -c 'CREATE EXTENSION IF NOT EXISTS unaccent SCHEMA public'
done

ver=$(sql -d hrag_test -c "SELECT extversion FROM pg_extension WHERE extname = 'vector'")
echo "postgres: ready on 127.0.0.1:$PORT (pgvector $ver)"
