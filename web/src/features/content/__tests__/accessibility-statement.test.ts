import { describe, expect, it } from 'vitest';
import { ACCESSIBILITY } from '../data/legal/accessibility';

const text = ACCESSIBILITY.flatMap((s) => [s.heading, ...s.paragraphs, ...(s.items ?? [])]).join('\n');

describe('the accessibility statement', () => {
  it('says « non conforme », as RGAA asks of a site without an audit', () => {
    expect(text).toMatch(/est non conforme au référentiel général d’amélioration de l’accessibilité \(RGAA 4\.1\)/);
    expect(text).not.toMatch(/est partiellement conforme|est totalement conforme/);
    expect(text).toMatch(/aucun audit de conformité/);
  });
  it('keeps the sections of the RGAA model', () => {
    const headings = ACCESSIBILITY.map((s) => s.heading);
    for (const heading of ['État de conformité', 'Résultats des tests', 'Contenus non accessibles', 'Établissement de cette déclaration', 'Retour d’information et contact', 'Voies de recours']) {
      expect(headings).toContain(heading);
    }
    expect(text).toMatch(/Défenseur des droits/);
  });
});
