interface StoredCookie {
  name: string;
  value: string;
  path: string;
}

/**
 * A browser for journeys against a server listening on a real port: plain `fetch` with redirects
 * followed by hand, and a cookie jar that keeps each cookie by name and path and sends it only
 * under its path, as a browser does with the provider's per-interaction cookies.
 */
export class FetchBrowser {
  private readonly cookies = new Map<string, StoredCookie>();

  constructor(
    private readonly origin: string,
    private readonly headers: Record<string, string> = {},
  ) {}

  get(url: string | URL): Promise<Response> {
    return this.request(url, { method: 'GET' });
  }

  post(url: string | URL, fields: Record<string, string>): Promise<Response> {
    return this.request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Follows redirects while they stay on this origin under /connect or /account. */
  async follow(response: Response): Promise<Response> {
    let current = response;
    for (let hops = 0; hops < 10; hops++) {
      const location = current.headers.get('location');
      if (current.status < 300 || current.status >= 400 || !location) return current;
      const target = new URL(location, this.origin);
      if (target.origin !== this.origin || !/^\/(connect|account)\//.test(target.pathname)) return current;
      await current.arrayBuffer();
      current = await this.get(target);
    }
    throw new Error('too many redirects');
  }

  /** Whether a cookie of this name is kept (under any path). */
  has(name: string): boolean {
    return [...this.cookies.values()].some((cookie) => cookie.name === name);
  }

  private async request(url: string | URL, init: RequestInit): Promise<Response> {
    const target = new URL(url, this.origin);
    const cookie = this.cookieHeader(target.pathname);
    const response = await fetch(target, {
      ...init,
      redirect: 'manual',
      headers: {
        ...this.headers,
        ...(init.headers as Record<string, string>),
        ...(cookie ? { cookie } : {}),
      },
    });
    this.store(response, target.pathname);
    return response;
  }

  private cookieHeader(path: string): string {
    return [...this.cookies.values()]
      .filter((cookie) => path === cookie.path || path.startsWith(cookie.path.replace(/\/?$/, '/')))
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  private store(response: Response, requestPath: string): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim());
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const attribute = (key: string) =>
        attributes.find((part) => part.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      // RFC 6265 §5.1.4: without a Path, the request path up to its last slash.
      const path = attribute('path') || requestPath.replace(/\/[^/]*$/, '') || '/';
      const expires = attribute('expires');
      const gone =
        !value || attribute('max-age') === '0' || (expires !== undefined && Date.parse(expires) < Date.now());
      const key = `${name} ${path}`;
      if (gone) this.cookies.delete(key);
      else this.cookies.set(key, { name: name!, value, path });
    }
  }
}
