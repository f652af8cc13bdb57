//! The /{slug} catch-all: a known generic page, or the 404 page for anything else.
import { Link, useParams } from 'react-router';
import { NotFound } from '@/components/errors/not-found';
import { Page } from '@/components/ui/page';
import { GENERIC_PAGES } from '../data/generic-pages';

export default function SlugPage() {
  const { slug = '' } = useParams();
  const page = Object.hasOwn(GENERIC_PAGES, slug) ? GENERIC_PAGES[slug] : undefined;
  if (!page) return <NotFound />;
  return (
    <Page title={page.title} lead={page.lead}>
      <div className="prose">
        {page.paragraphs.map((p) => (
          <p key={p.slice(0, 24)}>{p}</p>
        ))}
      </div>
      <ul className="topic-tabs">
        {page.links.map((link) => (
          <li key={link.to} style={{ listStyle: 'none' }}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </Page>
  );
}
