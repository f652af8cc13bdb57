-- Forme Additive schema (SQLite). Times are UTC Unix seconds (BIGINT), money integer cents,
-- flags 0/1 integers (the same on PostgreSQL, so one set of queries serves both).

CREATE TABLE accounts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL UNIQUE,               -- stored trimmed and lower-cased
    password_hash TEXT NOT NULL,              -- argon2id PHC string
    nom TEXT NOT NULL DEFAULT '',
    prenom TEXT NOT NULL DEFAULT '',
    role TEXT NOT NULL DEFAULT 'client' CHECK (role IN ('client', 'admin')),
    email_verified BIGINT NOT NULL DEFAULT 0,
    two_factor_enabled BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);

CREATE TABLE sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    token_hash TEXT NOT NULL UNIQUE,          -- sha256 of the cookie value
    account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    csrf_token TEXT NOT NULL,
    two_factor_pending BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    last_seen BIGINT NOT NULL,
    ip TEXT NOT NULL DEFAULT '',
    user_agent TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sessions_account ON sessions(account_id);

-- One row per counted event (failed sign-in, code sent, ...): shared by every server instance.
CREATE TABLE rate_limit_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    bucket TEXT NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX rate_limit_events_bucket ON rate_limit_events(bucket, created_at);

CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
INSERT INTO settings(key, value) VALUES ('maintenance', 'false');

CREATE TABLE countries (
    code TEXT PRIMARY KEY,                    -- ISO 3166-1 alpha-2, lower case
    nom TEXT NOT NULL
);

CREATE TABLE companies (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    nom_entreprise TEXT NOT NULL,
    numero_tva TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX companies_account ON companies(account_id);

CREATE TABLE addresses (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    country_code TEXT NOT NULL REFERENCES countries(code),
    ville TEXT NOT NULL,
    code_postal TEXT NOT NULL,
    rue TEXT NOT NULL,
    complement TEXT NOT NULL DEFAULT '',
    nom TEXT NOT NULL,
    prenom TEXT NOT NULL,
    tel TEXT NOT NULL DEFAULT '',
    company_id BIGINT REFERENCES companies(id) ON DELETE SET NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX addresses_account ON addresses(account_id);

-- Six-digit codes sent by e-mail (purpose: account_creation, email_reset, ...).
CREATE TABLE email_codes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    purpose TEXT NOT NULL,
    email TEXT NOT NULL,
    code_hash TEXT NOT NULL,
    attempts BIGINT NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    verified_at BIGINT,                       -- set when the right code was given
    consumed_at BIGINT                        -- set when the verified code was used
);
CREATE INDEX email_codes_lookup ON email_codes(purpose, email);

-- Single-use tokens (forgotten password, e-mail change).
CREATE TABLE reset_tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    purpose TEXT NOT NULL,
    account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    token_hash TEXT NOT NULL UNIQUE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
);

CREATE TABLE totp_secrets (
    account_id BIGINT PRIMARY KEY REFERENCES accounts(id) ON DELETE CASCADE,
    secret TEXT NOT NULL,                     -- base32
    created_at BIGINT NOT NULL,
    confirmed_at BIGINT
);

CREATE TABLE backup_codes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    code_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    used_at BIGINT
);
CREATE INDEX backup_codes_account ON backup_codes(account_id);

CREATE TABLE captcha_used (
    signature TEXT PRIMARY KEY,
    expires_at BIGINT NOT NULL
);

CREATE TABLE contact_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    nom TEXT NOT NULL,
    email TEXT NOT NULL,
    sujet TEXT NOT NULL DEFAULT '',
    message TEXT NOT NULL,
    ip TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL
);

-- The pricing catalog (Combinaison) of quote-core as JSON; the highest version is current.
CREATE TABLE catalogs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    version BIGINT NOT NULL UNIQUE,
    data TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE part_statuses (
    id BIGINT PRIMARY KEY,
    libelle TEXT NOT NULL
);
INSERT INTO part_statuses(id, libelle) VALUES
    (1, 'Analysée'), (2, 'À vérifier'), (3, 'Validée'), (4, 'Refusée');

CREATE TABLE parts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id BIGINT REFERENCES accounts(id) ON DELETE SET NULL,
    file_name TEXT NOT NULL,
    storage_key TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    size_bytes BIGINT NOT NULL,
    analysis TEXT NOT NULL,                   -- quote-core analysis JSON
    options TEXT NOT NULL DEFAULT '{}',       -- customer's options JSON
    status_id BIGINT NOT NULL DEFAULT 1 REFERENCES part_statuses(id),
    review_note TEXT NOT NULL DEFAULT '',
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
CREATE INDEX parts_account ON parts(account_id);
CREATE INDEX parts_status ON parts(status_id);

