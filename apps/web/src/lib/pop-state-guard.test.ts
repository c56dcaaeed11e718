import { describe, expect, it, vi } from 'vitest';
import { listenBeforeRouter, setPopStateHold } from './pop-state-guard';

describe('pop state guard', () => {
  it('keeps a held Back from the listeners added after it, and lets it through once released', () => {
    listenBeforeRouter();
    const router = vi.fn();
    window.addEventListener('popstate', router);
    const release = setPopStateHold(() => true);

    window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 0 } }));
    expect(router).not.toHaveBeenCalled();

    release();
    window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 0 } }));
    expect(router).toHaveBeenCalledTimes(1);
    window.removeEventListener('popstate', router);
  });
});
