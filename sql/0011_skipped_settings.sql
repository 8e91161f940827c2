-- A remembered skip holds only while the settings that caused it hold:
-- skipped_files.settings is the index run's skip settings
-- (index.SkipSettings: the size limit, the converters' limits and which
-- converters are installed). A run with other settings reads the file
-- again instead of skipping it for a cause that is gone.
ALTER TABLE skipped_files ADD COLUMN settings text NOT NULL DEFAULT '';
