// A browser test walks through several pages against real servers: give it two minutes, not
// jest's 5 s. The limit only ends a test that is stuck; what a shopper waits for has its own
// deadline in the spec. On CI's two cores, beside a second store's release builds and another
// browser, a walk that takes 14 s alone took over a minute.
jest.setTimeout(120_000);
