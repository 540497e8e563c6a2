import { describe, expect, it } from 'vitest';
import { isConnectionError, isRecoveryConflict } from './connection-error';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isConnectionError', () => {
  it('is true for a server that cannot be reached or went away', () => {
    expect(isConnectionError(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5433'))).toBe(true);
    expect(isConnectionError(withCode('57P01', 'terminating connection due to administrator command'))).toBe(true);
    expect(isConnectionError(withCode('57P03', 'the database system is starting up'))).toBe(true);
    expect(isConnectionError(withCode('08006'))).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(new Error('timeout exceeded when trying to connect'))).toBe(true);
    // A stopped server's Unix socket file is gone.
    expect(isConnectionError(Object.assign(withCode('ENOENT', 'connect ENOENT /srv/pg/.s.PGSQL.5433'), { syscall: 'connect' }))).toBe(true);
  });

  it('looks through causes and the errors of an AggregateError', () => {
    expect(isConnectionError(new Error('query failed', { cause: withCode('ECONNRESET') }))).toBe(true);
    expect(isConnectionError(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')], 'connect failed'))).toBe(true);
  });

  it('is false for an answer about the statement itself', () => {
    expect(isConnectionError(withCode('42P01', 'relation "nowhere" does not exist'))).toBe(false);
    expect(isConnectionError(withCode('57014', 'canceling statement due to statement timeout'))).toBe(false);
    expect(isConnectionError(withCode('40001', 'canceling statement due to conflict with recovery'))).toBe(false);
    expect(isConnectionError(new Error('boom'))).toBe(false);
    expect(isConnectionError(Object.assign(withCode('ENOENT', "ENOENT: no such file or directory, open 'x'"), { syscall: 'open' }))).toBe(false);
    expect(isConnectionError(null)).toBe(false);
    expect(isConnectionError('ECONNREFUSED')).toBe(false);
  });
});

describe('isRecoveryConflict', () => {
  it('is true only for a standby cancelling a read to replay the primary', () => {
    expect(isRecoveryConflict(withCode('40001', 'canceling statement due to conflict with recovery'))).toBe(true);
    expect(isRecoveryConflict(withCode('40001', 'could not serialize access due to concurrent update'))).toBe(false);
    expect(isRecoveryConflict(withCode('57P01'))).toBe(false);
  });
});
