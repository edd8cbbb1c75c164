import { authApi, Route, Routes, useLocation } from '@storefront/shared';
import { createTestStore, renderWithStore } from '@storefront/shared/testing';
import { screen, within } from '@testing-library/react';
import AccountPage from './AccountPage';
import LoginPage from './LoginPage';

jest.setTimeout(30_000);

function Where() {
  const { pathname, search } = useLocation();
  return <output aria-label="location">{`${pathname}${search}`}</output>;
}

function renderAccount(route: string, store = createTestStore()) {
  return renderWithStore(
    <>
      <Routes>
        <Route path="/account/*" element={<AccountPage />} />
        <Route path="/login" element={<LoginPage />} />
      </Routes>
      <Where />
    </>,
    { route, store },
  );
}

async function registeredStore(first_name = 'Naledi') {
  const store = createTestStore();
  const email = `${first_name.toLowerCase()}.${Date.now()}.${Math.round(Math.random() * 1e6)}@example.co.za`;
  await store
    .dispatch(authApi.endpoints.register.initiate({ first_name, last_name: 'Mthembu', email, password: 'a good long password', phone: '0827654321' }))
    .unwrap();
  return { store, email };
}

describe('AccountPage', () => {
  it('sends a signed-out visitor to /login and back to the account after signing in', async () => {
    const { email } = await registeredStore('Bongani');
    const { user } = renderAccount('/account/addresses');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByLabelText('location')).toHaveTextContent('/login?next=%2Faccount%2Faddresses');
    await user.type(screen.getByLabelText('Email address'), email);
    await user.type(screen.getByLabelText('Password'), 'a good long password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Hello, Bongani' })).toBeInTheDocument();
    expect(screen.getByLabelText('location')).toHaveTextContent('/account/addresses');
  });

  it('shows the profile and saves a new name and phone', async () => {
    const { store, email } = await registeredStore();
    const { user } = renderAccount('/account', store);
    expect(await screen.findByRole('heading', { name: 'Hello, Naledi' })).toBeInTheDocument();
    expect(screen.getByText(email)).toBeInTheDocument();
    const profile = screen.getByRole('form', { name: 'Profile' });
    const firstName = within(profile).getByLabelText('First name');
    await user.clear(firstName);
    await user.type(firstName, 'Nalé');
    const phone = within(profile).getByLabelText('Phone number');
    await user.clear(phone);
    await user.type(phone, '0711234567');
    await user.click(within(profile).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile has been saved')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Hello, Nalé' })).toBeInTheDocument();
    expect(store.getState().auth.user).toMatchObject({ first_name: 'Nalé', phone: '+27711234567' });
  });

  it('adds, edits and removes an address', async () => {
    const { store } = await registeredStore();
    const { user } = renderAccount('/account/addresses', store);
    await user.click(await screen.findByRole('button', { name: 'Add an address' }));
    const form = screen.getByRole('form', { name: 'New address' });
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(within(form).getByText('Enter the 4-digit postal code')).toBeInTheDocument();
    expect(within(form).getByText('Choose a province')).toBeInTheDocument();
    await user.type(within(form).getByLabelText('Label (optional, e.g. Home)'), 'Home');
    await user.type(within(form).getByLabelText('Recipient'), 'Naledi Mthembu');
    await user.type(within(form).getByLabelText('Street address'), '5 Long Street');
    await user.type(within(form).getByLabelText('City'), 'Cape Town');
    await user.type(within(form).getByLabelText('Postal code'), '8001');
    await user.selectOptions(within(form).getByLabelText('Province'), 'Western Cape');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('5 Long Street')).toBeInTheDocument();
    expect(screen.getByText('Western Cape')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Home' }));
    const edit = screen.getByRole('form', { name: 'Edit address' });
    await user.clear(within(edit).getByLabelText('City'));
    await user.type(within(edit).getByLabelText('City'), 'Stellenbosch');
    await user.click(within(edit).getByRole('button', { name: 'Save address' }));
    expect(await screen.findByText('Stellenbosch, 8001')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Home' }));
    expect(await screen.findByText('No saved addresses yet.')).toBeInTheDocument();
  });

  it('signs out from the dashboard', async () => {
    const { store } = await registeredStore();
    const { user } = renderAccount('/account', store);
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('You have signed out')).toBeInTheDocument();
    expect(store.getState().auth.signed_in).toBe(false);
  });
});
