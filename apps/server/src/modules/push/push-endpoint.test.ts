import { describe, expect, it } from 'vitest';
import { endpointProblem, isPublicAddress } from './push-endpoint';

/** Where pushes may go (SSRF): public https hosts, and plain or private ones only when allowed. */
describe('push endpoints', () => {
  it('accepts the browsers’ push services', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QAbc',
      'https://wns2-db5p.notify.windows.com/w/?token=abc',
    ]) {
      expect(endpointProblem(endpoint, []), endpoint).toBeNull();
    }
  });

  it('lets the allowed hosts be plain http and private, and nothing else', () => {
    expect(endpointProblem('http://127.0.0.1:4000/push/1', ['127.0.0.1'])).toBeNull();
    expect(endpointProblem('http://127.0.0.1:4000/push/1', [])).toBe('push:endpointNotHttps');
    expect(endpointProblem('https://127.0.0.1/push/1', [])).toBe('push:endpointNotAllowed');
    expect(endpointProblem('not a url', [])).toBe('push:endpointNotHttps');
  });

  it.each([
    ['127.0.0.1', false],
    ['10.0.0.8', false],
    ['172.20.1.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['::1', false],
    ['::ffff:10.0.0.1', false],
    ['fe80::1', false],
    ['fd12::1', false],
    ['8.8.8.8', true],
    ['172.32.0.1', true],
    ['2a00:1450:4001:80b::200a', true],
    ['::ffff:8.8.8.8', true],
  ])('%s is public: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});
