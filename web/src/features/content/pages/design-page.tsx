//! /conception_avancee: the five advanced-design topics, one per index.
import { Page } from '@/components/ui/page';
import { useTopicIndex } from '@/lib/use-topic-index';
import { fr } from '@/lib/typography';
import { BulletList } from '../components/bullet-list';
import { CallToAction } from '../components/call-to-action';
import { TopicTabs } from '../components/topic-tabs';
import { DESIGN_TOPICS } from '../data/design-topics';

export default function DesignPage() {
  const index = useTopicIndex(DESIGN_TOPICS.length) ?? 0;
  const topic = DESIGN_TOPICS[index];
  return (
    <Page title={topic.title} heading={fr(`Conception avancée : ${topic.title}`)} lead={topic.summary}>
      <TopicTabs page="/conception_avancee" labels={DESIGN_TOPICS.map((t) => t.title)} current={index} />
      <div className="grid-2">
        <section className="prose">
          {topic.paragraphs.map((p) => (
            <p key={p.slice(0, 24)}>{p}</p>
          ))}
        </section>
        <section className="card stack">
          <BulletList title="Notre démarche" items={topic.points} />
          {topic.deliverables ? <BulletList title="Livrables" items={topic.deliverables} icon="pi pi-file" /> : null}
        </section>
      </div>
      <CallToAction
        title="Un projet à optimiser ?"
        text={fr('Notre bureau d’études vous répond sous 48 heures avec une proposition chiffrée.')}
        to="/service_conception"
        label="Le service de conception"
      />
    </Page>
  );
}
