//! The ten backup codes, shown once after two-factor is enabled, with copy and download.
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { showToast } from '@/lib/toast';
import { fr } from '@/lib/typography';

export function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join('\n');
  const copy = async () => {
    await navigator.clipboard?.writeText(text);
    showToast({ severity: 'success', summary: 'Codes copiés', detail: 'Collez-les dans un gestionnaire de mots de passe.' });
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`Codes de secours\n\n${text}\n`], { type: 'text/plain;charset=utf-8' }));
    const link = Object.assign(document.createElement('a'), { href: url, download: 'codes-de-secours.txt' });
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="stack">
      <Message severity="warn" text={fr('Notez ces codes maintenant : ils ne seront plus jamais affichés. Chacun permet une seule connexion si vous perdez votre téléphone.')} />
      <ol className="backup-codes" data-testid="backup-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="form-actions">
        <Button type="button" label="Copier" icon="pi pi-copy" outlined onClick={copy} />
        <Button type="button" label="Télécharger" icon="pi pi-download" outlined onClick={download} />
        <Button type="button" label="J’ai mis mes codes en lieu sûr" icon="pi pi-check" onClick={onDone} />
      </div>
    </div>
  );
}
