package extract

import (
	"fmt"
	"strings"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// ParseHTML extracts an HTML page (parsed by golang.org/x/net/html, the
// WHATWG algorithm): <title> names the document; h1–h6 open sections; an
// "up" link (<link rel="up">, or a link with rel="up" or accesskey "u", as
// DocBook's chunked manuals have) names the enclosing chapter, first in
// every breadcrumb. Scripts, styles, forms, <nav>, <aside>, page-level
// <header> and <footer> (their headings kept), elements whose role marks
// navigation or whose class or id token names it (isBoilerplate: whole
// tokens such as "navbar", "site-footer", "breadcrumbs", "toc", not
// "has-sidebar" or "card-header"), and lists, tables and blocks made of
// links (90% of their text in three or more links) are dropped. A class
// or id never drops <html>, <body>, <main> or <article>, and neither it
// nor the link rule drops an element holding the page's main heading (its
// first h1). Links are kept as content when they are a list right after a
// heading inside <main>, <article> or <section>, or when without them
// nothing but headings would be left (a reading list under its h1).
// Tables become Markdown pipe tables, lists "- " items, <pre> fenced
// code; the text is what a browser shows, white space collapsed. The
// blocks have no line numbers. A page with no text left is skipped
// (ErrSkipped).
func ParseHTML(path, text string) (Document, error) {
	root, err := html.Parse(strings.NewReader(text))
	if err != nil {
		return Document{}, skip("not HTML that can be parsed (%v); skipped", err)
	}
	h := htmlWalker{links: map[*html.Node][2]int{}, main: mainHeading(root), linkRule: true}
	h.measure(root)
	title, up := pageTitle(root)
	h.walk(root, false)
	h.flush()
	h.endTerm()
	if h.textBlocks == 0 && len(h.o.stack) > 0 {
		// Only links are left under the page's headings: they are its
		// content (a reading list, an index), read again with them kept.
		h = htmlWalker{links: h.links, main: h.main}
		h.walk(root, false)
		h.flush()
		h.endTerm()
	}
	if h.textBlocks == 0 {
		return Document{}, skip("no text once navigation, menus, scripts and styles are dropped (a page of links only); skipped")
	}
	var prefix []string
	if up != "" && !strings.EqualFold(up, title) {
		prefix = []string{up}
	}
	return h.o.document(path, title, prefix), nil
}

// pageTitle returns the text of <title> and the title of the page's "up"
// link, "" when absent.
func pageTitle(root *html.Node) (title, up string) {
	var find func(n *html.Node)
	find = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.DataAtom {
			case atom.Title:
				if title == "" {
					title = collapse(textOf(n))
				}
			case atom.Link, atom.A:
				if up == "" && (hasToken(attr(n, "rel"), "up") || (n.DataAtom == atom.A && attr(n, "accesskey") == "u")) {
					up = collapse(attr(n, "title"))
				}
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			find(c)
		}
	}
	find(root)
	return title, up
}

// htmlWalker turns the body of a page into blocks.
type htmlWalker struct {
	o          outline
	para       strings.Builder // inline text of the open paragraph
	textBlocks int             // blocks that are not headers
	links      map[*html.Node][2]int
	main       *html.Node // the page's main heading (mainHeading), never dropped with what holds it
	linkRule   bool       // drop link-dense lists, tables and blocks (off for a page of links under its heading)
	lastHeader bool       // the last block added is a header
	term       string     // a definition list's term (<dt>), waiting to open its description's first block
}

// measure records, for every element, the bytes of its text and of its text
// inside links (for the link-density rule), and returns them.
func (h *htmlWalker) measure(n *html.Node) (all, linked int) {
	if n.Type == html.TextNode {
		t := len(strings.TrimSpace(n.Data))
		return t, 0
	}
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		a, l := h.measure(c)
		all += a
		linked += l
	}
	if n.Type == html.ElementNode && n.DataAtom == atom.A && attr(n, "href") != "" {
		linked = all
	}
	if n.Type == html.ElementNode {
		h.links[n] = [2]int{all, linked}
	}
	return all, linked
}

// linkCount is the number of <a href> elements under n.
func linkCount(n *html.Node) int {
	k := 0
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type == html.ElementNode && c.DataAtom == atom.A && attr(c, "href") != "" {
			k++
		}
		k += linkCount(c)
	}
	return k
}

var dropTags = map[atom.Atom]bool{atom.Script: true, atom.Style: true, atom.Noscript: true, atom.Template: true,
	atom.Nav: true, atom.Aside: true, atom.Form: true, atom.Button: true, atom.Select: true, atom.Textarea: true,
	atom.Iframe: true, atom.Svg: true, atom.Canvas: true, atom.Object: true, atom.Embed: true, atom.Head: true,
	atom.Menu: true, atom.Dialog: true, atom.Math: true}

