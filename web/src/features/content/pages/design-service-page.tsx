//! /service_conception: the design office's service, how it works and how it is priced.
import { Page } from '@/components/ui/page';
import { deepFr } from '@/lib/typography';
import { BulletList } from '../components/bullet-list';
import { CallToAction } from '../components/call-to-action';

const TEXT = deepFr({
  lead: 'Vous avez une idée, un croquis, une pièce à reproduire ou à améliorer ? Notre bureau d’études la transforme en un modèle 3D prêt à imprimer, optimisé pour le procédé choisi.',
  offers: [
    { title: 'Modélisation à partir d’un plan ou d’un croquis', text: 'Création du modèle CAO paramétrique de votre pièce, avec ses cotes fonctionnelles et ses tolérances.' },
    { title: 'Rétro-conception', text: 'Numérisation 3D d’une pièce existante (précision 0,05 mm) et reconstruction d’un modèle propre et modifiable, pour les pièces de rechange introuvables.' },
    { title: 'Reprise pour la fabrication additive', text: 'Adaptation d’une pièce usinée ou injectée : allègement, suppression des supports, consolidation d’assemblages.' },
    { title: 'Calcul et optimisation', text: 'Optimisation topologique, structures lattices et validation par éléments finis pour les pièces sollicitées.' },
  ],
  steps: ['Vous décrivez votre besoin par le formulaire de contact, avec vos fichiers, plans ou photos', 'Nous vous envoyons sous 48 heures ouvrées une proposition au forfait, avec délai', 'Un ingénieur dédié conçoit la pièce et vous soumet les étapes clés pour validation', 'Vous recevez les fichiers natifs et STEP, et pouvez commander l’impression directement'],
  pricing: ['Forfait défini avant le démarrage, sans dépassement', 'Modélisation simple : à partir de 150 € HT', 'Rétro-conception avec numérisation : à partir de 350 € HT', 'Étude d’optimisation avec note de calcul : sur devis', 'Propriété intellectuelle : les fichiers produits vous appartiennent'],
});

export default function DesignServicePage() {
  return (
    <Page title="Service de conception" lead={TEXT.lead}>
      <div className="grid-2">
        {TEXT.offers.map((offer) => (
          <section key={offer.title} className="card">
            <h2 className="h3">{offer.title}</h2>
            <p>{offer.text}</p>
          </section>
        ))}
      </div>
      <div className="grid-2 section">
        <section className="card">
          <BulletList title="Déroulement" items={TEXT.steps} icon="pi pi-arrow-right" />
        </section>
        <section className="card">
          <BulletList title="Tarifs et engagements" items={TEXT.pricing} icon="pi pi-euro" />
        </section>
      </div>
      <CallToAction title="Parlons de votre projet" text="Réponse sous 48 heures ouvrées, confidentialité garantie." to="/contact?sujet=Service%20de%20conception" label="Décrire mon besoin" />
    </Page>
  );
}
