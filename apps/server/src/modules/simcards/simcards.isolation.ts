import type { IsolationCase } from '../../test/tenant-isolation/isolation-case';
import { createdId } from '../../test/tenant-isolation/isolation-cases';
import { randomIccid, randomMsisdn } from './simcards-test-support';

/** Each seeded SIM's ICCID by id, so `read` can look A's SIM up by its ICCID (the lookup route). */
const iccidById = new Map<string, string>();

/**
 * SIM cards in the tenant-isolation suite. B asking for A's ICCID gets 404, as for A's id in edit
 * and deactivate (the family's "delete"). The search text is the ICCID, so B's list and search
 * must not even mention it.
 */
export const simcardsIsolationCase: IsolationCase = {
  name: 'sim cards',
  tables: ['simcards'],
  permissions: [
    'Homeward.SimCards',
    'Homeward.SimCards.Create',
    'Homeward.SimCards.Edit',
    'Homeward.SimCards.Deactivate',
    'Homeward.SimCards.BatchUpload',
  ],
  async seed({ a }) {
    const iccid = randomIccid();
    const id = createdId(
      await a.request({ method: 'POST', url: '/api/simcards', payload: { iccid, msisdn: randomMsisdn() } }),
    );
    iccidById.set(id, iccid);
    return { id, searchText: iccid };
  },
  list: '/api/simcards?maxResultCount=1000',
  read: (id) => `/api/simcards/by-iccid/${iccidById.get(id) ?? randomIccid()}`,
  update: (row) => ({
    method: 'PUT',
    url: `/api/simcards/${row.id}`,
    payload: { iccid: row.searchText, msisdn: randomMsisdn(), note: 'Hijacked' },
  }),
  remove: (id) => ({ method: 'POST', url: `/api/simcards/${id}/deactivate` }),
  search: (text) => `/api/simcards?filter=${encodeURIComponent(text)}`,
};
