import { useEffect, useState } from 'react';

/** How long a form waits on a password before it says why. */
export const PASSWORD_WAIT_NOTICE_MS = 1500;

/**
 * What a form says while the shop secures (a new account's password) or checks (a sign-in's) a
 * password and that takes longer than a moment. The api hashes passwords a couple at a time, each
 * deliberately slow so a stolen copy is slow to crack; at a busy moment a shopper's waits behind
 * others'. Drawn while the form is submitting: empty at first, the words after
 * PASSWORD_WAIT_NOTICE_MS, read out once by a screen reader (a status).
 */
export function PasswordWait({ doing }: { doing: string }) {
  const [long, setLong] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setLong(true), PASSWORD_WAIT_NOTICE_MS);
    return () => clearTimeout(timer);
  }, []);
  return (
    <p className="acc-wait" role="status">
      {long ? `${doing}: the shop is busy just now, so this can take a few seconds. Please keep this open.` : null}
    </p>
  );
}
