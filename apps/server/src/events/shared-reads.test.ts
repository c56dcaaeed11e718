import { describe, expect, it } from 'vitest';
import { fakeBus } from '../../test/fake-bus.ts';
import { createSharedReads } from './shared-reads.ts';

function counter() {
  let value = 0;
  return { query: async () => ++value, calls: () => value };
}

describe('shared reads', () => {
  it('answers the same read from one query until an event, and for at most a second', async () => {
    const bus = fakeBus();
    let now = 0;
    const shared = createSharedReads(bus.events, () => now);
    const count = counter();
    expect(await shared.read('list', count.query)).toBe(1);
    expect(await shared.read('list', count.query)).toBe(1);
    expect(await shared.read('other', count.query)).toBe(2);
    bus.hear({ type: 'chats.changed' });
    expect(await shared.read('list', count.query)).toBe(3);
    now = 999;
    expect(await shared.read('list', count.query)).toBe(3);
    now = 1_000;
    expect(await shared.read('list', count.query)).toBe(4);
  });

  it('an event while a query runs is not hidden behind that query', async () => {
    const bus = fakeBus();
    const shared = createSharedReads(bus.events, () => 0);
    let release = () => {};
    const first = shared.read(
      'list',
      () => new Promise<string>((resolve) => (release = () => resolve('before'))),
    );
    bus.hear({ type: 'chats.changed' });
    const second = shared.read('list', async () => 'after');
    release();
    expect(await first).toBe('before');
    expect(await second).toBe('after');
  });

  it('keeps nothing while events cannot be heard, nor a failed read', async () => {
    const bus = fakeBus();
    const shared = createSharedReads(bus.events, () => 0);
    const count = counter();
    bus.live = false;
    await shared.read('list', count.query);
    await shared.read('list', count.query);
    expect(count.calls()).toBe(2);
    bus.live = true;
    await expect(shared.read('list', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await shared.read('list', async () => 'again')).toBe('again');
  });

  it('a write through the repository forgets at once; its reads do not', async () => {
    const bus = fakeBus();
    const shared = createSharedReads(bus.events, () => 0);
    let rows = ['a'];
    const repository = shared.forgetAfterWrites(
      {
        list: async () => [...rows],
        add: async (row: string) => {
          rows = [...rows, row];
        },
      },
      ['list'],
    );
    const read = () => shared.read('list', () => repository.list());
    expect(await read()).toEqual(['a']);
    await repository.list();
    expect(await read()).toEqual(['a']);
    rows = ['changed without the repository'];
    expect(await read()).toEqual(['a']);
    await repository.add('b');
    expect(await read()).toEqual(['changed without the repository', 'b']);
  });
});
