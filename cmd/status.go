package cmd

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/hrag-dev/hrag/internal/config"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/render"
	"github.com/hrag-dev/hrag/pkg/store"
)

// StatusOptions are the inputs of `hrag status`.
type StatusOptions struct {
	Factory *Factory
	JSON    bool
	NoDisk  bool // do not walk the roots for changed files
	Verify  bool // hash files whose size and mtime did not move
}

// statusReport is what `hrag status --json` prints.
type statusReport struct {
	DatabaseBytes   int64              `json:"database_bytes"`
	Model           string             `json:"configured_model"` // RAG_EMBED_MODEL's id
	DocumentPrefix  string             `json:"configured_document_prefix"`
	QueryPrefix     string             `json:"configured_query_prefix"`
	Collections     []collectionStatus `json:"collections"`
	CollectionsNote string             `json:"note,omitempty"`
}

type collectionStatus struct {
	Name      string `json:"name"`
	Documents int64  `json:"documents"`
	Chunks    int64  `json:"chunks"`
	// Flagged counts chunks with text that may address an AI assistant
	// (flagged, or masked before passages reach the LLM).
	Flagged   int64          `json:"chunks_flagged"`
	CreatedAt time.Time      `json:"created_at"`
	IndexedAt *time.Time     `json:"indexed_at"` // null: no index run finished
	Roots     []string       `json:"roots"`
	Changes   *index.Changes `json:"changes_on_disk"` // null with --no-disk
	// Skipped lists the files remembered as skipped, with why; a file whose
	// skip came from other settings than today's is tried again by the
	// next run (retry).
	Skipped []skippedStatus `json:"skipped_files"`
	// Tags are the documents' front matter tags with their counts, most
	// used first (--tag filters by them).
	Tags []store.TagCount `json:"tags"`
	// Verified: the changes on disk were found with --verify (contents
	// hashed), so the run that picks them up needs --verify too.
	Verified  bool           `json:"verified"`
	BM25      bm25Status     `json:"bm25"`
	Vectors   []vectorStatus `json:"vector_tables"`
	FTSConfig string         `json:"fts_config"`
	// Languages are the documents' detected languages, with the text-search
	// configuration BM25 analyses them with and their counts ("" for
	// either: not detected / the collection's FTSConfig).
	Languages  []store.LanguageCount `json:"languages"`
	Configured bool                  `json:"configured"` // RAG_COLLECTION / --collection
}

type skippedStatus struct {
	Path   string `json:"path"`
	Reason string `json:"reason"`
	Retry  bool   `json:"retried_next_run"`
}

type bm25Status struct {
	N          int64   `json:"n"`          // chunks
	Vocabulary int64   `json:"vocabulary"` // distinct terms
	AvgLength  float64 `json:"avg_length"` // terms per chunk
}

type vectorStatus struct {
	Table          string `json:"table"`
	Model          string `json:"model"`
	Dim            int    `json:"dim"`
	DocumentPrefix string `json:"document_prefix"`
	QueryPrefix    string `json:"query_prefix"`
	Embedded       int64  `json:"embedded"`
	Chunks         int64  `json:"chunks"`
	Configured     bool   `json:"configured"`     // the table ask/sources use with the current settings
	Note           string `json:"note,omitempty"` // why the configured table does not match the settings, and the fix
}

