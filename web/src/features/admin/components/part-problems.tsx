//! What the browser's analysis of a part found: thin walls and overhangs (coloured in the viewer),
//! open edges (counted: the engine does not locate them), and the server's reasons.
import type { Analysis } from '@/wasm/types';
import type { Preview } from '@/workers/quote.worker';
import { fr } from '@/lib/typography';

interface Props {
  motifs: string[];
  /** What the engine repaired before measuring (the server's analysis of the part). */
  repairs: string[];
  analysis: Analysis | null;
  preview: Preview | null;
}

function mm(value: number): string {
  return `${value.toLocaleString('fr-FR', { maximumFractionDigits: 2 })} mm`;
}

export function PartProblems({ motifs, repairs, analysis, preview }: Props) {
  const items: { key: string; text: string; tone: 'bad' | 'ok' }[] = [];
  if (analysis) {
    if (analysis.boundary_edges > 0) items.push({ key: 'open', tone: 'bad', text: fr(`Maillage ouvert : ${analysis.boundary_edges} arête(s) libre(s).`) });
    else if (analysis.repairs && !analysis.repairs.watertight_as_read) items.push({ key: 'open', tone: 'bad', text: 'Maillage ouvert à la lecture, refermé par l’analyse.' });
    else items.push({ key: 'open', tone: 'ok', text: 'Maillage fermé (aucune arête libre).' });
    if (analysis.min_wall_mm !== null) items.push({ key: 'wall', tone: 'ok', text: fr(`Paroi la plus fine : ${mm(analysis.min_wall_mm)}.`) });
  }
  if (preview) {
    items.push({ key: 'thin', tone: preview.thin > 0 ? 'bad' : 'ok', text: preview.thin > 0 ? `${preview.thin} triangle(s) de paroi trop fine, en violet.` : 'Aucune paroi trop fine.' });
    items.push({ key: 'overhang', tone: preview.overhangs > 0 ? 'bad' : 'ok', text: preview.overhangs > 0 ? `${preview.overhangs} triangle(s) en surplomb à supporter, en orange.` : 'Aucun surplomb à supporter.' });
  }
  return (
    <section className="stack" aria-label="Problèmes détectés">
      <h3>Problèmes détectés</h3>
      {motifs.length > 0 ? (
        <ul className="review-reasons">
          {motifs.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">Aucun motif relevé par le serveur.</p>
      )}
      {repairs.length > 0 && (
        <ul className="review-repairs" data-testid="part-repairs" aria-label="Réparations automatiques">
          {repairs.map((r) => (
            <li key={r}>{fr(r)}</li>
          ))}
        </ul>
      )}
      <ul className="review-findings" data-testid="part-findings">
        {items.map((i) => (
          <li key={i.key} className={i.tone === 'bad' ? 'finding-bad' : 'finding-ok'}>
            {i.text}
          </li>
        ))}
      </ul>
    </section>
  );
}
