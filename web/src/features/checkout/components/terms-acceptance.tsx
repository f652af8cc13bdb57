//! The terms to accept before ordering: the CGV and the custom-goods clause (no 14-day withdrawal
//! for parts made to the customer's files, Code de la consommation L221-28 3°).
import { Link } from 'react-router';
import { Checkbox } from 'primereact/checkbox';
import { fr } from '@/lib/typography';

export function TermsAcceptance({ checked, onChange }: { checked: boolean; onChange: (v: boolean) => void }) {
  return (
    <label className="checkbox-line" htmlFor="cgv">
      <Checkbox inputId="cgv" checked={checked} onChange={(e) => onChange(Boolean(e.checked))} />
      <span>
        {fr("J'accepte les ")}
        <Link to="/conditions_vente" target="_blank">
          conditions générales de vente
        </Link>
        {fr(" et je reconnais que les pièces, fabriquées d'après mes fichiers, sont exclues du droit de rétractation (art. L221-28 3° du Code de la consommation).")}
      </span>
    </label>
  );
}
