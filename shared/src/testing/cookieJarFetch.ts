/**
 * Node's fetch keeps no cookies, and the api knows its shoppers by cookie. This fetch plays the
 * browser's part for one shopper: it remembers what the api sets and sends it back.
 */
export function createCookieJarFetch(baseFetch: typeof fetch = fetch): typeof fetch {
  const cookies = new Map<string, string>();
  return async (input, init) => {
    const request = new Request(input, init);
    if (cookies.size > 0) {
      request.headers.set('cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await baseFetch(request);
    for (const header of response.headers.getSetCookie()) {
      const pair = header.split(';', 1)[0] ?? '';
      const equals = pair.indexOf('=');
      if (equals > 0) cookies.set(pair.slice(0, equals).trim(), pair.slice(equals + 1).trim());
    }
    return response;
  };
}
