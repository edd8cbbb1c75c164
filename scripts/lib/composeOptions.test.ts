/**
 * Who made a change to the composition and why, as the compose command reads them: `--by`, else
 * COMPOSE_ACTOR, else the OS user; and `--reason`, which a rollback must give.
 */
import { readActor, readReason, UsageError } from './composeOptions';

describe('who and why', () => {
  it('takes --by, else COMPOSE_ACTOR, else the OS user, and refuses names that are not 1 to 64 printable characters', () => {
    expect(readActor('sipho', { COMPOSE_ACTOR: 'thandi' }, () => 'root')).toBe('sipho');
    expect(readActor(undefined, { COMPOSE_ACTOR: 'thandi' }, () => 'root')).toBe('thandi');
    expect(readActor(undefined, { COMPOSE_ACTOR: ' ' }, () => 'root')).toBe('root');
    expect(() => readActor('a\nb', {}, () => 'root')).toThrow(/^--by must be a name of 1 to 64 printable characters/);
    expect(() => readActor('', {}, () => 'root')).toThrow(/^--by must be/);
    expect(() => readActor(undefined, { COMPOSE_ACTOR: 'x'.repeat(65) }, () => 'root')).toThrow(/^COMPOSE_ACTOR must be/);
    expect(() => readActor(undefined, {}, () => 'bad\u001b[31m')).toThrow(/--by <name> or COMPOSE_ACTOR/);
    expect(() => readActor(undefined, {}, () => {
      throw new Error('no passwd entry');
    })).toThrow(UsageError);
    expect(readActor('Nomsa Dlamini-Ngcobo', {}, () => 'root')).toBe('Nomsa Dlamini-Ngcobo');
  });

  it('takes a reason of at most 500 characters on one line, required for a rollback', () => {
    expect(readReason(undefined, false, 'set')).toBeNull();
    expect(() => readReason(undefined, true, 'rollback')).toThrow('rollback needs a reason');
    expect(readReason('  cart 1.0.3 breaks checkout ', true, 'rollback')).toBe('cart 1.0.3 breaks checkout');
    expect(() => readReason('x'.repeat(501), false, 'set')).toThrow('at most 500 characters');
    expect(() => readReason('one\ntwo', false, 'set')).toThrow('no control characters');
    expect(() => readReason(' ', false, 'set')).toThrow('--reason is empty');
  });
});
