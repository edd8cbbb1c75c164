import { onStorefrontEvent } from '@storefront/shared';
import { useEffect, useState } from 'react';
import { RemoteRegion } from './RemoteRegion';

/** The account remote's modals, loaded the first time a shopper asks to sign in. */
export function AccountModals() {
  const [open, setOpen] = useState(false);
  useEffect(() => onStorefrontEvent('account:login-requested', () => setOpen(true)), []);
  if (!open) return null;
  return <RemoteRegion remote="mfe-account" module="LoginModal" label="sign in" props={{ onClose: () => setOpen(false) }} loading={null} />;
}
