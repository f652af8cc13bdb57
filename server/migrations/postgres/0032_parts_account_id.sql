-- An account's parts are listed one page at a time, newest first (`GET Admin/Comptes/{id}/Pieces`,
-- `ORDER BY id DESC LIMIT … OFFSET …`): an index on (account_id, id) gives the page in index
-- order without sorting every part of the account (PostgreSQL sorted the 5,000 parts of a large
-- account for each page; SQLite's index on account_id already ended with the rowid). It replaces
-- the index on account_id alone, whose every use it serves.
CREATE INDEX parts_account_id ON parts(account_id, id);
DROP INDEX parts_account;
