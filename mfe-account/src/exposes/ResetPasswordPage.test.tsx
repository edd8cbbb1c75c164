import { authApi } from '@storefront/shared';
import { createTestStore, renderWithStore, testApiUrl } from '@storefront/shared/testing';
import { screen, waitFor } from '@testing-library/react';
import ForgotPasswordPage from './ForgotPasswordPage';
import ResetPasswordPage from './ResetPasswordPage';

jest.setTimeout(30_000);

describe('password reset pages', () => {
  it('asks for a link, then sets a new password with the mailed token', async () => {
    const email = `reset.${Date.now()}@example.co.za`;
    await createTestStore()
      .dispatch(authApi.endpoints.register.initiate({ first_name: 'Zanele', last_name: 'Dube', email, password: 'the old password', phone: '0820000001' }))
      .unwrap();

    const forgot = renderWithStore(<ForgotPasswordPage />);
    await forgot.user.type(screen.getByLabelText('Email address'), email);
    await forgot.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If an account exists for that email');
    forgot.unmount();

    const outbox = (await (await fetch(`${testApiUrl()}/dev/outbox?recipient=${encodeURIComponent(email)}`)).json()) as { body: string }[];
    const token = /token=([A-Za-z0-9_-]+)/.exec(outbox[0]?.body ?? '')?.[1];
    expect(token).toBeDefined();

    const reset = renderWithStore(<ResetPasswordPage />, { route: `/reset-password?token=${token}` });
    // Her own name is refused, with the reason at the field; the link still works for a strong one.
    await reset.user.type(screen.getByLabelText('New password'), 'ZaneleDube1');
    await reset.user.type(screen.getByLabelText('Repeat the new password'), 'ZaneleDube1');
    await reset.user.click(screen.getByRole('button', { name: 'Save the new password' }));
    await waitFor(() => expect(screen.getByLabelText('New password')).toHaveFocus());
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(expect.stringContaining('It contains your name, your email address'));
    await reset.user.clear(screen.getByLabelText('New password'));
    await reset.user.clear(screen.getByLabelText('Repeat the new password'));

    await reset.user.type(screen.getByLabelText('New password'), 'the new password');
    await reset.user.type(screen.getByLabelText('Repeat the new password'), 'the new passwrd');
    await reset.user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(screen.getByText('The passwords do not match')).toBeInTheDocument();
    await reset.user.clear(screen.getByLabelText('Repeat the new password'));
    await reset.user.type(screen.getByLabelText('Repeat the new password'), 'the new password');
    await reset.user.click(screen.getByRole('button', { name: 'Save the new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password has been changed');

    const signIn = await createTestStore().dispatch(authApi.endpoints.login.initiate({ email, password: 'the new password', remember: false }));
    expect(signIn.data?.email).toBe(email);
  });

  it('explains a link without a token', () => {
    renderWithStore(<ResetPasswordPage />, { route: '/reset-password' });
    expect(screen.getByText(/This link has no reset token/)).toBeInTheDocument();
  });
});
