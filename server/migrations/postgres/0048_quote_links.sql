-- Share links of a quote (issue 25, part 3): a customer hands a quote to someone without an
-- account (the purchasing department) through a link whose random token only its sha256 is kept
-- here. A link shows the quote read-only, with its PDF, until the quote's validity ends or the
-- customer revokes it. `sent_to` is the address « Envoyer au service achats » e-mailed it to
-- (NULL for a link the customer copied). Times are Unix seconds.
CREATE TABLE quote_links (
    id BIGSERIAL PRIMARY KEY,
    quote_id BIGINT NOT NULL REFERENCES quotes(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    sent_to TEXT,
    revoked_at BIGINT
);
CREATE INDEX quote_links_quote ON quote_links(quote_id, id);
