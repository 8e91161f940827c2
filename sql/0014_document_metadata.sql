-- Front matter metadata per document (tags, date, aliases, other keys), for
-- the --tag, --since and --until filters and `status`.
--
-- 1. documents.tags: the front matter's tags, normalised (lower case, no
--    leading '#'); '{}' when none. A GIN index serves tag filters.
-- 2. documents.doc_date: the front matter's date (or "created"); NULL when
--    none, and the filters then use documents.mtime.
-- 3. documents.meta: aliases and the other front matter keys as JSON; NULL
--    when none.
-- 4. Markdown documents whose text opens with a front matter delimiter were
--    indexed before front matter was read (a delimiter line, trailing blanks
--    allowed): their size is set to -1 so that
--    the next `hrag index` reads them again (their chunks keep their
--    vectors: only changed chunks are embedded), and `status` counts them as
--    modified until then.

ALTER TABLE documents
    ADD COLUMN tags text[] NOT NULL DEFAULT '{}',
    ADD COLUMN doc_date timestamptz,
    ADD COLUMN meta jsonb;
CREATE INDEX documents_tags_idx ON documents USING gin (tags);

UPDATE documents SET size = -1
WHERE format = 'markdown' AND body ~ E'^(---|\\+\\+\\+)[ \t]*\r?\n';
