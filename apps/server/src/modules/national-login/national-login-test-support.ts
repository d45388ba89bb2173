import { cookieFetch } from '@homeward/tools/cookie-fetch';

/**
 * Drives the test broker's development pages as a browser would (its own cookies): from the
 * authorization address Homeward sent the browser to, through its login form (any password) and
 * consent page, to the address it sends the browser back to, which is returned.
 */
export async function followBrokerSignIn(authorizationUrl: string, login: string): Promise<URL> {
  const request = cookieFetch();
  const origin = new URL(authorizationUrl).origin;
  let url = authorizationUrl;
  let form: Record<string, string> | undefined;
  for (let step = 0; step < 20; step += 1) {
    const response = await request(url, form);
    form = undefined;
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next;
      url = next.href;
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    if (!action) throw new Error(`the broker answered ${response.status} without a form or redirect`);
    const hidden = Object.fromEntries(
      [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((match) => [
        match[1]!,
        match[2]!,
      ]),
    );
    const isLogin = page.includes('name="login"');
    form = isLogin ? { ...hidden, login, password: 'any' } : hidden;
    url = new URL(action.replace(/&amp;/g, '&'), url).href;
  }
  throw new Error('the broker sign-in did not come back');
}
