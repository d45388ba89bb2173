import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../platform/db/database';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import {
  citizensTenant,
  createCitizen,
  fieldErrors,
  information,
  nextCpr,
  type CitizensTenant,
} from './citizens-test-support';

let t: TestApp;
let a: CitizensTenant;
let b: CitizensTenant;

beforeAll(async () => {
  t = await buildTestApp();
  a = await citizensTenant(t);
  b = await citizensTenant(t);
});
afterAll(async () => {
  await t.close();
});

const wizard = (tenant: CitizensTenant, body: object) =>
  tenant.admin.send('POST', '/api/citizens/wizard', body);

describe('citizen information rules', () => {
  it('refuses an impossible CPR date and a malformed number with their own keys', async () => {
    const impossible = await wizard(a, { information: information(a, { cpr: '310299-1234' }) });
    expect(impossible.statusCode).toBe(400);
    expect(fieldErrors(impossible)).toEqual([
      { field: 'information.cpr', message: 'citizens:cprInvalidDate' },
    ]);
    const malformed = await wizard(a, { information: information(a, { cpr: '31029-1234' }) });
    expect(fieldErrors(malformed)).toEqual([{ field: 'information.cpr', message: 'citizens:cprInvalid' }]);
    const leap = await a.admin.send('PUT', `/api/citizens/${(await createCitizen(a)).id}`, {
      ...information(a, { cpr: '290200-1234' }),
    });
    expect(fieldErrors(leap)).toEqual([{ field: 'cpr', message: 'citizens:cprInvalidDate' }]);
  });

  it('accepts 10 digits, stores the dashed form and refuses the same number twice in a tenant', async () => {
    const cpr = nextCpr();
    const created = await createCitizen(a, { information: information(a, { cpr: cpr.replace('-', '') }) });
    expect(created.cpr).toBe(cpr);
    const twice = await wizard(a, { information: information(a, { cpr }) });
    expect(fieldErrors(twice)).toEqual([{ field: 'information.cpr', message: 'citizens:cprTaken' }]);
    // Another tenant may have a citizen with the same number.
    expect((await wizard(b, { information: information(b, { cpr }) })).statusCode).toBe(201);
  });

  it('refuses organizations, customers, watches and geofences of another tenant or of none', async () => {
    const cases: [object, string, string][] = [
      [
        { information: information(a, { organizationId: b.organization.id }) },
        'information.organizationId',
        'unknownOrganization',
      ],
      [
        { information: information(a, { specificCustomerId: b.customer.id }) },
        'information.specificCustomerId',
        'unknownCustomer',
      ],
      [
        { information: information(a), deviceIds: [a.deviceIds[0], b.deviceIds[0]] },
        'deviceIds.1',
        'unknownDevice',
      ],
      [{ information: information(a), geofenceIds: [b.geofenceIds[0]] }, 'geofenceIds.0', 'unknownGeofence'],
      [
        {
          information: information(a),
          deviceIds: [],
          deviceSettings: [
            {
              deviceId: a.deviceIds[0],
              settings: { positionIntervalSeconds: 60, lowBatteryThresholdPercent: 10, fallDetection: false },
            },
          ],
        },
        'deviceSettings.0.deviceId',
        'settingsDeviceNotLinked',
      ],
    ];
    for (const [body, field, key] of cases) {
      const response = await wizard(a, body);
      expect(response.statusCode, field).toBe(400);
      expect(fieldErrors(response)).toEqual([{ field, message: `citizens:${key}` }]);
    }
  });

  it('needs a specific customer when the customer pays', async () => {
    const response = await wizard(a, { information: information(a, { standardPayer: 'customer' }) });
    expect(fieldErrors(response)).toEqual([
      { field: 'information.specificCustomerId', message: 'validation.required' },
    ]);
  });
});

