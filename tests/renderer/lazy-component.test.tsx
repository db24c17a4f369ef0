import { describe, expect, it } from 'vitest';
import type React from 'react';
import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { lazyComponent } from '../../renderer/lazy-component';

describe('step kinds that load on demand (renderer/lazy-component.ts)', () => {
  it('shows the fallback until the code arrives, then the component', async () => {
    let arrive!: () => void;
    const lazy = lazyComponent(() => new Promise<() => React.JSX.Element>((resolve) => (arrive = () => resolve(() => <p>loaded</p>))));
    render(
      <Suspense fallback={<p>waiting</p>}>
        <lazy.component />
      </Suspense>,
    );
    expect(screen.getByText('waiting')).toBeTruthy();
    arrive();
    expect(await screen.findByText('loaded')).toBeTruthy();
  });

  it('renders at once, with no fallback, once preloaded', async () => {
    const lazy = lazyComponent(async () => () => <p>ready</p>);
    await lazy.preload();
    render(
      <Suspense fallback={<p>waiting</p>}>
        <lazy.component />
      </Suspense>,
    );
    expect(screen.getByText('ready')).toBeTruthy();
    expect(screen.queryByText('waiting')).toBeNull();
  });

  it('tries again after a failed load', async () => {
    let attempts = 0;
    const lazy = lazyComponent(async () => {
      attempts++;
      if (attempts === 1) throw new Error('offline');
      return () => <p>ok</p>;
    });
    await expect(lazy.preload()).rejects.toThrow('offline');
    await expect(lazy.preload()).resolves.toBeTypeOf('function');
    expect(attempts).toBe(2);
  });
});
