import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// CI runs these beside the end-to-end stack on two cores; antd's first render, or a page's first
// lazy import through the route table, can take over the library's 1 s default for findBy/waitFor
// there (a loaded machine has taken 6 s). Under the 15 s test timeout.
configure({ asyncUtilTimeout: 10000 });

// jsdom lacks these browser APIs that antd uses for responsive layout and measuring.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver ??= ResizeObserverStub;

window.scrollTo = () => undefined;

const getComputedStyle = window.getComputedStyle.bind(window);
// antd measures scrollbars with pseudo-elements, which jsdom does not implement.
window.getComputedStyle = (element: Element) => getComputedStyle(element);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.cookie.split(';').forEach((cookie) => {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});
