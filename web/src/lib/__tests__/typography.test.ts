import { describe, expect, it } from 'vitest';
import { deepFr, fr } from '../typography';

describe('fr', () => {
  it('puts a non-breaking space before double punctuation', () => {
    expect(fr('Délai : 7 jours ; express ? oui !')).toBe('Délai\u00a0: 7 jours\u00a0; express\u00a0? oui\u00a0!');
  });
  it('uses typographic apostrophes between letters only', () => {
    expect(fr("l'équipe d'ingénieurs")).toBe('l’équipe d’ingénieurs');
  });
  it('groups thousands with a narrow non-breaking space and keeps the euro sign attached', () => {
    expect(fr('1 234 €')).toBe('1\u202f234\u00a0€');
    expect(fr('340 x 340 mm')).toBe('340 x 340 mm');
  });
  it('leaves URLs alone', () => {
    expect(fr('https://www.cnil.fr')).toBe('https://www.cnil.fr');
  });
  it('applies to nested data', () => {
    expect(deepFr({ a: ['Oui ?'], n: 3 })).toEqual({ a: ['Oui\u00a0?'], n: 3 });
  });
});
