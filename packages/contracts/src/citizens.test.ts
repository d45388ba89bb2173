import { describe, expect, it } from 'vitest';
import { cprProblem, maskCpr } from './cpr';
import { zReplaceAlarmReceiversRequest } from './alarm-receivers';
import { CITIZEN_MESSAGE_KEYS, zCitizenInformation, zMonitoredObjectsRequest } from './citizens';

const information = {
  name: 'Inge',
  surname: 'Jensen',
  cpr: '0102451234',
  organizationId: '0190a3c4-0000-7000-8000-000000000001',
};

describe('CPR rules', () => {
  it('accepts DDMMYY-SSSS and 10 digits, normalising to the dashed form', () => {
    expect(zCitizenInformation.parse(information).cpr).toBe('010245-1234');
    expect(zCitizenInformation.parse({ ...information, cpr: '010245-1234' }).cpr).toBe('010245-1234');
  });

  it('tells a malformed number from an impossible date', () => {
    expect(cprProblem('01024-1234')).toBe(CITIZEN_MESSAGE_KEYS.cprInvalid);
    expect(cprProblem('0102451234x')).toBe(CITIZEN_MESSAGE_KEYS.cprInvalid);
    expect(cprProblem('310299-1234')).toBe(CITIZEN_MESSAGE_KEYS.cprInvalidDate);
    expect(cprProblem('001299-1234')).toBe(CITIZEN_MESSAGE_KEYS.cprInvalidDate);
    expect(cprProblem('011399-1234')).toBe(CITIZEN_MESSAGE_KEYS.cprInvalidDate);
  });

  it('takes the century from the 7th digit for 29 February', () => {
    // 1900 was no leap year (7th digit 0-3), 2000 was (7th digit 4 with year 00).
    expect(cprProblem('290200-1234')).toBe(CITIZEN_MESSAGE_KEYS.cprInvalidDate);
    expect(cprProblem('290200-4234')).toBeNull();
    expect(cprProblem('290296-1234')).toBeNull();
    expect(cprProblem('290297-1234')).toBe(CITIZEN_MESSAGE_KEYS.cprInvalidDate);
  });

  it('masks the serial digits', () => {
    expect(maskCpr('0102451234')).toBe('010245-XXXX');
  });
});

describe('citizen requests', () => {
  it('needs a specific customer when the customer pays', () => {
    const result = zCitizenInformation.safeParse({ ...information, standardPayer: 'customer' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(['specificCustomerId']);
  });

  it('keeps the alarm receivers in order and clears the id of the other kind', () => {
    const id = '0190a3c4-0000-7000-8000-000000000002';
    const parsed = zReplaceAlarmReceiversRequest.parse({
      receivers: [
        { kind: 'contactPerson', contactPersonId: id, userId: id },
        { kind: 'user', userId: id },
      ],
    });
    expect(parsed.receivers).toEqual([
      { kind: 'contactPerson', userId: null, contactPersonId: id },
      { kind: 'user', userId: id, contactPersonId: null },
    ]);
    expect(zReplaceAlarmReceiversRequest.safeParse({ receivers: [{ kind: 'user' }] }).success).toBe(false);
  });

  it('caps monitored objects at the spec limit', () => {
    expect(zMonitoredObjectsRequest.parse({}).maxResultCount).toBe(1000);
    expect(zMonitoredObjectsRequest.safeParse({ maxResultCount: '1001' }).success).toBe(false);
  });
});
