#!/usr/bin/env bash
# Install the Debian packages hrag's document formats and their tests use
# (Debian 12, run as root), from bookworm only:
#
#   poppler-utils      pdftotext and pdfinfo: PDF text per page, run as subprocesses
#   qpdf               the PDF outline (bookmarks) as JSON; also makes the encrypted test PDF
#   pandoc             DOCX and ODT to HTML, run as a subprocess
#   postgresql-doc-15  the PostgreSQL 15 manual as HTML: a test and benchmark corpus
#   gnuplot-doc        gnuplot.pdf, a manual with an outline: a test and benchmark file
#
#   scripts/install-formats.sh [--no-docs]     (--no-docs: the tools only)
#
# Idempotent: a rerun on a ready machine makes no network calls. Called by
# scripts/setup (tools only) and scripts/test. apt's output goes to
# $HRAG_CACHE/install-formats.log (default ~/.cache/hrag); its tail is shown
# on failure. Trixie is pinned at priority 100 by install-postgres.sh and only
# its source index is listed, so nothing here comes from trixie.
set -Eeuo pipefail

CACHE="${HRAG_CACHE:-${HOME:-/root}/.cache/hrag}"
LOG="$CACHE/install-formats.log"
export DEBIAN_FRONTEND=noninteractive

pkgs=(poppler-utils qpdf pandoc)
case "${1:-}" in
  --no-docs) ;;
  "") pkgs+=(postgresql-doc-15 gnuplot-doc) ;;
  -h|--help) sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "install-formats: unknown argument: $1 (usage: scripts/install-formats.sh [--no-docs])" >&2; exit 2 ;;
esac

installed() { [[ "$(dpkg-query -W -f='${db:Status-Status}' "$1" 2>/dev/null)" == installed ]]; }
missing=()
for p in "${pkgs[@]}"; do
  installed "$p" || missing+=("$p")
done
((${#missing[@]})) || exit 0

[[ $EUID -eq 0 ]] || { echo "install-formats: ${missing[*]} missing; run as root (or: apt-get install ${missing[*]})" >&2; exit 1; }
mkdir -p "$CACHE"
: >"$LOG"
trap 'rc=$?; echo "install-formats: failed (exit $rc); tail of $LOG:" >&2; tail -n 40 "$LOG" >&2; exit $rc' ERR
q() { echo "+ $*" >>"$LOG"; "$@" >>"$LOG" 2>&1 </dev/null; }   # run quietly, output to the log

# An install from the lists as they are first; only if that fails (a package
# not in them, or a stale version), the lists are refreshed.
if ! q apt-get install -y --no-install-recommends "${missing[@]}"; then
  q apt-get update
  q apt-get install -y --no-install-recommends "${missing[@]}"
fi
echo "formats: installed ${missing[*]}"
