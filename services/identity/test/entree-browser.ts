import { expect } from 'vitest';

/** A browser's cookies at the federation's stand-in (the product's own cookie is kept apart, per start). */
class Jar {
  private cookies = new Map<string, string>();
  header = () => [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  take(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      this.cookies.set(name!.trim(), value.join('='));
    }
  }
}

/**
 * At the local stand-in for the federation (`issuer`), as a browser does: follow its redirects to the
 * chooser, choose `identity`, and follow on until it sends the browser back; returns that address.
 */
export async function chooseAtProvider(
  issuer: string,
  authorizationUrl: string,
  identity: string,
): Promise<URL> {
  const jar = new Jar();
  let url = authorizationUrl;
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body: body?.toString(),
    });
    jar.take(res);
    body = undefined;
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url);
      if (next.origin !== new URL(issuer).origin) return next;
      url = next.toString();
      continue;
    }
    const html = await res.text();
    expect(res.status, html).toBe(200);
    const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
    expect(html).toContain(`value="${identity}"`);
    url = new URL(action!, url).toString();
    body = new URLSearchParams({ identity });
  }
  throw new Error('the provider never sent the browser back');
}