// NewCmdStatus builds `hrag status`. runF replaces the run function in tests
// (nil: statusRun).
func NewCmdStatus(f *Factory, runF func(context.Context, *StatusOptions) error) *cobra.Command {
	opts := &StatusOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "status",
		Short: "Show what is indexed: collections, files changed since, BM25 and vector tables",
		Long: `Status shows, for every collection (or the one named by --collection): documents,
chunks, the last index time, the files changed on disk since (new, modified,
missing; when its folders are reachable), BM25 statistics, and each embedding
model's vector table with its prefixes and how many chunks it covers; and the
database size. The table marked * is the one ask and sources use now.

Exit status: 0 done, 1 failed, 2 usage, 130 interrupted.`,
		Args: cobraArgs(cobra.NoArgs),
		RunE: func(c *cobra.Command, args []string) error {
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return statusRun(c.Context(), opts)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print the status as JSON")
	cmd.Flags().BoolVar(&opts.NoDisk, "no-disk", false, "do not look for changed files (faster on huge folders)")
	cmd.Flags().BoolVar(&opts.Verify, "verify", false, "also read files whose size and modification time did not change, and count them as modified if their content did (reads every file)")
	return cmd
}

func statusRun(ctx context.Context, opts *StatusOptions) error {
	f := opts.Factory
	cfg, err := f.Config()
	if err != nil {
		return err
	}
	st, err := f.OpenStore(ctx, cfg)
	if err != nil {
		return err
	}
	defer st.Close()
	rep := statusReport{Model: f.EmbedModelID(cfg), DocumentPrefix: cfg.EmbedDocumentPrefix, QueryPrefix: cfg.EmbedQueryPrefix,
		Collections: []collectionStatus{}}
	if rep.DatabaseBytes, err = st.DatabaseSize(ctx); err != nil {
		return err
	}
	var colls []store.Collection
	if f.Collection != "" {
		c, err := st.Collection(ctx, f.Collection)
		if err != nil {
			return err
		}
		colls = []store.Collection{c}
	} else if colls, err = st.Collections(ctx); err != nil {
		return err
	}
	if len(colls) == 0 {
		rep.CollectionsNote = "nothing indexed yet: run `hrag index PATH`"
	}
	for _, c := range colls {
		cs, err := collectionStatusOf(ctx, st, c, cfg, opts.NoDisk, opts.Verify, rep)
		if err != nil {
			return err
		}
		cs.Configured = c.Name == cfg.Collection
		rep.Collections = append(rep.Collections, cs)
	}
	if opts.JSON {
		return writeJSON(f, rep)
	}
	printStatus(f, rep)
	return nil
}

func collectionStatusOf(ctx context.Context, st *store.Store, c store.Collection, cfg config.Config, noDisk, verify bool, rep statusReport) (collectionStatus, error) {
	cs := collectionStatus{Name: c.Name, CreatedAt: c.CreatedAt, Roots: c.Roots, FTSConfig: c.FTSConfig, Vectors: []vectorStatus{}}
	if cs.Roots == nil {
		cs.Roots = []string{}
	}
	if !c.IndexedAt.IsZero() {
		t := c.IndexedAt
		cs.IndexedAt = &t
	}
	n, err := st.Count(ctx, c.ID)
	if err != nil {
		return cs, err
	}
	cs.Documents, cs.Chunks, cs.Flagged = n.Documents, n.Chunks, n.Flagged
	b, err := st.BM25Stats(ctx, c.ID)
	if err != nil {
		return cs, err
	}
	cs.BM25 = bm25Status{N: b.Chunks, Vocabulary: b.Vocabulary, AvgLength: b.AvgLength}
	if cs.Languages, err = st.Languages(ctx, c.ID); err != nil {
		return cs, err
	}
	tables, err := st.CollectionVectorTables(ctx, c.ID)
	if err != nil {
		return cs, err
	}
	for _, t := range tables {
		cov, err := st.VectorCoverage(ctx, c.ID, t.Name)
		if err != nil {
			return cs, err
		}
		cs.Vectors = append(cs.Vectors, vectorStatus{Table: t.Name, Model: t.Model, Dim: t.Dim,
			DocumentPrefix: t.DocumentPrefix, QueryPrefix: t.QueryPrefix, Embedded: cov.Embedded, Chunks: cov.Chunks,
		})
	}
	// Mark the table ask and sources use (the same choice as retrieval).
	reembed := config.Command(c.Name, "reembed")
	cur, other := store.SelectVectorTable(tables, rep.Model, rep.DocumentPrefix)
	if other {
		v := cs.Vectors[cur]
		cs.Vectors[cur].Note = fmt.Sprintf("embedded with document prefix %q, but RAG_EMBED_DOCUMENT_PREFIX=%q: run `%s`", v.DocumentPrefix, rep.DocumentPrefix, reembed)
	}
	if cur >= 0 {
		v := &cs.Vectors[cur]
		v.Configured = true
		switch {
		case v.Embedded < v.Chunks:
			v.Note = fmt.Sprintf("%d chunks have no vector yet: run `%s`", v.Chunks-v.Embedded, reembed)
		case v.Note == "" && v.QueryPrefix != rep.QueryPrefix:
			v.Note = fmt.Sprintf("built for query prefix %q, but RAG_EMBED_QUERY_PREFIX=%q: run `%s` to record it", v.QueryPrefix, rep.QueryPrefix, reembed)
		}
	}
	if cs.Tags, err = st.Tags(ctx, c.ID); err != nil {
		return cs, err
	}
	o := indexOptions(cfg, st, nil, nil)
	skipped, err := st.SkippedFiles(ctx, c.ID)
	if err != nil {
		return cs, err
	}
	settings := index.SkipSettings(o)
	cs.Skipped = []skippedStatus{}
	for p, sk := range skipped {
		cs.Skipped = append(cs.Skipped, skippedStatus{Path: p, Reason: sk.Reason, Retry: sk.Settings != settings})
	}
	sort.Slice(cs.Skipped, func(i, j int) bool { return cs.Skipped[i].Path < cs.Skipped[j].Path })
	if !noDisk {
		o.Verify, cs.Verified = verify, verify
		ch, err := index.PendingChanges(ctx, st, c, o)
		if err != nil {
			return cs, err
		}
		cs.Changes = &ch
	}
	return cs, nil
}

func printStatus(f *Factory, rep statusReport) {
	out := f.IO.Out
	fmt.Fprintf(out, "database: %s\n", humanBytes(rep.DatabaseBytes))
	fmt.Fprintf(out, "configured model: %s (document prefix %q, query prefix %q)\n", rep.Model, rep.DocumentPrefix, rep.QueryPrefix)
	if rep.CollectionsNote != "" {
		fmt.Fprintln(out, rep.CollectionsNote)
	}
	for _, c := range rep.Collections {
		mark := ""
		if c.Configured {
			mark = " (current)"
		}
		fmt.Fprintf(out, "\ncollection %q%s\n", c.Name, mark)
		indexed := "never"
		if c.IndexedAt != nil {
			indexed = c.IndexedAt.Local().Format("2006-01-02 15:04") + " (" + ago(time.Since(*c.IndexedAt)) + ")"
		}
		fmt.Fprintf(out, "  documents %d, chunks %d, last indexed %s\n", c.Documents, c.Chunks, indexed)
		if len(c.Tags) > 0 {
			var ts []string
			for _, t := range c.Tags[:min(12, len(c.Tags))] {
				ts = append(ts, fmt.Sprintf("%s (%d)", t.Tag, t.Documents))
			}
			more := ""
			if len(c.Tags) > 12 {
				more = fmt.Sprintf(" … and %d more (--json lists them all)", len(c.Tags)-12)
			}
			fmt.Fprintf(out, "  tags      %s%s\n", strings.Join(ts, ", "), more)
		}
		if c.Flagged > 0 {
			fmt.Fprintf(out, "  flagged   %d chunk(s) hold text that may address an AI assistant: flagged; control tokens, hidden text and \"ignore previous instructions\" are masked before passages reach the LLM (`hrag sources QUESTION` shows them)\n", c.Flagged)
		}
		for _, r := range c.Roots {
			fmt.Fprintf(out, "  root      %s\n", r)
		}
		if ch := c.Changes; ch != nil {
			fmt.Fprintf(out, "  on disk   %d new, %d modified, %d missing since", ch.New, ch.Modified, ch.Missing)
			if ch.Rechunk > 0 {
				fmt.Fprintf(out, "; %d to cut again under new chunk settings", ch.Rechunk)
			}
			if ch.Unmatched > 0 {
				fmt.Fprintf(out, "; %d no longer match RAG_INCLUDE/RAG_EXCLUDE", ch.Unmatched)
			}
			if reachable := hintRoots(reachableRoots(c.Roots, ch.Unreachable)); ch.New+ch.Modified+ch.Missing+ch.Unmatched+ch.Rechunk > 0 && len(reachable) > 0 {
				run := "index "
				if c.Verified {
					run = "index --verify "
				}
				fmt.Fprintf(out, ": run `%s`", config.Command(c.Name, run+strings.Join(quoteArgs(reachable), " ")))
			}
			fmt.Fprintln(out)
			if ig := ch.Ignored.String(); ig != "" {
				fmt.Fprintf(out, "  left out  %s, by rule (`%s` lists them)\n", ig, config.Command(c.Name, "index -v "+strings.Join(quoteArgs(hintRoots(reachableRoots(c.Roots, ch.Unreachable))), " ")))
			}
			for _, r := range ch.Unreachable {
				fmt.Fprintf(out, "  warning   %s is not reachable (unmounted or removed?)\n", r)
			}
		}
		printSkipped(out, c.Skipped)
		fmt.Fprintf(out, "  BM25      N %d chunks, vocabulary %d terms, average length %.1f terms (%s)\n",
			c.BM25.N, c.BM25.Vocabulary, c.BM25.AvgLength, c.FTSConfig)
		if l := languagesLine(c.Languages, c.FTSConfig); l != "" {
			fmt.Fprintf(out, "  languages %s\n", l)
		}
		if len(c.Vectors) == 0 {
			fmt.Fprintf(out, "  vectors   none: run `%s`\n", config.Command(c.Name, "reembed"))
			continue
		}
		tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "  vectors\tMODEL\tDIM\tDOC PREFIX\tQUERY PREFIX\tEMBEDDED\tTABLE")
		for _, v := range c.Vectors {
			cur := " "
			if v.Configured {
				cur = "*"
			}
			done := fmt.Sprintf("%d/%d", v.Embedded, v.Chunks)
			if v.Embedded < v.Chunks {
				done += " (incomplete)"
			}
			fmt.Fprintf(tw, "  %s\t%s\t%d\t%q\t%q\t%s\t%s\n", cur, v.Model, v.Dim, v.DocumentPrefix, v.QueryPrefix, done, v.Table)
		}
		tw.Flush()
		for _, v := range c.Vectors {
			if v.Note != "" {
				fmt.Fprintf(out, "  note      %s: %s\n", v.Model, v.Note)
			}
		}
	}
}

