-- Where an order was placed from: the client's address (an IPv6 address by its /64, which one
-- subscriber holds whole), so that unpaid orders can be capped per address as well as per
-- shopper. Orders placed before this migration have none and count for no address.
ALTER TABLE orders ADD COLUMN client_address text CHECK (length(client_address) <= 64);

-- The open, unpaid orders of one address or one shopper, counted on every POST /orders.
CREATE INDEX orders_unpaid_client_address_idx ON orders (client_address) WHERE status IN ('awaiting_payment', 'placed');
CREATE INDEX orders_unpaid_shopper_id_idx ON orders (shopper_id) WHERE status IN ('awaiting_payment', 'placed');
