//! A closing banner with a link to the instant quote or to the contact form.
import { fr } from '@/lib/typography';
import { Link } from 'react-router';

interface CallToActionProps {
  title: string;
  text: string;
  to: string;
  label: string;
}

export function CallToAction({ title, text, to, label }: CallToActionProps) {
  return (
    <aside className="cta-banner">
      <div>
        <h2>{fr(title)}</h2>
        <p>{fr(text)}</p>
      </div>
      <Link to={to} className="p-button">
        {label}
      </Link>
    </aside>
  );
}
