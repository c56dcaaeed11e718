import { MutationObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../app/query-client';
import { ApiError } from './api-client';
import { type MutationFeedback, refusalText, setToaster } from './mutation-feedback';

function toaster() {
  const toasts = { success: vi.fn(), failure: vi.fn() };
  const remove = setToaster(toasts);
  return { ...toasts, remove };
}

let removeToaster = () => {};
afterEach(() => removeToaster());

async function run<T, V>(options: {
  mutationFn: (variables: V) => Promise<T>;
  meta?: MutationFeedback;
  variables: V;
}) {
  const observer = new MutationObserver(createQueryClient(), {
    mutationFn: options.mutationFn,
    ...(options.meta ? { meta: options.meta } : {}),
  });
  await observer.mutate(options.variables).catch(() => {});
}

describe('mutation feedback', () => {
  it('toasts the success text a mutation declares', async () => {
    const toasts = toaster();
    removeToaster = toasts.remove;
    await run({ mutationFn: async () => ({}), meta: { success: 'Client saved' }, variables: undefined });
    expect(toasts.success).toHaveBeenCalledWith('Client saved');
  });

  it('words the toast from the answer and the variables when asked to', async () => {
    const toasts = toaster();
    removeToaster = toasts.remove;
    await run({
      mutationFn: async (input: { id?: string }) => input,
      meta: { success: (_data: unknown, input: { id?: string }) => (input.id ? 'Saved' : 'Created') },
      variables: {},
    });
    expect(toasts.success).toHaveBeenCalledWith('Created');
  });

  it('says nothing for a mutation without texts', async () => {
    const toasts = toaster();
    removeToaster = toasts.remove;
    await run({ mutationFn: async () => ({}), variables: undefined });
    await run({ mutationFn: () => Promise.reject(new ApiError(400, 'No')), variables: undefined });
    expect(toasts.success).not.toHaveBeenCalled();
    expect(toasts.failure).not.toHaveBeenCalled();
  });

  it("prefers the server's reason for a refusal over the fallback text", async () => {
    const toasts = toaster();
    removeToaster = toasts.remove;
    await run({
      mutationFn: () => Promise.reject(new ApiError(409, 'Already solved')),
      meta: { failure: 'Failed to mark the notification as solved' },
      variables: undefined,
    });
    expect(toasts.failure).toHaveBeenCalledWith('Already solved');
  });

  it('never shows the body of a server error', () => {
    expect(refusalText(new ApiError(500, 'stack trace'), 'Failed to save')).toBe('Failed to save');
    expect(refusalText(new TypeError('Failed to fetch'), 'Failed to save')).toBe('Failed to save');
    expect(refusalText(new ApiError(409, 'You cannot delete your own account'), 'Failed')).toBe(
      'You cannot delete your own account',
    );
  });
});
