// Package config reads hrag's settings from RAG_* variables.
//
// Precedence, highest first: command-line flags (applied by cmd), the process
// environment, the .env file (RAG_ENV_FILE, else ./.env, else
// ~/.config/hrag/env), then the defaults below. Every variable is listed in
// .env.example and the README.
package config

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/joho/godotenv"
)

// Config is the resolved configuration. Sizes in tokens are tokens of the
// embedding model's tokenizer.
type Config struct {
	// Warnings are problems that do not stop hrag, for stderr: unknown
	// RAG_* names in the env file (misspellings).
	Warnings []string

	DatabaseURL string // RAG_DATABASE_URL
	Collection  string // RAG_COLLECTION

	EmbedModel          string // RAG_EMBED_MODEL: local model directory (or a model id to download)
	EmbedQueryPrefix    string // RAG_EMBED_QUERY_PREFIX, prepended to questions
	EmbedDocumentPrefix string // RAG_EMBED_DOCUMENT_PREFIX, prepended to chunks
	EmbedBatchSize      int    // RAG_EMBED_BATCH_SIZE: chunks per model call
	EmbedBatchTokens    int    // RAG_EMBED_BATCH_TOKENS: padded token positions per local model call; 0 = no cap
	ONNXRuntimeLib      string // RAG_ONNXRUNTIME_LIB: libonnxruntime.so, or the directory holding it
	ModelCache          string // RAG_MODEL_CACHE: where downloaded models go
	// Remote embeddings: RAG_EMBED_BASE_URL switches from the local model to
	// an OpenAI-compatible /v1/embeddings server serving RAG_EMBED_MODEL.
	EmbedBaseURL   string        // RAG_EMBED_BASE_URL; empty = local ONNX model
	EmbedAPIKey    string        // RAG_EMBED_API_KEY
	EmbedTokenizer string        // RAG_EMBED_TOKENIZER: tokenizer.json of the served model
	EmbedMaxTokens int           // RAG_EMBED_MAX_TOKENS: the served model's input limit in tokens
	EmbedTimeout   time.Duration // RAG_EMBED_TIMEOUT: limit for one embeddings request

	ChunkTokens           int  // RAG_CHUNK_TOKENS
	ChunkTokensSet        bool // RAG_CHUNK_TOKENS was set (not the default): warn when it must be lowered
	ChunkOverlapTokens    int  // RAG_CHUNK_OVERLAP_TOKENS
	ChunkBreadcrumbTokens int  // RAG_CHUNK_BREADCRUMB_TOKENS
	JunkRun               int  // RAG_JUNK_RUN: characters of base64/hex without a break that make a line machine data (0: off)
	JunkLine              int  // RAG_JUNK_LINE: characters of a mostly-ASCII line with almost no spaces that make it machine data (0: off)

	FTSConfig    string // RAG_FTS_CONFIG: PostgreSQL text-search configuration for BM25 terms
	FTSDetect    bool   // RAG_FTS_DETECT: analyse each document with its detected language's configuration
	MaxFileBytes int64  // RAG_MAX_FILE_BYTES: larger files are skipped
	// ExtractTimeout bounds the converters of one file (pdftotext, qpdf,
	// pandoc) in wall time (RAG_EXTRACT_TIMEOUT).
	ExtractTimeout time.Duration
	// ExtractMemory bounds each converter process's address space in bytes
	// (RAG_EXTRACT_MEMORY_BYTES).
	ExtractMemory int64
	Include       []string // RAG_INCLUDE: comma-separated file-name globs to index
	Exclude       []string // RAG_EXCLUDE: comma-separated globs (name or relative path) to skip

	DBTimeout time.Duration // RAG_DB_TIMEOUT: connect timeout

	Candidates    int     // RAG_CANDIDATES: candidates per retriever before fusion
	TopK          int     // RAG_TOP_K: passages given to the LLM
	RRFK          float64 // RAG_RRF_K: Reciprocal Rank Fusion constant k
	WeightBM25    float64 // RAG_RRF_WEIGHT_BM25
	WeightVector  float64 // RAG_RRF_WEIGHT_VECTOR
	MinSimilarity float64 // RAG_GATE_MIN_SIMILARITY: cosine similarity that makes a passage relevant
	MinCoverage   float64 // RAG_GATE_MIN_TERM_COVERAGE: share of question terms a BM25 passage must hold
	RerankModel   string  // RAG_RERANK_MODEL: cross-encoder model directory; empty = no reranking
	RerankMin     float64 // RAG_RERANK_MIN_SCORE: reranker score that makes a passage relevant
	// InjectionModel (RAG_INJECTION_MODEL) is a prompt-injection text
	// classifier's directory (ONNX, tokenizer.json, config.json with
	// id2label); empty = the rules alone. InjectionMin
	// (RAG_INJECTION_MIN_SCORE, 0 to 1) is the score from which a unit of
	// a passage is flagged.
	InjectionModel string
	InjectionMin   float64

	LLMBaseURL   string        // RAG_LLM_BASE_URL: OpenAI-compatible endpoint; empty = search only
	LLMAPIKey    string        // RAG_LLM_API_KEY
	LLMModel     string        // RAG_LLM_MODEL
	LLMTimeout   time.Duration // RAG_LLM_TIMEOUT: limit for one answer
	LLMMaxTokens int           // RAG_LLM_MAX_TOKENS: longest answer
	// PassageTokens caps the passages in the prompt, in tokens of the
	// embedding tokenizer (RAG_PASSAGE_TOKENS; 0: no cap).
	PassageTokens int
	// ExcerptTokens cuts the passages in the prompt to the units that
	// matter for the question, within this many tokens in total
	// (RAG_EXCERPT_TOKENS; 0: whole passages).
	ExcerptTokens int
	// Datamark (RAG_DATAMARK) joins the words of the prompt's passages with
	// a marker character (spotlighting's datamarking).
	Datamark bool
	// InjectionRetry (RAG_INJECTION_RETRY) asks the model once more, with
	// the passages' flagged text masked, when its first reply gave no
	// answer and flagged text was in the prompt.
	InjectionRetry bool
	// VerifyAcrossLanguages (RAG_VERIFY_ACROSS_LANGUAGES) asks the LLM to
	// confirm each answer sentence that quotes another language than the
	// question.
	VerifyAcrossLanguages bool
	// ClaimMinQuestionCoverage is the least share of the question's topical
	// terms that an answer sentence's cited passages must hold
	// (RAG_CLAIM_MIN_QUESTION_COVERAGE; negative: off).
	ClaimMinQuestionCoverage float64
	// ClaimMinTermSupport is the least idf-weighted share of an answer
	// sentence's terms that its cited passages must hold
	// (RAG_CLAIM_MIN_TERM_SUPPORT; negative: off).
	ClaimMinTermSupport float64
	// ClaimMaxRareShare makes a question term rare when at most this share
	// of the collection's chunks (and at least one) hold it; the cited
	// passages must hold every rare term (RAG_CLAIM_MAX_RARE_SHARE;
	// negative: off).
	ClaimMaxRareShare float64
	// ClaimMinSimilarity is the least cosine similarity between an answer
	// sentence and one of its cited passages (RAG_CLAIM_MIN_SIMILARITY;
	// negative: off).
	ClaimMinSimilarity float64
	// Verify asks the LLM a second, short question for every sentence
	// that passed the claim checks: does its quote state this answer to
	// the question? (RAG_VERIFY).
	Verify bool
	// VerifyMinYes, with Verify, removes a confirmed sentence the LLM
	// confirmed with a probability below it (RAG_VERIFY_MIN_YES, in
	// [0, 1]; 0: any "yes").
	VerifyMinYes float64
	// MinLogprob removes an answer sentence the model wrote with a mean
	// token log-probability below it (RAG_MIN_LOGPROB, <= 0; 0: off).
	MinLogprob float64
	// MinFoundProb withholds an answer whose "found": true the model wrote
	// with a probability below it (RAG_MIN_FOUND_PROB, in [0, 1]; 0: off).
	MinFoundProb float64
}

