//! The home page: the offer, the four processes, how it works, and the way to the instant quote.
//! Its lead times come from the catalog.
import { Link } from 'react-router';
import { usePageTitle } from '@/lib/title';
import { fr } from '@/lib/typography';
import { useCatalog } from '@/lib/use-catalog';
import { CallToAction } from '../components/call-to-action';
import { homeFigure, homeStep } from '../lead-times';
import { PROCESSES } from '../data/processes';
import { SECTORS } from '../data/realisations';

const STEPS = [
  ['Déposez vos fichiers', 'STL, OBJ, 3MF ou STEP : l’analyse du volume, des dimensions et de l’étanchéité se fait dans votre navigateur.'],
  ['Choisissez procédé et finitions', 'Le prix de chaque procédé compatible s’affiche instantanément, matière, couleur, finition et quantité comprises.'],
  ['Commandez en ligne', 'Paiement par carte ou virement, facture conforme, suivi de fabrication depuis votre compte.'],
].map(([title, text]) => [fr(title), fr(text)]);
const LAST_STEP = fr('Recevez vos pièces');

export default function HomePage() {
  usePageTitle('Accueil');
  // The lead times are the catalog's, which the admin may change.
  const catalog = useCatalog().data?.catalog;
  const steps = [...STEPS, [LAST_STEP, homeStep(catalog)]];
  return (
    <div className="page home">
      <section className="hero">
        <div>
          <h1>Vos pièces imprimées en 3D, du prototype à la série</h1>
          <p>{fr('Résine, polyamide ou métal : déposez votre fichier et obtenez un prix ferme en quelques secondes. Nos ingénieurs vous accompagnent de la conception à la pièce finie.')}</p>
          <div className="hero-actions">
            <Link to="/devis_ligne" className="p-button p-button-lg">
              Obtenir un devis instantané
            </Link>
            <Link to="/impression_3D?index=0" className="p-button p-button-lg p-button-outlined">
              Découvrir nos procédés
            </Link>
          </div>
        </div>
        <div className="figures hero-figures">
          <div className="figure"><strong>4</strong>procédés industriels</div>
          <div className="figure"><strong>11</strong>matériaux</div>
          <div className="figure" data-testid="standard-lead-time"><strong>{homeFigure(catalog)}</strong>délai standard</div>
          <div className="figure"><strong>± 0,1 mm</strong>précision en métal</div>
        </div>
      </section>

      <section className="section" aria-labelledby="procedes">
        <h2 id="procedes">Quatre procédés pour chaque besoin</h2>
        <div className="grid-4">
          {PROCESSES.map((process, index) => (
            <Link key={process.code} to={`/impression_3D?index=${index}`} className="card process-card">
              <span className="badge">{process.short}</span>
              <h3>{process.name}</h3>
              <p>{process.summary}</p>
              <p className="muted">
                {fr(`Volume : ${process.buildVolumeMm.join(' x ')} mm · couche ${process.layerMm} · ${process.tolerance}`)}
              </p>
            </Link>
          ))}
        </div>
      </section>

      <section className="section" aria-labelledby="comment">
        <h2 id="comment">Comment ça marche</h2>
        <ol className="steps">
          {steps.map(([title, text]) => (
            <li key={title}>
              <h3>{title}</h3>
              <p>{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="section grid-2" aria-labelledby="accompagnement">
        <div className="card">
          <h2 id="accompagnement">Bien plus qu’une imprimante</h2>
          <p>{fr("Optimisation topologique, conception pour la fabrication additive, structures lattices : notre bureau d'études rend vos pièces plus légères, moins chères et plus performantes.")}</p>
          <Link to="/conception_avancee?index=0">La conception avancée →</Link>
        </div>
        <div className="card">
          <h2>Des finitions maîtrisées</h2>
          <p>{fr('Polissage, taraudage et inserts, peinture, vernis ou anodisation : vos pièces sortent de nos ateliers prêtes à monter.')}</p>
          <Link to="/post_traitement?index=0">Les post-traitements →</Link>
        </div>
      </section>

      <section className="section" aria-labelledby="secteurs">
        <h2 id="secteurs">Ils nous font confiance</h2>
        <div className="topic-tabs">
          {SECTORS.map((sector, index) => (
            <Link key={sector.title} to={`/innovation?index=${index}`}>
              {sector.title}
            </Link>
          ))}
        </div>
      </section>

      <CallToAction title="Un fichier prêt ?" text={fr('Prix immédiat, sans inscription, pour chaque procédé compatible.')} to="/devis_ligne" label="Démarrer mon devis" />
    </div>
  );
}
