import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCoalescer } from './coalesce';

describe('createCoalescer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('runs the first call at once and a burst once more, after a second, with its last task', async () => {
    const coalescer = createCoalescer(1_000);
    const runs: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      coalescer.run('list', async () => runs.push(index));
      await vi.advanceTimersByTimeAsync(100);
    }
    // 2 s of events: the first at once, then one a second with the latest (at 0.9 s, at 1.9 s).
    await vi.advanceTimersByTimeAsync(5_000);
    expect(runs).toEqual([0, 9, 19]);
  });

  it('runs nothing more after a single call, and again at once after a quiet second', async () => {
    const coalescer = createCoalescer(1_000);
    const task = vi.fn(async () => {});
    coalescer.run('list', task);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(task).toHaveBeenCalledTimes(1);

    coalescer.run('list', task);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('never starts a run while the previous one is still going', async () => {
    const coalescer = createCoalescer(1_000);
    let finish = () => {};
    const slow = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    coalescer.run('list', slow);
    coalescer.run('list', slow);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(slow).toHaveBeenCalledTimes(1);

    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(slow).toHaveBeenCalledTimes(2);
  });

  it('keeps going after a task fails', async () => {
    const coalescer = createCoalescer(1_000);
    const task = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined);
    coalescer.run('list', task);
    coalescer.run('list', task);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('holds each key to its own pace', async () => {
    const coalescer = createCoalescer(1_000);
    const list = vi.fn(async () => {});
    const messages = vi.fn(async () => {});
    coalescer.run('list', list);
    coalescer.run('messages', messages);
    coalescer.run('list', list);
    expect(list).toHaveBeenCalledTimes(1);
    expect(messages).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(list).toHaveBeenCalledTimes(2);
    expect(messages).toHaveBeenCalledTimes(1);
  });
});