// Var documents one variable (its name, default and meaning) and says how
// Load reads it into a Config: Parse, when set, parses and validates the
// value and stores it (nil for variables only documented here).
type Var struct {
	Name, Default, Help string
	Parse               Field
}

// Vars lists every variable hrag reads, in .env.example order.
var Vars = []Var{
	{"RAG_DATABASE_URL", "postgres://hrag:hrag@127.0.0.1:5432/hrag?sslmode=disable", "PostgreSQL URL (pgvector required)", text(func(c *Config) *string { return &c.DatabaseURL })},
	{"RAG_COLLECTION", "default", "collection name: independent index within the database", text(func(c *Config) *string { return &c.Collection })},
	{"RAG_EMBED_MODEL", "~/.cache/hrag/models/bge-small-en-v1.5-int8", "embedding model: a local directory with an ONNX model and tokenizer.json", path(func(c *Config) *string { return &c.EmbedModel })},
	{"RAG_EMBED_QUERY_PREFIX", "", "text prepended to questions before embedding; empty: the model directory's own (hrag-model.json; \"query: \" for E5)", raw(func(c *Config) *string { return &c.EmbedQueryPrefix })},
	{"RAG_EMBED_DOCUMENT_PREFIX", "", "text prepended to chunks before embedding; empty: the model directory's own (hrag-model.json; \"passage: \" for E5)", raw(func(c *Config) *string { return &c.EmbedDocumentPrefix })},
	{"RAG_EMBED_BATCH_SIZE", "32", "chunks per embedding call", integer(1, func(c *Config) *int { return &c.EmbedBatchSize })},
	{"RAG_EMBED_BATCH_TOKENS", "1024", "padded token positions per local model call (chunks × longest chunk); bounds the model's memory; 0 = no cap", integer(0, func(c *Config) *int { return &c.EmbedBatchTokens })},
	{"RAG_EMBED_BASE_URL", "", "OpenAI-compatible embeddings server, e.g. http://127.0.0.1:11434/v1 (empty: the local model); RAG_EMBED_MODEL is then the model name there", text(func(c *Config) *string { return &c.EmbedBaseURL })},
	{"RAG_EMBED_API_KEY", "", "API key for the embeddings server (never printed)", text(func(c *Config) *string { return &c.EmbedAPIKey })},
	{"RAG_EMBED_TOKENIZER", "", "tokenizer.json of the served model, to measure chunks (needed when RAG_EMBED_MODEL is not a local directory)", path(func(c *Config) *string { return &c.EmbedTokenizer })},
	{"RAG_EMBED_MAX_TOKENS", "512", "input limit of the served model in tokens, special tokens included (remote only)", integer(8, func(c *Config) *int { return &c.EmbedMaxTokens })},
	{"RAG_EMBED_TIMEOUT", "60s", "limit for one embeddings request (remote only; failed requests are retried 4 times)", duration(func(c *Config) *time.Duration { return &c.EmbedTimeout })},
	{"RAG_ONNXRUNTIME_LIB", "~/.cache/hrag/lib", "libonnxruntime.so or its directory", path(func(c *Config) *string { return &c.ONNXRuntimeLib })},
	{"RAG_MODEL_CACHE", "~/.cache/hrag/models", "directory for downloaded models", path(func(c *Config) *string { return &c.ModelCache })},
	{"RAG_CHUNK_TOKENS", "400", "maximum tokens of a chunk's content (lowered automatically to fit the model)", integer(1, func(c *Config) *int { return &c.ChunkTokens })},
	{"RAG_CHUNK_OVERLAP_TOKENS", "40", "tokens of the previous chunk's tail embedded with a chunk", integer(0, func(c *Config) *int { return &c.ChunkOverlapTokens })},
	{"RAG_CHUNK_BREADCRUMB_TOKENS", "64", "maximum tokens of the header breadcrumb embedded with a chunk", integer(0, func(c *Config) *int { return &c.ChunkBreadcrumbTokens })},
	{"RAG_JUNK_RUN", "200", "a line holding this many base64/hex characters in a row (letters and digits, no break) is machine data and not indexed; 0: off", integer(0, func(c *Config) *int { return &c.JunkRun })},
	{"RAG_JUNK_LINE", "2000", "a line longer than this many characters, mostly ASCII, with under 1 space in 40 (minified JSON/XML/JS) is machine data and not indexed; 0: off", integer(0, func(c *Config) *int { return &c.JunkLine })},
	{"RAG_FTS_CONFIG", "english", "PostgreSQL text-search configuration for BM25 (english, simple, french, ...): of the documents whose language is not detected, or of all with RAG_FTS_DETECT=false", text(func(c *Config) *string { return &c.FTSConfig })},
	{"RAG_FTS_DETECT", "false", "detect each document's language and analyse it for BM25 with that language's configuration (simple for a language PostgreSQL has no stemmer for); questions are analysed with every configuration of the collection, which costs English collections a little (true or false)", boolean(func(c *Config) *bool { return &c.FTSDetect })},
	{"RAG_MAX_FILE_BYTES", "10485760", "files larger than this many bytes are skipped", bytes(1, func(c *Config) *int64 { return &c.MaxFileBytes })},
	{"RAG_EXTRACT_TIMEOUT", "60s", "limit for extracting one file's text (pdftotext, qpdf, pandoc); a converter still running then is stopped and the file not indexed", duration(func(c *Config) *time.Duration { return &c.ExtractTimeout })},
	{"RAG_EXTRACT_MEMORY_BYTES", "1073741824", "address-space limit of each converter process (pdftotext, qpdf, pandoc), in bytes", bytes(1<<20, func(c *Config) *int64 { return &c.ExtractMemory })},
	{"RAG_INCLUDE", "*.md,*.markdown,*.txt,*.org,*.rst,*.html,*.htm,*.pdf,*.docx,*.odt", "comma-separated globs of files to index", list(func(c *Config) *[]string { return &c.Include })},
	{"RAG_EXCLUDE", "", "comma-separated globs of files or directories to skip", list(func(c *Config) *[]string { return &c.Exclude })},
	{"RAG_DB_TIMEOUT", "10s", "how long to wait for the database to answer", duration(func(c *Config) *time.Duration { return &c.DBTimeout })},
	{"RAG_CANDIDATES", "50", "candidates per retriever (BM25, vector) before fusion", integer(1, func(c *Config) *int { return &c.Candidates })},
	{"RAG_TOP_K", "6", "passages shown to the LLM", integer(1, func(c *Config) *int { return &c.TopK })},
	{"RAG_RRF_K", "60", "Reciprocal Rank Fusion constant k", number(0, func(c *Config) *float64 { return &c.RRFK })},
	{"RAG_RRF_WEIGHT_BM25", "1", "RRF weight of the BM25 ranking", number(0, func(c *Config) *float64 { return &c.WeightBM25 })},
	{"RAG_RRF_WEIGHT_VECTOR", "1", "RRF weight of the vector ranking", number(0, func(c *Config) *float64 { return &c.WeightVector })},
	{"RAG_GATE_MIN_SIMILARITY", "0.4", "relevance gate: cosine similarity that makes a passage relevant (negative: off)", number(-1, func(c *Config) *float64 { return &c.MinSimilarity })},
	{"RAG_GATE_MIN_TERM_COVERAGE", "0.5", "relevance gate: share of the question's terms a keyword match must hold (negative: off)", number(-1, func(c *Config) *float64 { return &c.MinCoverage })},
	{"RAG_RERANK_MODEL", "", "cross-encoder model directory (ONNX + tokenizer.json) to rerank fused candidates; empty: off", path(func(c *Config) *string { return &c.RerankModel })},
	{"RAG_RERANK_MIN_SCORE", "0.1", "with a reranker, the gate's threshold on its score in (0, 1)", number(0, func(c *Config) *float64 { return &c.RerankMin })},
	{"RAG_INJECTION_MODEL", "", "prompt-injection text classifier directory (ONNX + tokenizer.json + config.json whose id2label has a SAFE or BENIGN label): each sentence of the passages it scores at RAG_INJECTION_MIN_SCORE or more is flagged (never masked); empty: the rules alone", path(func(c *Config) *string { return &c.InjectionModel })},
	{"RAG_INJECTION_MIN_SCORE", "0.5", "with an injection classifier, its score (probability of not benign, 0 to 1) from which a sentence is flagged", share(func(c *Config) *float64 { return &c.InjectionMin })},
	{"RAG_INJECTION_RETRY", "true", "when the model finds no answer while the passages hold text flagged as addressing an AI model, ask it once more with that text masked (a planted instruction cannot talk it out of answering; the second reply is checked against the whole passages) (true or false)", boolean(func(c *Config) *bool { return &c.InjectionRetry })},
	{"RAG_LLM_BASE_URL", "", "OpenAI-compatible endpoint, e.g. http://127.0.0.1:11434/v1 (empty: search only)", text(func(c *Config) *string { return &c.LLMBaseURL })},
	{"RAG_LLM_API_KEY", "", "API key for the endpoint (never printed)", text(func(c *Config) *string { return &c.LLMAPIKey })},
	{"RAG_LLM_MODEL", "", "model name at the endpoint", text(func(c *Config) *string { return &c.LLMModel })},
	{"RAG_LLM_TIMEOUT", "120s", "limit for one answer", duration(func(c *Config) *time.Duration { return &c.LLMTimeout })},
	{"RAG_LLM_MAX_TOKENS", "800", "longest answer in tokens", integer(1, func(c *Config) *int { return &c.LLMMaxTokens })},
	{"RAG_PASSAGE_TOKENS", "1200", "token budget of the passages in the prompt (embedding tokenizer; at least one passage is sent; 0: no budget)", integer(0, func(c *Config) *int { return &c.PassageTokens })},
	{"RAG_EXCERPT_TOKENS", "0", "give the model only the sentences, list items and table rows (with their header) of the passages that matter for the question, within this many tokens in total (embedding tokenizer); the checks still read whole passages; 0: whole passages", integer(0, func(c *Config) *int { return &c.ExcerptTokens })},
	{"RAG_DATAMARK", "false", "join the words of every passage in the prompt with the character ˆ and tell the model that such text is data (spotlighting's datamarking); measured to cost right answers and prompt time with the packaged models, so off (true or false)", boolean(func(c *Config) *bool { return &c.Datamark })},
	{"RAG_CLAIM_MIN_QUESTION_COVERAGE", "0.3", "claim check: least share of the question's topical terms found in the quoted text of the answer (negative: off)", number(-1, func(c *Config) *float64 { return &c.ClaimMinQuestionCoverage })},
	{"RAG_CLAIM_MAX_RARE_SHARE", "0.02", "claim check: a question term held by at most this share of the chunks (at least one) is rare and must be in a sentence's cited passages (negative: off)", number(-1, func(c *Config) *float64 { return &c.ClaimMaxRareShare })},
	{"RAG_CLAIM_MIN_TERM_SUPPORT", "0.5", "claim check: least idf-weighted share of an answer sentence's terms found in its cited passages (negative: off)", number(-1, func(c *Config) *float64 { return &c.ClaimMinTermSupport })},
	{"RAG_CLAIM_MIN_SIMILARITY", "-1", "claim check: least cosine similarity of an answer sentence to a cited passage (negative: off)", number(-1, func(c *Config) *float64 { return &c.ClaimMinSimilarity })},
	{"RAG_VERIFY", "false", "ask the LLM, for each checked sentence, whether its quote states that answer to the question (true or false); a no removes the sentence", boolean(func(c *Config) *bool { return &c.Verify })},
	{"RAG_VERIFY_MIN_YES", "0", "with RAG_VERIFY=true, also remove a sentence the LLM confirmed with a probability of \"yes\" below this (0 to 1; 0: any yes; needs a server that returns logprobs)", share(func(c *Config) *float64 { return &c.VerifyMinYes })},
	{"RAG_VERIFY_ACROSS_LANGUAGES", "true", "ask the LLM whether its quote states the answer for each sentence that quotes a note in another language than the question, and remove it unless confirmed, whatever RAG_VERIFY says: the word checks cannot compare two languages (true or false)", boolean(func(c *Config) *bool { return &c.VerifyAcrossLanguages })},
	{"RAG_MIN_LOGPROB", "-0.2", "remove an answer sentence the model wrote with a mean token log-probability below this (a negative number; 0: off; needs a server that returns logprobs, as llama.cpp, vLLM and OpenAI do)", logprob(func(c *Config) *float64 { return &c.MinLogprob })},
	{"RAG_MIN_FOUND_PROB", "0", "withhold an answer when the model wrote its \"found\": true with a probability below this (0 to 1; 0: off): the model's own doubt that the passages hold the answer. Calibrated per model (scripts/llm-server.sh env sets it for the packaged models); needs a server that returns logprobs", share(func(c *Config) *float64 { return &c.MinFoundProb })},
}

