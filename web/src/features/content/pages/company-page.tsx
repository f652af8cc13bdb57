//! /entreprise: who we are, what we value, our workshop and where to find us.
import { Page } from '@/components/ui/page';
import { COMPANY } from '@/config/company';
import { deepFr } from '@/lib/typography';
import { BulletList } from '../components/bullet-list';
import { CallToAction } from '../components/call-to-action';

const TEXT = deepFr({
  lead: `${COMPANY.brand} est un service d'impression 3D professionnelle qui réunit un bureau d'études et un atelier de production, pour livrer des pièces fonctionnelles en résine, en polyamide et en métal.`,
  story: [
    "Nous sommes nés d'un constat simple : les industriels veulent profiter de la fabrication additive, mais obtenir un prix fiable prenait des jours d'échanges. Nous avons donc construit un devis instantané qui analyse chaque fichier comme le ferait un technicien : volume, encombrement, parois trop fines, pièces non étanches.",
    "Derrière l'outil, une équipe d'ingénieurs et de techniciens accompagne chaque projet, du choix du procédé à la finition. Nos pièces partent chaque semaine vers l'aéronautique, la robotique, le médical et la maintenance industrielle.",
  ],
  values: ['Un prix transparent, calculé de la même façon dans votre navigateur et sur nos serveurs', 'La confidentialité de vos fichiers, jamais réutilisés', 'Un conseil honnête : nous vous dirons quand l’usinage ou l’injection conviennent mieux', 'Des pièces contrôlées avant expédition'],
  workshop: ['Stéréolithographie grand format (335 x 200 x 300 mm)', 'Frittage laser de polyamide (340 x 340 x 600 mm)', 'Multi Jet Fusion (380 x 284 x 380 mm)', 'Fusion laser métal sous argon (250 x 250 x 325 mm)', 'Atelier de parachèvement : sablage, polissage, taraudage, peinture'],
});

export default function CompanyPage() {
  return (
    <Page title="L’entreprise" heading={`Qui sommes-nous\u00a0?`} lead={TEXT.lead}>
      <div className="grid-2">
        <section className="prose">
          {TEXT.story.map((p) => (
            <p key={p.slice(0, 24)}>{p}</p>
          ))}
        </section>
        <section className="card">
          <BulletList title="Nos engagements" items={TEXT.values} />
        </section>
      </div>
      <div className="grid-2 section">
        <section className="card">
          <BulletList title="Notre parc machines" items={TEXT.workshop} icon="pi pi-cog" />
        </section>
        <section className="card">
          <h2 className="h3">Nous trouver</h2>
          <address>
            {COMPANY.legalName}
            <br />
            {COMPANY.address}
            <br />
            {COMPANY.phone} · <a href={`mailto:${COMPANY.email}`}>{COMPANY.email}</a>
            <br />
            {COMPANY.hours}
          </address>
        </section>
      </div>
      <CallToAction title="Travaillons ensemble" text="Une question, un projet, une candidature ?" to="/contact" label="Nous contacter" />
    </Page>
  );
}
