//! /impression_3D: one process per index (0 SLA, 1 SLS, 2 MJF, 3 SLM) with its figures and materials;
//! the lead times are the catalog's.
import { Page } from '@/components/ui/page';
import { useCatalog } from '@/lib/use-catalog';
import { useTopicIndex } from '@/lib/use-topic-index';
import { fr } from '@/lib/typography';
import { BulletList } from '../components/bullet-list';
import { CallToAction } from '../components/call-to-action';
import { SpecTable } from '../components/spec-table';
import { TopicTabs } from '../components/topic-tabs';
import { PROCESSES } from '../data/processes';
import { processLeadTime } from '../lead-times';

export default function PrintingPage() {
  const index = useTopicIndex(PROCESSES.length) ?? 0;
  const process = PROCESSES[index];
  const [x, y, z] = process.buildVolumeMm;
  const catalog = useCatalog().data?.catalog;
  return (
    <Page title={`Impression 3D ${process.short}`} heading={process.name} lead={process.summary}>
      <TopicTabs page="/impression_3D" labels={PROCESSES.map((p) => p.name)} current={index} />
      <div className="grid-2">
        <section className="card">
          <h2>Le procédé</h2>
          <p>{process.principle}</p>
          <BulletList title="Points forts" items={process.strengths} />
          <BulletList title="Limites à connaître" items={process.limits} icon="pi pi-info-circle" />
        </section>
        <section>
          <h2>Caractéristiques</h2>
          <SpecTable
            caption={`Caractéristiques ${process.short}`}
            rows={[
              ['Volume de construction', fr(`${x} x ${y} x ${z} mm`)],
              ['Épaisseur de couche', process.layerMm],
              ['Paroi minimale', process.minWallMm],
              ['Tolérance', process.tolerance],
              ['État de surface', process.surface],
              ['Délai', processLeadTime(catalog, process.code)],
            ]}
          />
        </section>
      </div>
      <section className="section">
        <h2>Matériaux disponibles</h2>
        <table className="spec-table">
          <thead>
            <tr>
              <th scope="col">Matériau</th>
              <th scope="col">Propriétés</th>
              <th scope="col">Applications</th>
            </tr>
          </thead>
          <tbody>
            {process.materials.map((m) => (
              <tr key={m.name}>
                <td><strong>{m.name}</strong></td>
                <td>{m.properties}</td>
                <td>{m.uses}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <section className="section card">
        <BulletList title="Règles de conception" items={process.design} icon="pi pi-pencil" />
      </section>
      <CallToAction
        title={`Votre pièce en ${process.short}`}
        text={fr('Déposez votre fichier : le devis vérifie le volume de construction et les parois, et affiche le prix.')}
        to="/devis_ligne"
        label="Obtenir un devis"
      />
    </Page>
  );
}
