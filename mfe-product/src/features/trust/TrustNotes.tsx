import { DELIVERY_FEE, formatRand } from '@storefront/shared';
import { useId } from 'react';
import './trust.css';

/** Why it is safe to buy here: the shop's real delivery, collection and VAT terms. */
export function TrustNotes() {
  const headingId = useId();
  const notes = [
    { title: 'Delivery countrywide', text: `A flat ${formatRand(DELIVERY_FEE)} an order, anywhere in South Africa.` },
    { title: 'Collect in store', text: 'Free: choose it on the cart page.' },
    { title: 'Prices include VAT', text: 'Every price shown includes 15% VAT.' },
    { title: 'Secure shopping', text: 'Your cart and wishlist stay private to you.' },
  ];
  return (
    <section className="prd-trust" aria-labelledby={headingId}>
      <h2 id={headingId}>Shop with confidence</h2>
      <ul>
        {notes.map((note) => (
          <li key={note.title}>
            <strong>{note.title}</strong>
            <span>{note.text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
