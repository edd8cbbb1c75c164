import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// The api is real: a sign-in hashes a password with scrypt, which on a busy CI machine can take
// longer than findBy's default second.
configure({ asyncUtilTimeout: 5000 });
// A test makes several such waits, each a shopper's step against the real api: jest's own 5 s for
// the whole test was less than one of them may take on a busy 2-core machine.
jest.setTimeout(20_000);

// Components here talk to the real api over HTTP, so the store's updates land when the answers
// arrive, between a test's awaits, not inside an act() the test could wrap them in. Tests wait for
// what the shopper would see (findBy…, waitFor), so React's reminder about act() is noise here.
const reactConsoleError = console.error;
beforeAll(() => {
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].includes('was not wrapped in act(')) return;
    reactConsoleError(...args);
  };
});
afterAll(() => {
  console.error = reactConsoleError;
});
