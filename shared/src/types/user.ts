/** A shopper's account as the api describes it (never with its password). */
export interface User {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  created_at: string;
  /** An operator of the shop: may see and move every order (/operator). */
  operator: boolean;
}

/** A saved delivery address of an account. */
export interface Address {
  id: string;
  label: string;
  recipient: string;
  street: string;
  suburb: string;
  city: string;
  province: string;
  postal_code: string;
}
