import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './after-paint';

describe('work after the next paint', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestAnimationFrame', 'cancelAnimationFrame'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits two frames and then runs once', () => {
    const work = vi.fn();
    afterNextPaint(work);
    vi.advanceTimersByTime(16);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(34);
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(2000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs after a second on a page that paints nothing (a hidden tab)', () => {
    vi.stubGlobal('requestAnimationFrame', () => 1);
    const work = vi.fn();
    afterNextPaint(work);
    vi.advanceTimersByTime(999);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled (the page was left)', () => {
    const work = vi.fn();
    const cancel = afterNextPaint(work);
    vi.advanceTimersByTime(16);
    cancel();
    vi.advanceTimersByTime(2000);
    expect(work).not.toHaveBeenCalled();
  });
});
