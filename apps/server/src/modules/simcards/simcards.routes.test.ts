import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { apiCaller, signInTenantCallers, type TestTokens } from '../../test/sign-in';
import { randomIccid, randomMsisdn, SIMCARD_PERMISSIONS } from './simcards-test-support';

let t: TestApp;
let admin: TestTokens;
let viewer: TestTokens;
let otherTenantAdmin: TestTokens;
let call: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  t = await buildTestApp();
  call = apiCaller(t);
  ({ admin, viewer, otherTenantAdmin } = await signInTenantCallers(t, {
    admin: SIMCARD_PERMISSIONS,
    viewer: ['Homeward.SimCards'],
  }));
});
afterAll(async () => {
  await t.close();
});

const create = (payload: object, tokens = admin) => call(tokens, 'POST', '/api/simcards', payload);
const fieldErrors = (response: { json(): { error: { validationErrors?: unknown[] } } }) =>
  response.json().error.validationErrors;

describe('SIM cards', () => {
  it('creates a SIM with the ICCID as digits and the MSISDN in E.164, and looks it up by either', async () => {
    const iccid = randomIccid();
    const spaced = iccid.replace(/(\d{4})(?=\d)/g, '$1 ');
    const created = await create({
      iccid: spaced,
      msisdn: '0045 20 11 22 33',
      operator: 'TDC',
      note: 'Box 4',
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      iccid,
      msisdn: '+4520112233',
      operator: 'TDC',
      note: 'Box 4',
      status: 'active',
      device: null,
      deactivatedAt: null,
    });
    const id = created.json().id;
    for (const url of [
      `/api/simcards/${id}`,
      `/api/simcards/by-iccid/${encodeURIComponent(spaced)}`,
      `/api/simcards/by-msisdn/20112233`,
      `/api/simcards/by-msisdn/${encodeURIComponent('+45 20 11 22 33')}`,
    ]) {
      const found = await call(viewer, 'GET', url);
      expect(found.statusCode, url).toBe(200);
      expect(found.json().id).toBe(id);
    }
    expect((await call(viewer, 'GET', `/api/simcards/by-iccid/${randomIccid()}`)).statusCode).toBe(404);
    expect((await call(viewer, 'GET', '/api/simcards/by-iccid/8945012345678901236')).statusCode).toBe(400);
  });

  it('refuses a bad ICCID or MSISDN, and a taken ICCID or active MSISDN, with field errors', async () => {
    const bad = await create({ iccid: '8945012345678901236', msisdn: '12' });
    expect(bad.statusCode).toBe(400);
    expect(fieldErrors(bad)).toEqual([
      { field: 'iccid', message: 'simcards:iccidInvalid' },
      { field: 'msisdn', message: 'simcards:msisdnInvalid' },
    ]);
    const [iccid, msisdn] = [randomIccid(), randomMsisdn()];
    expect((await create({ iccid, msisdn })).statusCode).toBe(201);
    expect(fieldErrors(await create({ iccid, msisdn: randomMsisdn() }))).toEqual([
      { field: 'iccid', message: 'simcards:iccidTaken' },
    ]);
    expect(fieldErrors(await create({ iccid: randomIccid(), msisdn }))).toEqual([
      { field: 'msisdn', message: 'simcards:msisdnTaken' },
    ]);
    // Another tenant has its own SIMs: the same ICCID and number are free there.
    expect((await create({ iccid, msisdn }, otherTenantAdmin)).statusCode).toBe(201);
  });

  it('edits a SIM, and gives a deactivated SIM’s number to a new one', async () => {
    const msisdn = randomMsisdn();
    const sim = (await create({ iccid: randomIccid(), msisdn })).json();
    const edited = await call(admin, 'PUT', `/api/simcards/${sim.id}`, {
      iccid: sim.iccid,
      msisdn,
      operator: 'Telia',
      note: 'Spare',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ operator: 'Telia', note: 'Spare', msisdn });
    expect(
      (await call(viewer, 'PUT', `/api/simcards/${sim.id}`, { iccid: sim.iccid, msisdn })).statusCode,
    ).toBe(403);

    const deactivated = await call(admin, 'POST', `/api/simcards/${sim.id}/deactivate`);
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json()).toMatchObject({ status: 'deactivated', deactivatedAt: expect.any(String) });
    const again = await call(admin, 'POST', `/api/simcards/${sim.id}/deactivate`);
    expect(again.json().deactivatedAt).toBe(deactivated.json().deactivatedAt);

    const successor = await create({ iccid: randomIccid(), msisdn });
    expect(successor.statusCode).toBe(201);
    const lookedUp = await call(viewer, 'GET', `/api/simcards/by-msisdn/${encodeURIComponent(msisdn)}`);
    expect(lookedUp.json().id).toBe(successor.json().id);
  });

  it('pages, sorts and searches on the server by ICCID, MSISDN, operator and note', async () => {
    const operator = `Op${Date.now()}`;
    const sims = [];
    for (const note of ['alpha', 'beta', 'gamma']) {
      sims.push((await create({ iccid: randomIccid(), msisdn: randomMsisdn(), operator, note })).json());
    }
    const page = await call(
      viewer,
      'GET',
      `/api/simcards?filter=${operator}&sorting=iccid desc&maxResultCount=2`,
    );
    expect(page.statusCode).toBe(200);
    const sortedIccids = sims
      .map((sim) => sim.iccid)
      .sort()
      .reverse();
    expect(page.json().totalCount).toBe(3);
    expect(page.json().items.map((sim: { iccid: string }) => sim.iccid)).toEqual(sortedIccids.slice(0, 2));
    const second = await call(
      viewer,
      'GET',
      `/api/simcards?filter=${operator}&sorting=iccid desc&skipCount=2`,
    );
    expect(second.json().items.map((sim: { iccid: string }) => sim.iccid)).toEqual(sortedIccids.slice(2));

    const target = sims[1];
    const digits = target.msisdn.slice(3);
    const spacedNumber = `${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}`;
    for (const text of [target.iccid.slice(5, 16), spacedNumber, 'beta']) {
      const found = await call(viewer, 'GET', `/api/simcards?filter=${encodeURIComponent(text)}`);
      expect(
        found.json().items.map((sim: { id: string }) => sim.id),
        text,
      ).toContain(target.id);
      expect(
        found.json().items.map((sim: { id: string }) => sim.id),
        text,
      ).not.toContain(sims[0].id);
    }
    const deactivated = await call(viewer, 'GET', `/api/simcards?filter=${operator}&status=deactivated`);
    expect(deactivated.json().totalCount).toBe(0);
    expect((await call(viewer, 'GET', '/api/simcards?sorting=password')).statusCode).toBe(400);
  });

  it('deactivates in a batch by id or ICCID and reports each one asked for', async () => {
    const sims = [];
    for (let index = 0; index < 3; index += 1) {
      sims.push((await create({ iccid: randomIccid(), msisdn: randomMsisdn() })).json());
    }
    await call(admin, 'POST', `/api/simcards/${sims[2].id}/deactivate`);
    const unknownIccid = randomIccid();
    const response = await call(admin, 'POST', '/api/simcards/deactivate', {
      ids: [sims[0].id, sims[2].id],
      iccids: [sims[1].iccid, unknownIccid, 'not an iccid'],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ deactivated: 2, alreadyDeactivated: 1, failed: 2 });
    expect(response.json().rows).toEqual([
      { key: sims[0].id, outcome: 'deactivated', simcardId: sims[0].id, errors: [] },
      { key: sims[2].id, outcome: 'alreadyDeactivated', simcardId: sims[2].id, errors: [] },
      { key: sims[1].iccid, outcome: 'deactivated', simcardId: sims[1].id, errors: [] },
      {
        key: unknownIccid,
        outcome: 'failed',
        simcardId: null,
        errors: [{ field: 'iccid', message: 'simcards:simcardNotFound' }],
      },
      {
        key: 'not an iccid',
        outcome: 'failed',
        simcardId: null,
        errors: [{ field: 'iccid', message: 'simcards:iccidInvalid' }],
      },
    ]);
    const empty = await call(admin, 'POST', '/api/simcards/deactivate', {});
    expect(fieldErrors(empty)).toEqual([{ field: 'ids', message: 'simcards:nothingToDeactivate' }]);
    expect((await call(viewer, 'POST', '/api/simcards/deactivate', { ids: [sims[0].id] })).statusCode).toBe(
      403,
    );
  });

  it('hides one tenant’s SIMs from another', async () => {
    const sim = (await create({ iccid: randomIccid(), msisdn: randomMsisdn() })).json();
    expect((await call(otherTenantAdmin, 'GET', `/api/simcards/${sim.id}`)).statusCode).toBe(404);
    expect((await call(otherTenantAdmin, 'GET', `/api/simcards/by-iccid/${sim.iccid}`)).statusCode).toBe(404);
    expect((await call(otherTenantAdmin, 'POST', `/api/simcards/${sim.id}/deactivate`)).statusCode).toBe(404);
    const batch = await call(otherTenantAdmin, 'POST', '/api/simcards/deactivate', { ids: [sim.id] });
    expect(batch.json()).toMatchObject({ deactivated: 0, failed: 1 });
    const list = await call(otherTenantAdmin, 'GET', `/api/simcards?filter=${sim.iccid}`);
    expect(list.json().totalCount).toBe(0);
    expect((await call(undefined, 'GET', '/api/simcards')).statusCode).toBe(401);
  });
});
