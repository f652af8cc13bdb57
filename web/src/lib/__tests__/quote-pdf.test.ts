import { describe, expect, it } from 'vitest';
import { fileNameOf, issuedQuoteUrl } from '../quote-pdf';

describe('quote PDF download', () => {
  it('names the file as the server does, else devis.pdf', () => {
    expect(fileNameOf('attachment; filename="DE-2026-000012.pdf"')).toBe('DE-2026-000012.pdf');
    expect(fileNameOf(null)).toBe('devis.pdf');
    expect(fileNameOf('inline')).toBe('devis.pdf');
  });

  it('downloads an issued quote again by its number', () => {
    expect(issuedQuoteUrl('DE-2026-000012')).toBe('/api/backend/Devis/DE-2026-000012/pdf');
  });
});
