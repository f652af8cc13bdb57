//! Renders a legal document: numbered sections with paragraphs, lists and links.
import { Link } from 'react-router';
import type { LegalSection } from '../data/legal/types';

function SectionLink({ href, label }: { href: string; label: string }) {
  if (href.startsWith('/')) return <Link to={href}>{label}</Link>;
  return (
    <a href={href} rel="noopener noreferrer">
      {label}
    </a>
  );
}

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
          {section.links?.map((link) => (
            <p key={link.href}>
              <SectionLink {...link} />
            </p>
          ))}
        </section>
      ))}
      <p className="muted">Dernière mise à jour&nbsp;: {updated}.</p>
    </article>
  );
}
