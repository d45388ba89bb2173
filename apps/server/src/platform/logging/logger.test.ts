import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger, redactRequestUrl } from './logger';
import { isSecretName, redactSecretText } from './secret-text';

const HASH = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNoaGFzaA';
const JWT = 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIxMjMifQ.c2lnbmF0dXJl';

/** A logger with the process configuration that writes into a string. */
function capturingLogger() {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger({ logLevel: 'debug', nodeEnv: 'test' }, { destination: sink }), lines };
}

describe('secret-shaped text', () => {
  it('masks hashes, JWTs, bearer values, otpauth addresses and secret-named values, and keeps the rest', () => {
    const text = [
      `hash ${HASH} end`,
      `id_token_hint=${JWT}&state=abc`,
      'Authorization: Bearer 4Rz0-opaque_Token.value',
      'otpauth://totp/Homeward:ann?secret=JBSWY3DPEHPK3PXP&issuer=Homeward',
      'grant_type=password&username=ann&password=Hunter2-Hunter2&scope=openid',
      '{"userName":"ann","newPassword":"Sommer-2026!","mqttSecret":"s3cr3t-mqtt","tokenType":"Bearer"}',
      'Failing row contains (01a2, ann, ANN, ann@example.com).',
      'Key (normalized_email)=(ANN@EXAMPLE.COM) already exists.',
      'Failed query: select 1\nparams: ann,Hunter2-Hunter2',
      'citizen 0102451234 at timestamp 1795630000',
      'connect 356938035643809 with K7MZQ-4RT9W as HELLO-WORLD',
    ].join('\n');
    const redacted = redactSecretText(text);
    for (const secret of [
      'c2FsdHNhbHQ',
      JWT,
      '4Rz0-opaque_Token.value',
      'JBSWY3DPEHPK3PXP',
      'Hunter2-Hunter2',
      'Sommer-2026!',
      's3cr3t-mqtt',
      'ann@example.com',
      'ANN@EXAMPLE.COM',
      '0102451234',
      'K7MZQ-4RT9W',
    ]) {
      expect(redacted).not.toContain(secret);
    }
    for (const kept of [
      'state=abc',
      'username=ann',
      'scope=openid',
      '"userName":"ann"',
      '"tokenType":"Bearer"',
      'Key (normalized_email)=',
      'Failed query: select 1',
      '010245-XXXX',
      'timestamp 1795630000',
      'connect 356938035643809 with',
      'as HELLO-WORLD',
    ]) {
      expect(redacted).toContain(kept);
    }
  });

  it('tells secret field names from look-alikes', () => {
    for (const name of [
      'password',
      'passwordHash',
      'access_token',
      'refreshToken',
      'mqttSecret',
      'totpSecret',
    ])
      expect(isSecretName(name), name).toBe(true);
    for (const name of ['passwordPolicy', 'token_type', 'tokenType', 'userName', 'accessFailedCount', 'code'])
      expect(isSecretName(name), name).toBe(false);
  });

  it('masks tokens and codes in request URLs, and CPR numbers, but not device timestamps', () => {
    expect(redactRequestUrl('/account/reset-password?token=abc123&lng=da')).toBe(
      '/account/reset-password?token=[redacted]&lng=da',
    );
    expect(redactRequestUrl('/?code=xyz&state=s')).toBe('/?code=[redacted]&state=s');
    expect(redactRequestUrl('/api/account/invitations/tok_123')).toBe('/api/account/invitations/[redacted]');
    expect(redactRequestUrl('/?id=1&timestamp=1795630000')).toBe('/?id=1&timestamp=1795630000');
    expect(redactRequestUrl('/connect/session/end?id_token_hint=abc&state=s')).toBe(
      '/connect/session/end?id_token_hint=[redacted]&state=s',
    );
  });

  it('cuts a fuzzed megabyte URL to a readable line, leaving no part of a secret at the cut', () => {
    const url = `/api/citizens?filter=${'x'.repeat(2018)}&cpr=0102451234&more=${'y'.repeat(1_000_000)}`;
    const logged = redactRequestUrl(url);
    expect(logged.length).toBeLessThan(2100);
    expect(logged).toMatch(/^\/api\/citizens\?filter=x+&cpr=…\[\d+ more characters\]$/);
    expect(logged).not.toContain('0102');
  });
});

describe('the process logger', () => {
  it('removes secret fields wherever they are, up to three levels down', () => {
    const { logger, lines } = capturingLogger();
    logger.info(
      {
        password: 'Top-Level1',
        user: { passwordHash: HASH, userName: 'ann' },
        request: { headers: { authorization: 'Bearer zzzzzzzzzz', cookie: '_session=abc', host: 'x' } },
        device: { credentials: { mqttSecret: 'deep-secret' } },
      },
      'signed in',
    );
    const line = lines.join('\n');
    for (const secret of ['Top-Level1', 'c2FsdHNhbHQ', 'zzzzzzzzzz', '_session=abc', 'deep-secret'])
      expect(line).not.toContain(secret);
    expect(JSON.parse(line)).toMatchObject({ user: { userName: 'ann', passwordHash: '[redacted]' } });
  });

  it('masks secrets quoted into messages and string fields', () => {
    const { logger, lines } = capturingLogger();
    logger.warn({ body: 'username=ann&password=Quoted-Pass1' }, `refused ${JWT} for 0102451234`);
    logger.error('plain message with otpauth://totp/x?secret=JBSWY3DPEHPK3PXP');
    const text = lines.join('\n');
    for (const secret of ['Quoted-Pass1', JWT, '0102451234', 'JBSWY3DPEHPK3PXP'])
      expect(text).not.toContain(secret);
    expect(text).toContain('username=ann');
  });

  it('masks CPR numbers and tokens in every request URL, and keeps timestamps', () => {
    const { logger, lines } = capturingLogger();
    const req = (url: string) => ({ method: 'GET', url, headers: {}, ip: '127.0.0.1' });
    logger.info({ req: req('/api/citizens?filter=0102451234') }, 'incoming request');
    logger.info({ req: req('/?id=1&timestamp=1795630000') }, 'incoming request');
    logger.info({ req: req('/account/reset-password?token=t0k3n') }, 'incoming request');
    const urls = lines.map((line) => (JSON.parse(line) as { req: { url: string } }).req.url);
    expect(urls).toEqual([
      '/api/citizens?filter=010245-XXXX',
      '/?id=1&timestamp=1795630000',
      '/account/reset-password?token=[redacted]',
    ]);
  });
});

describe('the embedded e-mail transport’s entries', () => {
  it('keep their link tokens followable, and still lose CPR numbers and secret shapes', () => {
    const { logger, lines } = capturingLogger();
    const body = `Hej\nhttps://homeward.example/registration?confirmationToken=abc123\nCPR 0102451234 ${JWT}`;
    logger.info({ outbox: { to: 'a@example.dk', subject: 'Hej', body, links: [] } }, 'e-mail');
    const { outbox } = JSON.parse(lines[0]!) as { outbox: { body: string } };
    expect(outbox.body).toContain('?confirmationToken=abc123');
    expect(outbox.body).toContain('010245-XXXX');
    expect(outbox.body).not.toContain(JWT);
  });
});
