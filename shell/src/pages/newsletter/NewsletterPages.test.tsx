import { Route, Routes, useLocation } from '@storefront/shared';
import { renderWithStore } from '@storefront/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import { StrictMode } from 'react';
import { fixtureStore, type FixtureAnswer } from '../../testing/apiFixtures';
import { NewsletterPages } from './NewsletterPages';

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

/** The page at `route`, in StrictMode as the shell draws it, its POST answered by `answer`. */
function renderAt(route: string, path: '/newsletter/confirm' | '/newsletter/unsubscribe', answer: (body: unknown) => FixtureAnswer) {
  const { store, requests } = fixtureStore({ [`POST ${path}`]: answer });
  const rendered = renderWithStore(
    <StrictMode>
      <Routes>
        <Route path="/newsletter/*" element={<NewsletterPages />} />
      </Routes>
      <Where />
    </StrictMode>,
    { route, store },
  );
  return { ...rendered, posts: () => requests.filter((request) => request.method === 'POST' && request.path === path) };
}

const answer = screen.getByTestId.bind(screen, 'newsletter-answer');

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('/newsletter/confirm', () => {
  it.each(['You are subscribed to our newsletter.', 'You were already subscribed.'])('posts the token once on arrival and shows the answer, "%s", focused; the address stays', async (message) => {
    const { posts } = renderAt('/newsletter/confirm?token=abc123', '/newsletter/confirm', () => ({ status: 200, body: { message } }));
    expect(screen.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your subscription…');
    expect(await screen.findByText(message)).toBeInTheDocument();
    await waitFor(() => expect(answer()).toHaveFocus());
    expect(posts().map((post) => post.body)).toEqual([{ token: 'abc123' }]);
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/shop');
    expect(screen.getByTestId('where')).toHaveTextContent('/newsletter/confirm?token=abc123');
  });

  it('says an expired link has expired and offers the form again', async () => {
    renderAt('/newsletter/confirm?token=old', '/newsletter/confirm', () => ({ status: 410, body: { error: 'expired', message: 'This link has expired.' } }));
    expect(await screen.findByText('This confirmation link has expired.')).toBeInTheDocument();
    await waitFor(() => expect(answer()).toHaveFocus());
    const again = screen.getByRole('region', { name: 'Subscribe again' });
    expect(await within(again).findByRole('textbox', { name: 'Your email for our newsletter' })).toBeInTheDocument();
    expect(within(again).getByRole('button', { name: 'Subscribe' })).toBeInTheDocument();
  });

  it.each([400, 404])('says a link the api answers %i is not valid', async (status) => {
    renderAt('/newsletter/confirm?token=cut', '/newsletter/confirm', () => ({ status, body: { error: 'invalid_token', message: 'No.' } }));
    expect(await screen.findByText(/This confirmation link is not valid\./)).toBeInTheDocument();
    await waitFor(() => expect(answer()).toHaveFocus());
    expect(screen.queryByRole('region', { name: 'Subscribe again' })).not.toBeInTheDocument();
  });

  it('asks nothing without a token: the link is not valid', async () => {
    const { posts } = renderAt('/newsletter/confirm', '/newsletter/confirm', () => ({ status: 200, body: { message: 'never' } }));
    expect(screen.getByText(/This confirmation link is not valid\./)).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts()).toEqual([]);
  });

  it('offers Try again when the api could not answer', async () => {
    let down = true;
    const { user, posts } = renderAt('/newsletter/confirm?token=abc', '/newsletter/confirm', () =>
      down ? { status: 503, body: { error: 'busy', message: 'We are busy just now.' } } : { status: 200, body: { message: 'You are subscribed to our newsletter.' } },
    );
    expect(await screen.findByText('We are busy just now.')).toBeInTheDocument();
    down = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('You are subscribed to our newsletter.')).toBeInTheDocument();
    await waitFor(() => expect(answer()).toHaveFocus());
    expect(posts()).toHaveLength(2);
  });
});

describe('/newsletter/unsubscribe', () => {
  it('changes nothing on arrival; the Unsubscribe button posts the token and the answer is focused', async () => {
    const { user, posts } = renderAt('/newsletter/unsubscribe?token=xyz', '/newsletter/unsubscribe', () => ({ status: 200, body: { message: 'You are unsubscribed from our newsletter.' } }));
    expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribe from our newsletter' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(posts()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You are unsubscribed from our newsletter.')).toBeInTheDocument();
    await waitFor(() => expect(answer()).toHaveFocus());
    expect(posts().map((post) => post.body)).toEqual([{ token: 'xyz' }]);
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
    expect(screen.getByTestId('where')).toHaveTextContent('/newsletter/unsubscribe?token=xyz');
  });

  it.each([400, 404])('says a link the api answers %i is not valid', async (status) => {
    const { user } = renderAt('/newsletter/unsubscribe?token=bad', '/newsletter/unsubscribe', () => ({ status, body: { error: 'invalid_token', message: 'No.' } }));
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(/This unsubscribe link is not valid\./)).toBeInTheDocument();
    await waitFor(() => expect(answer()).toHaveFocus());
    expect(screen.getByRole('link', { name: 'write to us' })).toHaveAttribute('href', '/contact');
  });

  it('has no button without a token', () => {
    renderAt('/newsletter/unsubscribe', '/newsletter/unsubscribe', () => ({ status: 200, body: { message: 'never' } }));
    expect(screen.getByText(/This unsubscribe link is not valid\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).not.toBeInTheDocument();
  });

  it('keeps the button, to try again, when the api could not answer', async () => {
    const { user, posts } = renderAt('/newsletter/unsubscribe?token=xyz', '/newsletter/unsubscribe', () => ({ status: 500, body: { error: 'internal', message: 'Something went wrong.' } }));
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
  });
});

it('answers any other address under /newsletter with the 404 page', () => {
  renderAt('/newsletter/other', '/newsletter/confirm', () => ({ status: 200, body: { message: 'never' } }));
  expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
});