// Override is a command-line flag's value for a variable (e.g. --top-k for
// RAG_TOP_K). It wins over the environment and the file even when empty, and
// Load's messages about the variable name the flag.
type Override struct {
	Flag  string // as typed: "--top-k"
	Value string
}

// Load resolves the configuration from lookupEnv (normally os.LookupEnv)
// layered over the .env file and the defaults. Errors name the variable and
// the bad value.
func Load(lookupEnv func(string) (string, bool)) (Config, error) {
	return LoadWith(lookupEnv, nil)
}

// LoadWith is Load with flag overrides, keyed by variable name: flags and
// variables go through the same validation, and an error names what the
// user typed (`--top-k="0"` rather than RAG_TOP_K).
func LoadWith(lookupEnv func(string) (string, bool), overrides map[string]Override) (Config, error) {
	getenv := func(name string) string {
		if o, ok := overrides[name]; ok {
			return o.Value
		}
		v, _ := lookupEnv(name)
		return v
	}
	envFileLabel := "RAG_ENV_FILE"
	if o, ok := overrides["RAG_ENV_FILE"]; ok {
		envFileLabel = o.Flag
	}
	file, filePath, err := readEnvFile(getenv, envFileLabel)
	if err != nil {
		_, flag := overrides["RAG_ENV_FILE"]
		return Config{}, &Error{Problems: []string{err.Error()}, FromFlags: flag}
	}
	var warnings []string
	for _, k := range sortedKeys(file) {
		if strings.HasPrefix(k, "RAG_") && !known(k) {
			w := fmt.Sprintf("%s: %s is not a setting hrag knows; it is ignored", filePath, k)
			if near := nearestVar(k); near != "" {
				w += fmt.Sprintf(" (did you mean %s?)", near)
			}
			warnings = append(warnings, w)
		}
	}
	// label names a setting in messages: the flag when one set it.
	fromFlags := false
	label := func(name string) string {
		if o, ok := overrides[name]; ok {
			fromFlags = true
			return o.Flag
		}
		return name
	}
	// A variable set in the environment wins over the file, even when
	// empty: empty means the default (RAG_LLM_BASE_URL= switches an LLM set
	// in the file off for one command).
	get := func(name string) string {
		if o, ok := overrides[name]; ok {
			return o.Value
		}
		v, inEnv := lookupEnv(name)
		if v != "" {
			return v
		}
		if v, ok := file[name]; ok && v != "" && !inEnv {
			return v
		}
		for _, v := range Vars {
			if v.Name == name {
				return v.Default
			}
		}
		return ""
	}
	// Prefixes may legitimately be set to "" or end in a space; an unset
	// variable falls through to the file.
	getRaw := func(name string) string {
		if v, ok := lookupEnv(name); ok {
			return v
		}
		return file[name]
	}
	r := &reader{get: get, raw: getRaw, label: label}
	var c Config
	for _, v := range Vars {
		if v.Parse != nil {
			v.Parse(r, v.Name, &c)
		}
	}
	errs := r.errs
	if c.LLMBaseURL != "" && c.LLMModel == "" {
		errs = append(errs, "RAG_LLM_MODEL is empty but RAG_LLM_BASE_URL is set: name the model to use")
	}
	if c.WeightBM25 == 0 && c.WeightVector == 0 {
		errs = append(errs, "RAG_RRF_WEIGHT_BM25 and RAG_RRF_WEIGHT_VECTOR are both 0: at least one retriever needs weight")
	}
	if !ValidCollection(c.Collection) {
		errs = append(errs, fmt.Sprintf("%s=%q: want a collection name of 1-63 letters, digits, '-', '_' or '.', starting with a letter or digit, such as default or papers", label("RAG_COLLECTION"), c.Collection))
	}
	if !validIdent(c.FTSConfig) {
		errs = append(errs, fmt.Sprintf("RAG_FTS_CONFIG=%q: want a text-search configuration name such as english or simple", c.FTSConfig))
	}
	if len(c.Include) == 0 {
		errs = append(errs, label("RAG_INCLUDE")+" is empty: want globs such as *.md,*.txt")
	}
	for name, globs := range map[string][]string{"RAG_INCLUDE": c.Include, "RAG_EXCLUDE": c.Exclude} {
		for _, g := range globs {
			if !doublestar.ValidatePattern(filepath.ToSlash(g)) {
				errs = append(errs, fmt.Sprintf("glob %q in %s: not a valid glob (an unclosed [ or {, or a trailing \\)", g, label(name)))
			}
		}
	}
	if v, ok := lookupEnv("RAG_CHUNK_TOKENS"); ok && v != "" {
		c.ChunkTokensSet = true
	} else if file["RAG_CHUNK_TOKENS"] != "" {
		c.ChunkTokensSet = true
	}
	c.Warnings = warnings
	if len(errs) > 0 {
		return c, &Error{Problems: errs, FromFlags: fromFlags}
	}
	return c, nil
}

