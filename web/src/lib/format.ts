//! French number, money and date formats.

const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
const dates = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long' });

/** `123456` cents -> `1 234,56 €`. */
export function formatCents(cents: number): string {
  return euros.format(cents / 100);
}

export function formatDate(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dates.format(date);
}