CREATE TABLE account_parts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    part_id BIGINT NOT NULL REFERENCES parts(id) ON DELETE CASCADE,
    quantite BIGINT NOT NULL CHECK (quantite > 0),
    created_at BIGINT NOT NULL,
    UNIQUE (account_id, part_id)
);

CREATE TABLE temp_uploads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    token TEXT NOT NULL UNIQUE,
    account_id BIGINT REFERENCES accounts(id) ON DELETE CASCADE,
    kind TEXT NOT NULL DEFAULT 'models',
    file_name TEXT NOT NULL,
    storage_key TEXT NOT NULL,
    sha256 TEXT NOT NULL,
    size_bytes BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);

CREATE TABLE discounts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    code TEXT NOT NULL UNIQUE,                -- stored upper-cased
    kind TEXT NOT NULL CHECK (kind IN ('percent', 'fixed')),
    value BIGINT NOT NULL,                    -- percent: basis points; fixed: cents
    min_order_cents BIGINT NOT NULL DEFAULT 0,
    valid_from BIGINT,
    valid_until BIGINT,
    max_uses BIGINT,
    max_uses_per_account BIGINT,
    uses BIGINT NOT NULL DEFAULT 0,
    active BIGINT NOT NULL DEFAULT 1,
    created_at BIGINT NOT NULL
);

CREATE TABLE orders (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id BIGINT NOT NULL REFERENCES accounts(id),
    status TEXT NOT NULL,
    idempotency_key TEXT NOT NULL,
    billing_address TEXT NOT NULL,            -- JSON snapshot
    shipping_address TEXT NOT NULL,           -- JSON snapshot
    subtotal_cents BIGINT NOT NULL,
    discount_cents BIGINT NOT NULL DEFAULT 0,
    shipping_cents BIGINT NOT NULL DEFAULT 0,
    vat_rate_bp BIGINT NOT NULL,              -- 2000 = 20 %
    vat_cents BIGINT NOT NULL,
    total_cents BIGINT NOT NULL,
    reverse_charge BIGINT NOT NULL DEFAULT 0,
    discount_id BIGINT REFERENCES discounts(id),
    payment_method TEXT NOT NULL DEFAULT 'virement',
    payment_ref TEXT,
    payment_idempotency_key TEXT,
    cgv_accepted_at BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL,
    paid_at BIGINT,
    UNIQUE (account_id, idempotency_key)
);
CREATE INDEX orders_account ON orders(account_id);

CREATE TABLE order_lines (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id BIGINT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    part_id BIGINT NOT NULL REFERENCES parts(id),
    designation TEXT NOT NULL,
    options TEXT NOT NULL DEFAULT '{}',
    quantite BIGINT NOT NULL,
    unit_price_cents BIGINT NOT NULL,
    line_total_cents BIGINT NOT NULL
);
CREATE INDEX order_lines_order ON order_lines(order_id);

CREATE TABLE account_discounts (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    account_id BIGINT NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
    discount_id BIGINT NOT NULL REFERENCES discounts(id) ON DELETE CASCADE,
    order_id BIGINT REFERENCES orders(id),
    used_at BIGINT NOT NULL
);

CREATE TABLE deliveries (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id BIGINT NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
    carrier TEXT NOT NULL,
    tracking_number TEXT NOT NULL DEFAULT '',
    status TEXT NOT NULL DEFAULT 'en préparation',
    shipped_at BIGINT,
    delivered_at BIGINT,
    created_at BIGINT NOT NULL
);
CREATE INDEX deliveries_order ON deliveries(order_id);

CREATE TABLE invoice_counters (
    year BIGINT PRIMARY KEY,
    last_seq BIGINT NOT NULL
);

CREATE TABLE invoices (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    order_id BIGINT NOT NULL UNIQUE REFERENCES orders(id),
    number TEXT NOT NULL UNIQUE,              -- FA-2026-000001
    year BIGINT NOT NULL,
    seq BIGINT NOT NULL,
    issued_at BIGINT NOT NULL,
    data TEXT NOT NULL,                       -- frozen JSON of everything printed
    pdf_key TEXT,
    UNIQUE (year, seq)
);
