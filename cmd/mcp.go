package cmd

import (
	"context"
	"io"

	"github.com/spf13/cobra"

	"github.com/hrag-dev/hrag/internal/mcpserver"
	"github.com/hrag-dev/hrag/pkg/index"
	"github.com/hrag-dev/hrag/pkg/store"
)

// MCPOptions are the inputs of `hrag mcp`.
type MCPOptions struct {
	Factory *Factory
	// In and Out carry the protocol (stdin and stdout); nil: the Factory's.
	In  io.ReadCloser
	Out io.WriteCloser
}

// NewCmdMCP builds `hrag mcp`. runF replaces the run function in tests
// (nil: mcpRun).
func NewCmdMCP(f *Factory, runF func(context.Context, *MCPOptions) error) *cobra.Command {
	opts := &MCPOptions{Factory: f}
	cmd := &cobra.Command{
		Use:   "mcp",
		Short: "Serve the notes to AI agents over MCP (stdio): search, get, status, ask",
		Long: `Mcp runs a Model Context Protocol server on stdin and stdout for an agent
(Claude Desktop, Cursor, Zed, Goose, ...) to start. Its tools are read-only:

  search   hybrid retrieval (as hrag sources): passages with id, path, lines,
           breadcrumb, scores and ranks, stale and flagged marks
  get      a passage by id, or an indexed document's passages by path and lines
  status   collections, counts, folders, files changed on disk since
  ask      only with RAG_LLM_BASE_URL: the checked answer with its quotes, or
           the abstention with its reason (as hrag ask --json)

The model, tokenizer and database pool stay open between calls. Nothing but
the protocol goes to stdout; logs go to stderr. No port is opened.

Exit status: 0 the client closed the connection, 1 failed, 130 interrupted.`,
		Args: cobra.NoArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if runF != nil {
				return runF(c.Context(), opts)
			}
			return mcpRun(c.Context(), opts)
		},
	}
	return cmd
}

func mcpRun(ctx context.Context, opts *MCPOptions) error {
	f := opts.Factory
	cfg, ro, r, closeAll, err := f.setUpRetrieval(ctx, retrievalFlags{})
	if err != nil {
		return err
	}
	defer closeAll()
	// The first call should be as fast as the others: load the model now.
	if _, err := r.Embedder.Embed(ctx, []string{r.QueryPrefix + "warm up"}); err != nil {
		return err
	}
	o := mcpserver.Options{Retriever: r, Retrieval: ro, Version: Version(), Log: f.IO.ErrOut, Explain: Message,
		Changes: func(ctx context.Context, c store.Collection) (any, error) {
			return index.PendingChanges(ctx, r.Store, c, indexOptions(cfg, r.Store, nil, nil))
		}}
	if cfg.LLMBaseURL != "" {
		o.Asker = newAsker(f, cfg, r)
	}
	in, out := opts.In, opts.Out
	if in == nil {
		in = io.NopCloser(f.IO.In)
	}
	if out == nil {
		out = nopWriteCloser{f.IO.Out}
	}
	return mcpserver.Serve(ctx, o, in, out)
}

// nopWriteCloser is an io.WriteCloser whose Close does nothing.
type nopWriteCloser struct{ io.Writer }

func (nopWriteCloser) Close() error { return nil }
