//! The versions of the catalog, newest first: who saved each and when; any of them can be loaded
//! into the form to start a new version from it.
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { formatDateTime } from '@/lib/format';
import type { CatalogVersion } from '../../api/catalog';

interface Props {
  versions: CatalogVersion[];
  current: number;
  onLoad: (version: number) => void;
}

export function CatalogHistory({ versions, current, onLoad }: Props) {
  return (
    <DataTable value={versions} dataKey="version" paginator={versions.length > 10} rows={10} size="small" data-testid="catalog-history" emptyMessage="Aucune version.">
      <Column
        header="Version"
        body={(v: CatalogVersion) => (
          <span className="nowrap" data-testid="catalog-history-version">
            {v.version} {v.version === current ? <Tag value="en vigueur" severity="success" /> : null}
          </span>
        )}
      />
      <Column header="Enregistrée le" body={(v: CatalogVersion) => formatDateTime(v.date)} />
      <Column header="Par" body={(v: CatalogVersion) => v.auteur || <span className="muted">catalogue d’origine</span>} />
      <Column
        header=""
        body={(v: CatalogVersion) =>
          v.version === current ? null : (
            <Button type="button" text icon="pi pi-replay" label="Reprendre" aria-label={`Reprendre la version ${v.version}`} onClick={() => onLoad(v.version)} />
          )
        }
      />
    </DataTable>
  );
}
