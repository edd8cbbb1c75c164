/**
 * The api as an operator runs it, in a process of its own (`src/server.ts` through sucrase, so no
 * build is needed), for tests of what only a real process shows: start-up, signals, several
 * processes on one database, a database that stops answering.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const API_DIR = path.resolve(__dirname, '../..');

export interface LogLine {
  level: number;
  msg?: string;
}

export interface ApiProcess {
  child: ChildProcess;
  /** Its log, one parsed pino line each, as they come. */
  lines: LogLine[];
  /** Its address once it listens; rejects with its output if it exits first. */
  listening: Promise<string>;
  /** Everything it printed, for a failing test's message. */
  output(): string;
  /** Resolves with the exit code (or the signal) once it has exited. */
  exited: Promise<number | NodeJS.Signals | null>;
  /** SIGKILL unless it has exited. */
  kill(): void;
}

/**
 * Starts the api with `env` over the caller's environment, less DATABASE_URL, SMTP_URL and
 * DEV_OUTBOX (a test names the database it means), on a port of its own, logging at info.
 */
export function startApiProcess(env: Record<string, string> = {}): ApiProcess {
  const { DATABASE_URL: _shared, SMTP_URL: _mail, DEV_OUTBOX: _outbox, ...environment } = process.env;
  const child = spawn(process.execPath, ['-r', 'sucrase/register/ts', 'src/server.ts'], {
    cwd: API_DIR,
    env: { ...environment, DATA_DIR: 'memory://', API_PORT: '0', API_HOST: '127.0.0.1', LOG_LEVEL: 'info', NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: LogLine[] = [];
  let output = '';
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const listening = new Promise<string>((resolve, reject) => {
    let buffered = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      output += chunk.toString();
      let newline: number;
      while ((newline = buffered.indexOf('\n')) >= 0) {
        const text = buffered.slice(0, newline);
        buffered = buffered.slice(newline + 1);
        let line: LogLine;
        try {
          line = JSON.parse(text) as LogLine;
        } catch {
          continue;
        }
        lines.push(line);
        const address = /listening on (http:\/\/\S+)/.exec(line.msg ?? '')?.[1];
        if (address) resolve(address);
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => reject(new Error(`the api exited (${code}) before listening:\n${output}`)));
  });
  // A test that fails before it awaits `listening` must not also report an unhandled rejection.
  listening.catch(() => undefined);
  return {
    child,
    lines,
    listening,
    output: () => output,
    exited,
    kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}
