//! "Ajouter un matériau / une couleur / ...": a dialog asking the new item's identifier (fixed
//! from then on) and displayed name, checked against its list before it joins the draft; its
//! rates are then set in the form.
import { useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Field } from '@/components/form/field';
import { fr } from '@/lib/typography';
import { newCodeError, newNameError } from '../../catalog-draft';

interface Props {
  /** `Ajouter un matériau`. */
  label: string;
  /** Prefix of the dialog's field ids (`add-material-SLS`). */
  id: string;
  takenCodes: string[];
  takenNames: string[];
  onAdd: (code: string, name: string) => void;
  /** More fields of the dialog (how a post-treatment is priced). */
  children?: ReactNode;
}

export function AddItem({ label, id, takenCodes, takenNames, onAdd, children }: Props) {
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [tried, setTried] = useState(false);
  const codeError = newCodeError(code, takenCodes);
  const nameError = newNameError(name, takenNames);
  const close = () => {
    setOpen(false);
    setCode('');
    setName('');
    setTried(false);
  };
  const submit = () => {
    setTried(true);
    if (codeError || nameError) return;
    onAdd(code, name.trim());
    close();
  };
  return (
    <>
      <Button type="button" label={label} icon="pi pi-plus" text onClick={() => setOpen(true)} />
      <Dialog header={label} visible={open} onHide={close} style={{ width: 'min(30rem, 95vw)' }}>
        <form
          className="form stack"
          noValidate
          data-testid={`${id}-form`}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Field id={`${id}-code`} label="Identifiant" error={tried && codeError ? fr(codeError) : undefined} hint={fr('Fixé une fois créé : les paniers et les commandes le gardent.')}>
            <InputText id={`${id}-code`} value={code} maxLength={40} invalid={tried && !!codeError} onChange={(e) => setCode(e.target.value)} autoFocus />
          </Field>
          <Field id={`${id}-name`} label="Nom affiché" error={tried && nameError ? fr(nameError) : undefined}>
            <InputText id={`${id}-name`} value={name} maxLength={80} invalid={tried && !!nameError} onChange={(e) => setName(e.target.value)} />
          </Field>
          {children}
          <div className="form-actions">
            <Button type="submit" label="Ajouter" icon="pi pi-check" />
            <Button type="button" label="Annuler" text onClick={close} />
          </div>
        </form>
      </Dialog>
    </>
  );
}
