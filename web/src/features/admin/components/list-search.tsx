//! The search box of an admin list: the text is sent to the server when the form is submitted
//! (Enter or the button), so that each search is one request.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';

interface ListSearchProps {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  onSearch: (q: string) => void;
  /** Filters shown before the search box (a status or a kind). */
  children?: ReactNode;
}

export function ListSearch({ id, label, placeholder, value, onSearch, children }: ListSearchProps) {
  const [text, setText] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form className="card list-filters" onSubmit={submit} role="search">
      {children}
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <InputText id={id} value={text} placeholder={placeholder} maxLength={200} onChange={(e) => setText(e.target.value)} />
      </div>
      <div className="form-actions">
        <Button type="submit" label="Rechercher" icon="pi pi-search" />
        {value ? (
          <Button
            type="button"
            label="Effacer"
            text
            onClick={() => {
              setText('');
              onSearch('');
            }}
          />
        ) : null}
      </div>
    </form>
  );
}
