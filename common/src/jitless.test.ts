import { describe, expect, it } from 'vitest';

describe('jitless (imported before zod by the browser entry)', () => {
  it('when zod loads after it, then zod runs jitless and builds schemas without probing eval', async () => {
    await import('./jitless');
    const { config, z } = await import('zod');
    expect(config().jitless).toBe(true);

    // The probe is `new Function('')`; with eval refused the way our CSP refuses it, building and using an
    // object schema must not call it.
    const realFunction = globalThis.Function;
    const calls: unknown[] = [];
    globalThis.Function = new Proxy(realFunction, {
      construct(target, args: unknown[]) {
        calls.push(args);
        throw new EvalError('Refused to evaluate a string as JavaScript (CSP)');
      },
    });
    try {
      const schema = z.object({ name: z.string() });
      expect(schema.parse({ name: 'Sharma Traders' })).toEqual({ name: 'Sharma Traders' });
    } finally {
      globalThis.Function = realFunction;
    }
    expect(calls).toEqual([]);
  });
});
