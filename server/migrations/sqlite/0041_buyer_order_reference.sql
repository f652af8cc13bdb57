-- The buyer's own reference for the order (their purchase-order number, issue 23 part 3):
-- optional, at most 35 characters (checked by the server), empty when not given. Printed on the
-- invoice and the credit note and carried in their Factur-X XML as BT-13; admins search it.
ALTER TABLE orders ADD COLUMN buyer_reference TEXT NOT NULL DEFAULT '';
