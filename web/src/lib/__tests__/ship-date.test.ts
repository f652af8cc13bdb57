import { describe, expect, it } from 'vitest';
import { deliveryRange, formatDay, latestDay, msUntilNextCutoff, parseDay, shippedOn, shipsOn } from '../ship-date';

const NBSP = '\u00a0';
const plain = (s: string) => s.replaceAll(NBSP, ' ');
/** An instant in 2026, so that 2026 dates go without their year. */
const IN_2026 = new Date('2026-11-28T10:00:00Z');

describe('ship dates in French', () => {
  it('reads a calendar day and refuses what is not one', () => {
    expect(parseDay('2026-12-10')).toEqual({ year: 2026, month: 12, day: 10, weekday: 4 });
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('10/12/2026')).toBeNull();
  });

  it('names the weekday and the month, the year only when it is not the current one', () => {
    expect(plain(shippedOn('2026-12-10', IN_2026))).toBe('Expédié le jeudi 10 décembre');
    expect(plain(formatDay('2027-01-06', IN_2026))).toBe('mercredi 6 janvier 2027');
    expect(plain(formatDay('2027-01-01', IN_2026))).toBe('vendredi 1er janvier 2027');
    expect(plain(shipsOn('2026-12-31', IN_2026))).toBe('Expédition prévue le jeudi 31 décembre');
    // The date never breaks across lines.
    expect(formatDay('2026-12-10', IN_2026)).toBe(`jeudi${NBSP}10${NBSP}décembre`);
  });

  it('says a delivery range with the month once when both days share it', () => {
    expect(plain(deliveryRange('2026-12-11', '2026-12-14', 'france', IN_2026))).toBe(
      'Livraison en France du vendredi 11 au lundi 14 décembre',
    );
    expect(plain(deliveryRange('2026-12-31', '2027-01-04', 'ue', IN_2026))).toBe(
      'Livraison dans l’Union européenne du jeudi 31 décembre au lundi 4 janvier 2027',
    );
    expect(plain(deliveryRange('2026-11-30', '2026-12-02', undefined, IN_2026))).toBe('Livraison du lundi 30 novembre au mercredi 2 décembre');
    expect(plain(deliveryRange('2026-12-11', '2026-12-11', 'monde', IN_2026))).toBe(
      'Livraison hors de l’Union européenne le vendredi 11 décembre',
    );
  });

  it('ships a basket with its slowest line', () => {
    expect(latestDay(['2026-12-30', null, '2027-01-06', '2026-12-31'])).toBe('2027-01-06');
    expect(latestDay([null, undefined])).toBeNull();
  });
});

describe('the next cut-off', () => {
  const at = (iso: string) => new Date(iso).getTime();

  it('is later the same day before the cut-off, in Paris time (winter, UTC+1)', () => {
    // 11:30 in Paris: half an hour to go.
    expect(msUntilNextCutoff(at('2026-12-24T10:30:00Z'))).toBe(30 * 60_000);
    expect(msUntilNextCutoff(at('2026-12-24T10:59:00.250Z'))).toBe(60_000 - 250);
  });

  it('is the next day from the cut-off on', () => {
    // 12:00 sharp: the dates have just moved, the next move is in 24 hours.
    expect(msUntilNextCutoff(at('2026-12-24T11:00:00Z'))).toBe(86_400_000);
    expect(msUntilNextCutoff(at('2026-12-24T17:00:00Z'))).toBe(18 * 3_600_000);
  });

  it('follows summer time (UTC+2) and the catalog’s own cut-off', () => {
    // 9:00 in Paris in July; a cut-off at 14:30 is 5 h 30 away.
    expect(msUntilNextCutoff(at('2026-07-15T07:00:00Z'), '14:30')).toBe(5.5 * 3_600_000);
    // An unreadable cut-off counts as noon.
    expect(msUntilNextCutoff(at('2026-07-15T07:00:00Z'), 'midi')).toBe(3 * 3_600_000);
  });
});
