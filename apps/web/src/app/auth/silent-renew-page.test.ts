import { describe, expect, it, vi } from 'vitest';
import html from '../../../public/silent-renew.html?raw';
import script from '../../../public/silent-renew.js?raw';

/** The script of public/silent-renew.html (its own file: the CSP allows no inline script), run against a stand-in window. */
function runSilentRenewPage(win: Record<string, unknown>) {
  new Function('window', script)(win);
}

describe('silent-renew.html', () => {
  it('loads its script from a file of the same origin, with no inline script', () => {
    expect(html).toContain('<script src="/silent-renew.js"></script>');
    expect(html).not.toMatch(/<script>/);
  });

  it('hands the provider answer to the parent window as oidc-client-ts expects, to its own origin only', () => {
    const parent = { postMessage: vi.fn() };
    const href = 'http://localhost:3000/silent-renew.html?code=abc&state=s1';
    runSilentRenewPage({ parent, location: { href, origin: 'http://localhost:3000' } });
    expect(parent.postMessage).toHaveBeenCalledWith(
      { source: 'oidc-client', url: href, keepOpen: false },
      'http://localhost:3000',
    );
  });

  it('does nothing when opened on its own', () => {
    const win: Record<string, unknown> = { location: { href: 'x', origin: 'http://localhost:3000' } };
    win.parent = win;
    expect(() => runSilentRenewPage(win)).not.toThrow();
  });
});
