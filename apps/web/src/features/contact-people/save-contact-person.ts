import type { SaveContactPersonRequest } from '@homeward/contracts';
import { apiFetch } from '../../app/api/api-fetch';
import { CONTACT_PEOPLE_PATH } from './get-contact-people';

/** POST /api/contact-people. */
export function createContactPerson(body: SaveContactPersonRequest): Promise<unknown> {
  return apiFetch(CONTACT_PEOPLE_PATH, { method: 'POST', body: JSON.stringify(body) });
}

/** PUT /api/contact-people/:id. */
export function updateContactPerson(id: string, body: SaveContactPersonRequest): Promise<unknown> {
  return apiFetch(`${CONTACT_PEOPLE_PATH}/${id}`, { method: 'PUT', body: JSON.stringify(body) });
}

/** DELETE /api/contact-people/:id. */
export function deleteContactPerson(id: string): Promise<unknown> {
  return apiFetch(`${CONTACT_PEOPLE_PATH}/${id}`, { method: 'DELETE' });
}
