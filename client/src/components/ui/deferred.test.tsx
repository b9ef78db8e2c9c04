import { act, render, screen } from '@testing-library/react';
import type { ComponentType } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deferred, deferredDialog } from './deferred';

// The page's settling (lib/page-settled.ts, tested on its own) is played by the test here: it runs the
// callbacks waiting for it when `settlePage` is called, and at once for callbacks asked afterwards, as the
// real one does.
const page = vi.hoisted(() => {
  let settled = false;
  const waiting = new Set<() => void>();
  return {
    whenPageSettled: (then: () => void) => {
      if (settled) {
        then();
        return () => undefined;
      }
      waiting.add(then);
      return () => {
        waiting.delete(then);
      };
    },
    settle: () => {
      settled = true;
      const callbacks = [...waiting];
      waiting.clear();
      for (const then of callbacks) then();
    },
    reset: () => {
      settled = false;
      waiting.clear();
    },
  };
});

vi.mock('../../lib/page-settled', () => ({ whenPageSettled: page.whenPageSettled }));

function settlePage() {
  act(() => page.settle());
}

type GreetingProps = { name: string };

function RealGreeting({ name }: GreetingProps) {
  return <button type="button">Hello {name}, menu ready</button>;
}

const fallback = vi.fn(({ name }: GreetingProps) => <button type="button">Hello {name}</button>);

/** A download the test finishes (or fails) when it chooses; `load` records each download started. */
function controlledDownload() {
  const downloads: { resolve: (component: ComponentType<GreetingProps>) => void; reject: (error: Error) => void }[] = [];
  const load = vi.fn(
    () =>
      new Promise<ComponentType<GreetingProps>>((resolve, reject) => {
        downloads.push({ resolve, reject });
      }),
  );
  const download = (index: number) => {
    const started = downloads[index];
    if (!started) throw new Error(`download ${index} was never started`);
    return started;
  };
  return { load, download };
}

/** Finishes (or fails) a download and lets React draw what follows from it. */
async function settleDownload(finish: () => void) {
  await act(async () => {
    finish();
    await Promise.resolve();
  });
}

beforeEach(() => {
  page.reset();
  fallback.mockClear();
});

