//! Accent- and case-insensitive search of the FAQ: every word of the query must appear.
import type { FaqEntry } from './data/faq';

export function normalise(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[’']/g, ' ');
}

export function searchFaq(entries: FaqEntry[], query: string): FaqEntry[] {
  const words = normalise(query).split(/\s+/).filter((w) => w.length > 1);
  if (words.length === 0) return entries;
  return entries.filter((entry) => {
    const haystack = normalise(`${entry.category} ${entry.question} ${entry.answer}`);
    return words.every((word) => haystack.includes(word));
  });
}
