/**
 * /account/security and /account/privacy against the test api: changing the password, signing
 * out other devices, downloading the account's data and deleting the account, each confirmed
 * by the password.
 */
import { type AccountDataExport, authApi, Route, Routes, useLocation } from '@storefront/shared';
import { createTestStore, renderWithStore } from '@storefront/shared/testing';
import { screen, waitFor, within } from '@testing-library/react';
import AccountPage from './AccountPage';

jest.setTimeout(30_000);

const PASSWORD = 'a good long password';

function Where() {
  const { pathname } = useLocation();
  return <output aria-label="location">{pathname}</output>;
}

function renderAccount(route: string, store: ReturnType<typeof createTestStore>) {
  return renderWithStore(
    <>
      <Routes>
        <Route path="/account/*" element={<AccountPage />} />
        <Route path="/" element={<h1>Home</h1>} />
      </Routes>
      <Where />
    </>,
    { route, store },
  );
}

async function registeredStore() {
  const store = createTestStore();
  const email = `zanele.${Date.now()}.${Math.round(Math.random() * 1e6)}@example.co.za`;
  await store
    .dispatch(authApi.endpoints.register.initiate({ first_name: 'Zanele', last_name: 'Dube', email, password: PASSWORD, phone: '0827654321' }))
    .unwrap();
  return { store, email };
}

async function signInElsewhere(email: string, password = PASSWORD) {
  const store = createTestStore();
  const signedIn = await store.dispatch(authApi.endpoints.login.initiate({ email, password, remember: false }));
  return { store, ok: !('error' in signedIn) };
}

async function stillSignedIn(store: ReturnType<typeof createTestStore>): Promise<boolean> {
  const me = await store.dispatch(authApi.endpoints.getMe.initiate(undefined, { forceRefetch: true }));
  return !('error' in me) || me.error === undefined;
}

describe('changing the password', () => {
  it('shows a wrong current password and a common new one beside their fields, focusing each, then changes it', async () => {
    const { store, email } = await registeredStore();
    const phone = await signInElsewhere(email);
    const { user } = renderAccount('/account/security', store);
    const form = await screen.findByRole('form', { name: 'Change your password' });
    await user.type(within(form).getByLabelText('Current password'), 'not my password');
    await user.type(within(form).getByLabelText('New password'), 'a brand new secret');
    await user.type(within(form).getByLabelText('Repeat the new password'), 'a brand new secret');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('That is not your current password.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Current password')).toHaveFocus();

    await user.clear(within(form).getByLabelText('Current password'));
    await user.type(within(form).getByLabelText('Current password'), PASSWORD);
    await user.clear(within(form).getByLabelText('New password'));
    await user.type(within(form).getByLabelText('New password'), 'iloveyou123');
    await user.clear(within(form).getByLabelText('Repeat the new password'));
    await user.type(within(form).getByLabelText('Repeat the new password'), 'iloveyou123');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(within(form).getByLabelText('New password')).toHaveFocus());
    expect(within(form).getByLabelText('New password')).toHaveAccessibleDescription(expect.stringContaining('This is a common password with a small change'));
    expect(within(form).getByLabelText('New password')).toHaveValue('iloveyou123');

    await user.clear(within(form).getByLabelText('New password'));
    await user.type(within(form).getByLabelText('New password'), 'a brand new secret');
    await user.clear(within(form).getByLabelText('Repeat the new password'));
    await user.type(within(form).getByLabelText('Repeat the new password'), 'a brand new secret');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed. Every other device has been signed out.')).toBeInTheDocument();
    await waitFor(() => expect(within(form).getByLabelText('Current password')).toHaveValue(''));

    expect(await stillSignedIn(store)).toBe(true);
    expect(await stillSignedIn(phone.store)).toBe(false);
    expect((await signInElsewhere(email)).ok).toBe(false);
    expect((await signInElsewhere(email, 'a brand new secret')).ok).toBe(true);
  });

  it('checks the new password and its repeat before sending', async () => {
    const { store } = await registeredStore();
    const { user } = renderAccount('/account/security', store);
    const form = await screen.findByRole('form', { name: 'Change your password' });
    await user.type(within(form).getByLabelText('Current password'), PASSWORD);
    await user.type(within(form).getByLabelText('New password'), 'short');
    await user.type(within(form).getByLabelText('Repeat the new password'), 'shorter');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(within(form).getByText('Use a password of at least 8 characters.')).toBeInTheDocument();
    expect(within(form).getByText('The passwords do not match')).toBeInTheDocument();
  });
});

