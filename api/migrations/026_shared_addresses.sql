-- Many shoppers share one address (a mobile network's), so no limit below is a lock that one of
-- them can put on the others.

-- Orders: one client address is held to a rate of orders placed (routes/orders/placeOrder.ts),
-- no longer to a number of unpaid orders held. The orders placed from an address in the last
-- window are counted on every POST /orders; orders whose personal data was removed have no address.
CREATE INDEX orders_client_address_created_at_idx ON orders (client_address, created_at) WHERE client_address IS NOT NULL;
DROP INDEX orders_unpaid_client_address_idx;
