//! Renders a legal document: numbered sections with paragraphs and lists.
import type { LegalSection } from '../data/legal/types';

export function LegalDocument({ sections, updated }: { sections: LegalSection[]; updated: string }) {
  return (
    <article className="prose card">
      {sections.map((section) => (
        <section key={section.heading}>
          <h2>{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p.slice(0, 32)}>{p}</p>
          ))}
          {section.items ? (
            <ul>
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      <p className="muted">Dernière mise à jour&nbsp;: {updated}.</p>
    </article>
  );
}