describe('CPR masking', () => {
  it('lists only DDMMYY-XXXX and gives the full number only to an editor', async () => {
    const cpr = nextCpr();
    const citizen = await createCitizen(a, { information: information(a, { cpr, surname: 'Masked' }) });
    const list = await a.admin.send('GET', '/api/citizens?maxResultCount=1000');
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(cpr.slice(7));
    expect(list.body).not.toContain(cpr.replace('-', ''));
    expect(list.json().items.find((item: { id: string }) => item.id === citizen.id).cprMasked).toBe(
      `${cpr.slice(0, 6)}-XXXX`,
    );
    const viewer = await a.caller(['Homeward.Citizens']);
    const read = await viewer.send('GET', `/api/citizens/${citizen.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().cpr).toBeUndefined();
    expect(read.body).not.toContain(cpr.slice(7));
    expect((await a.admin.send('GET', `/api/citizens/${citizen.id}`)).json().cpr).toBe(cpr);
  });

  it('stores the number encrypted and shows *** for both CPR columns in entity changes', async () => {
    const cpr = nextCpr();
    const citizen = await createCitizen(a, { information: information(a, { cpr }) });
    await a.admin.send('PUT', `/api/citizens/${citizen.id}`, information(a, { cpr: nextCpr() }));
    const [stored] = await selectRows<{ row: string }>(
      t.database.db,
      sql`select row_to_json(citizens)::text as row from citizens where id = ${citizen.id}`,
    );
    expect(stored!.row).not.toContain(cpr.slice(7));
    const changes = await selectRows<{
      change_type: string;
      property_changes: { propertyName: string; originalValue: unknown; newValue: unknown }[];
    }>(
      t.database.db,
      sql`select change_type, property_changes from entity_changes
          where entity_type = 'citizens' and entity_id = ${citizen.id} order by change_time`,
    );
    expect(changes.map((change) => change.change_type)).toEqual(['created', 'updated']);
    for (const change of changes) {
      for (const column of ['cpr_encrypted', 'cpr_hash']) {
        const property = change.property_changes.find((p) => p.propertyName === column);
        expect(property, column).toBeDefined();
        expect(property!.newValue).toBe('***');
      }
    }
    expect(JSON.stringify(changes)).not.toContain(cpr.slice(7));
  });
});

describe('citizen list, search, update and delete', () => {
  it('searches by name, surname, city and exactly by a whole CPR number', async () => {
    const cpr = nextCpr();
    const citizen = await createCitizen(a, {
      information: information(a, { cpr, name: 'Poul', surname: 'Searchable', city: 'Skanderborg' }),
    });
    for (const filter of ['searchable', 'Poul Search', 'skanderb', cpr, cpr.replace('-', '')]) {
      const found = await a.admin.send('GET', `/api/citizens?filter=${encodeURIComponent(filter)}`);
      expect(
        found.json().items.map((item: { id: string }) => item.id),
        filter,
      ).toEqual([citizen.id]);
    }
    // Part of the number finds nothing: the number is never searched as text.
    const partial = await a.admin.send('GET', `/api/citizens?filter=${cpr.slice(7)}`);
    expect(partial.json().totalCount).toBe(0);
    expect((await b.admin.send('GET', `/api/citizens?filter=${cpr}`)).json().totalCount).toBe(0);
  });

  it('pages and sorts on the server, and refuses an unknown sort field', async () => {
    const page = await a.admin.send('GET', '/api/citizens?maxResultCount=2&sorting=createdAt%20desc');
    expect(page.json().items).toHaveLength(2);
    expect(page.json().totalCount).toBeGreaterThan(2);
    expect((await a.admin.send('GET', '/api/citizens?sorting=cpr')).statusCode).toBe(400);
  });

  it('updates the information and deletes a citizen, freeing its watches', async () => {
    const citizen = await createCitizen(a, { deviceIds: [a.deviceIds[2]] });
    const updated = await a.admin.send('PUT', `/api/citizens/${citizen.id}`, {
      ...information(a, {
        cpr: citizen.cpr,
        name: 'Ingeborg',
        specificCustomerId: a.customer.id,
        standardPayer: 'customer',
      }),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({
      name: 'Ingeborg',
      specificCustomerName: expect.any(String),
      standardPayer: 'customer',
    });
    expect((await a.admin.send('DELETE', `/api/citizens/${citizen.id}`)).statusCode).toBe(204);
    expect((await a.admin.send('GET', `/api/citizens/${citizen.id}`)).statusCode).toBe(404);
    const available = await a.admin.send('GET', '/api/citizens/available-devices?maxResultCount=100');
    expect(available.json().items.map((device: { id: string }) => device.id)).toContain(a.deviceIds[2]);
  });
});

describe('monitored objects of an organization', () => {
  it('lists the citizens of the organization and its sub-organizations, at most 1000 per call', async () => {
    const db = t.database.db;
    const tenant = await citizensTenant(t);
    const [root] = await selectRows<{ code: string }>(
      db,
      sql`select code from organization_units where id = ${tenant.organization.id}`,
    );
    const child = await given(db).organization(tenant.tenant.id);
    await db.execute(
      sql`update organization_units set parent_id = ${tenant.organization.id}, code = ${`${root!.code}.00001`} where id = ${child.id}`,
    );
    const sibling = await given(db).organization(tenant.tenant.id);
    await createCitizen(tenant, { information: information(tenant, { surname: 'Root' }) });
    await createCitizen(tenant, {
      information: information(tenant, { surname: 'Child', organizationId: child.id }),
    });
    await createCitizen(tenant, {
      information: information(tenant, { surname: 'Other', organizationId: sibling.id }),
    });
    const url = `/api/organizations/${tenant.organization.id}/monitored-objects`;
    const all = await tenant.admin.send('GET', url);
    expect(all.statusCode).toBe(200);
    expect(
      all
        .json()
        .items.map((item: { surname: string }) => item.surname)
        .sort(),
    ).toEqual(['Child', 'Root']);
    expect((await tenant.admin.send('GET', `${url}?maxResultCount=1000`)).statusCode).toBe(200);
    const tooMany = await tenant.admin.send('GET', `${url}?maxResultCount=1001`);
    expect(tooMany.statusCode).toBe(400);
    expect(fieldErrors(tooMany)?.[0]?.message).toBe('citizens:monitoredObjectsLimit');
    expect((await b.admin.send('GET', url)).statusCode).toBe(404);
  });

  it('refuses to delete an organization citizens belong to, saying how many', async () => {
    const organization = await given(t.database.db).organization(a.tenant.id);
    await createCitizen(a, { information: information(a, { organizationId: organization.id }) });
    const organizer = await a.caller(['Homeward.Organizations', 'Homeward.Organizations.Delete']);
    const refused = await organizer.send('DELETE', `/api/organizations/${organization.id}`);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.validationErrors).toEqual([
      { field: 'id', message: 'citizens:organizationHasCitizens', params: { count: 1 } },
    ]);
  });
});

describe('citizen permissions', () => {
  it('answers 403 to a caller without the operation’s permission', async () => {
    const citizen = await createCitizen(a);
    const viewer = await a.caller(['Homeward.Citizens']);
    const nobody = await a.caller(['Homeward.Devices']);
    expect((await nobody.send('GET', '/api/citizens')).statusCode).toBe(403);
    expect((await nobody.send('GET', `/api/citizens/${citizen.id}`)).statusCode).toBe(403);
    const writes: [string, string, object | undefined][] = [
      ['POST', '/api/citizens/wizard', { information: information(a) }],
      ['PUT', `/api/citizens/${citizen.id}`, information(a)],
      ['DELETE', `/api/citizens/${citizen.id}`, undefined],
      ['PUT', `/api/citizens/${citizen.id}/devices`, { deviceIds: [] }],
      ['PUT', `/api/citizens/${citizen.id}/geofences`, { geofenceIds: [] }],
      ['PUT', `/api/citizens/${citizen.id}/alarm-receivers`, { receivers: [] }],
      ['GET', '/api/citizens/alarm-receiver-candidates', undefined],
    ];
    for (const [method, url, payload] of writes) {
      const response = await viewer.send(method as 'GET', url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
