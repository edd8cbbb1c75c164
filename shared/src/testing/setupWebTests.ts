import '@testing-library/jest-dom';

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
