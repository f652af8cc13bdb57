//! /checkout (login only): the basket summary with totals, and the explicit acceptance of the
//! terms of sale (custom parts are excluded from the withdrawal right). Payment comes later.
import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Checkbox } from 'primereact/checkbox';
import { Message } from 'primereact/message';
import { Loading } from '@/components/ui/loading';
import { Page } from '@/components/ui/page';
import { formatCents } from '@/lib/format';
import { proxy } from '@/lib/api-client';
import { fr } from '@/lib/typography';

interface Line {
  id?: number;
  Id_Piece: number;
  Quantite: number;
  nomFichier?: string;
  prix?: number;
}

export default function CheckoutPage() {
  const { data: lines, isPending } = useQuery({ queryKey: ['comptePiece'], queryFn: () => proxy<Line[]>('ComptePiece'), staleTime: 0 });
  const [accepted, setAccepted] = useState(false);
  if (isPending) return <Loading />;
  const items = lines ?? [];
  const totalHt = items.reduce((sum, l) => sum + (l.prix ?? 0), 0);
  return (
    <Page title="Commande" heading="Finaliser la commande">
      {items.length === 0 ? (
        <div className="card empty-state">
          <i className="pi pi-shopping-cart" aria-hidden="true" />
          <p>Votre panier est vide.</p>
          <Link to="/devis_ligne" className="p-button">
            Obtenir un devis
          </Link>
        </div>
      ) : (
        <div className="grid-2">
          <section className="card">
            <h2>Récapitulatif</h2>
            <ul>
              {items.map((l) => (
                <li key={l.id ?? l.Id_Piece}>
                  {l.nomFichier ?? `Pièce n° ${l.Id_Piece}`} × {l.Quantite}
                  {l.prix != null ? ` : ${formatCents(l.prix)} HT` : ''}
                </li>
              ))}
            </ul>
            <p>
              <strong>Total HT&nbsp;: {formatCents(totalHt)}</strong> (TVA et livraison calculées à l’étape suivante)
            </p>
          </section>
          <section className="card stack">
            <label className="checkbox-line" htmlFor="cgv">
              <Checkbox inputId="cgv" checked={accepted} onChange={(e) => setAccepted(Boolean(e.checked))} />
              <span>
                {fr("J'accepte les ")}
                <Link to="/conditions_vente">conditions générales de vente</Link>
                {fr(" et je reconnais que les pièces, fabriquées d'après mes fichiers, sont exclues du droit de rétractation (art. L221-28 3° du Code de la consommation).")}
              </span>
            </label>
            <Message severity="info" text={fr('Le paiement en ligne ouvre prochainement. En attendant, contactez-nous pour commander : nous vous envoyons une facture pro forma.')} />
            <Link to="/contact?sujet=Commande" className={`p-button${accepted ? '' : ' p-disabled'}`} aria-disabled={!accepted}>
              Demander la facture pro forma
            </Link>
          </section>
        </div>
      )}
    </Page>
  );
}
