-- The body of its file a part is, once the visitor has split a multi-body file into one part per
-- body (0-based, as in the analysis' `body_details`); NULL for a part that is the whole file. The
-- part keeps the original file (`storage_key`): the viewer and the download take the body from it.
ALTER TABLE parts ADD COLUMN body BIGINT;
