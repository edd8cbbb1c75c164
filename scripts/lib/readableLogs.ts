/**
 * `npm start`'s terminal, for a person. The api and the edge log structured JSON (production keeps
 * it, LOG_FORMAT=json shows it here too); in development each line is shown short, by pino-pretty:
 *
 *   17:29:37 api  INFO  seeded the catalogue {"products":65}
 *   17:29:40 api  GET /api/products?limit=24 → 200 (12 ms)
 *
 * A request is one line: its two JSON lines (incoming, completed) joined by their request id. The
 * edge's own checks of the api's /health are left out while they answer 200 (one every few
 * seconds per api process, they would bury everything else). A line that is not JSON (a crash's
 * stack) passes as it is.
 */
import { createInterface } from 'node:readline';
import { PassThrough, type Readable, type Writable } from 'node:stream';
import { prettyFactory } from 'pino-pretty';

interface LogLine {
  level?: number;
  time?: number;
  msg?: string;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
}

/** How many requests may be waiting for their completed line at once before the oldest is forgotten. */
const MAX_OPEN_REQUESTS = 1000;

function clock(time: number | undefined): string {
  return new Date(time ?? Date.now()).toTimeString().slice(0, 8);
}

export class ReadableLogs {
  private readonly open = new Map<string, { method: string; url: string }>();
  private readonly pretty = prettyFactory({
    colorize: false,
    singleLine: true,
    translateTime: 'HH:MM:ss',
    ignore: 'pid,hostname,reqId',
  });

  constructor(private readonly source: string) {}

  /** The line to show for one line of output, or null for none. */
  line(text: string): string | null {
    let log: LogLine;
    try {
      log = JSON.parse(text) as LogLine;
    } catch {
      return text;
    }
    if (typeof log !== 'object' || log === null || typeof log.level !== 'number') return text;
    const name = this.source.padEnd(4);
    if (log.msg === 'incoming request' && log.reqId && log.req) {
      if (this.open.size >= MAX_OPEN_REQUESTS) this.open.delete(this.open.keys().next().value as string);
      this.open.set(log.reqId, { method: log.req.method ?? '?', url: log.req.url ?? '?' });
      return null;
    }
    if (log.msg === 'request completed' && log.reqId) {
      const request = this.open.get(log.reqId);
      this.open.delete(log.reqId);
      const status = log.res?.statusCode;
      if (request?.url === '/health' && status === 200) return null;
      const took = typeof log.responseTime === 'number' ? ` (${Math.round(log.responseTime)} ms)` : '';
      return `${clock(log.time)} ${name} ${request ? `${request.method} ${request.url}` : 'a request'} → ${status ?? '?'}${took}`;
    }
    const shown = this.pretty(log).trimEnd();
    const match = /^\[(\d\d:\d\d:\d\d)\] (\w+)( \([^)]*\))?: ?(.*)$/s.exec(shown);
    return match ? `${match[1]} ${name} ${(match[2] ?? '').padEnd(5)} ${match[4] ?? ''}` : `${clock(log.time)} ${name} ${shown}`;
  }
}

/** Shows each line `from` writes, made readable, on `to`. */
export function pipeReadable(from: Readable, to: Writable, source: string): void {
  const logs = new ReadableLogs(source);
  createInterface({ input: from, crlfDelay: Infinity }).on('line', (text) => {
    const shown = logs.line(text);
    if (shown !== null) to.write(`${shown}\n`);
  });
}

/** A stream to give a logger: what is written to it is shown on `to`, readable. */
export function readableStream(to: Writable, source: string): Writable {
  const stream = new PassThrough();
  pipeReadable(stream, to, source);
  return stream;
}

/**
 * LOG_FORMAT: `readable` (development's default) or `json` (production's, NODE_ENV=production):
 * whether `npm start` and `npm run edge` show the log lines short or as they are.
 */
export function readableLogsWanted(env: NodeJS.ProcessEnv): boolean {
  const format = env.LOG_FORMAT?.trim();
  if (format === undefined || format === '') return env.NODE_ENV !== 'production';
  if (format === 'readable' || format === 'json') return format === 'readable';
  throw new Error(`LOG_FORMAT must be readable or json, got "${format}"`);
}