var dropRoles = map[string]bool{"navigation": true, "banner": true, "contentinfo": true, "search": true,
	"menu": true, "menubar": true, "toolbar": true, "complementary": true}

// boilerplateNames are the class and id tokens that name navigation or page
// furniture; boilerplatePrefixes and boilerplateSuffixes the parts that
// compound names add to them ("site-footer", "toc-wrapper").
var (
	boilerplateNames = map[string]bool{"nav": true, "navbar": true, "navheader": true, "navfooter": true,
		"navigation": true, "breadcrumb": true, "breadcrumbs": true, "menu": true, "menubar": true, "sidebar": true,
		"toc": true, "skip": true, "skiplink": true, "skip-link": true, "skip-links": true, "header": true,
		"footer": true, "masthead": true, "cookie": true, "cookies": true, "banner": true}
	boilerplatePrefixes = []string{"site", "page", "main", "global", "top", "bottom"}
	boilerplateSuffixes = []string{"nav", "menu", "bar", "links", "wrapper", "container"}
)

// isBoilerplate tells whether one class or id token names navigation or
// page furniture. The token, lowercased and with "_" read as "-", must be
// a whole boilerplate name ("nav", "navbar", "breadcrumbs", "sidebar",
// "toc", "header", "footer", "skip-link", …), or one with a prefix from
// site, page, main, global, top, bottom ("site-header", "page-footer"),
// or one with a suffix from nav, menu, bar, links, wrapper, container
// ("nav-menu", "toc-wrapper"). A boilerplate word that is only a part of
// another name is not boilerplate: "has-sidebar", "sidebar-layout",
// "with-toc", "menu-planning", "card-header", "card-footer".
func isBoilerplate(tok string) bool {
	tok = strings.ReplaceAll(strings.ToLower(tok), "_", "-")
	if boilerplateNames[tok] {
		return true
	}
	for _, p := range boilerplatePrefixes {
		if name, ok := strings.CutPrefix(tok, p+"-"); ok && boilerplateNames[name] {
			return true
		}
	}
	for _, x := range boilerplateSuffixes {
		if name, ok := strings.CutSuffix(tok, "-"+x); ok && boilerplateNames[name] {
			return true
		}
	}
	return false
}

// keepClass are the elements that their class or id never drops: the page
// itself and its main content ("<body class=\"has-sidebar\">").
var keepClass = map[atom.Atom]bool{atom.Html: true, atom.Body: true, atom.Main: true, atom.Article: true}

// dropped tells whether the element n is boilerplate, and whether its
// headings are still the page's (a page header holding the page's h1).
func (h *htmlWalker) dropped(n *html.Node, inArticle bool) (drop, keepHeadings bool) {
	if dropTags[n.DataAtom] || dropRoles[strings.ToLower(attr(n, "role"))] || hasAttr(n, "hidden") || attr(n, "aria-hidden") == "true" {
		return true, false
	}
	if (n.DataAtom == atom.Header || n.DataAtom == atom.Footer) && !inArticle {
		return true, n.DataAtom == atom.Header
	}
	if keepClass[n.DataAtom] || h.holdsMain(n) {
		return false, false
	}
	for _, tok := range append(strings.Fields(attr(n, "class")), attr(n, "id")) {
		if tok != "" && isBoilerplate(tok) {
			tok = strings.ToLower(tok)
			return true, strings.Contains(tok, "header") && !strings.Contains(tok, "nav")
		}
	}
	switch n.DataAtom {
	case atom.Ul, atom.Ol, atom.Dl, atom.Table, atom.Div, atom.P, atom.Section:
		if m := h.links[n]; h.linkRule && m[0] > 0 && m[1]*10 >= m[0]*9 && linkCount(n) >= 3 && !h.headingsList(n, inArticle) {
			return true, false
		}
	}
	return false, false
}

// holdsMain tells whether n holds the page's main heading (its first h1,
// or without one its first heading of the highest level).
func (h *htmlWalker) holdsMain(n *html.Node) bool {
	for m := h.main; m != nil; m = m.Parent {
		if m == n {
			return true
		}
	}
	return false
}

// headingsList tells whether the links n holds are a list under a heading
// in the page's content: a list (<ul>, <ol>, <dl>) inside <main>,
// <article> or <section> right after a heading, with no text between.
func (h *htmlWalker) headingsList(n *html.Node, inArticle bool) bool {
	switch n.DataAtom {
	case atom.Ul, atom.Ol, atom.Dl:
	default:
		return false
	}
	return inArticle && h.lastHeader && h.term == "" && strings.TrimSpace(h.para.String()) == ""
}

