//! `Adresses`: create, update and delete the account's addresses.
import { proxy } from '@/lib/api-client';

export interface AddressPayload {
  idPays: string;
  ville: string;
  codePostal: string;
  rue: string;
  complement: string;
  nom: string;
  prenom: string;
  tel: string;
  nom_entreprise: string;
  numero_tva: string;
  /** Nine digits, or empty for none. */
  siren: string;
}

export const createAddress = (payload: AddressPayload) => proxy('Adresses', 'POST', payload);
export const updateAddress = (id: number, payload: AddressPayload) => proxy(`Adresses/${id}`, 'PUT', payload);
export const deleteAddress = (id: number) => proxy(`Adresses/${id}`, 'DELETE');
