import { render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { preloadableLazy } from './preloadable-lazy';

const Page = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('a preloadable lazy component', () => {
  it('renders at once, without its fallback, once preloaded', async () => {
    const Lazy = preloadableLazy(
      async () => ({ Page }),
      (module) => module.Page,
    );
    await Lazy.preload();
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Ann" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Ann')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).toBeNull();
  });

  it('suspends like React.lazy when not preloaded, and loads its module once', async () => {
    let loads = 0;
    const Lazy = preloadableLazy(
      async () => {
        loads += 1;
        return { Page };
      },
      (module) => module.Page,
    );
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Lazy name="Bob" />
      </Suspense>,
    );
    expect(screen.getByText('Loading')).toBeInTheDocument();
    expect(await screen.findByText('Hello Bob')).toBeInTheDocument();
    await Lazy.preload();
    expect(loads).toBe(1);
  });

  it('tries a module that failed to load again', async () => {
    let attempts = 0;
    const Lazy = preloadableLazy(
      async () => {
        attempts += 1;
        if (attempts === 1) throw new Error('offline');
        return { Page };
      },
      (module) => module.Page,
    );
    await expect(Lazy.preload()).rejects.toThrow('offline');
    await expect(Lazy.preload()).resolves.toBe(Page);
  });
});
