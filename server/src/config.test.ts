import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('when nothing is set, then the contract’s defaults apply', () => {
    const config = loadConfig({});
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.JWT_SECRET).toBeUndefined();
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

  it('when CORS_ORIGINS lists origins, then they are split and trimmed', () => {
    expect(loadConfig({ CORS_ORIGINS: 'https://a.example, https://b.example ,' }).CORS_ORIGINS).toEqual([
      'https://a.example',
      'https://b.example',
    ]);
  });
});
