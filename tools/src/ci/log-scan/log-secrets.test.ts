import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeFindings, scanLogFolder, scanText, type SecretKind } from './log-secrets';

const line = (fields: Record<string, unknown>) =>
  JSON.stringify({ level: 30, time: 1795639966139, ...fields });

/** A log line that leaks one secret of each kind the scan must catch. */
const LEAKS: [SecretKind, string][] = [
  ['password hash', line({ err: { message: 'params: ann,$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA' } })],
  ['password', line({ msg: 'login failed for ann with Homeward!Demo1' })],
  ['password', line({ body: 'username=ann&password=Viewer-Password1!' })],
  [
    'token',
    line({ req: { headers: { authorization: 'Bearer 4Rz0opaqueTokenValue43charsLongXXXXXXXXXXX' } } }),
  ],
  ['token', line({ req: { url: '/connect/session/end?id_token_hint=abc.def.ghi&state=1' } })],
  ['JWT', line({ msg: 'token eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl' })],
  ['TOTP secret', line({ msg: 'enrol otpauth://totp/Homeward:ann?secret=ABC' })],
  ['TOTP secret', line({ secretOffered: 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ' })],
  ['MQTT secret', line({ msg: 'connect with homeward-demo-watch' })],
  ['secret field', line({ device: { mqttSecret: 'xJ3k-random-secret' } })],
  ['CPR number', line({ req: { url: '/api/citizens?filter=0102451234' } })],
  ['CPR number', line({ msg: 'citizen 010245-1234 created' })],
  ['activation code', line({ msg: 'connect 356938035643809 with K7MZQ-4RT9W' })],
  ['secret field', line({ body: { activationCode: 'not-shaped' } })],
];

/** Lines with nothing secret in them, some of them close calls. */
const CLEAN = [
  line({ req: { url: '/api/citizens?filter=010245-XXXX' } }),
  line({ req: { url: '/?id=123456&lat=56.1&lon=10.1&timestamp=1801150000' } }),
  line({ msg: 'counter at 9999999999, device 356938035643809, phone +4512345678' }),
  line({ id: '01a2147b-9410-7000-bfed-820102451234', responseTime: 12.0102451234 }),
  line({
    req: { headers: { authorization: '[redacted]' } },
    password: '[redacted]',
    msg: 'Bearer [redacted]',
  }),
  line({ msg: 'otpauth://[redacted]', tokenType: 'Bearer', passwordPolicy: { minLength: 8 } }),
  line({ msg: 'GET /api/devices/activation-codes/export', code: 'ABCDE-FGH23X', name: 'HELLO-WORLD' }),
  line({ outbox: { body: 'https://homeward.example/registration?confirmationToken=abc123' } }),
  // The embedded SMS stand-in's phone sign-in code: read from the log on purpose (README "Phone login").
  line({ outbox: { channel: 'sms', to: '+4520304050', body: '042917 is your Homeward sign-in code.' } }),
];

describe('the log scan', () => {
  it.each(LEAKS)('catches a %s', (kind, text) => {
    const findings = scanText(text, 'server.log');
    expect(findings.map((finding) => finding.kind)).toContain(kind);
    expect(findings[0]).toMatchObject({ file: 'server.log', line: 1 });
  });

  it('finds nothing in lines without secrets, masked ones included', () => {
    expect(describeFindings(CLEAN.flatMap((text) => scanText(text, 'clean.log')))).toBe('');
  });

  it('reports file:line of each finding, without repeating the secret in full', () => {
    const findings = scanText(['{}', LEAKS[1]![1]].join('\n'), 'a/b.log');
    expect(describeFindings(findings)).toBe('a/b.log:2 password: Homewa…o1');
  });

  it('scans every log file under a folder, and refuses a missing or empty one', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'log-scan-'));
    expect(() => scanLogFolder(folder)).toThrow(/holds no log lines/);
    expect(() => scanLogFolder(path.join(folder, 'missing'))).toThrow(/does not exist/);

    mkdirSync(path.join(folder, 'e2e'));
    writeFileSync(path.join(folder, 'clean.log'), `${CLEAN.join('\n')}\n`);
    writeFileSync(path.join(folder, 'e2e', 'leaky.log'), `${CLEAN[0]}\n${LEAKS[0]![1]}\n`);
    writeFileSync(path.join(folder, 'notes.txt'), LEAKS[1]![1]);
    const scan = scanLogFolder(folder);
    expect(scan).toMatchObject({ files: 2, lines: CLEAN.length + 2 });
    expect(scan.findings).toEqual([
      expect.objectContaining({
        line: 2,
        kind: 'password hash',
        file: expect.stringMatching(/e2e\/leaky\.log$/),
      }),
    ]);
  });
});