describe('deferred', () => {
  it('when the page has not settled, then the fallback renders with the component’s props and nothing is downloaded', () => {
    const { load } = controlledDownload();
    const Greeting = deferred(load, fallback);
    render(<Greeting name="Asha" />);

    expect(screen.getByRole('button', { name: 'Hello Asha' })).toBeInTheDocument();
    expect(fallback).toHaveBeenLastCalledWith({ name: 'Asha' });
    expect(load).not.toHaveBeenCalled();
  });

  it('when no fallback is given, then nothing renders until the component arrives', async () => {
    const { load, download } = controlledDownload();
    const Greeting = deferred(load);
    const { container } = render(<Greeting name="Asha" />);
    expect(container).toBeEmptyDOMElement();

    settlePage();
    await settleDownload(() => download(0).resolve(RealGreeting));
    expect(screen.getByRole('button', { name: 'Hello Asha, menu ready' })).toBeInTheDocument();
  });

  it('when the page settles, then the download starts', () => {
    const { load } = controlledDownload();
    const Greeting = deferred(load, fallback);
    render(<Greeting name="Asha" />);
    expect(load).not.toHaveBeenCalled();

    settlePage();
    expect(load).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Hello Asha' })).toBeInTheDocument();
  });

  it('when the component has arrived, then it renders in place of the fallback with the same props', async () => {
    const { load, download } = controlledDownload();
    const Greeting = deferred(load, fallback);
    const { rerender } = render(<Greeting name="Asha" />);
    settlePage();

    await settleDownload(() => download(0).resolve(RealGreeting));
    expect(screen.getByRole('button', { name: 'Hello Asha, menu ready' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Hello Asha' })).toBeNull();

    rerender(<Greeting name="Bina" />);
    expect(screen.getByRole('button', { name: 'Hello Bina, menu ready' })).toBeInTheDocument();
  });

  it('when two instances are mounted, then they share one download and both show the component', async () => {
    const { load, download } = controlledDownload();
    const Greeting = deferred(load, fallback);
    render(
      <>
        <Greeting name="Asha" />
        <Greeting name="Bina" />
      </>,
    );
    settlePage();
    expect(load).toHaveBeenCalledOnce();

    await settleDownload(() => download(0).resolve(RealGreeting));
    expect(screen.getByRole('button', { name: 'Hello Asha, menu ready' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hello Bina, menu ready' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
  });

  it('when the component has arrived, then an instance mounted later shows it at once without downloading again', async () => {
    const { load, download } = controlledDownload();
    const Greeting = deferred(load, fallback);
    render(<Greeting name="Asha" />);
    settlePage();
    await settleDownload(() => download(0).resolve(RealGreeting));
    fallback.mockClear();

    render(<Greeting name="Chitra" />);
    expect(screen.getByRole('button', { name: 'Hello Chitra, menu ready' })).toBeInTheDocument();
    expect(fallback).not.toHaveBeenCalled();
    expect(load).toHaveBeenCalledOnce();
  });

  it('when the download fails, then the fallback stays and the next instance mounted tries again', async () => {
    const { load, download } = controlledDownload();
    const Greeting = deferred(load, fallback);
    render(<Greeting name="Asha" />);
    settlePage();
    await settleDownload(() => download(0).reject(new Error('chunk failed to load')));
    expect(screen.getByRole('button', { name: 'Hello Asha' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();

    render(<Greeting name="Bina" />);
    expect(load).toHaveBeenCalledTimes(2);
    await settleDownload(() => download(1).resolve(RealGreeting));
    expect(screen.getByRole('button', { name: 'Hello Asha, menu ready' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Hello Bina, menu ready' })).toBeInTheDocument();
  });

  it('when the page settles, then nothing renders again until the component has arrived', async () => {
    const { load, download } = controlledDownload();
    const Greeting = deferred(load, fallback);
    render(<Greeting name="Asha" />);
    const rendersBefore = fallback.mock.calls.length;
    expect(rendersBefore).toBeGreaterThan(0);

    settlePage();
    await act(() => Promise.resolve());
    expect(load).toHaveBeenCalledOnce();
    expect(fallback).toHaveBeenCalledTimes(rendersBefore);

    await settleDownload(() => download(0).resolve(RealGreeting));
    expect(screen.getByRole('button', { name: 'Hello Asha, menu ready' })).toBeInTheDocument();
    expect(fallback).toHaveBeenCalledTimes(rendersBefore);
  });

  it('when an instance unmounts before the page settles, then it starts no download', () => {
    const { load } = controlledDownload();
    const Greeting = deferred(load, fallback);
    const { unmount } = render(<Greeting name="Asha" />);
    unmount();

    settlePage();
    expect(load).not.toHaveBeenCalled();
  });

  it('when it is drawn only once used, then settling downloads nothing; the first use imports it, the fallback stays until it arrives, and the component then stays', async () => {
    type MenuProps = { name: string; used: boolean };
    const { load, download } = controlledDownload();
    const Menu = deferred(
      load as unknown as () => Promise<ComponentType<MenuProps>>,
      ({ name }: MenuProps) => <button type="button">Hello {name}</button>,
      { usedWhen: ({ used }) => used },
    );
    const { rerender } = render(<Menu name="Asha" used={false} />);
    settlePage();
    await act(() => Promise.resolve());
    expect(load).not.toHaveBeenCalled();

    rerender(<Menu name="Asha" used />);
    expect(load).toHaveBeenCalledOnce();
    expect(screen.getByRole('button', { name: 'Hello Asha' })).toBeInTheDocument();
    await settleDownload(() => download(0).resolve(RealGreeting));
    expect(screen.getByRole('button', { name: 'Hello Asha, menu ready' })).toBeInTheDocument();
    // Closed again (a drawer): still the component, so its closing transition plays.
    rerender(<Menu name="Asha" used={false} />);
    expect(screen.getByRole('button', { name: 'Hello Asha, menu ready' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledOnce();
  });

  it('when a used component is used before the page settles, then its code is imported at once', () => {
    type MenuProps = { used: boolean };
    const { load } = controlledDownload();
    const Menu = deferred(load as unknown as () => Promise<ComponentType<MenuProps>>, () => null, {
      usedWhen: ({ used }) => used,
    });
    render(<Menu used />);
    expect(load).toHaveBeenCalledOnce();
  });

  it('when a dialog is never opened, then its code is never downloaded; opened, it is imported, drawn, and stays', async () => {
    type DialogProps = { opened: boolean };
    const Dialog = ({ opened }: DialogProps) => <div role="dialog" aria-label="Add Bill" hidden={!opened} />;
    const { load, download } = controlledDownload();
    const AddBill = deferredDialog(load as unknown as () => Promise<ComponentType<DialogProps>>);
    const { rerender } = render(<AddBill opened={false} />);
    settlePage();
    await act(() => Promise.resolve());
    expect(load).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { hidden: true })).not.toBeInTheDocument();

    rerender(<AddBill opened />);
    expect(load).toHaveBeenCalledOnce();
    await settleDownload(() => download(0).resolve(Dialog as unknown as ComponentType<GreetingProps>));
    expect(screen.getByRole('dialog', { name: 'Add Bill' })).toBeInTheDocument();
    rerender(<AddBill opened={false} />);
    expect(screen.getByRole('dialog', { hidden: true })).toBeInTheDocument();
  });

  it('when a dialog’s download fails, then closing and opening it again tries again', async () => {
    type DialogProps = { opened: boolean };
    const Dialog = ({ opened }: DialogProps) => <div role="dialog" aria-label="Add Bill" hidden={!opened} />;
    const { load, download } = controlledDownload();
    const AddBill = deferredDialog(load as unknown as () => Promise<ComponentType<DialogProps>>);
    const { rerender } = render(<AddBill opened />);
    await settleDownload(() => download(0).reject(new Error('chunk failed to load')));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    rerender(<AddBill opened={false} />);
    rerender(<AddBill opened />);
    expect(load).toHaveBeenCalledTimes(2);
    await settleDownload(() => download(1).resolve(Dialog as unknown as ComponentType<GreetingProps>));
    expect(screen.getByRole('dialog', { name: 'Add Bill' })).toBeInTheDocument();
  });
});