// hintRoots returns the roots an index run must name to refresh them all:
// a root inside another is left out unless a hidden folder lies between
// them (the outer walk does not enter hidden folders).
func hintRoots(roots []string) []string {
	var out []string
	for _, r := range roots {
		covered := false
		for _, o := range roots {
			if rel, err := filepath.Rel(o, r); err == nil && o != r && !strings.HasPrefix(rel, "..") && !index.HasHiddenSegment(rel) {
				covered = true
			}
		}
		if !covered {
			out = append(out, r)
		}
	}
	return out
}

func reachableRoots(roots, unreachable []string) []string {
	var out []string
	for _, r := range roots {
		if !slices.Contains(unreachable, r) {
			out = append(out, r)
		}
	}
	return out
}

func quoteArgs(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = config.ShellQuote(s)
	}
	return out
}

func humanBytes(n int64) string {
	const unit = 1024
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	div, exp := int64(unit), 0
	for m := n / unit; m >= unit; m /= unit {
		div *= unit
		exp++
	}
	return fmt.Sprintf("%.1f %ciB", float64(n)/float64(div), "KMGTPE"[exp])
}

func ago(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%d min ago", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%d h ago", int(d.Hours()))
	}
	return fmt.Sprintf("%d days ago", int(d.Hours()/24))
}

