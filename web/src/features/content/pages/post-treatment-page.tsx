//! /post_traitement: polishing (0), tapping (1) and surface coating (2); the days each adds come
//! from the catalog.
import { Page } from '@/components/ui/page';
import { useCatalog } from '@/lib/use-catalog';
import { useTopicIndex } from '@/lib/use-topic-index';
import { fr } from '@/lib/typography';
import { CallToAction } from '../components/call-to-action';
import { SpecTable } from '../components/spec-table';
import { TopicTabs } from '../components/topic-tabs';
import { POST_TREATMENTS } from '../data/post-treatments';
import { postTreatmentLeadTime } from '../lead-times';

export default function PostTreatmentPage() {
  const index = useTopicIndex(POST_TREATMENTS.length) ?? 0;
  const treatment = POST_TREATMENTS[index];
  // The days it adds are the catalog's, as the quote counts them (the admin changes them there).
  const catalog = useCatalog().data?.catalog;
  return (
    <Page title={treatment.title} heading={fr(`Post-traitement : ${treatment.title}`)} lead={treatment.summary}>
      <TopicTabs page="/post_traitement" labels={POST_TREATMENTS.map((t) => t.title)} current={index} />
      <div className="grid-2">
        <section className="prose">
          {treatment.paragraphs.map((p) => (
            <p key={p.slice(0, 24)}>{p}</p>
          ))}
          <p className="muted">{fr(fr(`Disponible pour : ${treatment.processes}.`))}</p>
        </section>
        <section>
          <SpecTable caption={treatment.title} rows={[...treatment.specs, ['Délai ajouté', postTreatmentLeadTime(catalog, index)]]} />
        </section>
      </div>
      <CallToAction
        title="Ajoutez-le à votre devis"
        text={fr('Les post-traitements se choisissent pièce par pièce dans le devis en ligne.')}
        to="/devis_ligne"
        label="Obtenir un devis"
      />
    </Page>
  );
}
