/**
 * Fetching an address from a shop's file: only public addresses, checked on every hop, within a
 * size and a time. A server of the test's own on 127.0.0.1 stands in for "the internet" where a
 * test names it allowed; everything else on the machine stays refused.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchPublic, FetchRefused, isPublicAddress, PUBLIC_FETCH_LIMITS, type PublicFetchLimits } from './publicFetch';

describe('which addresses are public', () => {
  it.each([
    ['8.8.8.8', true],
    ['2606:4700::1111', true],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['127.0.0.1', false],
    ['::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:8.8.8.8', true],
    ['169.254.169.254', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['0.0.0.0', false],
    ['100.64.0.1', false],
    ['224.0.0.1', false],
    ['not an address', false],
  ])('%s → %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('fetching a picture by its address', () => {
  let server: http.Server;
  let base: string;
  let port: number;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      if (request.url === '/picture') return response.end(Buffer.alloc(1000, 7));
      if (request.url === '/big') return response.end(Buffer.alloc(5000, 7));
      if (request.url === '/to-picture') return response.writeHead(302, { location: '/picture' }).end();
      if (request.url === '/to-other-host') return response.writeHead(302, { location: `http://127.0.0.2:${port}/picture` }).end();
      if (request.url === '/to-name') return response.writeHead(302, { location: `http://localhost:${port}/picture` }).end();
      if (request.url === '/to-file') return response.writeHead(302, { location: 'file:///etc/passwd' }).end();
      if (request.url === '/loop') return response.writeHead(302, { location: '/loop' }).end();
      if (request.url === '/slow') return; // never answers
      response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** The test's own server counts as public; nothing else on the machine does. */
  const limits: PublicFetchLimits = { ...PUBLIC_FETCH_LIMITS, maxBytes: 2000, timeoutMs: 500, isAllowedAddress: (address) => address === '127.0.0.1' };

  it('refuses the machine itself by default, written as a number or as a name', async () => {
    await expect(fetchPublic(`${base}/picture`)).rejects.toThrow(new FetchRefused('127.0.0.1 is not a public address'));
    await expect(fetchPublic(`http://localhost:${port}/picture`)).rejects.toThrow(/^localhost is not a public address/);
    await expect(fetchPublic('http://[::1]/picture')).rejects.toThrow(FetchRefused);
    await expect(fetchPublic('http://169.254.169.254/latest/meta-data')).rejects.toThrow('169.254.169.254 is not a public address');
  });

  it('fetches an allowed address’s bytes, following a redirect there', async () => {
    expect((await fetchPublic(`${base}/picture`, limits)).length).toBe(1000);
    expect((await fetchPublic(`${base}/to-picture`, limits)).length).toBe(1000);
  });

  it('checks every redirect as the first address: another host, a name, another scheme', async () => {
    await expect(fetchPublic(`${base}/to-other-host`, limits)).rejects.toThrow('127.0.0.2 is not a public address');
    // A name on a later hop is resolved and its addresses checked before connecting.
    const checked: string[] = [];
    const counting = { ...limits, isAllowedAddress: (address: string) => (checked.push(address), address === '127.0.0.1') };
    expect((await fetchPublic(`${base}/to-name`, counting)).length).toBe(1000);
    expect(checked).toEqual(['127.0.0.1', '127.0.0.1']);
    await expect(fetchPublic(`${base}/to-file`, limits)).rejects.toThrow('file: addresses are not fetched, only http and https');
    await expect(fetchPublic(`${base}/loop`, limits)).rejects.toThrow('more than 3 redirects');
  });

  it('stops at the size cap and the timeout, and refuses addresses with a password', async () => {
    await expect(fetchPublic(`${base}/big`, limits)).rejects.toThrow('the picture is larger than 2000 bytes');
    await expect(fetchPublic(`${base}/slow`, limits)).rejects.toThrow(/abort|timeout/i);
    await expect(fetchPublic(`http://user:secret@127.0.0.1:${port}/picture`, limits)).rejects.toThrow('addresses with a user name or password are not fetched');
    await expect(fetchPublic(`${base}/missing`, limits)).rejects.toThrow('the server answered 404');
  });
});
