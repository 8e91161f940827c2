-- Documents in formats beyond Markdown and plain text (PDF, HTML, DOCX, ODT,
-- Org, reStructuredText).
--
-- 1. documents.format says how documents.body is read back when a document is
--    re-chunked from the database (`hrag reembed`): for line formats
--    (markdown, text, org, rst) body is the file's text; for the others (pdf,
--    html, docx, odt) it is the extracted document as JSON. Existing documents
--    were parsed by their extension: Markdown for .md, .markdown, .mdown and
--    .mkd, plain text otherwise.
-- 2. chunks.page_start/page_end are the 1-based pages of a chunk of a PDF,
--    NULL for formats without pages.
-- 3. chunks.start_line/end_line become NULL for formats without line numbers
--    (PDF, HTML, DOCX, ODT): nothing prints a line number those files lack.

ALTER TABLE documents ADD COLUMN format text NOT NULL DEFAULT 'text'
    CHECK (format IN ('markdown', 'text', 'org', 'rst', 'html', 'pdf', 'docx', 'odt'));
UPDATE documents SET format = 'markdown' WHERE lower(path) ~ '\.(md|markdown|mdown|mkd)$';

ALTER TABLE chunks ADD COLUMN page_start int, ADD COLUMN page_end int,
    ADD CONSTRAINT chunks_pages_check CHECK ((page_start IS NULL) = (page_end IS NULL) AND page_start <= page_end);
ALTER TABLE chunks ALTER COLUMN start_line DROP NOT NULL, ALTER COLUMN end_line DROP NOT NULL;
