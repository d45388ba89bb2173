import { describe, expect, it } from 'vitest';
import { emailLinkBase } from './email-link-base';

const config = {
  publicUrl: 'https://app.homeward.example/',
  signInClients: [
    { kind: 'branded' as const, clientId: 'branded', origins: ['https://app.homeward.example'] },
    {
      kind: 'plug-and-play' as const,
      clientId: 'plug-and-play',
      origins: ['https://home.homeward.example', 'https://family.homeward.example'],
    },
  ],
};

describe('emailLinkBase', () => {
  it('is the origin of the client the request came from, for each plug-and-play origin', () => {
    expect(emailLinkBase('https://home.homeward.example', config)).toBe('https://home.homeward.example');
    expect(emailLinkBase('https://family.homeward.example', config)).toBe('https://family.homeward.example');
  });

  it('is PUBLIC_URL, without its slash, for the branded origin and for a request without an origin', () => {
    expect(emailLinkBase('https://app.homeward.example', config)).toBe('https://app.homeward.example');
    expect(emailLinkBase(undefined, config)).toBe('https://app.homeward.example');
  });

  it('never points a link at an origin no sign-in client has', () => {
    for (const origin of ['https://evil.example', 'null', '', 'https://home.homeward.example/path', ' ']) {
      expect(emailLinkBase(origin, config)).toBe('https://app.homeward.example');
    }
    expect(emailLinkBase(['https://home.homeward.example'], config)).toBe('https://app.homeward.example');
  });

  it('keeps a path of PUBLIC_URL', () => {
    expect(emailLinkBase(undefined, { ...config, publicUrl: 'https://host.example/homeward/' })).toBe(
      'https://host.example/homeward',
    );
  });
});
