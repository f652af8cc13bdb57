//! /compte/admin/catalogue: the pricing catalog of quote-core edited in a form (rates of each
//! process and material, colours, finishes, post-treatments, quantity breaks, shipping table;
//! materials, colours, finishes and post-treatments added, renamed and removed).
//! Saving, after a confirmation, stores a new version checked by quote-core on the server; its
//! French refusals show beside the form. New quotes use the new version; orders keep their prices.
import { useState, type ComponentType } from 'react';
import { Button } from 'primereact/button';
import { confirmDialog, ConfirmDialog } from 'primereact/confirmdialog';
import { Message } from 'primereact/message';
import { Panel } from 'primereact/panel';
import { Page } from '@/components/ui/page';
import { Loading } from '@/components/ui/loading';
import { FormError } from '@/components/form/form-error';
import { proxy } from '@/lib/api-client';
import { formErrorMessage } from '@/lib/form-error';
import { formatDateTime } from '@/lib/format';
import { showToast } from '@/lib/toast';
import type { Catalog } from '@/wasm/types';
import { saveCatalog, useAdminCatalog, type CatalogView } from '../api/catalog';
import { edited, emptyNumbers, type Edit } from '../catalog-draft';
import { CatalogHistory } from '../components/catalog/catalog-history';
import { Delays, QuantityBreaks } from '../components/catalog/general-rates';
import { PostTreatmentRates } from '../components/catalog/post-treatment-rates';
import { ProcessRates } from '../components/catalog/process-rates';
import { ShippingRates } from '../components/catalog/shipping-rates';

/** The form's sections, in order: each edits its part of the draft. */
const SECTIONS: { title: string; Body: ComponentType<{ catalog: Catalog; edit: Edit }> }[] = [
  { title: 'Procédés et matériaux', Body: ProcessRates },
  { title: 'Post-traitements', Body: PostTreatmentRates },
  { title: 'Paliers de quantité', Body: QuantityBreaks },
  { title: 'Quantités et délais', Body: Delays },
  { title: 'Frais de port', Body: ShippingRates },
];

interface Draft {
  /** The version the form started from (the save is refused if another was saved since). */
  base: number;
  catalog: Catalog;
  /** The older version loaded into the form, if any. */
  from: number | null;
}

export default function CatalogPage() {
  const { data, isPending, isError, refetch } = useAdminCatalog(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const shown: Draft | null = draft ?? (data ? { base: data.version, catalog: data.catalogue, from: null } : null);
  const edit: Edit = (change) =>
    setDraft((d) => {
      const start = d ?? shown;
      return start ? { ...start, catalog: edited(start.catalog, change) } : d;
    });

  const save = async (d: Draft) => {
    setSaving(true);
    setError(null);
    try {
      const saved = await saveCatalog(d.base, d.catalog);
      setDraft(null);
      showToast({ severity: 'success', summary: 'Catalogue enregistré', detail: `Version ${saved.version} : les nouveaux devis l’utilisent.` });
    } catch (e) {
      setError(formErrorMessage(e));
    } finally {
      setSaving(false);
    }
  };
  const askSave = () => {
    if (!shown) return;
    const empty = emptyNumbers(shown.catalog);
    if (empty.length) {
      setError(`Un champ est vide (${empty.length === 1 ? empty[0] : `${empty.length} champs`}) : complétez les champs signalés en rouge.`);
      return;
    }
    confirmDialog({
      header: 'Enregistrer une nouvelle version',
      message: `Enregistrer ce catalogue comme version ${shown.base + 1} du catalogue ? Les nouveaux devis et les nouvelles commandes les utiliseront ; les commandes déjà passées gardent leurs prix.`,
      acceptLabel: 'Enregistrer la version',
      rejectLabel: 'Annuler',
      accept: () => void save(shown),
    });
  };
  const loadVersion = async (version: number) => {
    try {
      const old = await proxy<CatalogView>(`Admin/Catalogue/${version}`);
      setDraft({ base: data?.version ?? old.version, catalog: old.catalogue, from: version });
      setError(null);
    } catch (e) {
      setError(formErrorMessage(e));
    }
  };
  const reload = () => {
    setDraft(null);
    setError(null);
    void refetch();
  };

  return (
    <Page title="Catalogue" lead="Les tarifs du moteur de devis, en centimes d’euro HT. Chaque enregistrement crée une nouvelle version : les nouveaux devis l’utilisent, les commandes passées gardent leurs prix.">
      <ConfirmDialog />
      {isPending ? <Loading /> : null}
      {isError ? <p className="card">Le catalogue ne peut pas être chargé pour le moment.</p> : null}
      {data && shown ? (
        <div className="catalog-editor">
          <form className="catalog-form" onSubmit={(e) => e.preventDefault()} noValidate data-testid="catalog-form">
            {SECTIONS.map(({ title, Body }) => (
              <Panel key={title} header={title} toggleable>
                <Body catalog={shown.catalog} edit={edit} />
              </Panel>
            ))}
          </form>
          <aside className="catalog-aside card">
            <p data-testid="catalog-version">
              Version en vigueur : <strong>{data.version}</strong>
              <br />
              <small className="muted">
                {formatDateTime(data.date)} — {data.auteur || 'catalogue d’origine'}
              </small>
            </p>
            {shown.from !== null ? <Message severity="info" text={`Formulaire rempli avec la version ${shown.from}.`} /> : null}
            {draft ? <Message severity="warn" text="Modifications non enregistrées." /> : null}
            <FormError message={error} />
            <div className="form-actions">
              <Button type="button" label="Enregistrer une nouvelle version" icon="pi pi-save" loading={saving} disabled={!draft} onClick={askSave} />
              <Button type="button" label="Annuler les modifications" text disabled={!draft} onClick={reload} />
            </div>
            <h2>Historique</h2>
            <CatalogHistory versions={data.versions} current={data.version} onLoad={(v) => void loadVersion(v)} />
          </aside>
        </div>
      ) : null}
    </Page>
  );
}
