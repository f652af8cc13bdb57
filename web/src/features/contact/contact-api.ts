//! The contact form's call: stored by the server and e-mailed to the staff.
import { apiSend } from '@/lib/api-client';

export interface ContactMessage {
  nom: string;
  email: string;
  sujet: string;
  message: string;
  altcha: string;
}

export const sendContactMessage = (message: ContactMessage) => apiSend<{ success: boolean; message: string }>('/api/contact', 'POST', message);
