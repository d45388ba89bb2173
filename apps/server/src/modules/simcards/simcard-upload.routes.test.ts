import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given } from '../../test/given';
import { apiCaller, signIn, type TestTokens } from '../../test/sign-in';
import { simcards } from './simcards.schema';
import { randomIccid, randomMsisdn, SIMCARD_PERMISSIONS, simcardCsv } from './simcards-test-support';

let t: TestApp;
let tenantId: string;
let admin: TestTokens;
let viewer: TestTokens;
let call: ReturnType<typeof apiCaller>;

beforeAll(async () => {
  t = await buildTestApp();
  call = apiCaller(t);
  const g = given(t.database.db);
  tenantId = (await g.tenant()).id;
  const [adminA, viewerA] = await Promise.all([
    g.user({ tenantId, permissions: SIMCARD_PERMISSIONS }),
    g.user({ tenantId, permissions: ['Homeward.SimCards'] }),
  ]);
  [admin, viewer] = await Promise.all([signIn(t, adminA), signIn(t, viewerA)]);
});
afterAll(async () => {
  await t.close();
});

const upload = (csv: string, lineOffset?: number) =>
  call(admin, 'POST', '/api/simcards/upload', { csv, ...(lineOffset === undefined ? {} : { lineOffset }) });
const countOfTenant = async () =>
  (await t.database.db.select().from(simcards).where(eq(simcards.tenantId, tenantId))).length;

