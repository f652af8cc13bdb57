//! The head of one catalog item (material, colour, finish, post-treatment): its name, editable,
//! its identifier, fixed once the item exists (baskets, quote entries and orders keep it), and
//! "Supprimer" behind a confirmation that says what becomes of the orders and baskets using it.
import { Button } from 'primereact/button';
import { confirmDialog } from 'primereact/confirmdialog';
import { fr } from '@/lib/typography';
import { TextInput } from './text-input';

interface Props {
  /** Prefix of the field ids (`m-SLS-PA12`). */
  id: string;
  /** `le matériau`, `la couleur`, ... */
  kind: string;
  code: string;
  name: string;
  /** Where it sits, for the confirmation (`du procédé SLS`). */
  place: string;
  onRename: (name: string) => void;
  onRemove: () => void;
}

export function ItemHeader({ id, kind, code, name, place, onRename, onRemove }: Props) {
  const ask = () =>
    confirmDialog({
      header: `Supprimer ${kind} ${code}`,
      message: fr(
        `Supprimer ${kind} « ${name || code} » (${code}) ${place} ? Les commandes passées gardent leur désignation et leurs prix ; un panier ou un devis qui l'avait choisi demandera au client un autre choix. La suppression prend effet à l'enregistrement de la version.`,
      ),
      acceptLabel: 'Supprimer',
      rejectLabel: 'Annuler',
      acceptClassName: 'p-button-danger',
      accept: onRemove,
    });
  return (
    <div className="catalog-item-head">
      <TextInput id={`${id}-name`} label="Nom affiché" value={name} onChange={onRename} />
      <span className="catalog-code" title={fr('Identifiant : fixé à la création, gardé par les paniers et les commandes.')}>
        Identifiant <code data-testid={`${id}-code`}>{code}</code>
      </span>
      <Button type="button" icon="pi pi-trash" label="Supprimer" text severity="danger" aria-label={`Supprimer ${kind} ${code} ${place}`} onClick={ask} />
    </div>
  );
}
