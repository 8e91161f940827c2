-- Files `hrag index` skipped because they are binary: remembered with their
-- size and mtime so that later runs skip them without reading them again or
-- repeating the warning, until the file changes.
CREATE TABLE skipped_files (
    collection_id int NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
    path          text NOT NULL,
    size          bigint NOT NULL,
    mtime         timestamptz NOT NULL,
    reason        text NOT NULL,
    PRIMARY KEY (collection_id, path)
);
