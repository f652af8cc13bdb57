//! Where files are dropped or picked (STL, OBJ, 3MF, STEP; several at once).
import { useRef, useState } from 'react';

const ACCEPT = '.stl,.obj,.3mf,.step,.stp';

export function DropZone({ onFiles, disabled }: { onFiles: (files: File[]) => void; disabled?: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  return (
    <div
      className={`drop-zone${over ? ' over' : ''}`}
      data-testid="drop-zone"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        if (!disabled) onFiles([...e.dataTransfer.files]);
      }}
    >
      <i className="pi pi-upload" aria-hidden="true" />
      <p>
        Déposez ici vos fichiers <strong>STL, OBJ, 3MF ou STEP</strong> (100&nbsp;Mo au plus chacun)
      </p>
      <button type="button" className="p-button" disabled={disabled} onClick={() => input.current?.click()}>
        Choisir des fichiers
      </button>
      <input
        ref={input}
        type="file"
        accept={ACCEPT}
        multiple
        hidden
        data-testid="file-input"
        onChange={(e) => {
          onFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <p className="drop-note">L’analyse se fait dans votre navigateur&nbsp;: le prix s’affiche immédiatement.</p>
    </div>
  );
}
