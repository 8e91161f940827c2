package extract

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// docText is every block of doc, one per line.
func docText(doc Document) string {
	var b strings.Builder
	for _, s := range doc.Sections {
		for _, blk := range s.Blocks {
			b.WriteString(blk.Text + "\n")
		}
	}
	return b.String()
}

// Boilerplate class and id names are whole tokens: a boilerplate word that
// is part of another name keeps its element; the page, its main content and
// what holds its main heading are never dropped; a list of links under the
// page's heading is content.
func TestHTMLBoilerplateKeepsContent(t *testing.T) {
	for _, c := range []struct {
		name, html    string
		want, without []string
	}{
		{"body class has-sidebar",
			`<body class="page has-sidebar"><h1>Install guide</h1><p>To install, run make install.</p></body>`,
			[]string{"# Install guide", "To install, run make install."}, nil},
		{"sidebar-layout and menu-planning",
			`<body><div class="sidebar-layout"><h1>Cooking</h1><p>Main text about cooking.</p></div>
			<div id="menu-planning"><h2>Menu planning</h2><p>Plan the week's meals on Sunday.</p></div></body>`,
			[]string{"# Cooking", "Main text about cooking.", "## Menu planning", "Plan the week's meals on Sunday."}, nil},
		{"card-header and card-footer",
			`<body><h1>Cards</h1><div class="card"><div class="card-header">Card title text</div>
			<div class="card-body">Card body text.</div><div class="card-footer">Card footer text</div></div></body>`,
			[]string{"Card title text", "Card body text.", "Card footer text"}, nil},
		{"main with-toc",
			`<body><main class="content with-toc"><h1>Guide</h1><p>The guide's text.</p></main></body>`,
			[]string{"# Guide", "The guide's text."}, nil},
		{"reading list",
			`<body><h1>Reading list</h1><ul><li><a href="/paxos">Paxos Made Simple</a></li>
			<li><a href="/raft">In Search of an Understandable Consensus Algorithm</a></li>
			<li><a href="/dynamo">Dynamo: Amazon's Highly Available Key-value Store</a></li></ul></body>`,
			[]string{"# Reading list", "- Paxos Made Simple", "- Dynamo: Amazon's Highly Available Key-value Store"}, nil},
		{"reading list in an article, with a site menu",
			`<body><div class="menu"><ul><li><a href="/">Home</a></li><li><a href="/a">About</a></li><li><a href="/b">Blog</a></li></ul></div>
			<article><h1>Papers</h1><p>Papers I liked.</p><h2>Consensus</h2><ul><li><a href="/paxos">Paxos Made Simple</a></li>
			<li><a href="/raft">Raft</a></li><li><a href="/zab">Zab</a></li></ul></article>
			<ul><li><a href="/x">Twitter</a></li><li><a href="/y">GitHub</a></li><li><a href="/z">RSS</a></li></ul></body>`,
			[]string{"# Papers", "Papers I liked.", "- Paxos Made Simple", "- Zab"}, []string{"Home", "About", "Twitter", "RSS"}},
		{"an h1 inside a boilerplate class",
			`<body><div class="header"><h1>Release notes</h1><p>Version 2 is out.</p></div></body>`,
			[]string{"# Release notes", "Version 2 is out."}, nil},
		{"real boilerplate still dropped",
			`<body><div class="navbar">Navbar text</div><div id="site-header">Site header text</div>
			<div class="breadcrumbs">Breadcrumb text</div><div class="nav-menu">Nav menu text</div>
			<div class="sidebar">Sidebar text</div><div class="toc">Contents text</div><div class="skip-link">Skip text</div>
			<h1>Topic</h1><p>The topic's text.</p><div class="page-footer">Page footer text</div>
			<div class="site_footer">Site footer text</div><div class="footer-links">Footer links text</div></body>`,
			[]string{"# Topic", "The topic's text."},
			[]string{"Navbar", "Site header", "Breadcrumb", "Nav menu", "Sidebar", "Contents", "Skip", "Page footer", "Site footer", "Footer links"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			doc, err := ParseHTML("page.html", c.html)
			if err != nil {
				t.Fatal(err)
			}
			text := docText(doc)
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("%q missing from\n%s", w, text)
				}
			}
			for _, w := range c.without {
				if strings.Contains(text, w) {
					t.Errorf("%q kept in\n%s", w, text)
				}
			}
		})
	}
}

// Boilerplate tokens are matched whole, with the compound names the rule
// documents.
func TestIsBoilerplate(t *testing.T) {
	for _, tok := range []string{"nav", "navbar", "Nav-Menu", "site-header", "site-footer", "page-footer", "breadcrumb",
		"breadcrumbs", "skip-link", "sidebar", "toc", "navheader", "navfooter", "main_menu", "toc-wrapper", "footer-links"} {
		if !isBoilerplate(tok) {
			t.Errorf("%q is not boilerplate", tok)
		}
	}
	for _, tok := range []string{"sidebar-layout", "has-sidebar", "with-toc", "menu-planning", "card-header", "card-footer",
		"table-contents", "token", "navigate-home", "content"} {
		if isBoilerplate(tok) {
			t.Errorf("%q is boilerplate", tok)
		}
	}
}

// An HTML page is decoded from the charset it declares; bytes it still
// cannot decode are counted as repaired.
func TestHTMLDeclaredCharset(t *testing.T) {
	const words = "Café, naïve, résumé"
	latin1 := "Caf\xe9, na\xefve, r\xe9sum\xe9"
	page := func(head, body string) []byte {
		return []byte("<!DOCTYPE html>\n<html><head>" + head + "<title>Words</title></head>\r\n<body><h1>Words</h1><p>" + body + "</p></body></html>\n")
	}
	for _, c := range []struct {
		name     string
		raw      []byte
		want     string
		repaired int
	}{
		{"latin1 meta charset", page(`<meta charset="iso-8859-1">`, latin1), words, 0},
		{"windows-1252 http-equiv", page(`<meta http-equiv="Content-Type" content="text/html; charset=windows-1252">`, latin1+" \x93quoted\x94"), words + " “quoted”", 0},
		{"utf-8 meta charset", page(`<meta charset="utf-8">`, words), words, 0},
		{"utf-8 undeclared", page("", words), words, 0},
		{"utf-8 under an old latin1 meta", page(`<meta charset="iso-8859-1">`, words), words, 0},
		{"invalid utf-8 declared utf-8", page(`<meta charset="utf-8">`, "Caf\xe9"), "Caf\uFFFD", 1},
		{"latin1 undeclared", page("", latin1), words, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "page.html")
			if err := os.WriteFile(path, c.raw, 0o644); err != nil {
				t.Fatal(err)
			}
			res, doc := extractDoc(t, path)
			if res.Repaired != c.repaired {
				t.Errorf("Repaired = %d, want %d", res.Repaired, c.repaired)
			}
			if _, b := find(t, doc, c.want); b.Text != c.want {
				t.Errorf("block %q, want %q", b.Text, c.want)
			}
		})
	}
}