// Error lists every invalid setting found by Load. FromFlags is set when a
// problem is with a flag's value (LoadWith): a usage error.
type Error struct {
	Problems  []string
	FromFlags bool
}

func (e *Error) Error() string {
	return "invalid configuration: " + strings.Join(e.Problems, "; ")
}

// known reports whether name is a variable hrag reads (Vars, or
// RAG_ENV_FILE).
func known(name string) bool {
	if name == "RAG_ENV_FILE" {
		return true
	}
	for _, v := range Vars {
		if v.Name == name {
			return true
		}
	}
	return false
}

// nearestVar returns the variable of Vars within edit distance 3 of name
// (a misspelling), or "".
func nearestVar(name string) string {
	names := make([]string, len(Vars))
	for i, v := range Vars {
		names[i] = v.Name
	}
	return Nearest(name, names, 3)
}

// Nearest returns the candidate closest to name by Levenshtein edit
// distance (in bytes) when that distance is at most max, else "": the
// suggestion for a misspelt setting or flag.
func Nearest(name string, candidates []string, max int) string {
	best, bestD := "", max+1
	for _, c := range candidates {
		if d := editDistance(name, c); d < bestD {
			best, bestD = c, d
		}
	}
	return best
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func sortedKeys(m map[string]string) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// readEnvFile reads RAG_ENV_FILE (label names it in errors), else ./.env,
// else ~/.config/hrag/env; a missing default file is no error. It returns
// the variables and the path read.
func readEnvFile(getenv func(string) string, label string) (map[string]string, string, error) {
	path := getenv("RAG_ENV_FILE")
	explicit := path != ""
	if !explicit {
		path = ".env"
		if _, err := os.Stat(path); err != nil {
			if dir, err := os.UserConfigDir(); err == nil {
				path = filepath.Join(dir, "hrag", "env")
			}
		}
	}
	m, err := godotenv.Read(ExpandHome(path))
	if err != nil {
		if !explicit && os.IsNotExist(err) {
			return map[string]string{}, path, nil
		}
		return nil, path, fmt.Errorf("%s %s: %w", label, path, err)
	}
	return m, path, nil
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func validIdent(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if !(r == '_' || r == '.' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// ExpandHome replaces a leading "~/" with the user's home directory.
func ExpandHome(p string) string {
	if strings.HasPrefix(p, "~/") {
		if home, err := os.UserHomeDir(); err == nil {
			return filepath.Join(home, p[2:])
		}
	}
	return p
}

// Command spells an hrag command line for messages that tell the user what
// to run: "hrag ARGS" for the default collection, else
// "hrag --collection NAME ARGS" (NAME shell-quoted when needed).
func Command(collection, args string) string {
	if collection == "" || collection == "default" {
		return "hrag " + args
	}
	return "hrag --collection " + ShellQuote(collection) + " " + args
}

// CommandWords is Command with each of words shell-quoted (ShellQuote): the
// wording that retrieve.Retriever.Command and index.Options.Command take.
func CommandWords(collection string, words ...string) string {
	quoted := make([]string, len(words))
	for i, w := range words {
		quoted[i] = ShellQuote(w)
	}
	return Command(collection, strings.Join(quoted, " "))
}

// ShellQuote returns s as one POSIX shell word: unchanged when it holds only
// safe characters, else in single quotes.
func ShellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"$`\\*?[];&|<>(){}!#~") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// ValidCollection reports whether name can name a collection: 1-63
// characters of ASCII letters, digits, '-', '_' and '.', the first a letter
// or digit (no spaces or slashes: names are typed in shells and paths).
func ValidCollection(name string) bool {
	if len(name) == 0 || len(name) > 63 {
		return false
	}
	for i, r := range name {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9':
		case i > 0 && (r == '-' || r == '_' || r == '.'):
		default:
			return false
		}
	}
	return true
}