// mainHeading is the page's first h1, or without one its first heading of
// the highest level present; nil when it has no heading.
func mainHeading(root *html.Node) *html.Node {
	var best *html.Node
	level := 7
	var find func(n *html.Node)
	find = func(n *html.Node) {
		if n.Type == html.ElementNode {
			if lv, ok := headingLevel[n.DataAtom]; ok && lv < level && headingText(n) != "" {
				best, level = n, lv
			}
		}
		for c := n.FirstChild; c != nil && level > 1; c = c.NextSibling {
			find(c)
		}
	}
	find(root)
	return best
}

var headingLevel = map[atom.Atom]int{atom.H1: 1, atom.H2: 2, atom.H3: 3, atom.H4: 4, atom.H5: 5, atom.H6: 6}

// blockTags end the paragraph before them and after them.
var blockTags = map[atom.Atom]bool{atom.P: true, atom.Div: true, atom.Section: true, atom.Article: true, atom.Main: true,
	atom.Blockquote: true, atom.Li: true, atom.Dd: true, atom.Dt: true, atom.Figure: true, atom.Figcaption: true,
	atom.Address: true, atom.Details: true, atom.Summary: true, atom.Header: true, atom.Footer: true, atom.Hr: true,
	atom.Body: true, atom.Html: true, atom.Caption: true, atom.Fieldset: true, atom.Center: true}

// walk adds n's content to the document; headingsOnly walks a dropped page
// header for its headings alone.
func (h *htmlWalker) walk(n *html.Node, inArticle bool) {
	switch n.Type {
	case html.TextNode: // a line break in the source is white space; <br> is "\n"
		h.para.WriteString(strings.ReplaceAll(n.Data, "\n", " "))
		return
	case html.DocumentNode:
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			h.walk(c, inArticle)
		}
		return
	case html.ElementNode:
	default:
		return
	}
	if drop, keep := h.dropped(n, inArticle); drop {
		if keep {
			h.headings(n)
		}
		return
	}
	if lv, ok := headingLevel[n.DataAtom]; ok {
		if t := headingText(n); t != "" {
			h.header(lv, t)
		} else {
			h.flush()
		}
		return
	}
	switch n.DataAtom {
	case atom.Pre:
		h.flush()
		h.add(fence(strings.Trim(textOf(n), "\n")), true)
		return
	case atom.Table:
		h.flush()
		h.add(table(n), false)
		return
	case atom.Ul, atom.Ol:
		h.flush()
		for _, item := range listItems(n, 0) {
			h.add(item, false)
		}
		return
	case atom.Br:
		h.para.WriteString("\n")
		return
	case atom.Dt: // the term goes with its description, as a header with its paragraph
		h.flush()
		if t := collapse(textOf(n)); t != "" {
			h.term = strings.TrimPrefix(h.term+"\n"+t, "\n")
		}
		return
	case atom.Img:
		return
	}
	block := blockTags[n.DataAtom]
	if block {
		h.flush()
	}
	inArticle = inArticle || n.DataAtom == atom.Article || n.DataAtom == atom.Main || n.DataAtom == atom.Section
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		h.walk(c, inArticle)
	}
	if block {
		h.flush()
	}
}

// headings adds the headings under n (a dropped page header) and nothing else.
func (h *htmlWalker) headings(n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.ElementNode {
			continue
		}
		if lv, ok := headingLevel[c.DataAtom]; ok {
			if t := headingText(c); t != "" {
				h.header(lv, t)
			}
			continue
		}
		if drop, _ := h.dropped(c, false); !drop || c.DataAtom == atom.Header || c.DataAtom == atom.Div {
			h.headings(c)
		}
	}
}

// flush ends the open paragraph.
func (h *htmlWalker) flush() {
	lines := strings.Split(h.para.String(), "\n")
	h.para.Reset()
	var out []string
	for _, l := range lines {
		if l = collapse(l); l != "" {
			out = append(out, l)
		}
	}
	if len(out) > 0 {
		h.add(strings.Join(out, "\n"), false)
	}
}

// add appends a block of text, after the definition term waiting for it.
func (h *htmlWalker) add(text string, code bool) {
	if strings.TrimSpace(text) == "" {
		return
	}
	if h.term != "" {
		if code {
			h.o.block(Block{Text: h.term})
			h.textBlocks++
		} else {
			text = h.term + "\n" + text
		}
		h.term = ""
	}
	h.o.block(Block{Text: text, Code: code})
	h.textBlocks++
	h.lastHeader = false
}

// header opens a section; a term still waiting becomes a block of its own.
func (h *htmlWalker) header(level int, text string) {
	h.flush()
	h.endTerm()
	h.o.header(level, text, &Block{Text: strings.Repeat("#", level) + " " + text})
	h.lastHeader = true
}

