//! The contact form's call: stored by the server and e-mailed to the staff.
import { apiSend } from '@/lib/api-client';
import type { ContactSent } from '@/lib/api-types.generated';

export interface ContactMessage {
  nom: string;
  email: string;
  sujet: string;
  message: string;
  altcha: string;
}

export const sendContactMessage = (message: ContactMessage) => apiSend<ContactSent>('/api/contact', 'POST', message);
