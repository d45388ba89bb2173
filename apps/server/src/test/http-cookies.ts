import type { LightMyRequestResponse } from 'fastify';

/** A browser's cookie jar for `app.inject` journeys: remembers Set-Cookie, sends Cookie. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Stores the cookies a response sets; an empty value or a past expiry deletes one. */
  store(response: LightMyRequestResponse): this {
    for (const cookie of response.cookies) {
      const expired = cookie.expires !== undefined && new Date(cookie.expires).getTime() < Date.now();
      if (!cookie.value || expired || cookie.maxAge === 0) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return this;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  /** The Cookie header to send, or an empty object when the jar is empty. */
  header(): { cookie?: string } {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }
}
