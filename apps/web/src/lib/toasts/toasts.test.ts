import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearToasts, dismissToast, showToast, useToasts } from './toasts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  clearToasts();
  vi.useRealTimers();
});

describe('toasts', () => {
  it('fade after 5000 ms and are removed 200 ms later', () => {
    const { result } = renderHook(() => useToasts());
    act(() => {
      showToast({ kind: 'success', messageKey: 'logout.successful' });
    });
    expect(result.current).toMatchObject([
      { kind: 'success', messageKey: 'logout.successful', visible: true },
    ]);
    act(() => vi.advanceTimersByTime(4999));
    expect(result.current[0]?.visible).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current[0]?.visible).toBe(false);
    act(() => vi.advanceTimersByTime(199));
    expect(result.current).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toHaveLength(0);
  });

  it('show the same message once while it is visible, and can be dismissed early', () => {
    const { result } = renderHook(() => useToasts());
    let id = 0;
    act(() => {
      id = showToast({ kind: 'error', message: 'Oops' });
      showToast({ kind: 'error', message: 'Oops' });
    });
    expect(result.current).toHaveLength(1);
    act(() => dismissToast(id));
    expect(result.current[0]?.visible).toBe(false);
    act(() => vi.advanceTimersByTime(200));
    expect(result.current).toHaveLength(0);
  });
});
