//! A titled block of the settings page.
import type { ReactNode } from 'react';

export function SettingsSection({ id, title, intro, children }: { id: string; title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="card settings-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {intro ? <p className="muted">{intro}</p> : null}
      {children}
    </section>
  );
}
