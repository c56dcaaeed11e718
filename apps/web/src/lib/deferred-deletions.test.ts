import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDeferredDeletions } from './deferred-deletions';

describe('deferred deletions', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hides a record at once and sends its deletion only when the window ends', async () => {
    const deletions = createDeferredDeletions(5000);
    const commit = vi.fn().mockResolvedValue(undefined);
    deletions.schedule('n1', commit);

    expect(deletions.hidden().has('n1')).toBe(true);
    await vi.advanceTimersByTimeAsync(4999);
    expect(commit).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(1);
    expect(commit).toHaveBeenCalledWith({ keepalive: false });
    expect(deletions.hidden().has('n1')).toBe(false);
  });

  it('undo within the window brings the record back and never calls the server', async () => {
    const deletions = createDeferredDeletions(5000);
    const commit = vi.fn().mockResolvedValue(undefined);
    const listener = vi.fn();
    deletions.subscribe(listener);
    deletions.schedule('n1', commit);

    expect(deletions.undo('n1')).toBe(true);
    await vi.advanceTimersByTimeAsync(10_000);

    expect(commit).not.toHaveBeenCalled();
    expect(deletions.hidden().has('n1')).toBe(false);
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('cannot undo once the deletion was sent', async () => {
    const deletions = createDeferredDeletions(5000);
    let finish = () => {};
    deletions.schedule('n1', () => new Promise<void>((resolve) => (finish = resolve)));
    await vi.advanceTimersByTimeAsync(5000);

    expect(deletions.undo('n1')).toBe(false);
    // Still hidden while the server answers, so a reload meanwhile does not show it again.
    expect(deletions.hidden().has('n1')).toBe(true);
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(deletions.hidden().has('n1')).toBe(false);
  });

  it('flushes every waiting deletion with keepalive when the page goes away', async () => {
    const deletions = createDeferredDeletions(5000);
    const first = vi.fn().mockResolvedValue(undefined);
    const second = vi.fn().mockResolvedValue(undefined);
    deletions.schedule('n1', first);
    deletions.schedule('n2', second);

    await deletions.flush();

    expect(first).toHaveBeenCalledWith({ keepalive: true });
    expect(second).toHaveBeenCalledWith({ keepalive: true });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });

  it('shows the record again when the server refuses the deletion', async () => {
    const deletions = createDeferredDeletions(5000);
    deletions.schedule('n1', () => Promise.reject(new Error('refused')));
    await vi.advanceTimersByTimeAsync(5000);
    expect(deletions.hidden().has('n1')).toBe(false);
  });

  it('schedules one deletion per record', async () => {
    const deletions = createDeferredDeletions(5000);
    const commit = vi.fn().mockResolvedValue(undefined);
    deletions.schedule('n1', commit);
    deletions.schedule('n1', commit);
    await vi.advanceTimersByTimeAsync(5000);
    expect(commit).toHaveBeenCalledTimes(1);
  });
});
