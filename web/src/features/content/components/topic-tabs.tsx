//! Links to each topic of a page with an index (`?index=n`), the current one highlighted.
import { Link } from 'react-router';
import { setSelection } from '@/lib/selection';

interface TopicTabsProps {
  page: string;
  labels: string[];
  current: number | null;
  /** Label of the "all topics" link (no index), for /innovation. */
  allLabel?: string;
}

export function TopicTabs({ page, labels, current, allLabel }: TopicTabsProps) {
  const tab = (index: number | null, label: string) => (
    <Link
      key={index ?? 'all'}
      to={index == null ? page : `${page}?index=${index}`}
      aria-current={current === index ? 'page' : undefined}
      onClick={() => setSelection({ page, index })}
    >
      {label}
    </Link>
  );
  return (
    <nav className="topic-tabs" aria-label="Sujets de la page">
      {allLabel ? tab(null, allLabel) : null}
      {labels.map((label, index) => tab(index, label))}
    </nav>
  );
}
