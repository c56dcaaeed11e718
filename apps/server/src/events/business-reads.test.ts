import { describe, expect, it } from 'vitest';
import { fakeBus } from '../../test/fake-bus.ts';
import { createBusinessReads } from './business-reads.ts';

function counter() {
  let value = 0;
  return { query: async () => ++value };
}

describe('business reads', () => {
  it('keeps a read until this instance or another says the business changed, and no longer', async () => {
    const bus = fakeBus();
    const business = createBusinessReads(bus.events);
    const count = counter();
    expect(await business.read('team', count.query)).toBe(1);
    expect(await business.read('team', count.query)).toBe(1);
    business.forget();
    expect(await business.read('team', count.query)).toBe(2);
    bus.hear({ type: 'chats.changed' });
    expect(await business.read('team', count.query)).toBe(2);
    bus.hear({ type: 'business.changed' });
    expect(await business.read('team', count.query)).toBe(3);
    bus.hear({ type: 'resync' });
    expect(await business.read('team', count.query)).toBe(4);
  });

  it('keeps nothing while changes from other instances cannot be heard', async () => {
    const bus = fakeBus();
    const business = createBusinessReads(bus.events);
    const count = counter();
    bus.live = false;
    expect(await business.read('team', count.query)).toBe(1);
    expect(await business.read('team', count.query)).toBe(2);
    bus.live = true;
    expect(await business.read('team', count.query)).toBe(3);
    expect(await business.read('team', count.query)).toBe(3);
  });

  it('a change heard while a read runs is not hidden behind that read', async () => {
    const bus = fakeBus();
    const business = createBusinessReads(bus.events);
    let release = () => {};
    const first = business.read(
      'team',
      () => new Promise<string>((resolve) => (release = () => resolve('before'))),
    );
    bus.hear({ type: 'business.changed' });
    const second = business.read('team', async () => 'after');
    release();
    expect(await first).toBe('before');
    expect(await second).toBe('after');
    expect(await business.read('team', async () => 'later')).toBe('after');
  });

  it('keeps neither a failed read nor one the caller says is not worth keeping', async () => {
    const bus = fakeBus();
    const business = createBusinessReads(bus.events);
    await expect(business.read('team', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await business.read('team', async () => 'up')).toBe('up');

    const count = counter();
    const keepEven = (value: number) => value % 2 === 0;
    expect(await business.read('who', count.query, keepEven)).toBe(1);
    expect(await business.read('who', count.query, keepEven)).toBe(2);
    expect(await business.read('who', count.query, keepEven)).toBe(2);
  });
});
