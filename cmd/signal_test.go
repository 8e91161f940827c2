package cmd

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/hrag-dev/hrag/internal/modeltest"
	"github.com/hrag-dev/hrag/pkg/store/storetest"
)

// TestMain lets the test binary act as hrag itself (HRAG_TEST_MAIN=1):
// os.Args after "--" are hrag's, and the exit code is Main's.
func TestMain(m *testing.M) {
	if os.Getenv("HRAG_TEST_MAIN") == "1" {
		for i, a := range os.Args {
			if a == "--" {
				os.Args = append([]string{"hrag"}, os.Args[i+1:]...)
				break
			}
		}
		os.Exit(Main())
	}
	os.Exit(m.Run())
}

// hragProcess starts hrag (this test binary in HRAG_TEST_MAIN mode) with args
// and settings vars, its stderr in errOut.
func hragProcess(t *testing.T, vars map[string]string, out, errOut *bytes.Buffer, args ...string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(os.Args[0], append([]string{"-test.run=^$", "--"}, args...)...)
	cmd.Env = append(os.Environ(), "HRAG_TEST_MAIN=1", "RAG_ENV_FILE="+os.DevNull,
		"RAG_EMBED_MODEL="+modeltest.Dir(t), "RAG_ONNXRUNTIME_LIB="+modeltest.ORTLib())
	for k, v := range vars {
		cmd.Env = append(cmd.Env, k+"="+v)
	}
	cmd.Stdout, cmd.Stderr = out, errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	return cmd
}

// Ctrl-C during index: the run stops after the document being stored,
// keeps what is committed, prints the summary marked (interrupted) and
// exits 130. A second signal ends the process at once, also with 130.
func TestInterruptedCommandExits130(t *testing.T) {
	db := storetest.SchemaURL(t)
	dir := t.TempDir()
	for i := 0; i < 80; i++ {
		body := fmt.Sprintf("# Note %d\n\n%s\n", i, strings.Repeat(fmt.Sprintf("Words about topic %d, backups and bread. ", i), 120))
		os.WriteFile(filepath.Join(dir, fmt.Sprintf("n%02d.md", i)), []byte(body), 0o644)
	}
	conn, err := pgx.Connect(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	// Polls until n documents are committed, for up to 5 minutes: on a
	// loaded machine the first model call alone can take 30 s.
	waitForDocs := func(n int) int {
		var docs int
		for i := 0; i < 6000 && docs < n; i++ {
			time.Sleep(50 * time.Millisecond)
			// The schema's own table: it exists once the process migrated.
			conn.QueryRow(context.Background(), `SELECT CASE WHEN to_regclass(current_schema() || '.documents') IS NULL THEN 0
				ELSE (SELECT count(*) FROM documents) END`).Scan(&docs)
		}
		return docs
	}

	var out, errOut bytes.Buffer
	cmd := hragProcess(t, map[string]string{"RAG_DATABASE_URL": db}, &out, &errOut, "index", dir)
	if waitForDocs(2) < 2 {
		t.Fatal("no document committed")
	}
	cmd.Process.Signal(os.Interrupt)
	err = cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != ExitInterrupted {
		t.Fatalf("exit %d (%v), stderr %q", code, err, errOut.String())
	}
	var docs int
	conn.QueryRow(context.Background(), `SELECT count(*) FROM documents`).Scan(&docs)
	if docs < 2 || docs >= 80 {
		t.Fatalf("%d documents kept after the interrupt", docs)
	}
	if !strings.HasPrefix(out.String(), `indexed "default": `) || !strings.HasSuffix(out.String(), " (interrupted)\n") ||
		!strings.Contains(out.String(), fmt.Sprintf(": %d added,", docs)) {
		t.Fatalf("summary %q after %d documents", out.String(), docs)
	}

	// Two signals: the second ends it at once.
	errOut.Reset()
	conn.Exec(context.Background(), `DELETE FROM documents`)
	cmd = hragProcess(t, map[string]string{"RAG_DATABASE_URL": db}, &out, &errOut, "index", dir)
	waitForDocs(1)
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Process.Signal(syscall.SIGTERM)
	cmd.Wait()
	if code := cmd.ProcessState.ExitCode(); code != ExitInterrupted {
		t.Fatalf("two signals: exit %d, stderr %q", code, errOut.String())
	}
}