describe('uploading SIM cards from CSV', () => {
  it('creates the 18 good lines of 20, reports the 2 bad ones with reasons, and creates nothing twice', async () => {
    const rows = Array.from({ length: 20 }, (_, index) => ({
      iccid: randomIccid(),
      msisdn: randomMsisdn(),
      operator: 'TDC',
      note: `Box ${index}`,
    }));
    rows[4] = {
      ...rows[4]!,
      iccid: `${rows[4]!.iccid.slice(0, -1)}${(Number(rows[4]!.iccid.at(-1)) + 1) % 10}`,
    };
    rows[11] = { ...rows[11]!, msisdn: 'not a number' };
    const csv = simcardCsv(rows);
    const before = await countOfTenant();

    const first = await upload(csv);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ created: 18, updated: 0, unchanged: 0, failed: 2 });
    const report = first.json().rows;
    expect(report).toHaveLength(20);
    expect(report[4]).toEqual({
      line: 6,
      iccid: rows[4]!.iccid,
      outcome: 'failed',
      simcardId: null,
      errors: [{ field: 'iccid', message: 'simcards:iccidInvalid' }],
    });
    expect(report[11]).toMatchObject({
      line: 13,
      outcome: 'failed',
      errors: [{ field: 'msisdn', message: 'simcards:msisdnInvalid' }],
    });
    expect(report[0]).toMatchObject({
      line: 2,
      iccid: rows[0]!.iccid,
      outcome: 'created',
      simcardId: expect.any(String),
    });
    expect(await countOfTenant()).toBe(before + 18);

    const again = await upload(csv);
    expect(again.json()).toMatchObject({ created: 0, updated: 0, unchanged: 18, failed: 2 });
    expect(again.json().rows[0].simcardId).toBe(report[0].simcardId);
    expect(await countOfTenant()).toBe(before + 18);
  });

  it('updates a known ICCID whose number, operator or note changed, and numbers lines after the offset', async () => {
    const known = { iccid: randomIccid(), msisdn: randomMsisdn(), operator: 'TDC', note: '' };
    await upload(simcardCsv([known]));
    const changed = { ...known, msisdn: randomMsisdn(), note: 'Renumbered' };
    const response = await upload(simcardCsv([changed]), 1000);
    expect(response.json().rows).toEqual([
      { line: 1002, iccid: known.iccid, outcome: 'updated', simcardId: expect.any(String), errors: [] },
    ]);
    const [stored] = await t.database.db.select().from(simcards).where(eq(simcards.iccid, known.iccid));
    expect(stored).toMatchObject({ msisdn: changed.msisdn, note: 'Renumbered', status: 'active' });
  });

  it('fails a line repeating an ICCID or number of the file, or taking another SIM’s number', async () => {
    const holder = { iccid: randomIccid(), msisdn: randomMsisdn() };
    await upload(simcardCsv([holder]));
    const first = { iccid: randomIccid(), msisdn: randomMsisdn() };
    const response = await upload(
      simcardCsv([
        first,
        { iccid: first.iccid, msisdn: randomMsisdn() },
        { iccid: randomIccid(), msisdn: first.msisdn },
        { iccid: randomIccid(), msisdn: holder.msisdn },
      ]),
    );
    expect(
      response.json().rows.map((row: { outcome: string; errors: unknown[] }) => [row.outcome, row.errors]),
    ).toEqual([
      ['created', []],
      ['failed', [{ field: 'iccid', message: 'simcards:duplicateInFile' }]],
      ['failed', [{ field: 'msisdn', message: 'simcards:duplicateInFile' }]],
      ['failed', [{ field: 'msisdn', message: 'simcards:msisdnTaken' }]],
    ]);
  });

  it('reads quoted cells, `;` separators and columns in any order and case', async () => {
    const sim = { iccid: randomIccid(), msisdn: randomMsisdn() };
    const csv = `\uFEFFNote;MSISDN;ICCID\r\n"Shelf; top ""A""";${sim.msisdn};${sim.iccid}\r\n`;
    const response = await upload(csv);
    expect(response.json()).toMatchObject({ created: 1, failed: 0 });
    const [stored] = await t.database.db.select().from(simcards).where(eq(simcards.iccid, sim.iccid));
    expect(stored).toMatchObject({ note: 'Shelf; top "A"', operator: '' });
  });

  it('refuses a whole text it cannot read, NUL bytes and huge input with a 400, never a 5xx', async () => {
    const refusals: [string, object][] = [
      ['iccid,msisdn\n', { field: 'csv', message: 'simcards:csvEmpty' }],
      [
        'iccid,phone\n1,2',
        { field: 'csv', message: 'simcards:csvUnknownColumn', params: { column: 'phone' } },
      ],
      [
        'iccid,note\n1,2',
        { field: 'csv', message: 'simcards:csvMissingColumn', params: { column: 'msisdn' } },
      ],
      ['iccid,msisdn\n"1,2', { field: 'csv', message: 'simcards:csvUnclosedQuote', params: { line: 2 } }],
      [
        `iccid,msisdn\n${'1,2\n'.repeat(10_001)}`,
        { field: 'csv', message: 'simcards:csvTooManyRows', params: { count: 10_000 } },
      ],
      [
        `iccid,msisdn\n${randomIccid()},+4520\u00003040`,
        { field: 'csv', message: 'validation.noNullCharacter' },
      ],
      [
        `iccid,msisdn,note\n${randomIccid()},${randomMsisdn()},${'x'.repeat(1_000_001)}`,
        { field: 'csv', message: 'validation.maxLength', params: { count: 1_000_000 } },
      ],
    ];
    const before = await countOfTenant();
    for (const [csv, error] of refusals) {
      const response = await upload(csv);
      expect(response.statusCode, csv.slice(0, 40)).toBe(400);
      expect(response.json().error.validationErrors, csv.slice(0, 40)).toEqual([error]);
    }
    const tooLarge = await upload('x'.repeat(3 * 1024 * 1024));
    expect(tooLarge.statusCode).toBe(413);
    expect(await countOfTenant()).toBe(before);
    const note = await upload(
      simcardCsv([{ iccid: randomIccid(), msisdn: randomMsisdn(), note: 'n'.repeat(501) }]),
    );
    expect(note.json().rows[0].errors).toEqual([
      { field: 'note', message: 'validation.maxLength', params: { count: 500 } },
    ]);
  });

  it('needs the batch-upload permission', async () => {
    const response = await call(viewer, 'POST', '/api/simcards/upload', { csv: 'iccid,msisdn\n1,2' });
    expect(response.statusCode).toBe(403);
  });
});
