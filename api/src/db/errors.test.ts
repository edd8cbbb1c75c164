import { asUnavailable, DatabaseUnavailableError, isUniqueViolation } from './errors';

describe('asUnavailable', () => {
  it.each([
    ['a statement timeout', Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' })],
    ['a server shutting down', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['too many connections', Object.assign(new Error('sorry, too many clients already'), { code: '53300' })],
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ["node-postgres's read timeout", new Error('Query read timeout')],
    ['no free connection in time', new Error('timeout exceeded when trying to connect')],
    ['a connection that timed out opening', new Error('Connection terminated due to connection timeout')],
    ['a connection lost', new Error('Connection terminated unexpectedly')],
  ])('takes %s for an unavailable database, keeping the cause', (_what, error) => {
    const converted = asUnavailable(error);
    expect(converted).toBeInstanceOf(DatabaseUnavailableError);
    expect((converted as Error).cause).toBe(error);
  });

  it.each([
    ['a unique violation', Object.assign(new Error('duplicate key value'), { code: '23505' })],
    ['a syntax error', Object.assign(new Error('syntax error at or near "SELEC"'), { code: '42601' })],
    ['a bug of ours', new TypeError("Cannot read properties of undefined (reading 'id')")],
  ])('leaves %s as it was', (_what, error) => {
    expect(asUnavailable(error)).toBe(error);
  });

  it('leaves a unique violation recognisable', () => {
    expect(isUniqueViolation(asUnavailable(Object.assign(new Error('duplicate'), { code: '23505' })))).toBe(true);
  });
});