// maxSkippedShown is how many skipped files status prints (--json lists all).
const maxSkippedShown = 10

// printSkipped prints the files remembered as skipped, with why, at most
// maxSkippedShown of them.
func printSkipped(out io.Writer, sk []skippedStatus) {
	if len(sk) == 0 {
		return
	}
	fmt.Fprintf(out, "  skipped   %d file(s), not read again until they change or the setting that caused the skip does:\n", len(sk))
	for i, f := range sk {
		if i == maxSkippedShown {
			fmt.Fprintf(out, "            … and %d more (--json lists them all)\n", len(sk)-i)
			break
		}
		note := ""
		if f.Retry {
			note = " (the settings changed: the next index run tries it again)"
		}
		fmt.Fprintf(out, "            %s: %s%s\n", render.DisplayPath(f.Path), strings.Replace(f.Reason, "; skipped", "", 1), note)
	}
}

// languagesLine words a collection's languages for status: each with its
// document count, and how BM25 analyses those that differ from their name
// ("japanese 2 (simple: no stemming)"), the undetected last ("3 not
// detected: <collection's configuration>"); "" when no document's language
// was detected (RAG_FTS_DETECT=false, or documents indexed before it).
func languagesLine(ls []store.LanguageCount, collCfg string) string {
	var parts []string
	undetected := int64(0)
	for _, l := range ls {
		switch {
		case l.Language == "":
			undetected += l.Documents
		case l.Config == "simple":
			parts = append(parts, fmt.Sprintf("%s %d (simple: no stemming)", l.Language, l.Documents))
		case l.Config != "" && l.Config != l.Language:
			parts = append(parts, fmt.Sprintf("%s %d (%s)", l.Language, l.Documents, l.Config))
		default:
			parts = append(parts, fmt.Sprintf("%s %d", l.Language, l.Documents))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	if undetected > 0 {
		parts = append(parts, fmt.Sprintf("%d not detected (%s)", undetected, collCfg))
	}
	return strings.Join(parts, ", ")
}
