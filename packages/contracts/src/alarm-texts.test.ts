import { describe, expect, it } from 'vitest';
import { fieldErrorsOf } from './validation';
import {
  ALARM_TEXT_MESSAGE_KEYS,
  alarmTextPlaceholders,
  renderAlarmText,
  zPreviewAlarmTextRequest,
  zSaveAlarmTextRequest,
} from './alarm-texts';

const values = {
  citizen: 'Inge Jensen',
  device: 'Watch 7',
  time: '23-11-2026 14:05',
  address: 'Vestergade 1',
  link: 'https://homeward.example/alarms?alarm=1',
};

function issuesOf(input: unknown) {
  const result = zSaveAlarmTextRequest.safeParse(input);
  return result.success ? [] : result.error.issues;
}

describe('renderAlarmText', () => {
  it('fills in every variable, as often as it is used', () => {
    expect(renderAlarmText('{citizen} ({device}) at {time}: {address} {link} – {citizen}', values)).toBe(
      'Inge Jensen (Watch 7) at 23-11-2026 14:05: Vestergade 1 https://homeward.example/alarms?alarm=1 – Inge Jensen',
    );
  });

  it('leaves unknown names, spaced braces and prototype names as they are', () => {
    expect(renderAlarmText('{who} { citizen } {constructor} {citizen}', values)).toBe(
      '{who} { citizen } {constructor} Inge Jensen',
    );
  });

  it('lists the placeholders once each, in order', () => {
    expect(alarmTextPlaceholders('{time} {citizen} {time} {x1}')).toEqual(['time', 'citizen', 'x1']);
  });
});

describe('alarm text validation', () => {
  it('accepts known variables and trims', () => {
    expect(zSaveAlarmTextRequest.parse({ subject: ' SOS: {citizen} ', body: '{time} {link}' })).toEqual({
      subject: 'SOS: {citizen}',
      body: '{time} {link}',
    });
  });

  it('requires subject and body and limits their length', () => {
    const missing = issuesOf({ subject: ' ', body: '' });
    expect(missing.map((issue) => issue.path[0]).sort()).toEqual(['body', 'subject']);
    expect(issuesOf({ subject: 'x'.repeat(200), body: 'y'.repeat(1000) })).toEqual([]);
    const long = issuesOf({ subject: 'x'.repeat(201), body: 'y'.repeat(1001) });
    expect(long.map((issue) => [issue.path[0], issue.code])).toEqual([
      ['subject', 'too_big'],
      ['body', 'too_big'],
    ]);
  });

  it('names unknown variables at their field', () => {
    const result = zSaveAlarmTextRequest.safeParse({
      subject: '{citizen} {name}',
      body: '{where} and {when}',
    });
    expect(result.success).toBe(false);
    expect(fieldErrorsOf(result.error!)).toEqual([
      { field: 'subject', message: ALARM_TEXT_MESSAGE_KEYS.unknownVariable, params: { name: 'name' } },
      { field: 'body', message: ALARM_TEXT_MESSAGE_KEYS.unknownVariable, params: { name: 'where, when' } },
    ]);
  });

  it('checks a preview the same way, with its language', () => {
    expect(zPreviewAlarmTextRequest.safeParse({ subject: 'a', body: '{nope}', language: 'da' }).success).toBe(
      false,
    );
    expect(
      zPreviewAlarmTextRequest.safeParse({ subject: 'a', body: 'b', language: 'not a culture' }).success,
    ).toBe(false);
    expect(zPreviewAlarmTextRequest.parse({ subject: 'a', body: '{device}', language: 'sv' })).toMatchObject({
      language: 'sv',
    });
  });
});
