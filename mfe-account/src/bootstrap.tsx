import '@storefront/shared/styles.css';
import { mountStandalone } from '@storefront/shared';
import { useState } from 'react';
import LoginModal from './exposes/LoginModal';

function LoginDemo() {
  const [open, setOpen] = useState(true);
  return (
    <div className="sf-container" style={{ padding: 24 }}>
      <button type="button" className="sf-button" onClick={() => setOpen(true)}>
        Open the login modal
      </button>
      {open && <LoginModal onClose={() => setOpen(false)} />}
    </div>
  );
}

mountStandalone({ name: 'mfe-account', links: [], children: <LoginDemo /> });
