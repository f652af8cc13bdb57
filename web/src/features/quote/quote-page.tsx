//! Placeholder of the instant quote page; helper-6 replaces it with the real /devis_ligne.
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/title';

export function QuotePage() {
  usePageTitle('Devis en ligne');
  return (
    <section className="page">
      <h1>Devis en ligne</h1>
      <p>
        Déposez vos fichiers STL, OBJ ou 3MF pour obtenir un prix immédiat par procédé. Cette page est en cours de
        mise en service&nbsp;; en attendant, <Link to="/contact">écrivez-nous</Link> avec vos fichiers.
      </p>
    </section>
  );
}
