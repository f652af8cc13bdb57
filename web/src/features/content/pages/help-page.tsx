//! /aide: the help centre with a searchable FAQ grouped by category.
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Accordion, AccordionTab } from 'primereact/accordion';
import { InputText } from 'primereact/inputtext';
import { Page } from '@/components/ui/page';
import { fr } from '@/lib/typography';
import { useCatalog } from '@/lib/use-catalog';
import { FAQ } from '../data/faq';
import { withCatalogLeadTimes } from '../lead-times';
import { searchFaq } from '../search-faq';

export default function HelpPage() {
  const [query, setQuery] = useState('');
  // The lead-time answer is written from the catalog once it is loaded.
  const catalog = useCatalog().data?.catalog;
  const faq = useMemo(() => withCatalogLeadTimes(FAQ, catalog), [catalog]);
  const results = useMemo(() => searchFaq(faq, query), [faq, query]);
  const categories = [...new Set(results.map((e) => e.category))];
  return (
    <Page title="Centre d’aide" lead="Les réponses aux questions les plus fréquentes sur les devis, les procédés, les commandes et votre compte.">
      <div className="field faq-search">
        <label htmlFor="faq-search">Rechercher dans l’aide</label>
        <span className="p-input-icon-left">
          <i className="pi pi-search" />
          <InputText id="faq-search" type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder={fr('Par exemple : délai, TVA, étanche, mot de passe')} />
        </span>
        <small className="muted" aria-live="polite">
          {results.length} question{results.length > 1 ? 's' : ''} sur {FAQ.length}
        </small>
      </div>
      {results.length === 0 ? (
        <p className="card">
          Aucune réponse ne correspond à « {query} ». <Link to={`/contact?sujet=${encodeURIComponent('Question')}`}>Posez-nous votre question</Link>, nous répondons sous 24 heures ouvrées.
        </p>
      ) : (
        categories.map((category) => (
          <section key={category} className="section">
            <h2>{category}</h2>
            <Accordion multiple activeIndex={query ? results.filter((e) => e.category === category).map((_, i) => i) : null}>
              {results
                .filter((e) => e.category === category)
                .map((entry) => (
                  <AccordionTab key={entry.question} header={entry.question}>
                    <p>{entry.answer}</p>
                  </AccordionTab>
                ))}
            </Accordion>
          </section>
        ))
      )}
    </Page>
  );
}
