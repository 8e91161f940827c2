# Sourced by the other scripts: where the cache lives and how to build hrag.
CACHE=${HRAG_CACHE:-$HOME/.cache/hrag}
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# libtokenizers.a is linked statically from the cache; libonnxruntime.so is
# loaded at run time from RAG_ONNXRUNTIME_LIB.
export CGO_LDFLAGS="-L$CACHE/lib ${CGO_LDFLAGS:-}"
export CGO_ENABLED=1
