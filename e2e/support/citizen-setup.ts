import type { AlarmReceiverCandidates, Citizen } from '@homeward/contracts';
import { apiRequest } from './accounts';
import { validCpr } from './citizens';

/**
 * A new citizen of staff's first organization who wears `deviceId`, with a circle geofence drawn
 * in the wizard and the tenant's first two alarm-receiver candidates in escalation order, set up
 * through the API the wizard and the citizen page call. For journeys that need a citizen only as
 * a precondition; the citizens journey builds one on screen.
 */
export async function citizenWearing(
  baseUrl: string,
  staffToken: string,
  deviceId: string,
  names: { name: string; surname: string; geofence: string },
  /** The citizen's organization; staff's first one when not given. */
  organizationId?: string,
): Promise<Citizen> {
  const json = async <T>(path: string, init: RequestInit = {}) =>
    (await (await apiRequest(baseUrl, path, { ...init, token: staffToken })).json()) as T;
  const firstOrganization = async () =>
    (await json<{ items: { id: string }[] }>('/api/organizations?maxResultCount=1')).items[0]!.id;
  const created = await json<{ id: string }>('/api/citizens/wizard', {
    method: 'POST',
    body: JSON.stringify({
      information: {
        name: names.name,
        surname: names.surname,
        cpr: validCpr(),
        organizationId: organizationId ?? (await firstOrganization()),
      },
      deviceIds: [deviceId],
      newGeofence: {
        name: names.geofence,
        geometry: { kind: 'circle', center: { lat: 56.1572, lon: 10.2107 }, radiusMeters: 150 },
      },
    }),
  });
  const candidates = await json<AlarmReceiverCandidates>('/api/citizens/alarm-receiver-candidates');
  const receivers = candidates.items
    .slice(0, 2)
    .map((candidate) =>
      candidate.kind === 'user'
        ? { kind: candidate.kind, userId: candidate.id }
        : { kind: candidate.kind, contactPersonId: candidate.id },
    );
  if (receivers.length < 2) throw new Error('the tenant has fewer than two alarm-receiver candidates');
  await apiRequest(baseUrl, `/api/citizens/${created.id}/alarm-receivers`, {
    method: 'PUT',
    token: staffToken,
    body: JSON.stringify({ receivers }),
  });
  return json<Citizen>(`/api/citizens/${created.id}`);
}
