// The part of autocannon's API the benchmarks use (it ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    mean: number;
    p50: number;
    p90: number;
    p99: number;
    max: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
  }
  /** One connection: it says when it sends a request, and when each answer's head is in (`headers`: name, value, name, value…). */
  interface Client {
    on(event: 'headers', listener: (response: { statusCode: number; headers: unknown[] }) => void): void;
    on(event: 'request', listener: () => void): void;
  }
  interface RequestShape {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Options {
    url: string;
    method?: string;
    headers?: Record<string, string>;
    body?: string;
    connections?: number;
    duration?: number;
    /** How many requests in all (instead of `duration`). */
    amount?: number;
    /** Seconds an answer may take before it counts as a timeout (10). */
    timeout?: number;
    pipelining?: number;
    setupClient?: (client: Client) => void;
    /** Worker threads to send from (the connections shared among them); none: this thread. */
    workers?: number;
    /** Each answer's status and body (as text) to a request made as this one says. */
    requests?: {
      method?: string;
      onResponse?: (status: number, body: string) => void;
      /** Shapes each request sent as this one (its path, headers, body) just before it goes. */
      setupRequest?: (request: RequestShape) => RequestShape;
    }[];
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
