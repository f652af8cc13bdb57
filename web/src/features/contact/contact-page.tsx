//! /contact: the contact form and the company's details.
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Message } from 'primereact/message';
import { Page } from '@/components/ui/page';
import { COMPANY } from '@/config/company';
import { fr } from '@/lib/typography';
import { ContactForm } from './contact-form';

export default function ContactPage() {
  const [params] = useSearchParams();
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <Page title="Contact" heading="Nous contacter" lead={fr('Une question sur un devis, un projet de conception, un partenariat ? Notre équipe vous répond sous 48\u00a0heures ouvrées.')}>
      <div className="contact-layout">
        <section className="card">
          {sentTo ? (
            <Message severity="success" text={`Merci, votre message a bien été envoyé. Nous vous répondons à ${sentTo} sous 48\u00a0heures ouvrées.`} />
          ) : (
            <ContactForm subject={params.get('sujet') ?? ''} onSent={setSentTo} />
          )}
        </section>
        <aside className="card">
          <h2 className="h3">Coordonnées</h2>
          <address>
            {COMPANY.legalName}
            <br />
            {COMPANY.address}
            <br />
            <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
            <br />
            {COMPANY.phone}
          </address>
          <p className="muted">{COMPANY.hours}.</p>
          <p className="muted">Pour un devis, le plus rapide reste le devis en ligne&nbsp;: prix immédiat pour vos fichiers STL, OBJ, 3MF et STEP.</p>
        </aside>
      </div>
    </Page>
  );
}
