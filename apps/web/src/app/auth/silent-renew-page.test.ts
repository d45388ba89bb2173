import { describe, expect, it, vi } from 'vitest';
import html from '../../../public/silent-renew.html?raw';

/** The script of public/silent-renew.html, run against a stand-in window. */
function runSilentRenewPage(win: Record<string, unknown>) {
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error('silent-renew.html has no script');
  new Function('window', script)(win);
}

describe('silent-renew.html', () => {
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
