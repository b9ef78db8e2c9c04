// @vitest-environment jsdom
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { act, createElement, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { describe, expect, it } from 'vitest';
import { mantineIdsFromReact, USE_ID_FROM_REACT } from './mantine-ids-from-react';

type UseId = (staticId?: string) => string;

// The installed @mantine/hooks' use-id module, found from the package's entry (its exports map hides the rest).
const require = createRequire(import.meta.url);
const mantineRoot = path.resolve(path.dirname(require.resolve('@mantine/hooks')), '..');
const mantineUseIdFile = path.join(mantineRoot, 'esm', 'use-id', 'use-id.mjs');

const ours = (await import(/* @vite-ignore */ pathToFileURL(USE_ID_FROM_REACT).href)) as { useId: UseId };
const mantines = (await import(/* @vite-ignore */ pathToFileURL(mantineUseIdFile).href)) as { useId: UseId };

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** Mounts `count` components that each take an id from `useId`; answers their ids and how often each rendered. */
function mountProbes(useId: UseId, count: number, staticId?: string) {
  const renders: number[] = Array.from({ length: count }, () => 0);
  let rerender: () => void = () => undefined;
  function Probe({ index }: { index: number }) {
    renders[index] = (renders[index] ?? 0) + 1;
    return createElement('span', { id: useId(staticId), 'data-probe': index });
  }
  function Probes() {
    const [, setTick] = useState(0);
    rerender = () => setTick((tick) => tick + 1);
    return Array.from({ length: count }, (_, index) => createElement(Probe, { key: index, index }));
  }
  const container = document.createElement('div');
  const root = createRoot(container);
  act(() => {
    root.render(createElement(Probes));
  });
  const ids = () => [...container.querySelectorAll('span')].map((span) => span.id);
  const afterMount = { ids: ids(), renders: [...renders] };
  act(() => rerender());
  const afterRerender = ids();
  act(() => root.unmount());
  return { ...afterMount, afterRerender };
}

describe("Mantine's ids from React's useId (decision 032)", () => {
  it('when the build loads @mantine/hooks’ use-id module, then the plugin answers ours, and nothing else', () => {
    // If Mantine moves the module, the build would silently keep its double render: this fails first.
    expect(existsSync(mantineUseIdFile)).toBe(true);
    const load = mantineIdsFromReact().load as (id: string) => string | null;
    expect(load(mantineUseIdFile)).toContain('useReactId');
    expect(load(`${mantineUseIdFile}?v=1`)).toContain('useReactId');
    expect(load(path.join(mantineRoot, 'esm', 'use-media-query', 'use-media-query.mjs'))).toBeNull();
    expect(load(USE_ID_FROM_REACT)).toBeNull();
  });

  it('when components mount, then each renders once with its own id, kept when they render again', () => {
    const { ids, renders, afterRerender } = mountProbes(ours.useId, 3);
    expect(renders).toEqual([1, 1, 1]);
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^mantine-[A-Za-z0-9_-]+$/);
    expect(afterRerender).toEqual(ids);
  });

  it('when a component is given an id, then it keeps that id', () => {
    const { ids, renders } = mountProbes(ours.useId, 1, 'customer-name');
    expect(ids).toEqual(['customer-name']);
    expect(renders).toEqual([1]);
  });

  it('when Mantine’s own useId is used, then each component renders twice on mounting (why the build replaces it)', () => {
    const { renders, ids, afterRerender } = mountProbes(mantines.useId, 3);
    expect(renders).toEqual([2, 2, 2]);
    expect(afterRerender).toEqual(ids);
  });
});
