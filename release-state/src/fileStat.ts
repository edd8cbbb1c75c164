import { promises as fs, type Stats } from 'node:fs';

const inFlight = new Map<string, Promise<Stats | null>>();

/**
 * A file's stat (null: it is not there), one look shared by every caller while it is in flight.
 * Each page looks at the composition file and the shell's index.html to follow a publish or a
 * rebuild; at 20 connections each page made its own stats (and, for a composition file that is
 * not there, an exception each), about a sixth of the edge's thread. A caller that comes after a
 * change sees it, unless a look begun before the change is still in flight.
 */
export function currentStat(file: string): Promise<Stats | null> {
  let stat = inFlight.get(file);
  if (!stat) {
    stat = fs
      .stat(file)
      .catch(() => null)
      .finally(() => inFlight.delete(file));
    inFlight.set(file, stat);
  }
  return stat;
}
