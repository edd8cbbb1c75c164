import { loginModalOpened, onStorefrontEvent, selectOpenModal, useAppDispatch, useAppSelector } from '@storefront/shared';
import { useEffect } from 'react';
import { RemoteRegion } from './RemoteRegion';

/**
 * The account remote's modals, loaded the first time one is opened. Any remote may ask for the
 * login modal with the `account:login-requested` event; the shell and the account remote share
 * which modal is open through the store.
 */
export function AccountModals() {
  const dispatch = useAppDispatch();
  const openModal = useAppSelector(selectOpenModal);
  useEffect(() => onStorefrontEvent('account:login-requested', () => dispatch(loginModalOpened())), [dispatch]);
  if (!openModal) return null;
  return <RemoteRegion remote="mfe-account" module="AccountModals" label="sign in" loading={null} />;
}