describe('signing out other devices', () => {
  it('signs out every other device and says how many', async () => {
    const { store, email } = await registeredStore();
    const phone = await signInElsewhere(email);
    const { user } = renderAccount('/account/security', store);
    await user.click(await screen.findByRole('button', { name: 'Sign out all other devices' }));
    expect(await screen.findByText(/^Signed out of 1 other device/, { selector: '.acc-outcome' })).toHaveTextContent('Signed out of 1 other device. You stay signed in here.');
    expect(await stillSignedIn(phone.store)).toBe(false);
    expect(await stillSignedIn(store)).toBe(true);
  });
});

describe('your data', () => {
  let saved: { name: string; blob: Blob }[];
  const blobs = new Map<string, Blob>();

  beforeEach(() => {
    saved = [];
    // jsdom has no downloads: the file the page hands over is caught here.
    URL.createObjectURL = (blob: Blob) => {
      const url = `blob:test/${blobs.size}`;
      blobs.set(url, blob);
      return url;
    };
    URL.revokeObjectURL = () => undefined;
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const blob = blobs.get(this.href);
      if (blob) saved.push({ name: this.download, blob });
    });
  });
  afterEach(() => jest.restoreAllMocks());

  it('downloads the account’s data once the password is given', async () => {
    const { store, email } = await registeredStore();
    const { user } = renderAccount('/account/privacy', store);
    const form = await screen.findByRole('form', { name: 'Download your data' });
    await user.type(within(form).getByLabelText('Your password'), 'not my password');
    await user.click(within(form).getByRole('button', { name: 'Download my data' }));
    expect(await within(form).findByText('That is not your current password.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Your password')).toHaveFocus();
    expect(saved).toHaveLength(0);

    await user.clear(within(form).getByLabelText('Your password'));
    await user.type(within(form).getByLabelText('Your password'), PASSWORD);
    await user.click(within(form).getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Your data has been downloaded')).toBeInTheDocument();
    expect(saved).toHaveLength(1);
    expect(saved[0]?.name).toMatch(/^jacaranda-account-data-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await (saved[0]?.blob as Blob).text()) as AccountDataExport & { profile: { email: string } };
    expect(data.profile.email).toBe(email);
    expect(Object.keys(data)).toEqual(expect.arrayContaining(['addresses', 'orders', 'reviews', 'wishlist', 'cart']));
  });

  it('deletes the account after the password, and goes home signed out', async () => {
    const { store, email } = await registeredStore();
    const { user } = renderAccount('/account/privacy', store);
    await user.click(await screen.findByRole('button', { name: 'Delete my account…' }));
    const form = screen.getByRole('form', { name: 'Delete your account' });
    await user.click(within(form).getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('form', { name: 'Delete your account' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete my account…' }));
    const again = screen.getByRole('form', { name: 'Delete your account' });
    await user.type(within(again).getByLabelText('Your password, to confirm'), 'not my password');
    await user.click(within(again).getByRole('button', { name: 'Delete my account for good' }));
    expect(await within(again).findByText('That is not your current password.')).toBeInTheDocument();
    expect((await signInElsewhere(email)).ok).toBe(true);

    await user.clear(within(again).getByLabelText('Your password, to confirm'));
    await user.type(within(again).getByLabelText('Your password, to confirm'), PASSWORD);
    await user.click(within(again).getByRole('button', { name: 'Delete my account for good' }));
    expect(await screen.findByText('Your account has been deleted')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('location')).toHaveTextContent(/^\/$/));
    await waitFor(() => expect(store.getState().auth.signed_in).toBe(false));
    expect((await signInElsewhere(email)).ok).toBe(false);
  });
});
