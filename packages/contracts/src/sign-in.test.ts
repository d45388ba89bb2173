import { describe, expect, it } from 'vitest';
import type { SignInClient } from './configuration';
import {
  ANONYMOUS_SESSION_ERRORS,
  SIGN_IN_STALE_STATE_AGE_SECONDS,
  isAnonymousSessionError,
  signInClientFor,
} from './sign-in';

const BRANDED: SignInClient = {
  kind: 'branded',
  clientId: 'branded',
  origins: ['https://app.homeward.example', 'http://localhost:3000'],
};
const PLUG_AND_PLAY: SignInClient = {
  kind: 'plug-and-play',
  clientId: 'plug-and-play',
  origins: ['https://pnp.homeward.example', 'http://localhost:3000'],
};

describe('signInClientFor', () => {
  it('chooses the client whose origins include the origin', () => {
    expect(signInClientFor('https://pnp.homeward.example', [BRANDED, PLUG_AND_PLAY]).clientId).toBe(
      'plug-and-play',
    );
    expect(signInClientFor('https://app.homeward.example', [BRANDED, PLUG_AND_PLAY]).clientId).toBe(
      'branded',
    );
  });

  it('takes the first listing the origin when several do', () => {
    expect(signInClientFor('http://localhost:3000', [PLUG_AND_PLAY, BRANDED]).clientId).toBe('plug-and-play');
  });

  it('ignores case and a trailing slash of the origin', () => {
    expect(signInClientFor('HTTPS://PNP.homeward.example/', [BRANDED, PLUG_AND_PLAY]).clientId).toBe(
      'plug-and-play',
    );
  });

  it('falls back to the branded client for an unknown origin, wherever it is listed', () => {
    expect(signInClientFor('https://elsewhere.example', [PLUG_AND_PLAY, BRANDED]).clientId).toBe('branded');
  });

  it('falls back to the first client when none is branded, and refuses an empty list', () => {
    expect(signInClientFor('https://elsewhere.example', [PLUG_AND_PLAY]).clientId).toBe('plug-and-play');
    expect(() => signInClientFor('https://elsewhere.example', [])).toThrow();
  });
});

describe('anonymous session errors', () => {
  it('are exactly the four prompt=none answers', () => {
    expect([...ANONYMOUS_SESSION_ERRORS].sort()).toEqual(
      ['account_selection_required', 'consent_required', 'interaction_required', 'login_required'].sort(),
    );
    expect(isAnonymousSessionError('login_required')).toBe(true);
    expect(isAnonymousSessionError('access_denied')).toBe(false);
    expect(isAnonymousSessionError(undefined)).toBe(false);
  });

  it('keeps stale sign-in state for 15 minutes', () => {
    expect(SIGN_IN_STALE_STATE_AGE_SECONDS).toBe(900);
  });
});
