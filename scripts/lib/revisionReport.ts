/**
 * How the compose command shows revisions: the history (who, when, what, why, whether known good)
 * and what differs between two of them.
 */
import type { ReleaseFacts } from '@storefront/edge/composition-rules';
import { describeChanges, knownGoodFrom, knownGoodRevisions, shortName, type CompositionDocument, type Revision } from '@storefront/release-state';
import { REMOTES, type Remote } from '@storefront/edge/packages';

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

/** 2026-11-28 14:02, in the machine's time zone. */
export function formatWhen(time: string | number): string {
  const date = new Date(time);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** 30 min, 90 s, 2 h: KNOWN_GOOD_AFTER as people say it. */
export function formatDuration(ms: number): string {
  if (ms % (60 * 60_000) === 0 && ms > 0) return `${ms / (60 * 60_000)} h`;
  if (ms % 60_000 === 0) return `${ms / 60_000} min`;
  if (ms % 1000 === 0) return `${ms / 1000} s`;
  return `${ms} ms`;
}

/** "mfe-cart 1.0.2 → 1.0.3" as release managers type it: "cart 1.0.2 → 1.0.3" (each remote a line names). */
export function shortChanges(lines: readonly string[]): string {
  return lines.length === 0 ? 'nothing' : lines.map((line) => line.replace(/\bmfe-(?=[a-z])/g, '')).join('; ');
}

/** What a revision did: set, imported, or the revision a rollback brought back. */
export function actionOf(revision: Revision): string {
  if (revision.action === 'rollback') return revision.restores ? `rollback to revision ${revision.restores}` : 'rollback';
  if (revision.promotedFrom) return `promoted from ${revision.promotedFrom.environment} revision ${revision.promotedFrom.revision}`;
  return revision.action;
}

/**
 * Whether a revision is known good now, and if not why: it was never checked, it was rolled away,
 * or it was (or is so far) live too short a time.
 */
function knownGoodState(revision: Revision, next: Revision | undefined, good: ReadonlySet<number>, goodFrom: number | null, afterMs: number): string {
  if (good.has(revision.revision)) return 'known good';
  if (!revision.checkedAt) return 'never checked, not known good';
  if (next?.action === 'rollback') return 'rolled away, not known good';
  if (!next && goodFrom !== null) return `known good from ${formatWhen(goodFrom)} if it stays live`;
  return `live less than ${formatDuration(afterMs)}, not known good`;
}

/** The history, newest first: a heading line per revision, then what changed and why. */
export function historyLines(revisions: readonly Revision[], liveRevision: number | null, now: number, afterMs: number, limit: number): string[] {
  const sorted = [...revisions].sort((a, b) => a.revision - b.revision);
  const good = new Set(knownGoodRevisions(sorted, now, afterMs).map((revision) => revision.revision));
  const goodFrom = knownGoodFrom(sorted, now, afterMs);
  const lines: string[] = [];
  const shown = sorted.slice(-limit).reverse();
  for (const revision of shown) {
    const next = sorted.find((other) => other.revision === revision.revision + 1);
    const state = knownGoodState(revision, next, good, goodFrom, afterMs);
    const isLive = revision.revision === liveRevision;
    // A live revision kept from before the checks becomes checked when `check` passes it.
    const hint = isLive && !revision.checkedAt ? ' (npm run compose -- check records it when it passes)' : '';
    lines.push(`revision ${revision.revision} · ${formatWhen(revision.at)} · by ${revision.by} · ${actionOf(revision)} · ${isLive ? 'LIVE, ' : ''}${state}${hint}`);
    lines.push(`    changed: ${shortChanges(revision.changes)}`);
    lines.push(`    why: ${revision.reason ?? '—'}`);
    // An abort the api's abort worker made: the figures it was judged on.
    if (revision.judgement) lines.push(`    judged: ${revision.judgement.summary}`);
  }
  const hidden = sorted.length - shown.length;
  if (hidden > 0) lines.push(`… ${hidden} earlier revision(s): --limit ${sorted.length} shows them all`);
  return lines;
}

function remotesOf(...documents: CompositionDocument[]): Remote[] {
  return REMOTES.filter((remote) => documents.some((document) => document.remotes[remote]));
}

function singletonText(singleton: ReleaseFacts['singletons'][number]): string {
  return `${singleton.version}${singleton.requiredVersion ? ` (${singleton.requiredVersion})` : ''}`;
}

function singletonDifferences(remote: Remote, before: ReleaseFacts, after: ReleaseFacts): string[] {
  const was = new Map(before.singletons.map((singleton) => [singleton.name, singletonText(singleton)]));
  const now = new Map(after.singletons.map((singleton) => [singleton.name, singletonText(singleton)]));
  const lines: string[] = [];
  for (const name of [...new Set([...was.keys(), ...now.keys()])].sort()) {
    const a = was.get(name);
    const b = now.get(name);
    if (a === b) continue;
    if (a === undefined) lines.push(`  ${shortName(remote)} ${name} ${b} added`);
    else if (b === undefined) lines.push(`  ${shortName(remote)} ${name} ${a} removed`);
    else lines.push(`  ${shortName(remote)} ${name} ${a} → ${b}`);
  }
  return lines;
}

function exposeDifferences(remote: Remote, before: ReleaseFacts, after: ReleaseFacts): string[] {
  const added = after.exposes.filter((module) => !before.exposes.includes(module));
  const removed = before.exposes.filter((module) => !after.exposes.includes(module));
  return [...added.map((module) => `  ${shortName(remote)} + ${module}`), ...removed.map((module) => `  ${shortName(remote)} − ${module}`)];
}

/**
 * What differs from revision `a` to revision `b`: each remote's version, the shared singletons
 * (name, version built with and range required) and the modules it exposes, as the checks
 * recorded them when each revision went live.
 */
export function diffLines(a: Revision, b: Revision): string[] {
  const versions = describeChanges(a.composition, b.composition).map((line) => `  ${shortName(line)}`);
  const singletons: string[] = [];
  const exposes: string[] = [];
  for (const remote of remotesOf(a.composition, b.composition)) {
    const before = a.facts[remote];
    const after = b.facts[remote];
    if (!before || !after) {
      const sameRelease = a.composition.remotes[remote]?.manifest === b.composition.remotes[remote]?.manifest;
      if (sameRelease && !before && !after) continue;
      const missing = [!before && a.composition.remotes[remote] ? a.revision : null, !after && b.composition.remotes[remote] ? b.revision : null].filter((number) => number !== null);
      if (missing.length === 0) continue;
      const note = `  ${shortName(remote)}: not recorded in revision ${missing.join(' and ')} (not checked when it went live)`;
      singletons.push(note);
      exposes.push(note);
      continue;
    }
    singletons.push(...singletonDifferences(remote, before, after));
    exposes.push(...exposeDifferences(remote, before, after));
  }
  const section = (title: string, lines: string[]) => [title, ...(lines.length > 0 ? lines : ['  no difference'])];
  return [
    `revision ${a.revision} → revision ${b.revision}`,
    ...section('versions:', versions),
    ...section('shared singletons (version built with, range required):', singletons),
    ...section('exposed modules:', exposes),
  ];
}
