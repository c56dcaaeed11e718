import '@testing-library/jest-dom/vitest';
import { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, expect, type MockInstance, vi } from 'vitest';

// The vmThreads pool (vitest.config.ts) runs each file in a context of its own that has no ReadableStream;
// Node's is the one its fetch Response reads.
globalThis.ReadableStream ??= NodeReadableStream as typeof globalThis.ReadableStream;

// Mantine reads media queries and observes element sizes; jsdom implements neither.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => {};

let consoleError: MockInstance<typeof console.error>;

beforeEach(() => {
  const original = console.error;
  consoleError = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => original(...args));
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  try {
    // A React warning or an unexpected failure logged during a test is a bug, not noise.
    expect(consoleError, 'console.error was called during the test').not.toHaveBeenCalled();
  } finally {
    consoleError.mockRestore();
  }
});
