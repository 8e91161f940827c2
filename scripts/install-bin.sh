#!/usr/bin/env bash
# install-bin.sh: put `hrag` on the PATH by symlinking the repository's
# bin/hrag into a directory of commands (what `scripts/setup --install-bin`
# runs after building bin/hrag).
#
#   scripts/install-bin.sh
#
#   HRAG_BIN_DIR   where the link goes (default ~/.local/bin; created if needed)
#
# Idempotent: a link that already points at this repository's bin/hrag is left
# alone; a link to another place (an older clone) is replaced; a regular file
# named hrag is never overwritten. Warns when the directory is not on PATH, with
# the line to add to ~/.profile or ~/.bashrc.
#
# hrag reads ./.env, else ~/.config/hrag/env: so that `hrag` run from any
# folder uses this repository's .env, that file is linked to it when it does
# not exist yet (an existing one is left alone).
set -euo pipefail

REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
BIN_DIR=${HRAG_BIN_DIR:-$HOME/.local/bin}
[ "$BIN_DIR" = / ] || BIN_DIR=${BIN_DIR%/}
TARGET=$REPO/bin/hrag
LINK=$BIN_DIR/hrag

case "${1:-}" in
  "") ;;
  -h|--help) sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  *) echo "install-bin: unknown argument: $1" >&2; exit 2 ;;
esac

if [ ! -x "$TARGET" ]; then
  echo "install-bin: $TARGET does not exist yet: build it first (scripts/setup does)" >&2
  exit 1
fi
mkdir -p "$BIN_DIR"

if [ -L "$LINK" ] && [ "$(readlink "$LINK")" = "$TARGET" ]; then
  echo "install-bin: $LINK -> $TARGET (already there)"
elif [ -e "$LINK" ] && [ ! -L "$LINK" ]; then
  echo "install-bin: $LINK exists and is not a symlink; not touching it" >&2
  echo "install-bin: remove it, or set HRAG_BIN_DIR to another directory" >&2
  exit 1
else
  if [ -L "$LINK" ]; then
    echo "install-bin: replacing $LINK (it pointed to $(readlink "$LINK"))"
  fi
  ln -sfn "$TARGET" "$LINK"
  echo "install-bin: $LINK -> $TARGET"
fi

case ":$PATH:" in
  *":$BIN_DIR:"* | *":$BIN_DIR/:"*)
    found=$(command -v hrag || true)
    if [ -n "$found" ] && [ "$found" != "$LINK" ]; then
      echo "install-bin: warning: \`hrag\` runs $found, which comes before $BIN_DIR on PATH" >&2
    fi
    ;;
  *)
    echo "install-bin: warning: $BIN_DIR is not on your PATH; add this line to ~/.profile or ~/.bashrc:" >&2
    echo "  export PATH=\"$BIN_DIR:\$PATH\"" >&2
    ;;
esac

CONF_DIR=${XDG_CONFIG_HOME:-$HOME/.config}/hrag
if [ -f "$REPO/.env" ]; then
  if [ -L "$CONF_DIR/env" ] && [ "$(readlink "$CONF_DIR/env")" = "$REPO/.env" ]; then
    echo "install-bin: $CONF_DIR/env -> $REPO/.env (already there)"
  elif [ -L "$CONF_DIR/env" ]; then
    # A link (an earlier install-bin of another clone, or a dangling one):
    # the hrag just linked reads this repository's settings.
    echo "install-bin: replacing $CONF_DIR/env (it pointed to $(readlink "$CONF_DIR/env"))"
    ln -sfn "$REPO/.env" "$CONF_DIR/env"
    echo "install-bin: $CONF_DIR/env -> $REPO/.env (settings for hrag run from any folder)"
  elif [ -e "$CONF_DIR/env" ]; then
    echo "install-bin: $CONF_DIR/env is your own file; hrag reads it outside this repository (left as it is)"
  else
    mkdir -p "$CONF_DIR"
    ln -s "$REPO/.env" "$CONF_DIR/env"
    echo "install-bin: $CONF_DIR/env -> $REPO/.env (settings for hrag run from any folder)"
  fi
fi
