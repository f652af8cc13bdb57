//! A message above a form's buttons for the server's answer (wrong code, wrong password, ...).
import { Message } from 'primereact/message';

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return <Message severity="error" text={message} className="form-error" />;
}
