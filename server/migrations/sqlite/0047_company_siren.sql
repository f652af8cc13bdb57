-- The SIREN of a customer's company (issue 23, follow-up): nine digits passing the Luhn check,
-- typed by the customer, NULL when not given. A French company's invoice needs it (French CTC
-- rules BR-FR-11 and BR-FR-21: buyer's SIREN under scheme 0002, electronic address 0225 + SIREN);
-- when NULL, the SIREN of a French VAT number is used.
ALTER TABLE companies ADD COLUMN siren TEXT;
