//! /rejoindre: become a partner (index 0) or join the team (index 1).
import { Link } from 'react-router';
import { Page } from '@/components/ui/page';
import { useTopicIndex } from '@/lib/use-topic-index';
import { BulletList } from '../components/bullet-list';
import { TopicTabs } from '../components/topic-tabs';
import { JOIN_TOPICS } from '../data/join';

export default function JoinPage() {
  const index = useTopicIndex(JOIN_TOPICS.length) ?? 0;
  const topic = JOIN_TOPICS[index];
  return (
    <Page title={topic.title} lead={topic.lead}>
      <TopicTabs page="/rejoindre" labels={JOIN_TOPICS.map((t) => t.title)} current={index} />
      <div className="grid-3">
        {topic.sections.map((section) => (
          <section key={section.heading} className="card">
            <BulletList title={section.heading} items={section.items} />
          </section>
        ))}
      </div>
      <p className="section">
        <Link className="p-button" to={`/contact?sujet=${encodeURIComponent(topic.contactSubject)}`}>
          {index === 0 ? 'Proposer un partenariat' : 'Envoyer ma candidature'}
        </Link>
      </p>
    </Page>
  );
}
