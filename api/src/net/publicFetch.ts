import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Fetching an address someone else wrote (a picture's `Image Src`) is an attack surface: the api
 * would reach, from inside the shop's network, whatever the address names. So: http and https
 * only; every address a name resolves to must be a public one (not private, loopback, link-local,
 * multicast, reserved or the cloud metadata service), checked on the address actually connected
 * to, so DNS that answers differently the second time gains nothing; redirects are followed by
 * hand, each checked the same way; and a size cap and a timeout bound what one fetch can cost.
 */
export class FetchRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FetchRefused';
  }
}

export interface PublicFetchLimits {
  maxBytes: number;
  timeoutMs: number;
  maxRedirects: number;
  /** Which addresses may be connected to: public ones (tests name their own server's). */
  isAllowedAddress: (address: string) => boolean;
}

/** Whether an address is one of the internet's, not the shop's own network or the machine itself. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  return parsed.range() === 'unicast';
}

/** Resolves as dns.lookup does, and refuses a name any of whose addresses is not allowed. */
const lookupAllowed = (isAllowed: (address: string) => boolean): LookupFunction => (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as dns.LookupAddress[];
    const refused = list.find((entry) => !isAllowed(entry.address));
    if (refused || list.length === 0) {
      return callback(Object.assign(new FetchRefused(`${hostname} is not a public address (${refused?.address ?? 'none'})`), { code: 'EREFUSED_ADDRESS' }), '', 0);
    }
    if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    const first = list[0] as dns.LookupAddress;
    return callback(null, first.address, first.family);
  });
};

export const PUBLIC_FETCH_LIMITS: PublicFetchLimits = { maxBytes: 20 * 1024 * 1024, timeoutMs: 15_000, maxRedirects: 3, isAllowedAddress: isPublicAddress };

function getOnce(url: URL, limits: PublicFetchLimits, signal: AbortSignal): Promise<{ status: number; location?: string; body?: Buffer }> {
  return new Promise((resolve, reject) => {
    // An address written as a number is checked here, as a name's addresses are in the lookup.
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (ipaddr.isValid(host) && !limits.isAllowedAddress(host)) return reject(new FetchRefused(`${host} is not a public address`));
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(url, { lookup: lookupAllowed(limits.isAllowedAddress), signal, headers: { 'user-agent': 'storefront-picture-fetch', accept: 'image/*' }, agent: false }, (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        return resolve({ status, location: response.headers.location });
      }
      if (status !== 200) {
        response.resume();
        return resolve({ status });
      }
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > limits.maxBytes) {
        response.destroy();
        return reject(new FetchRefused(`the picture is larger than ${limits.maxBytes} bytes`));
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) {
          response.destroy();
          reject(new FetchRefused(`the picture is larger than ${limits.maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      response.on('end', () => resolve({ status, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    });
    request.on('error', reject);
  });
}

/** GETs a public http(s) address's bytes within the limits; a refusal says why. */
export async function fetchPublic(address: string, limits: PublicFetchLimits = PUBLIC_FETCH_LIMITS): Promise<Buffer> {
  const signal = AbortSignal.timeout(limits.timeoutMs);
  let url = new URL(address);
  for (let hop = 0; hop <= limits.maxRedirects; hop += 1) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefused(`${url.protocol} addresses are not fetched, only http and https`);
    if (url.username || url.password) throw new FetchRefused('addresses with a user name or password are not fetched');
    const answer = await getOnce(url, limits, signal);
    if (answer.body) return answer.body;
    // A busy or failing server may answer next time; any other answer is the address's for good.
    if (!answer.location && (answer.status >= 500 || answer.status === 429)) throw new Error(`the server answered ${answer.status}`);
    if (!answer.location) throw new FetchRefused(`the server answered ${answer.status}`);
    url = new URL(answer.location, url);
  }
  throw new FetchRefused(`more than ${limits.maxRedirects} redirects`);
}
