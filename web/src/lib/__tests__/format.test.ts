import { describe, expect, it } from 'vitest';
import { formatCents, formatDate } from '../format';

describe('formatCents', () => {
  it('writes euros the French way', () => {
    expect(formatCents(123456).replace(/\s/g, ' ')).toBe('1 234,56 €');
    expect(formatCents(5).replace(/\s/g, ' ')).toBe('0,05 €');
  });
});

describe('formatDate', () => {
  it('writes a long French date and nothing for garbage', () => {
    expect(formatDate('2026-11-22T10:00:00Z')).toBe('22 novembre 2026');
    expect(formatDate('pas une date')).toBe('');
  });
});
