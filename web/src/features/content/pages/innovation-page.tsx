//! /innovation: the gallery of realisations, all of them or one sector per index (0 to 4).
import { Page } from '@/components/ui/page';
import { useTopicIndex } from '@/lib/use-topic-index';
import { fr } from '@/lib/typography';
import { CallToAction } from '../components/call-to-action';
import { RealisationThumb } from '../components/realisation-thumb';
import { TopicTabs } from '../components/topic-tabs';
import { REALISATIONS, SECTORS } from '../data/realisations';

export default function InnovationPage() {
  const index = useTopicIndex(SECTORS.length, null);
  const sector = index == null ? null : SECTORS[index];
  const items = index == null ? REALISATIONS : REALISATIONS.filter((r) => r.sector === index);
  return (
    <Page
      title={sector ? fr(`Innovation : ${sector.title}`) : 'Innovation et réalisations'}
      heading={sector ? sector.title : 'Toutes nos réalisations'}
      lead={sector ? sector.summary : fr('Des pièces conçues et fabriquées pour des industriels exigeants : masse réduite, fonctions intégrées, délais raccourcis.')}
    >
      <TopicTabs page="/innovation" labels={SECTORS.map((s) => s.title)} current={index} allLabel="Toutes" />
      <div className="gallery">
        {items.map((item) => (
          <article key={item.title}>
            <RealisationThumb shape={item.shape} process={item.process} title={item.title} />
            <div className="body">
              <h2 className="h3">{item.title}</h2>
              <p className="meta">
                {SECTORS[item.sector].title} · {item.process} · {item.material}
              </p>
              <p>{item.description}</p>
              <p className="result">{item.result}</p>
            </div>
          </article>
        ))}
      </div>
      <CallToAction
        title="Un défi comparable ?"
        text={fr('Décrivez-nous votre pièce et ses contraintes : nous vous proposons une solution et un prix.')}
        to="/contact"
        label="Parler à un ingénieur"
      />
    </Page>
  );
}
