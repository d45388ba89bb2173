import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { needsSessionState, sessionStateOf, withSessionState } from './session-state';

describe('session state', () => {
  it('is sha256 of "client_id origin browser_state salt", then the salt', () => {
    const state = sessionStateOf('branded', 'http://localhost:3000', 'abc', 'f00d');
    const expected = createHash('sha256').update('branded http://localhost:3000 abc f00d').digest('hex');
    expect(state).toBe(`${expected}.f00d`);
  });

  it('changes when the browser state, the origin or the client changes', () => {
    const base = sessionStateOf('branded', 'http://localhost:3000', 'abc', 'salt');
    expect(sessionStateOf('branded', 'http://localhost:3000', 'abd', 'salt')).not.toBe(base);
    expect(sessionStateOf('branded', 'http://127.0.0.1:3000', 'abc', 'salt')).not.toBe(base);
    expect(sessionStateOf('plug-and-play', 'http://localhost:3000', 'abc', 'salt')).not.toBe(base);
  });

  it('is added only to redirects that carry a code, once', () => {
    const withCode = withSessionState('http://localhost:3000/?code=c1&state=s1', 'x.y');
    expect(new URL(withCode).searchParams.get('session_state')).toBe('x.y');
    expect(withSessionState(withCode, 'other.z')).toBe(withCode);
    expect(withSessionState('http://localhost:3000/?error=login_required&state=s', 'x.y')).not.toContain(
      'session_state',
    );
  });

  it("reads the provider's relative redirects against the issuer, and leaves them alone", () => {
    const issuer = 'http://localhost:3000/connect';
    // prompt=consent sends a signed-in browser to the consent interaction with a relative Location.
    expect(needsSessionState('/account/interaction/abc', issuer)).toBe(false);
    expect(withSessionState('/account/interaction/abc', 'x.y', issuer)).toBe('/account/interaction/abc');
    expect(needsSessionState('http://localhost:3000/?code=c1', issuer)).toBe(true);
    expect(needsSessionState('http://localhost:3000/?code=c1&session_state=x.y', issuer)).toBe(false);
  });
});
