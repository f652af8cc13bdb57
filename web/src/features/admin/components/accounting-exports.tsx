//! « Exports comptables » on the invoices page: the FEC and the ZIP archive of a period's invoices
//! and credit notes, and the état récapitulatif des clients of a month (intra-EU supplies per
//! customer VAT number). Each button downloads the server's file; a refused period is shown
//! under its field, any other failure through the error catalogue.
import { useState, type FormEvent } from 'react';
import { handleApiError } from '@/lib/errors';
import { downloadExport, fieldReasons, type ExportKind } from '../api/accounting-exports';

/** `AAAA-MM-JJ` of a local date. */
function day(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** The previous calendar month: its first and last day, and `AAAA-MM`. */
function previousMonth(now: Date) {
  const first = new Date(now.getFullYear(), now.getMonth() - 1, 1);
  const last = new Date(now.getFullYear(), now.getMonth(), 0);
  return { du: day(first), au: day(last), mois: day(first).slice(0, 7) };
}

export function AccountingExports() {
  const initial = previousMonth(new Date());
  const [du, setDu] = useState(initial.du);
  const [au, setAu] = useState(initial.au);
  const [mois, setMois] = useState(initial.mois);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<ExportKind | null>(null);
  const [saved, setSaved] = useState('');

  const run = async (kind: ExportKind, query: Record<string, string>) => {
    setBusy(kind);
    setErrors({});
    setSaved('');
    try {
      const name = await downloadExport(kind, query);
      setSaved(`${name} téléchargé.`);
    } catch (error) {
      const reasons = fieldReasons(error);
      if (Object.keys(reasons).length > 0) setErrors(reasons);
      else handleApiError(error);
    } finally {
      setBusy(null);
    }
  };
  const period = (kind: ExportKind) => (event: FormEvent) => {
    event.preventDefault();
    void run(kind, { du, au });
  };
  const errorOf = (field: string) =>
    errors[field] ? (
      <small id={`export-${field}-error`} className="p-error" role="alert">
        {errors[field]}
      </small>
    ) : null;

  return (
    <section className="card" aria-labelledby="accounting-exports-title" data-testid="accounting-exports">
      <h2 id="accounting-exports-title">Exports comptables</h2>
      <p>
        Le fichier des écritures comptables (FEC) et l’archive des factures et avoirs de la période, jours inclus, à l’heure de Paris ; l’état récapitulatif des clients liste, pour un
        mois, les livraisons intracommunautaires par numéro de TVA du client.
      </p>
      <form className="filter-bar" onSubmit={period('fec')} aria-label="Période des exports">
        <div className="field">
          <label htmlFor="export-du">Du</label>
          <input id="export-du" type="date" name="du" value={du} onChange={(e) => setDu(e.target.value)} aria-invalid={Boolean(errors.du)} aria-describedby={errors.du ? 'export-du-error' : undefined} />
          {errorOf('du')}
        </div>
        <div className="field">
          <label htmlFor="export-au">Au</label>
          <input id="export-au" type="date" name="au" value={au} onChange={(e) => setAu(e.target.value)} aria-invalid={Boolean(errors.au)} aria-describedby={errors.au ? 'export-au-error' : undefined} />
          {errorOf('au')}
        </div>
        <button type="submit" className="p-button p-button-sm" disabled={busy !== null} data-testid="export-fec">
          <span className="pi pi-download" aria-hidden="true" />
          &nbsp;FEC
        </button>
        <button type="button" className="p-button p-button-sm p-button-outlined" disabled={busy !== null} onClick={period('archive')} data-testid="export-archive">
          <span className="pi pi-download" aria-hidden="true" />
          &nbsp;Archive des PDF (ZIP)
        </button>
      </form>
      <form
        className="filter-bar"
        onSubmit={(event) => {
          event.preventDefault();
          void run('etat-recapitulatif', { mois });
        }}
        aria-label="Mois de l’état récapitulatif"
      >
        <div className="field">
          <label htmlFor="export-mois">Mois</label>
          <input id="export-mois" type="month" name="mois" value={mois} onChange={(e) => setMois(e.target.value)} aria-invalid={Boolean(errors.mois)} aria-describedby={errors.mois ? 'export-mois-error' : undefined} />
          {errorOf('mois')}
        </div>
        <button type="submit" className="p-button p-button-sm p-button-outlined" disabled={busy !== null} data-testid="export-intra-eu">
          <span className="pi pi-download" aria-hidden="true" />
          &nbsp;État récapitulatif des clients (CSV)
        </button>
      </form>
      <p role="status" className="muted">
        {busy ? 'Préparation du fichier…' : saved}
      </p>
    </section>
  );
}
