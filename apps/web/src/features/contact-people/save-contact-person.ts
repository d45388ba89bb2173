import { contactPersonEndpoints, type SaveContactPersonRequest } from '@homeward/contracts';
import { callEndpoint } from '../../app/api/endpoint-client';

/** POST /api/contact-people. */
export function createContactPerson(body: SaveContactPersonRequest): Promise<unknown> {
  return callEndpoint(contactPersonEndpoints.create, { body });
}

/** PUT /api/contact-people/:id. */
export function updateContactPerson(id: string, body: SaveContactPersonRequest): Promise<unknown> {
  return callEndpoint(contactPersonEndpoints.update, { params: { id }, body });
}

/** DELETE /api/contact-people/:id. */
export function deleteContactPerson(id: string): Promise<unknown> {
  return callEndpoint(contactPersonEndpoints.delete, { params: { id } });
}
