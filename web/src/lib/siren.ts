//! A French company's SIREN, checked as the server checks it (`server/src/domain/siret.rs`: nine
//! digits passing the Luhn check; `domain::error`: the same French messages), and the SIREN
//! inside a French VAT number (`FR` + two-character key + SIREN). The server decides; this only
//! answers sooner.

export const SIREN_INVALID = 'Le numéro SIREN doit comporter 9\u00a0chiffres valides.';
export const SIREN_VAT_MISMATCH =
  "Le numéro SIREN ne correspond pas au numéro de TVA intracommunautaire\u00a0: un numéro de TVA français se compose de FR, d'une clé de 2\u00a0chiffres et du SIREN de l'entreprise.";

/** The digits typed, without the spaces. */
export const compactSiren = (value: string) => value.replace(/\s/g, '');

/** Nine digits passing the Luhn check. */
export function isValidSiren(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i += 1) {
    let d = Number(value[8 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The SIREN of a compact French VAT number, `null` for another country's. */
export function sirenOfVat(vat: string): string | null {
  const m = /^FR[A-Z0-9]{2}(\d{9})$/.exec(vat);
  return m ? m[1] : null;
}
