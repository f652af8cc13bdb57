-- The last TOTP step accepted for an account: a code of that step or an older one is refused
-- (RFC 6238 section 5.2, no replay of a code within its window).
ALTER TABLE totp_secrets ADD COLUMN last_used_step BIGINT;
