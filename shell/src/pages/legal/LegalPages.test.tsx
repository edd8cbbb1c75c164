import { Route, Routes } from '@storefront/shared';
import { renderWithStore } from '@storefront/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import type { ShopDisclosures } from '../../api/shopApi';
import { pageHeadFor } from '../../app/pageMeta';
import { LEGAL_PAGES } from '../../app/shellPages';
import { Footer } from '../../layout/Footer';
import { fixtureStore, SAMPLE_DISCLOSURES, type FixtureAnswer } from '../../testing/apiFixtures';
import { telHref } from '../shopContact';
import { LegalPages } from './LegalPages';

/** The page at `route`, GET /shop/disclosures answered by `answer`. */
function renderLegal(route: string, answer: () => FixtureAnswer = () => ({ status: 200, body: SAMPLE_DISCLOSURES })) {
  const { store, requests } = fixtureStore({ 'GET /shop/disclosures': answer });
  const rendered = renderWithStore(
    <Routes>
      <Route path="/legal/*" element={<LegalPages />} />
    </Routes>,
    { route, store },
  );
  return { ...rendered, requests };
}

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('the business details (/legal)', () => {
  it('names the legal entity, its numbers and address, and links its email and phone, after a skeleton', async () => {
    renderLegal('/legal');
    expect(screen.getByRole('heading', { level: 1, name: 'Business details' })).toBeInTheDocument();
    expect(screen.getByTestId('legal-loading')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByTestId('legal-name')).toHaveTextContent('Jacaranda Trading (Pty) Ltd');
    expect(screen.queryByTestId('legal-loading')).not.toBeInTheDocument();
    expect(screen.getByTestId('legal-registration-number')).toHaveTextContent('2019/123456/07');
    expect(screen.getByTestId('legal-vat-number')).toHaveTextContent('4123456789');
    const address = screen.getByTestId('legal-address');
    expect([...address.children].map((line) => line.textContent)).toEqual(SAMPLE_DISCLOSURES.address);
    expect(screen.getByRole('link', { name: 'hello@jacaranda.co.za' })).toHaveAttribute('href', 'mailto:hello@jacaranda.co.za');
    expect(screen.getByRole('link', { name: '+27 12 345 6789' })).toHaveAttribute('href', 'tel:+27123456789');
    expect(screen.getByRole('note')).toHaveTextContent('sample details of a shop in development');
    // Terms are described by their labels (dt), for screen readers too.
    expect(screen.getByText('Registration number').tagName).toBe('DT');
  });

  it('shows no VAT number while the shop is not registered for VAT, and no sample note for a real shop', async () => {
    const shop: ShopDisclosures = { ...SAMPLE_DISCLOSURES, vatNumber: null, sample: false };
    renderLegal('/legal', () => ({ status: 200, body: shop }));
    await screen.findByTestId('legal-name');
    expect(screen.queryByTestId('legal-vat-number')).not.toBeInTheDocument();
    expect(screen.queryByText('VAT number')).not.toBeInTheDocument();
    expect(screen.queryByTestId('legal-sample-note')).not.toBeInTheDocument();
  });

  it('says when the api cannot answer, and Try again reads it again, focusing what came', async () => {
    let failing = true;
    const { user, requests } = renderLegal('/legal', () => (failing ? { status: 503, body: { error: 'unavailable', message: 'Down' } } : { status: 200, body: SAMPLE_DISCLOSURES }));
    const problem = await screen.findByRole('alert');
    expect(problem).toHaveTextContent('We couldn’t load the shop’s information just now.');
    expect(within(problem).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    failing = false;
    await user.click(within(problem).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('legal-name')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toContainElement(screen.getByTestId('legal-name')));
    expect(requests.filter((request) => request.path === '/shop/disclosures')).toHaveLength(2);
  });
});

describe('the policies', () => {
  it.each([
    ['/legal/returns', 'Returns and refunds', SAMPLE_DISCLOSURES.returnsPolicy],
    ['/legal/delivery', 'Delivery', SAMPLE_DISCLOSURES.deliveryPolicy],
    ['/legal/privacy', 'Privacy', SAMPLE_DISCLOSURES.privacyPolicy],
    ['/legal/payment', 'Paying safely', SAMPLE_DISCLOSURES.paymentSecurity],
  ])('%s shows "%s" as the shop wrote it, with how to reach the shop', async (route, name, paragraphs) => {
    renderLegal(route);
    expect(screen.getByRole('heading', { level: 1, name })).toBeInTheDocument();
    const policy = await screen.findByTestId('legal-policy');
    expect([...policy.querySelectorAll('p')].map((paragraph) => paragraph.textContent)).toEqual(paragraphs);
    expect(screen.getByRole('link', { name: SAMPLE_DISCLOSURES.email })).toHaveAttribute('href', `mailto:${SAMPLE_DISCLOSURES.email}`);
    const nav = screen.getByRole('navigation', { name: 'More shop information' });
    expect(within(nav).getByRole('link', { name })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(LEGAL_PAGES.map((page) => page.path));
    expect(pageHeadFor(route).title).toBe(`${name} | Jacaranda`);
  });

  it('names the delivery fee in Rand', async () => {
    renderLegal('/legal/delivery', () => ({ status: 200, body: { ...SAMPLE_DISCLOSURES, deliveryFee: 129950 } }));
    expect(await screen.findByTestId('delivery-fee')).toHaveTextContent('Delivery fee: R1,299.50 per order');
  });

  it('sends a signed-in shopper to their own data from the privacy page', async () => {
    renderLegal('/legal/privacy');
    expect(await screen.findByRole('link', { name: 'Your account: your data' })).toHaveAttribute('href', '/account/privacy');
  });

  it('moves between the pages with one read of the api', async () => {
    const { user, requests } = renderLegal('/legal');
    await screen.findByTestId('legal-name');
    await user.click(screen.getByRole('link', { name: 'Paying safely' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Paying safely' })).toBeInTheDocument();
    expect(screen.getByTestId('legal-policy')).toHaveTextContent(SAMPLE_DISCLOSURES.paymentSecurity[0] ?? '');
    expect(requests.filter((request) => request.path === '/shop/disclosures')).toHaveLength(1);
  });

  it('answers an address under /legal that is no page with the 404 page', async () => {
    renderLegal('/legal/terms');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});

describe('the footer', () => {
  it('links every legal page under Shop information, as shellPages.ts names them', () => {
    renderWithStore(<Footer />);
    const nav = screen.getByRole('navigation', { name: 'Shop information' });
    const links = within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([
      ['Business details', '/legal'],
      ['Returns and refunds', '/legal/returns'],
      ['Delivery', '/legal/delivery'],
      ['Privacy', '/legal/privacy'],
      ['Paying safely', '/legal/payment'],
    ]);
    expect(links).toEqual(LEGAL_PAGES.map((page) => [page.name, page.path]));
  });
});

describe('telHref', () => {
  it('keeps the digits and a leading +, without a trunk (0)', () => {
    expect(telHref('+27 (0)12 345-6789')).toBe('tel:+27123456789');
    expect(telHref('012 345 6789')).toBe('tel:0123456789');
  });
});
