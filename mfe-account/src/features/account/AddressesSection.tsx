import { type Address, Skeleton, toast } from '@storefront/shared';
import { useState } from 'react';
import { AddressForm } from './AddressForm';
import { useAddAddressMutation, useDeleteAddressMutation, useGetAddressesQuery, useUpdateAddressMutation } from './addressesApi';

function AddressText({ address }: { address: Address }) {
  return (
    <address className="acc-address">
      {address.label && <strong>{address.label}</strong>}
      <span>{address.recipient}</span>
      <span>{address.street}</span>
      {address.suburb && <span>{address.suburb}</span>}
      <span>
        {address.city}, {address.postal_code}
      </span>
      <span>{address.province}</span>
    </address>
  );
}

/** Saved delivery addresses: add, edit, remove. */
export function AddressesSection() {
  const { data: addresses, isLoading, isError, refetch } = useGetAddressesQuery();
  const [addAddress] = useAddAddressMutation();
  const [updateAddress] = useUpdateAddressMutation();
  const [deleteAddress] = useDeleteAddressMutation();
  const [editing, setEditing] = useState<string | 'new' | null>(null);

  let body;
  if (isLoading) body = <Skeleton height="96px" />;
  else if (isError || !addresses) {
    body = (
      <div className="sf-notice" role="alert">
        <p>We couldn’t load your addresses.</p>
        <button type="button" className="sf-button" onClick={() => void refetch()}>
          Try again
        </button>
      </div>
    );
  } else {
    body = (
      <>
        {addresses.length === 0 && editing !== 'new' && <p className="acc-muted">No saved addresses yet.</p>}
        <ul className="acc-addresses">
          {addresses.map((address) => (
            <li key={address.id} className="acc-address-card">
              {editing === address.id ? (
                <AddressForm
                  initial={address}
                  onCancel={() => setEditing(null)}
                  onSave={async (changes) => {
                    await updateAddress({ ...changes, id: address.id }).unwrap();
                    toast.success('Address saved');
                    setEditing(null);
                  }}
                />
              ) : (
                <>
                  <AddressText address={address} />
                  <div className="acc-actions">
                    <button type="button" className="acc-link" onClick={() => setEditing(address.id)} aria-label={`Edit ${address.label || address.street}`}>
                      Edit
                    </button>
                    <button
                      type="button"
                      className="acc-link"
                      aria-label={`Remove ${address.label || address.street}`}
                      onClick={() =>
                        void deleteAddress(address.id)
                          .unwrap()
                          .then(
                            () => toast.success('Address removed'),
                            () => toast.error('error removing the address'),
                          )
                      }
                    >
                      Remove
                    </button>
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
        {editing === 'new' ? (
          <AddressForm
            onCancel={() => setEditing(null)}
            onSave={async (address) => {
              await addAddress(address).unwrap();
              toast.success('Address saved');
              setEditing(null);
            }}
          />
        ) : (
          <button type="button" className="sf-button sf-button--ghost" onClick={() => setEditing('new')}>
            Add an address
          </button>
        )}
      </>
    );
  }
  return (
    <section className="acc-card" aria-labelledby="addresses-title">
      <h2 id="addresses-title">Addresses</h2>
      {body}
    </section>
  );
}
