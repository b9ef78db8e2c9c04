import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('when nothing is set, then the contract’s defaults apply', () => {
    const config = loadConfig({});
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.JWT_SECRET).toBeUndefined();
    // The client npm start builds (index.ts serves client/dist).
    expect(config.CLIENT_DIST_DIR).toBeUndefined();
    expect(loadConfig({ CLIENT_DIST_DIR: ' /srv/client-profiling ' }).CLIENT_DIST_DIR).toBe('/srv/client-profiling');
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: './data',
      CORS_ORIGINS: [],
      PRODUCT_NAME: 'Rewards',
      SUPPORT_CONTACTS: [],
    });
  });

  it('when several variables are wrong, then one error lists every one of them', () => {
    let thrown: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://nope',
        SUPPORT_CONTACTS: '[{"name":"only one"}]',
        SUPERADMIN_PASSWORD: 'short',
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    const problems = (thrown as ConfigError).problems.join('\n');
    expect(problems).toMatch(/PORT/);
    expect(problems).toMatch(/DATABASE_URL/);
    expect(problems).toMatch(/SUPPORT_CONTACTS/);
    expect(problems).toMatch(/SUPERADMIN_PASSWORD/);
  });

  it('when only one of SUPERADMIN_USERNAME and SUPERADMIN_PASSWORD is set, then start-up is refused', () => {
    expect(() => loadConfig({ SUPERADMIN_USERNAME: 'boss' })).toThrow(/must be set together/);
  });

  it('when NODE_ENV is production without JWT_SECRET, then start-up is refused', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/JWT_SECRET: is required when NODE_ENV=production/);
    expect(loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) }).JWT_SECRET).toBe('x'.repeat(40));
  });

  it('when DATABASE_URL is set without JWT_SECRET, then start-up is refused: every server on it must share one secret', () => {
    const databaseUrl = 'postgres://rewards:rewards@db:5432/rewards';
    expect(() => loadConfig({ DATABASE_URL: databaseUrl })).toThrow(/JWT_SECRET: is required with DATABASE_URL/);
    expect(loadConfig({ DATABASE_URL: databaseUrl, JWT_SECRET: 'y'.repeat(40) })).toMatchObject({
      DATABASE_URL: databaseUrl,
      JWT_SECRET: 'y'.repeat(40),
    });
    // The embedded database has one server by construction: it keeps generating its own.
    expect(loadConfig({ DATABASE_URL: '' }).JWT_SECRET).toBeUndefined();
  });

  it('when SUPERADMIN_PASSWORD is over 72 bytes, then start-up is refused even if it is under 72 characters', () => {
    const superadmin = (password: string) => loadConfig({ SUPERADMIN_USERNAME: 'owner', SUPERADMIN_PASSWORD: password });
    // 36 characters of 2 bytes each: 72 bytes, the most bcrypt reads.
    expect(superadmin('é'.repeat(36)).SUPERADMIN_PASSWORD).toBe('é'.repeat(36));
    // 37 characters, 74 bytes: bcrypt would silently ignore the end.
    expect(() => superadmin('é'.repeat(37))).toThrow(/SUPERADMIN_PASSWORD: must be at most 72 bytes/);
    expect(() => superadmin('a'.repeat(73))).toThrow(/SUPERADMIN_PASSWORD: must be at most 72 bytes/);
  });

  it('when CORS_ORIGINS lists origins, then they are split and trimmed', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example ,' }).CORS_ORIGINS).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });
});
