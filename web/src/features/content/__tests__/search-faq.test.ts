import { describe, expect, it } from 'vitest';
import { FAQ } from '../data/faq';
import { searchFaq } from '../search-faq';

describe('searchFaq', () => {
  it('returns everything for an empty query', () => {
    expect(searchFaq(FAQ, '  ')).toHaveLength(FAQ.length);
  });
  it('ignores accents and case', () => {
    const hits = searchFaq(FAQ, 'ETANCHE');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((e) => /étanch/i.test(e.question + e.answer))).toBe(true);
  });
  it('needs every word of the query', () => {
    expect(searchFaq(FAQ, 'mot de passe oublié').map((e) => e.question)).toContain('J’ai oublié mon mot de passe.');
    expect(searchFaq(FAQ, 'titane zzz')).toHaveLength(0);
  });
  it('holds at least fifteen questions', () => {
    expect(FAQ.length).toBeGreaterThanOrEqual(15);
  });
});
