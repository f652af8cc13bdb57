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

const dateTimes = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Paris' });

/** A moment as Paris time: `22 novembre 2026 à 22:10`. */
export function formatDateTime(value: string | number | Date): string {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? '' : dateTimes.format(date);
}
