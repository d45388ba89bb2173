import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readProviderForm } from '../../platform/auth/oidc/provider-pages';
import { buildTestApp, type TestApp } from '../../test/build-test-app';
import { given, type GivenUser } from '../../test/given';
import { testBrowser, TEST_REDIRECT_URI as REDIRECT } from '../../test/test-browser';
import { AUTO_SUBMIT_SCRIPT } from './provider-pages';

// Every page oidc-provider shows itself, drawn by us: checked through the real provider, in both
// languages, for our layout and for no request to any host but our own.
let t: TestApp;
let user: GivenUser;
const OUR_ORIGIN = 'http://localhost:3000';
const LANGUAGES = ['en', 'da'] as const;

beforeAll(async () => {
  t = await buildTestApp();
  user = await given(t.database.db).user();
});
afterAll(async () => {
  await t.close();
});

/**
 * Our layout in `language`, none of the library's own pages, no script but the static one, and no
 * address of a host other than `origin` (ours, as the request named it).
 */
function expectOurPage(body: string, language: string, heading: string, origin = OUR_ORIGIN) {
  expect(body).toContain(`<html lang="${language}">`);
  expect(body).toContain('<p class="brand">Homeward</p>');
  expect(body).toContain(`<h1>${heading}</h1>`);
  expect(body).toContain('src:url(/account/assets/montserrat-latin-400-normal.woff2)');
  for (const stock of ['Sign-out Success', 'Submitting Callback', 'Logout Request', 'oops!', 'googleapis']) {
    expect(body).not.toContain(stock);
  }
  const origins = [...body.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((match) => new URL(match[0]).origin);
  expect(new Set(origins)).toEqual(new Set(origins.length ? [origin] : []));
  expect(body).not.toMatch(/["'(=]\s*\/\/[a-z0-9]/i);
  for (const script of body.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
    expect(script[1]).toBe(AUTO_SUBMIT_SCRIPT);
  }
}

/** A browser signed in with the code flow, with its ID token. */
async function signedInBrowser() {
  const browser = testBrowser(t);
  const answer = await browser.signInWithPassword(user.userName, user.password);
  const code = new URL(String(answer.headers.location)).searchParams.get('code')!;
  const idToken = (await browser.redeem(code)).json<{ id_token: string }>().id_token;
  return { browser, idToken };
}

/** A GET as a browser at PUBLIC_URL sends it (the provider's own addresses follow the Host). */
function inject(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ url, headers: { host: 'localhost:3000', ...headers } });
}

describe('the provider pages', () => {
  it.each(LANGUAGES)(
    'signs out with our page that posts itself, then shows our signed-out page (%s)',
    async (lng) => {
      const { browser, idToken } = await signedInBrowser();
      const page = await inject(`/connect/session/end?id_token_hint=${idToken}`, {
        ...browser.jar.header(),
        'accept-language': lng,
      });
      expect(page.statusCode).toBe(200);
      expectOurPage(page.body, lng, lng === 'da' ? 'Logger ud' : 'Signing out');
      // Without scripts a button signs out; no step asks the user to confirm.
      expect(page.body).toMatch(
        /<noscript><button class="button" type="submit">(Sign out|Log ud)<\/button><\/noscript>/,
      );
      const form = readProviderForm(page.body)!;
      expect(form.fields.map(([name]) => name)).toEqual(['xsrf', 'logout']);

      const confirm = await browser.post(new URL(form.action).pathname, Object.fromEntries(form.fields));
      expect(confirm.statusCode).toBe(303);
      const success = new URL(String(confirm.headers.location));
      const done = await inject(success.pathname, { ...browser.jar.header(), 'accept-language': lng });
      expect(done.statusCode).toBe(200);
      expectOurPage(done.body, lng, lng === 'da' ? 'Du er logget ud' : 'You are signed out');
      expect(done.body).toContain('href="/"');
    },
  );

  it("follows the client's ui_locales over the browser's languages", async () => {
    const { browser, idToken } = await signedInBrowser();
    const page = await inject(`/connect/session/end?id_token_hint=${idToken}&ui_locales=da-DK`, {
      ...browser.jar.header(),
      'accept-language': 'en',
    });
    expectOurPage(page.body, 'da', 'Logger ud');
  });

  it.each(LANGUAGES)(
    'shows our error page for a request that cannot go back to the client (%s)',
    async (lng) => {
      const params = new URLSearchParams({
        client_id: 'branded',
        response_type: 'code',
        scope: 'openid',
        redirect_uri: 'https://evil.example/',
        code_challenge: 'x'.repeat(43),
        code_challenge_method: 'S256',
      });
      const page = await inject(`/connect/auth?${params}`, { 'accept-language': lng });
      expect(page.statusCode).toBe(400);
      expectOurPage(page.body, lng, lng === 'da' ? 'Noget gik galt' : 'Something went wrong');
      // The protocol error stays readable for whoever looks it up; the unregistered host is not linked.
      expect(page.body).toContain('invalid_redirect_uri');
      expect(page.body).not.toContain('evil.example');
    },
  );

  it.each(LANGUAGES)('answers response_mode=form_post with our page that posts itself (%s)', async (lng) => {
    const params = new URLSearchParams({
      client_id: 'branded',
      response_type: 'code',
      response_mode: 'form_post',
      scope: 'openid',
      redirect_uri: REDIRECT,
      state: 'form-1',
    });
    // No PKCE challenge: the error goes back to the client, posted.
    const page = await inject(`/connect/auth?${params}`, { 'accept-language': lng });
    expectOurPage(page.body, lng, lng === 'da' ? 'Et øjeblik' : 'One moment');
    const form = readProviderForm(page.body)!;
    expect(form.action).toBe(REDIRECT);
    expect(Object.fromEntries(form.fields)).toMatchObject({ error: 'invalid_request', state: 'form-1' });
  });

  it('uses our page when a signed-in browser signs in as someone else, and the flow completes', async () => {
    const other = await given(t.database.db).user();
    const { browser } = await signedInBrowser();
    const params = new URLSearchParams({
      client_id: 'branded',
      response_type: 'code',
      scope: 'openid',
      redirect_uri: REDIRECT,
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
      prompt: 'login',
      state: 'switch',
    });
    const login = await browser.get(`/connect/auth?${params}`);
    const uid = String(login.headers.location).split('/').pop()!;
    const posted = await browser.post(`/account/interaction/${uid}/login`, {
      identifier: other.userName,
      password: other.password,
    });
    // The provider ends the first user's session before the second one's: a page that posts itself.
    const switching = await browser.follow(posted);
    expect(switching.statusCode).toBe(200);
    expectOurPage(switching.body, 'en', 'One moment', 'http://localhost');
    const form = readProviderForm(switching.body)!;
    const ended = await browser.post(new URL(form.action).pathname, Object.fromEntries(form.fields));
    const final = await browser.follow(ended);
    const callback = new URL(String(final.headers.location));
    expect(callback.searchParams.get('state')).toBe('switch');
    expect(callback.searchParams.get('code')).toBeTruthy();
  });

  it('sends a browser without a session at the provider straight to our signed-out page', async () => {
    const end = await inject('/connect/session/end');
    expect(end.statusCode).toBe(303);
    expect(end.headers.location).toBe(`${OUR_ORIGIN}/connect/session/end/success`);
  });
});

describe('readProviderForm', () => {
  it('reads the action and the hidden fields, unescaped, in order', () => {
    const markup = `<form method="post" action="https://app.example/cb?a=1&amp;b=2">
<input type="hidden" name="code" value="c&quot;1"/>
<input type="hidden" name="state" value="&lt;s&gt;&#39;"/></form>`;
    expect(readProviderForm(markup)).toEqual({
      action: 'https://app.example/cb?a=1&b=2',
      fields: [
        ['code', 'c"1'],
        ['state', "<s>'"],
      ],
    });
    expect(readProviderForm('<p>no form</p>')).toBeUndefined();
  });
});
