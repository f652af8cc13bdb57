//! The frame of the sign-in and account pages: a centred card with a title and links below.
import { fr } from '@/lib/typography';
import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/title';

interface AuthCardProps {
  title: string;
  heading?: string;
  intro?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

export function AuthCard({ title, heading, intro, children, footer }: AuthCardProps) {
  usePageTitle(title);
  return (
    <section className="auth-card card">
      <h1>{fr(heading ?? title)}</h1>
      {intro ? <p className="muted">{typeof intro === 'string' ? fr(intro) : intro}</p> : null}
      {children}
      {footer ? <div className="auth-links">{footer}</div> : null}
    </section>
  );
}
