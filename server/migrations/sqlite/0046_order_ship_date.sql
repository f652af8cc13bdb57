-- The ship date of an order (issue 25, part 2): `AAAA-MM-JJ`, fixed when the order is paid (card
-- payment, or bank transfer marked received) from the instant of payment, the catalog's calendar
-- and the slowest line's working days (`order_lines.details` → `delai_jours`); NULL until then.
ALTER TABLE orders ADD COLUMN ship_date TEXT;
