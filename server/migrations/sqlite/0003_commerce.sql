-- Commerce: part review history, discount codes, orders and their lines, status history,
-- deliveries, invoices, credit notes, quotes, payment events and the document counters.
-- The tables of 0001 for orders were never written to: they are replaced by the ones below.
-- Times are UTC Unix seconds, money integer cents, rates basis points (2000 = 20 %).

DROP TABLE invoices;
DROP TABLE invoice_counters;
DROP TABLE deliveries;
DROP TABLE account_discounts;
DROP TABLE order_lines;
DROP TABLE orders;
DROP TABLE discounts;

-- What the analysis found (French, one reason a line) and what the customer asked for a review.
ALTER TABLE parts ADD COLUMN review_reasons TEXT NOT NULL DEFAULT '';
ALTER TABLE parts ADD COLUMN review_request TEXT NOT NULL DEFAULT '';

CREATE TABLE part_status_history (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    part_id BIGINT NOT NULL REFERENCES parts(id) ON DELETE CASCADE,
    status_id BIGINT NOT NULL REFERENCES part_statuses(id),
    comment TEXT NOT NULL DEFAULT '',         -- the admin's comment or the customer's request
    actor_account_id BIGINT REFERENCES accounts(id) ON DELETE SET NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX part_status_history_part ON part_status_history(part_id, id);

-- Gapless numbers per kind and Paris calendar year: FA invoices, AV credit notes, DE quotes,
-- CO orders. Incremented inside the transaction that issues the document.
CREATE TABLE counters (
    kind TEXT NOT NULL,
    year BIGINT NOT NULL,
    last_seq BIGINT NOT NULL,
    PRIMARY KEY (kind, year)
);

CREATE TABLE discounts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL UNIQUE,                -- stored upper-cased
    description TEXT NOT NULL DEFAULT '',
    kind TEXT NOT NULL CHECK (kind IN ('percent', 'fixed')),
    value BIGINT NOT NULL CHECK (value > 0),  -- percent: basis points; fixed: cents
    min_order_cents BIGINT NOT NULL DEFAULT 0,
    valid_from BIGINT,
    valid_until BIGINT,
    max_uses BIGINT,
    max_uses_per_account BIGINT,
    uses BIGINT NOT NULL DEFAULT 0,           -- counted in the order's transaction
    account_id BIGINT REFERENCES accounts(id) ON DELETE CASCADE, -- reserved to one account
    active BIGINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE orders (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    numero TEXT NOT NULL UNIQUE,              -- CO-2026-000001, the bank transfer reference
    account_id BIGINT NOT NULL REFERENCES accounts(id),
    status TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    customer_email TEXT NOT NULL,
    billing_address TEXT NOT NULL,            -- JSON snapshot
    shipping_address TEXT NOT NULL,           -- JSON snapshot
    shipping_zone TEXT NOT NULL,
    weight_g BIGINT NOT NULL,
    subtotal_cents BIGINT NOT NULL,
    discount_cents BIGINT NOT NULL DEFAULT 0,
    shipping_cents BIGINT NOT NULL DEFAULT 0,
    total_ht_cents BIGINT NOT NULL,
    vat_rate_bp BIGINT NOT NULL,
    vat_cents BIGINT NOT NULL,
    total_ttc_cents BIGINT NOT NULL,
    reverse_charge BIGINT NOT NULL DEFAULT 0,
    vat_regime TEXT NOT NULL,                 -- france, autoliquidation, export
    buyer_vat_number TEXT NOT NULL DEFAULT '',
    discount_id BIGINT REFERENCES discounts(id),
    discount_code TEXT NOT NULL DEFAULT '',
    payment_method TEXT NOT NULL CHECK (payment_method IN ('virement', 'carte')),
    payment_intent_id TEXT,
    catalog_version BIGINT NOT NULL,
    cgv_accepted_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    paid_at BIGINT,
    UNIQUE (account_id, idempotency_key)
);
CREATE INDEX orders_account ON orders(account_id, id);
CREATE INDEX orders_status ON orders(status, id);
CREATE INDEX orders_payment_intent ON orders(payment_intent_id);

CREATE TABLE order_lines (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id BIGINT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    part_id BIGINT NOT NULL REFERENCES parts(id),
    position BIGINT NOT NULL,
    designation TEXT NOT NULL,                -- file name, process, material, as printed
    details TEXT NOT NULL DEFAULT '{}',       -- JSON: options, dimensions, volume, weight
    quantite BIGINT NOT NULL CHECK (quantite > 0),
    unit_price_cents BIGINT NOT NULL,
    line_total_cents BIGINT NOT NULL          -- excl. VAT, rounded once
);
CREATE INDEX order_lines_order ON order_lines(order_id, position);
CREATE INDEX order_lines_part ON order_lines(part_id);

CREATE TABLE order_status_history (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id BIGINT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    from_status TEXT,
    to_status TEXT NOT NULL,
    note TEXT NOT NULL DEFAULT '',
    actor_account_id BIGINT REFERENCES accounts(id) ON DELETE SET NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX order_status_history_order ON order_status_history(order_id, id);

CREATE TABLE discount_uses (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    discount_id BIGINT NOT NULL REFERENCES discounts(id) ON DELETE CASCADE,
    account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    order_id BIGINT NOT NULL UNIQUE REFERENCES orders(id) ON DELETE CASCADE,
    amount_cents BIGINT NOT NULL,
    used_at BIGINT NOT NULL
);
CREATE INDEX discount_uses_discount ON discount_uses(discount_id, account_id);

CREATE TABLE deliveries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id BIGINT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    carrier TEXT NOT NULL,
    tracking_number TEXT NOT NULL,
    tracking_url TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    delivered_at BIGINT
);
CREATE INDEX deliveries_order ON deliveries(order_id);

CREATE TABLE invoices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id BIGINT NOT NULL UNIQUE REFERENCES orders(id),
    number TEXT NOT NULL UNIQUE,              -- FA-2026-000001
    year BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    issued_at BIGINT NOT NULL,
    total_ttc_cents BIGINT NOT NULL,
    data TEXT NOT NULL,                       -- frozen JSON of everything printed
    UNIQUE (year, seq)
);

CREATE TABLE credit_notes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    invoice_id BIGINT NOT NULL UNIQUE REFERENCES invoices(id),
    number TEXT NOT NULL UNIQUE,              -- AV-2026-000001
    year BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    issued_at BIGINT NOT NULL,
    reason TEXT NOT NULL,
    total_ttc_cents BIGINT NOT NULL,
    data TEXT NOT NULL,
    UNIQUE (year, seq)
);

CREATE TABLE quotes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    number TEXT NOT NULL UNIQUE,              -- DE-2026-000001
    account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    year BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    issued_at BIGINT NOT NULL,
    valid_until BIGINT NOT NULL,
    total_ttc_cents BIGINT NOT NULL,
    data TEXT NOT NULL,
    UNIQUE (year, seq)
);
CREATE INDEX quotes_account ON quotes(account_id);

-- Webhook events already applied (a repeated genuine event changes nothing twice).
CREATE TABLE payment_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    provider TEXT NOT NULL,
    event_id TEXT NOT NULL,
    event_type TEXT NOT NULL,
    order_id BIGINT REFERENCES orders(id),
    received_at BIGINT NOT NULL,
    UNIQUE (provider, event_id)
);
