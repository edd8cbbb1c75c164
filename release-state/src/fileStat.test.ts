import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { currentStat } from './fileStat';

let work: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'file-stat-'));
});

afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

describe('a file’s current stat', () => {
  it('is one look shared by the callers that ask while it is in flight', async () => {
    const file = path.join(work, 'composition.json');
    const asked = Array.from({ length: 20 }, () => currentStat(file));
    expect(new Set(asked).size).toBe(1);
    expect(await asked[0]).toBeNull();
  });

  it('sees a change made before it was asked: a publish is seen by the next page', async () => {
    const file = path.join(work, 'index.html');
    expect(await currentStat(file)).toBeNull();
    await writeFile(file, '<!doctype html>');
    expect((await currentStat(file))?.size).toBe(15);
    await writeFile(file, '<!doctype html><title>again</title>');
    expect((await currentStat(file))?.size).toBe(35);
  });
});
