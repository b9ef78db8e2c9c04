import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogger } from './logger';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { logger: createLogger('info', stream), text: () => lines.join('') };
}

const HASH = '$2b$10$abcdefghijklmnopqrstuuJ0Yb5YcW0cQ1l8dQx0m3Kc8G5vP3f2';

describe('the log', () => {
  it('when a failed query is logged, then its parameters (a bcrypt hash among them) are not', () => {
    const { logger, text } = capture();
    const failed = Object.assign(
      new Error(`Failed query: insert into "users" ("username", "password_hash") values ($1, $2)\nparams: dealer1,${HASH}`),
      {
        params: ['dealer1', HASH],
        cause: Object.assign(new Error('duplicate key value'), {
          code: '23505',
          detail: 'Key (lower(username))=(dealer1) already exists.',
        }),
      },
    );
    logger.error({ err: failed }, 'request failed');
    const logged = text();
    expect(logged).toContain('Failed query: insert into');
    expect(logged).toContain('23505');
    expect(logged).not.toContain(HASH);
    expect(logged).not.toContain('dealer1');
  });

  it('when an object with secrets is logged, then passwords, tokens and hashes are redacted', () => {
    const { logger, text } = capture();
    logger.info(
      {
        body: { password: 'hunter2-secret', newPassword: 'n3w-secret', currentPassword: 'old-secret' },
        user: { passwordHash: HASH, token: 'eyJhbGciOi.secret' },
      },
      'x',
    );
    const logged = text();
    for (const secret of ['hunter2-secret', 'n3w-secret', 'old-secret', HASH, 'eyJhbGciOi.secret'])
      expect(logged).not.toContain(secret);
    expect(logged).toContain('[Redacted]');
  });
});