// endTerm adds a waiting definition term as a block of its own.
func (h *htmlWalker) endTerm() {
	if h.term != "" {
		h.o.block(Block{Text: h.term})
		h.textBlocks++
		h.term = ""
	}
}

// listItems renders the items of a list as "- " (or "1. ") lines, nested
// lists indented by two spaces per level: one string per item.
func listItems(list *html.Node, depth int) []string {
	var out []string
	k := 0
	for li := list.FirstChild; li != nil; li = li.NextSibling {
		if li.Type != html.ElementNode || li.DataAtom != atom.Li {
			continue
		}
		k++
		mark := "- "
		if list.DataAtom == atom.Ol {
			mark = fmt.Sprintf("%d. ", k)
		}
		var text strings.Builder
		var nested []string
		for c := li.FirstChild; c != nil; c = c.NextSibling {
			if c.Type == html.ElementNode && (c.DataAtom == atom.Ul || c.DataAtom == atom.Ol) {
				nested = append(nested, listItems(c, depth+1)...)
				continue
			}
			text.WriteString(" ")
			text.WriteString(textOf(c))
		}
		item := strings.Repeat("  ", depth) + mark + collapse(text.String())
		if len(nested) > 0 {
			item += "\n" + strings.Join(nested, "\n")
		}
		out = append(out, item)
	}
	return out
}

// table renders a table as Markdown pipe rows, the first row as the header.
func table(t *html.Node) string {
	var rows [][]string
	var collect func(n *html.Node)
	collect = func(n *html.Node) {
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if c.Type != html.ElementNode {
				continue
			}
			switch c.DataAtom {
			case atom.Tr:
				var cells []string
				for td := c.FirstChild; td != nil; td = td.NextSibling {
					if td.Type == html.ElementNode && (td.DataAtom == atom.Td || td.DataAtom == atom.Th) {
						cells = append(cells, strings.ReplaceAll(collapse(textOf(td)), "|", `\|`))
					}
				}
				if len(cells) > 0 {
					rows = append(rows, cells)
				}
			case atom.Thead, atom.Tbody, atom.Tfoot:
				collect(c)
			}
		}
	}
	collect(t)
	if len(rows) == 0 {
		return collapse(textOf(t))
	}
	cols := 0
	for _, r := range rows {
		cols = max(cols, len(r))
	}
	var b strings.Builder
	for i, r := range rows {
		for len(r) < cols {
			r = append(r, "")
		}
		b.WriteString("| " + strings.Join(r, " | ") + " |\n")
		if i == 0 {
			b.WriteString("|" + strings.Repeat(" --- |", cols) + "\n")
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// fence wraps code in a Markdown fence longer than any backtick run in it.
func fence(code string) string {
	n := 3
	for run, i := 0, 0; i < len(code); i++ {
		if code[i] == '`' {
			run++
			n = max(n, run+1)
		} else {
			run = 0
		}
	}
	f := strings.Repeat("`", n)
	return f + "\n" + code + "\n" + f
}

// textOf is the text under n, as written (scripts and styles left out).
func textOf(n *html.Node) string {
	var b strings.Builder
	var rec func(n *html.Node)
	rec = func(n *html.Node) {
		switch {
		case n.Type == html.TextNode:
			b.WriteString(n.Data)
		case n.Type == html.ElementNode && (n.DataAtom == atom.Script || n.DataAtom == atom.Style):
		case n.Type == html.ElementNode && n.DataAtom == atom.Br:
			b.WriteString("\n")
		default:
			if n.Type == html.ElementNode && blockTags[n.DataAtom] {
				b.WriteString(" ")
			}
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				rec(c)
			}
		}
	}
	rec(n)
	return b.String()
}

// collapse joins runs of white space into one space and trims the ends.
func collapse(s string) string { return strings.Join(strings.Fields(s), " ") }

// attr is the value of n's attribute key ("" when absent).
func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// hasAttr reports whether n has the attribute key.
func hasAttr(n *html.Node, key string) bool {
	for _, a := range n.Attr {
		if a.Key == key {
			return true
		}
	}
	return false
}

// headingText is a heading's text without the permalink marks that site
// generators append ("¶", "#", "§").
func headingText(n *html.Node) string {
	return strings.TrimSpace(strings.TrimRight(collapse(textOf(n)), "¶#§🔗 "))
}

// hasToken reports whether the space-separated list s holds tok (ASCII
// case-insensitive).
func hasToken(s, tok string) bool {
	for _, f := range strings.Fields(s) {
		if strings.EqualFold(f, tok) {
			return true
		}
	}
	return false
}
