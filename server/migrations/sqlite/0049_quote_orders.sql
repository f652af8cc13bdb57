-- « Commander ce devis » (issue 25, part 3): what a quote priced, line by line, so that its parts
-- go back to the basket at the quote's prices while it is valid.
-- `quotes.basket`: JSON array of {part_id, options, quantite, line_cents} (the part's options JSON
-- and its line total excl. VAT, cents); NULL for the quotes issued before.
ALTER TABLE quotes ADD COLUMN basket TEXT;
-- A basket line put there by « Commander ce devis »: the quote's number, the options and quantity
-- it priced, its line total and the last instant of its validity. The line is priced at that
-- total while its options and quantity are those and the quote is valid; otherwise at today's
-- catalog. NULL for every other line.
ALTER TABLE account_parts ADD COLUMN quote_number TEXT;
ALTER TABLE account_parts ADD COLUMN quote_options TEXT;
ALTER TABLE account_parts ADD COLUMN quote_quantite BIGINT;
ALTER TABLE account_parts ADD COLUMN quote_line_cents BIGINT;
ALTER TABLE account_parts ADD COLUMN quote_valid_until BIGINT;
