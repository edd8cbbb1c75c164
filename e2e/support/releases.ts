/**
 * How long a checked composition must stay live in the suite's store to be known good: long
 * enough that one compose command after another (a couple of seconds each on a busy machine)
 * does not make the first known good, short enough for a spec to wait for it.
 */
export const E2E_KNOWN_GOOD_AFTER_MS = 6000;
