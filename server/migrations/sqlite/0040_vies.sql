-- VIES checks of intra-EU VAT numbers (issue 23): every answer of the European Commission's
-- service, kept in the database (not in one instance's memory: several servers share it). A
-- company's status is the latest check of its number; an order zero-rated as an intra-EU supply
-- of goods rests on a valid check less than 24 hours old, whose consultation number and time the
-- order keeps as proof. Times are Unix seconds.
CREATE TABLE vies_checks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    vat_number TEXT NOT NULL,                 -- normalised, prefix included (DE123456789)
    outcome TEXT NOT NULL CHECK (outcome IN ('valide', 'invalide', 'indisponible')),
    request_identifier TEXT NOT NULL DEFAULT '', -- VIES consultation number of a valid answer
    trader_name TEXT NOT NULL DEFAULT '',
    trader_address TEXT NOT NULL DEFAULT '',
    detail TEXT NOT NULL DEFAULT '',          -- why it is unavailable (timeout, MS_UNAVAILABLE)
    checked_at BIGINT NOT NULL
);
CREATE INDEX vies_checks_number ON vies_checks(vat_number, checked_at);

-- The VIES consultation an intra-EU supply rests on (empty for any other order).
ALTER TABLE orders ADD COLUMN vies_request_identifier TEXT NOT NULL DEFAULT '';
ALTER TABLE orders ADD COLUMN vies_checked_at BIGINT;
-- What the customer was told about the VAT at checkout (VIES silent or invalid), else empty.
ALTER TABLE orders ADD COLUMN vat_notice TEXT NOT NULL DEFAULT '';
