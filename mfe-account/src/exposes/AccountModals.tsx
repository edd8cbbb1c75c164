import { forgotPasswordModalOpened, loginModalOpened, Modal, modalsClosed, registerModalOpened, selectOpenModal, toast, useAppDispatch, useAppSelector, type User } from '@storefront/shared';
import { useEffect, useRef, useState } from 'react';
import { ForgotPasswordForm } from '../features/auth/ForgotPasswordForm';
import { LoginForm } from '../features/auth/LoginForm';
import { RegisterForm } from '../features/auth/RegisterForm';
import '../features/account.css';

/** Switching between the modals closes the current one after 350 ms. */
export const MODAL_SWITCH_MS = 350;

type OpenAction = typeof loginModalOpened | typeof registerModalOpened | typeof forgotPasswordModalOpened;

/**
 * The login, register and password-reset modals (docs/behaviour.md#sign-in-and-modals). Which one is open lives in the store
 * (auth slice), so the shell's login icon and Account menu can open them.
 */
export default function AccountModals() {
  const open = useAppSelector(selectOpenModal);
  const dispatch = useAppDispatch();
  const [closing, setClosing] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!open) return null;

  const close = () => dispatch(modalsClosed());
  const switchTo = (openNext: OpenAction) => {
    setClosing(true);
    timer.current = setTimeout(() => {
      setClosing(false);
      dispatch(openNext());
    }, MODAL_SWITCH_MS);
  };
  const welcome = (text: string) => {
    close();
    toast.success(text);
  };
  const linkButton = (label: string, openNext: OpenAction) => (
    <button type="button" className="acc-link" onClick={() => switchTo(openNext)} disabled={closing}>
      {label}
    </button>
  );

  if (open === 'login') {
    return (
      <Modal key="login" title="Sign in" onClose={close} closing={closing}>
        <LoginForm
          onSignedIn={(user: User) => welcome(`Welcome back, ${user.first_name}!`)}
          footer={
            <div className="acc-switches">
              {linkButton('Forgot your password?', forgotPasswordModalOpened)}
              <p>New to Jacaranda? {linkButton('Create an account', registerModalOpened)}</p>
            </div>
          }
        />
      </Modal>
    );
  }
  if (open === 'register') {
    return (
      <Modal key="register" title="Create an account" onClose={close} closing={closing}>
        <RegisterForm
          onRegistered={(user: User) => welcome(`Welcome, ${user.first_name}! Your account is ready.`)}
          footer={
            <div className="acc-switches">
              <p>Already have an account? {linkButton('Sign in', loginModalOpened)}</p>
            </div>
          }
        />
      </Modal>
    );
  }
  return (
    <Modal key="forgot-password" title="Forgot your password?" onClose={close} closing={closing}>
      <ForgotPasswordForm footer={<div className="acc-switches">{linkButton('Back to sign in', loginModalOpened)}</div>} />
    </Modal>
  );
}
