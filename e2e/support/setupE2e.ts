// A browser test walks through several pages against real servers: give it a minute, not jest's 5 s.
jest.setTimeout(60_000);
