import { authApi, loginModalOpened, registerModalOpened } from '@storefront/shared';
import { createTestStore, renderWithStore, testApiUrl } from '@storefront/shared/testing';
import { act, screen, waitFor } from '@testing-library/react';
import { NEW_CODE_ASKED } from '../features/auth/LoginForm';
import AccountModals, { MODAL_SWITCH_MS } from './AccountModals';

jest.setTimeout(30_000);

function uniqueEmail(name: string) {
  return `${name}.${Date.now()}.${Math.round(Math.random() * 1e6)}@example.co.za`;
}

function renderModals() {
  const store = createTestStore();
  const view = renderWithStore(<AccountModals />, { store });
  return { ...view, store };
}

describe('AccountModals', () => {
  afterEach(() => jest.useRealTimers());

  it('shows nothing until a modal is opened through the store', () => {
    renderModals();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('login: shows the field errors (email and password required) beside the fields, with focus in the first field', async () => {
    const { user, store } = renderModals();
    act(() => void store.dispatch(loginModalOpened()));
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByLabelText('Email address')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Email address is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email address'), 'thandi@');
    await user.tab();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
  });

  it('switches from login to register, closing the login modal only after 350 ms', async () => {
    const { store } = renderModals();
    act(() => void store.dispatch(loginModalOpened()));
    jest.useFakeTimers();
    act(() => screen.getByRole('button', { name: 'Create an account' }).click());
    act(() => jest.advanceTimersByTime(MODAL_SWITCH_MS - 1));
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(1));
    expect(screen.queryByRole('dialog', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create an account' })).toBeInTheDocument();
    expect(store.getState().auth.register_modal_open).toBe(true);

    act(() => screen.getByRole('button', { name: 'Sign in' }).click());
    act(() => jest.advanceTimersByTime(MODAL_SWITCH_MS));
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toBeInTheDocument();
    act(() => screen.getByRole('button', { name: 'Forgot your password?' }).click());
    act(() => jest.advanceTimersByTime(MODAL_SWITCH_MS));
    expect(screen.getByRole('dialog', { name: 'Forgot your password?' })).toBeInTheDocument();
  });

  it('closes on Escape', async () => {
    const { user, store } = renderModals();
    act(() => void store.dispatch(loginModalOpened()));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().auth.login_modal_open).toBe(false);
  });

  it('register: requires every field, forces +27 on the phone as it is typed, and signs the shopper in', async () => {
    const { user, store } = renderModals();
    act(() => void store.dispatch(registerModalOpened()));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    for (const message of ['First name is required', 'Last name is required', 'Email address is required', 'Password is required', 'Phone number is required']) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }

    const phone = screen.getByLabelText('Phone number');
    await user.type(phone, '0');
    expect(phone).toHaveValue('+27');
    await user.type(phone, '82 123-45');
    expect(phone).toHaveValue('+278212345');
    await user.type(phone, '6789999');
    expect(phone).toHaveValue('+27821234567');

    await user.type(screen.getByLabelText('First name'), 'Sipho');
    await user.type(screen.getByLabelText('Last name'), 'Ndlovu');
    await user.type(screen.getByLabelText('Email address'), uniqueEmail('sipho'));
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Use a password of at least 8 characters.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), ' but longer now');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Welcome, Sipho! Your account is ready.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ signed_in: true, user: { first_name: 'Sipho', phone: '+27821234567' } });
  });

  it('register: a password the server finds easy to guess gets its reason at the password field, focused, with everything typed kept', async () => {
    const email = uniqueEmail('nomsa');
    const { user, store } = renderModals();
    act(() => void store.dispatch(registerModalOpened()));
    await user.type(screen.getByLabelText('First name'), 'Nomsa');
    await user.type(screen.getByLabelText('Last name'), 'Mahlangu');
    await user.type(screen.getByLabelText('Email address'), email);
    await user.type(screen.getByLabelText('Password'), 'Passw0rd!');
    await user.type(screen.getByLabelText('Phone number'), '0834445555');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password).toHaveFocus());
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription(expect.stringContaining('This is a common password with a small change'));
    expect(password).toHaveAccessibleDescription(expect.stringContaining('Add another word or two that are less common.'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(password).toHaveValue('Passw0rd!');
    expect(screen.getByLabelText('First name')).toHaveValue('Nomsa');
    expect(screen.getByLabelText('Last name')).toHaveValue('Mahlangu');
    expect(screen.getByLabelText('Email address')).toHaveValue(email);
    expect(screen.getByLabelText('Phone number')).toHaveValue('+27834445555');
    expect(store.getState().auth.signed_in).toBe(false);

    await user.type(password, ' for the jacaranda trees');
    expect(password).not.toHaveAccessibleDescription(expect.stringContaining('common password'));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(store.getState().auth.signed_in).toBe(true));
  });

  it('shows the server’s answer in the form: a taken email, a wrong password', async () => {
    const email = uniqueEmail('taken');
    const first = renderModals();
    act(() => void first.store.dispatch(registerModalOpened()));
    await first.user.type(screen.getByLabelText('First name'), 'Ayanda');
    await first.user.type(screen.getByLabelText('Last name'), 'Khumalo');
    await first.user.type(screen.getByLabelText('Email address'), email);
    await first.user.type(screen.getByLabelText('Password'), 'a good long password');
    await first.user.type(screen.getByLabelText('Phone number'), '0831112222');
    await first.user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(first.store.getState().auth.signed_in).toBe(true));
    first.unmount();

    const second = renderModals();
    act(() => void second.store.dispatch(registerModalOpened()));
    await second.user.type(screen.getByLabelText('First name'), 'Ayanda');
    await second.user.type(screen.getByLabelText('Last name'), 'Khumalo');
    await second.user.type(screen.getByLabelText('Email address'), email.toUpperCase());
    await second.user.type(screen.getByLabelText('Password'), 'a good long password');
    await second.user.type(screen.getByLabelText('Phone number'), '0831112222');
    await second.user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');

    act(() => void second.store.dispatch(loginModalOpened()));
    await second.user.type(await screen.findByLabelText('Email address'), email);
    await second.user.type(screen.getByLabelText('Password'), 'not the password');
    await second.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password.');
    expect(second.store.getState().auth.signed_in).toBe(false);
  });

  it('signs in an account being guessed with the code mailed to its owner, keeping what was typed, and can ask for a new code', async () => {
    const email = uniqueEmail('lerato');
    const password = 'the right passphrase';
    await createTestStore()
      .dispatch(authApi.endpoints.register.initiate({ first_name: 'Lerato', last_name: 'Dlamini', email, password, phone: '0820000002' }))
      .unwrap();
    // Five wrong passwords from somewhere: the account now asks whoever signs in for a mailed code.
    for (let n = 0; n < 5; n += 1) {
      const guess = await fetch(`${testApiUrl()}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: `a guess ${n}` }),
      });
      expect(guess.status).toBe(401);
    }
    const mailedCodes = async () => {
      const outbox = (await (await fetch(`${testApiUrl()}/dev/outbox?recipient=${encodeURIComponent(email)}`)).json()) as { subject: string; body: string }[];
      return outbox.filter((mail) => mail.subject === 'Your Jacaranda sign-in code').map((mail) => /Your code: (\d{6})/.exec(mail.body)?.[1] ?? '');
    };

    const { user, store } = renderModals();
    act(() => void store.dispatch(loginModalOpened()));
    await user.type(screen.getByLabelText('Email address'), email);
    await user.type(screen.getByLabelText('Password'), password);
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const code = await screen.findByLabelText('Code from the email');
    expect(screen.getByRole('status')).toHaveTextContent("For your safety we need one more step: if the password is right, we've emailed a 6-digit code");
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAccessibleDescription('6 digits. It works once, for 15 minutes.');
    expect(screen.getByLabelText('Email address')).toHaveValue(email);
    expect(screen.getByLabelText('Password')).toHaveValue(password);
    expect(screen.getByLabelText('Remember me')).toBeChecked();
    expect(store.getState().auth.signed_in).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(code).toHaveAccessibleDescription(expect.stringContaining('Enter the 6 digits from the email'));
    const [mailed] = await mailedCodes();
    const wrong = mailed === '000000' ? '111111' : '000000';
    await user.type(code, `${wrong.slice(0, 3)} ${wrong.slice(3)}`);
    expect(code).toHaveValue(wrong);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That did not work: the password or the code is not right, or the code has expired.');

    await user.click(screen.getByRole('button', { name: 'Send a new code' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(NEW_CODE_ASKED));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const codes = await mailedCodes();
    expect(codes).toHaveLength(2);
    await user.clear(code);
    await user.type(code, `Your code: ${codes[0]}`);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Welcome back, Lerato!')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ signed_in: true, user: { email } });
  });
});
