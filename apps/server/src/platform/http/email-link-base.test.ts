import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config/config';
import { clientLinkBase, emailLinkBase, knownClientLinkBase } from './email-link-base';

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

describe('knownClientLinkBase', () => {
  it('is a sign-in client’s origin, PUBLIC_URL for PUBLIC_URL’s origin, and nothing for any other', () => {
    expect(knownClientLinkBase('https://family.homeward.example', config)).toBe(
      'https://family.homeward.example',
    );
    expect(
      knownClientLinkBase('https://host.example', { ...config, publicUrl: 'https://host.example/homeward/' }),
    ).toBe('https://host.example/homeward');
    for (const origin of ['https://evil.example', 'https://home.homeward.example/', '', undefined]) {
      expect(knownClientLinkBase(origin, config)).toBeUndefined();
    }
  });
});

describe('clientLinkBase', () => {
  it('opens the plug-and-play client on its first origin, and the branded one on PUBLIC_URL', () => {
    expect(clientLinkBase('plug-and-play', config)).toBe('https://home.homeward.example');
    expect(clientLinkBase('branded', config)).toBe('https://app.homeward.example');
  });

  it('is the first branded origin when the branded origins leave out PUBLIC_URL', () => {
    const issuerApart = {
      ...config,
      publicUrl: 'https://id.homeward.example',
      signInClients: [
        { ...config.signInClients[0]!, origins: ['https://kommune.homeward.example'] },
        config.signInClients[1]!,
      ],
    };
    expect(clientLinkBase('branded', issuerApart)).toBe('https://kommune.homeward.example');
  });

  it('skips an origin that opens the other client, and one the reader cannot reach', () => {
    const shared = {
      ...config,
      signInClients: [
        config.signInClients[0]!,
        {
          ...config.signInClients[1]!,
          // Listed by the branded client too, so the SPA there is the branded one; then loopback.
          origins: [
            'https://app.homeward.example',
            'http://127.0.0.1:3000',
            'https://family.homeward.example',
          ],
        },
      ],
    };
    expect(clientLinkBase('plug-and-play', shared)).toBe('https://family.homeward.example');
  });

  it('is PUBLIC_URL for a plug-and-play client left at its local defaults in a deployment', () => {
    const deployed = loadConfig({
      NODE_ENV: 'test',
      PUBLIC_URL: 'https://care.homeward.example',
      PORT: '3000',
    });
    expect(clientLinkBase('plug-and-play', deployed)).toBe('https://care.homeward.example');
    expect(clientLinkBase('branded', deployed)).toBe('https://care.homeward.example');
  });

  it('is the local demo’s plug-and-play client on 127.0.0.1 when PUBLIC_URL is local too', () => {
    const local = loadConfig({ NODE_ENV: 'test', PORT: '3000' });
    expect(clientLinkBase('plug-and-play', local)).toBe('http://127.0.0.1:3000');
    expect(clientLinkBase('branded', local)).toBe('http://localhost:3000');
  });
});
