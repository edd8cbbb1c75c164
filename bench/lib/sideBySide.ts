/**
 * Section 3's schedule: every server is running at once, and each request is measured on each of
 * them in turn, run by run (api, bare node, json-server, api, bare node, …), so a slow moment of
 * the machine hits them alike and their ratio holds. Measured one server after another, minutes
 * apart, the same code read 41% of the bare-node ceiling in one run of the bench and 65% in the
 * next, as the ceiling itself moved between 18 000 and 27 000 req/s.
 */
import { median } from './stats';

/** `items` in the order round `run` measures them: each round starts one further along, so none is always first. */
export function rotated<Item>(items: readonly Item[], run: number): Item[] {
  const start = items.length === 0 ? 0 : run % items.length;
  return [...items.slice(start), ...items.slice(0, start)];
}

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

export interface SideBySideTarget<Request> {
  name: string;
  /** Each request by its name (as `requestNames` gives them), as this server understands it. */
  requests: Record<string, Request>;
}

/** One timed load of `request` on `target`: a warm-up when `warmUp`. */
export type LoadRun<Request> = (target: SideBySideTarget<Request>, request: Request, warmUp: boolean) => Promise<LoadFigures>;

export interface SideBySideOptions {
  /**
   * A pause before each load, so the server measured before has finished the requests it still
   * had in hand (json-server takes tens of milliseconds each) before the next one is timed.
   */
  pauseMs?: number;
  log?: (target: string, request: string, figures: LoadFigures) => void;
}

/**
 * For each request name: one warm-up per server, then `runs` rounds in which each server is
 * measured once. The medians per server and request.
 */
export async function measureSideBySide<Request>(
  targets: readonly SideBySideTarget<Request>[],
  requestNames: readonly string[],
  runs: number,
  load: LoadRun<Request>,
  { pauseMs = 0, log = () => undefined }: SideBySideOptions = {},
): Promise<Record<string, Record<string, LoadFigures>>> {
  const pause = () => (pauseMs > 0 ? new Promise((resolve) => setTimeout(resolve, pauseMs)) : Promise.resolve());
  const timed = async (target: SideBySideTarget<Request>, request: Request, warmUp: boolean) => {
    await pause();
    return load(target, request, warmUp);
  };
  const results: Record<string, Record<string, LoadFigures>> = Object.fromEntries(targets.map((target) => [target.name, {}]));
  for (const name of requestNames) {
    const requestOf = (target: SideBySideTarget<Request>): Request => {
      const request = target.requests[name];
      if (request === undefined) throw new Error(`${target.name} has no "${name}" request`);
      return request;
    };
    for (const target of targets) await timed(target, requestOf(target), true);
    const measured: LoadFigures[][] = targets.map(() => []);
    for (let run = 0; run < runs; run += 1) {
      for (const [index, target] of targets.entries()) measured[index]?.push(await timed(target, requestOf(target), false));
    }
    for (const [index, target] of targets.entries()) {
      const runsOf = measured[index] ?? [];
      const figures: LoadFigures = {
        rps: median(runsOf.map((item) => item.rps)),
        p50: median(runsOf.map((item) => item.p50)),
        p99: median(runsOf.map((item) => item.p99)),
        errors: runsOf.reduce((sum, item) => sum + item.errors, 0),
      };
      (results[target.name] as Record<string, LoadFigures>)[name] = figures;
      log(target.name, name, figures);
    }
  }
  return results;
}
