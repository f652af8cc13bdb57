//! Ship dates in French, as the quote card, the basket, the checkout and the orders show them:
//! « Expédié le jeudi 10 décembre », « Livraison du vendredi 11 au lundi 14 décembre », from the
//! `AAAA-MM-JJ` dates quote-core gives (in the worker or on the server); and the instant of the
//! next daily cut-off in Paris, when the dates of an order placed now move by one business day.

const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'];
const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

interface Day {
  year: number;
  month: number;
  day: number;
  weekday: number;
}

/** Reads `AAAA-MM-JJ` (a calendar day, no time zone); null when it is not a real day. */
export function parseDay(iso: string): Day | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const utc = new Date(Date.UTC(year, month - 1, day));
  if (utc.getUTCFullYear() !== year || utc.getUTCMonth() !== month - 1 || utc.getUTCDate() !== day) return null;
  return { year, month, day, weekday: utc.getUTCDay() };
}

/** The year of `now` in Paris. */
function parisYear(now: Date): number {
  return Number(new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', year: 'numeric' }).format(now));
}

const dayNumber = (d: number) => (d === 1 ? '1er' : String(d));

/**
 * `jeudi 10 décembre` (`jeudi 1er janvier`); the year is added when it is not the current one
 * in Paris (`mercredi 6 janvier 2027`). Non-breaking spaces keep the date on one line.
 */
export function formatDay(iso: string, now: Date = new Date()): string {
  const d = parseDay(iso);
  if (!d) return iso;
  const year = d.year === parisYear(now) ? '' : `\u00a0${d.year}`;
  return `${WEEKDAYS[d.weekday]}\u00a0${dayNumber(d.day)}\u00a0${MONTHS[d.month - 1]}${year}`;
}

/** « Expédié le jeudi 10 décembre ». */
export function shippedOn(iso: string, now: Date = new Date()): string {
  return `Expédié le ${formatDay(iso, now)}`;
}

/** « Expédition prévue le jeudi 10 décembre » (a basket or an order, not yet shipped). */
export function shipsOn(iso: string, now: Date = new Date()): string {
  return `Expédition prévue le ${formatDay(iso, now)}`;
}

/** Where a shipping zone's parcels go, after « Livraison ». */
const ZONES: Record<string, string> = {
  france: 'en France',
  ue: 'dans l’Union européenne',
  monde: 'hors de l’Union européenne',
};

/**
 * « Livraison en France du vendredi 11 au lundi 14 décembre » (the month said once when both days
 * share it), « Livraison en France le vendredi 11 décembre » when the range is one day.
 */
export function deliveryRange(du: string, au: string, zone?: string, now: Date = new Date()): string {
  const where = zone && ZONES[zone] ? ` ${ZONES[zone]}` : '';
  if (du === au) return `Livraison${where} le ${formatDay(du, now)}`;
  const a = parseDay(du);
  const b = parseDay(au);
  let first = formatDay(du, now);
  if (a && b && a.year === b.year && a.month === b.month) {
    first = `${WEEKDAYS[a.weekday]}\u00a0${dayNumber(a.day)}`;
  } else if (a && b && a.year === b.year) {
    first = `${WEEKDAYS[a.weekday]}\u00a0${dayNumber(a.day)}\u00a0${MONTHS[a.month - 1]}`;
  }
  return `Livraison${where} du ${first} au ${formatDay(au, now)}`;
}

/** The latest of `AAAA-MM-JJ` dates (a basket ships with its slowest line); null when none. */
export function latestDay(dates: (string | null | undefined)[]): string | null {
  let latest: string | null = null;
  for (const d of dates) if (d && (latest === null || d > latest)) latest = d;
  return latest;
}

/** Seconds since midnight of `nowMs` in Paris. */
function parisSeconds(nowMs: number): number {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(nowMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return get('hour') * 3600 + get('minute') * 60 + get('second');
}

/**
 * Milliseconds from `nowMs` to the next daily cut-off (`HH:MM`, Paris time): the instant the
 * ship dates of an order placed now move on. Always at least one second; the cut-off is the
 * catalog's (`calendar.cutoff`), 12:00 when unreadable. (On the two days the clocks change the
 * wait may be an hour off; the dates are computed again when it ends, and the next wait is right.)
 */
export function msUntilNextCutoff(nowMs: number, cutoff = '12:00'): number {
  const m = /^(\d{2}):(\d{2})$/.exec(cutoff);
  const cutoffSecs = m ? Number(m[1]) * 3600 + Number(m[2]) * 60 : 12 * 3600;
  let wait = cutoffSecs - parisSeconds(nowMs);
  if (wait <= 0) wait += 86_400;
  return Math.max(1000, wait * 1000 - (((nowMs % 1000) + 1000) % 1000));
}
