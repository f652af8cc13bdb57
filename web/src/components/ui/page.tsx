//! A page frame: sets the document title and renders the heading and an optional lead paragraph.
import { fr } from '@/lib/typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/title';

interface PageProps {
  title: string;
  heading?: string;
  lead?: ReactNode;
  children?: ReactNode;
  className?: string;
}

export function Page({ title, heading, lead, children, className }: PageProps) {
  usePageTitle(title);
  return (
    <div className={['page', className].filter(Boolean).join(' ')}>
      <header className="page-head">
        <h1>{fr(heading ?? title)}</h1>
        {lead ? <p className="lead">{typeof lead === 'string' ? fr(lead) : lead}</p> : null}
      </header>
      {children}
    </div>
  );
}
