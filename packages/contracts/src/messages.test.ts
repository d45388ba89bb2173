import { describe, expect, it } from 'vitest';
import { fieldErrorsOf, installValidationMessages } from './validation';
import { MESSAGE_KEYS, isSendAtAcceptable, zCreateMessageRequest, zMessagesForMeRequest } from './messages';

installValidationMessages();

const USER = '0190a5b0-0000-7000-8000-000000000001';
const UNIT = '0190a5b0-0000-7000-8000-000000000002';
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
const valid = { subject: 'Fire drill', body: 'At ten.', sendAt: inMinutes(5), userIds: [USER] };

describe('create message request', () => {
  it('accepts users, units or both, and defaults the rest', () => {
    expect(zCreateMessageRequest.parse(valid)).toEqual({
      ...valid,
      organizationUnitIds: [],
      includeSubOrganizations: false,
    });
    const toUnit = zCreateMessageRequest.parse({ ...valid, userIds: undefined, organizationUnitIds: [UNIT] });
    expect(toUnit.organizationUnitIds).toEqual([UNIT]);
  });

  it('requires at least one recipient, on userIds', () => {
    const result = zCreateMessageRequest.safeParse({ ...valid, userIds: [] });
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error!)).toEqual([
      { field: 'userIds', message: MESSAGE_KEYS.recipientRequired },
    ]);
  });

  it('refuses a send time more than a minute in the past, but not one just now', () => {
    const late = zCreateMessageRequest.safeParse({ ...valid, sendAt: inMinutes(-2) });
    expect(late.success).toBe(false);
    expect(fieldErrorsOf(late.error!)).toEqual([{ field: 'sendAt', message: MESSAGE_KEYS.sendAtInPast }]);
    expect(zCreateMessageRequest.safeParse({ ...valid, sendAt: inMinutes(-0.5) }).success).toBe(true);
    const now = new Date('2026-01-01T12:00:00Z');
    expect(isSendAtAcceptable('2026-01-01T11:59:00Z', now)).toBe(true);
    expect(isSendAtAcceptable('2026-01-01T11:58:59Z', now)).toBe(false);
  });

  it('checks subject, body and send time', () => {
    const result = zCreateMessageRequest.safeParse({
      ...valid,
      subject: 'x'.repeat(201),
      body: '  ',
      sendAt: 'tomorrow',
      userIds: ['not-a-uuid'],
    });
    expect(result.success).toBe(false);
    const errors = fieldErrorsOf(result.error!);
    expect(errors).toEqual(
      expect.arrayContaining([
        { field: 'subject', message: 'validation.maxLength', params: { count: 200 } },
        { field: 'body', message: 'validation.required' },
        { field: 'sendAt', message: 'validation.invalid' },
      ]),
    );
    expect(errors.some((error) => error.field.startsWith('userIds'))).toBe(true);
    expect(zCreateMessageRequest.safeParse({ ...valid, body: 'x'.repeat(4001) }).success).toBe(false);
  });
});

describe('messages for me request', () => {
  it('pages and reads the unread-only flag', () => {
    expect(zMessagesForMeRequest.parse({ unreadOnly: 'true' })).toEqual({
      skipCount: 0,
      maxResultCount: 10,
      unreadOnly: true,
    });
    expect(zMessagesForMeRequest.parse({}).unreadOnly).toBe(false);
  });
});
