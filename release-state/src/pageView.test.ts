import { isServerReportSigned, newPageViewId, PAGE_VIEW_MAX_AGE_MS, readPageView, signPageView, signServerReport, type PageView } from './pageView';

const secret = 'a-secret-of-at-least-thirty-two-characters';
const now = Date.parse('2026-11-30T08:00:00Z');
const view: PageView = { id: newPageViewId(), issuedAt: now, arm: 'canary', canary: 7, versions: { 'mfe-catalog': '1.5.0', 'mfe-cart': '2.0.0' } };

describe('a page-view token', () => {
  it('names the page view it was signed for', () => {
    expect(readPageView(secret, signPageView(secret, view), now + 60_000)).toEqual({ view });
  });

  it('does not count when signed with another secret, changed, or not one at all', () => {
    const token = signPageView(secret, view);
    expect(readPageView('another-secret-of-thirty-two-characters!', token, now)).toEqual({ problem: 'the page-view token is not signed by this store' });
    // The payload changed to claim the live arm: the signature no longer fits.
    const [, signature] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ i: view.id, t: now, a: 'live', c: 7, v: view.versions })).toString('base64url');
    expect(readPageView(secret, `${forged}.${signature}`, now)).toEqual({ problem: 'the page-view token is not signed by this store' });
    for (const garbage of ['', 'abc', 'a.b.c', `${token}x`, 'x'.repeat(2000)]) expect(readPageView(secret, garbage, now)).toHaveProperty('problem');
  });

  it('expires a day after the page was served', () => {
    const token = signPageView(secret, view);
    expect(readPageView(secret, token, now + PAGE_VIEW_MAX_AGE_MS)).toEqual({ view });
    expect(readPageView(secret, token, now + PAGE_VIEW_MAX_AGE_MS + 1)).toEqual({ problem: 'the page-view token has expired' });
  });

  it('refuses a signed payload that does not say what a page view says', () => {
    const bad = { ...view, versions: { 'mfe-unknown': '1.0.0' } } as unknown as PageView;
    expect(readPageView(secret, signPageView(secret, bad), now)).toEqual({ problem: 'not a page-view token' });
    expect(readPageView(secret, signPageView(secret, { ...view, arm: 'other' as PageView['arm'] }), now)).toEqual({ problem: 'not a page-view token' });
  });
});

describe('the edge’s own report', () => {
  it('is signed over its body: another body or secret does not fit', () => {
    const body = JSON.stringify({ at: '2026-11-30T08:00:00Z', failures: [] });
    const signature = signServerReport(secret, body);
    expect(isServerReportSigned(secret, body, signature)).toBe(true);
    expect(isServerReportSigned(secret, `${body} `, signature)).toBe(false);
    expect(isServerReportSigned('another-secret-of-thirty-two-characters!', body, signature)).toBe(false);
    expect(isServerReportSigned(secret, body, undefined)).toBe(false);
    // A page-view token's signature is not a report's.
    expect(isServerReportSigned(secret, body, signPageView(secret, view).split('.')[1])).toBe(false);
  });
});
