import {
  Link,
  loginModalOpened,
  registerModalOpened,
  selectSignedIn,
  selectUser,
  toast,
  useAppDispatch,
  useAppSelector,
  useLocation,
  useLogoutMutation,
  useNavigate,
} from '@storefront/shared';
import { useCallback, useId, useRef, useState } from 'react';
import { useMenuKeys, useOpenWithArrowDown } from '../behaviour/useMenuKeys';

/**
 * The main menu's Account dropdown: Sign in / Register when signed out; Dashboard / Orders /
 * Sign out when signed in, and the shop's orders for an operator. It closes on Esc, on a click
 * elsewhere and on route change.
 */
export function AccountMenu() {
  const signedIn = useAppSelector(selectSignedIn);
  // Only a hint: the operator's pages and the api decide for themselves who may see the orders.
  const operator = useAppSelector(selectUser)?.operator === true;
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [logout] = useLogoutMutation();
  const { pathname } = useLocation();
  const [openAt, setOpenAt] = useState<string | null>(null);
  const open = openAt === pathname;
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLUListElement>(null);
  const close = useCallback(() => setOpenAt(null), []);
  useMenuKeys(open, root, panel, button, close);
  const onButtonKeyDown = useOpenWithArrowDown(open, panel, () => setOpenAt(pathname));

  const signOut = () => {
    close();
    logout()
      .unwrap()
      .then(
        () => {
          toast.success('You have signed out');
          navigate('/');
        },
        () => toast.error('error signing out'),
      );
  };

  return (
    <div className="shell-account-menu" ref={root}>
      <button ref={button} type="button" className="shell-nav__button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpenAt(open ? null : pathname)} onKeyDown={onButtonKeyDown}>
        Account
      </button>
      {open && (
        <ul id={menuId} ref={panel} className="shell-menu">
          {signedIn ? (
            <>
              <li>
                <Link to="/account" onClick={close}>
                  Dashboard
                </Link>
              </li>
              <li>
                <Link to="/account/orders" onClick={close}>
                  Orders
                </Link>
              </li>
              {operator && (
                <li>
                  <Link to="/operator" onClick={close}>
                    Shop orders (operator)
                  </Link>
                </li>
              )}
              <li>
                <button type="button" onClick={signOut}>
                  Sign out
                </button>
              </li>
            </>
          ) : (
            <>
              <li>
                <button type="button" onClick={() => (close(), dispatch(loginModalOpened()))}>
                  Sign in
                </button>
              </li>
              <li>
                <button type="button" onClick={() => (close(), dispatch(registerModalOpened()))}>
                  Register
                </button>
              </li>
            </>
          )}
        </ul>
      )}
    </div>
  );
}
