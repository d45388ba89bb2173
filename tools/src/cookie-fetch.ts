/**
 * A browser's cookie jar over `fetch`, for tests that walk sign-in pages by hand: every request
 * sends the cookies so far, answers' `Set-Cookie` are kept, and redirects are not followed (the
 * caller reads `location`). Cookies are kept by name only, for one host.
 */
export function cookieFetch() {
  const cookies = new Map<string, string>();
  return async function request(url: string, form?: Record<string, string>): Promise<Response> {
    const response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    for (const header of response.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const equals = pair!.indexOf('=');
      cookies.set(pair!.slice(0, equals).trim(), pair!.slice(equals + 1));
    }
    return response;
  };
}
