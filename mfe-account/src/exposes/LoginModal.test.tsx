import { renderWithStore } from '@storefront/shared/testing';
import { screen } from '@testing-library/react';
import LoginModal from './LoginModal';

describe('LoginModal', () => {
  it('shows the field errors of §5 beside the fields', async () => {
    const { user } = renderWithStore(<LoginModal onClose={jest.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Email address is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Email address'), 'thandi@');
    await user.tab();
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument();
  });

  it('is a modal dialog that takes focus and closes on Escape', async () => {
    const onClose = jest.fn();
    const { user } = renderWithStore(<LoginModal onClose={onClose} />);
    expect(screen.getByRole('dialog', { name: 'Sign in' })).toHaveAttribute('aria-modal', 'true');
    expect(screen.getByRole('button', { name: 'Close' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('says plainly that accounts are not open yet instead of pretending to sign in', async () => {
    const { user } = renderWithStore(<LoginModal onClose={jest.fn()} />);
    await user.type(screen.getByLabelText('Email address'), 'thandi@example.co.za');
    await user.type(screen.getByLabelText('Password'), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Signing in is not available yet');
  });
});
