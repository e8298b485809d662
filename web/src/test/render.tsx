import { render } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '../api/query-client';
import { AntdProviders } from '../components/AntdProviders';
import { AppProviders } from '../components/AppProviders';
import { appTheme } from '../theme';

/** antd's theme without CSS-in-JS injection, which is slow in jsdom. */
export const testTheme = { ...appTheme, zeroRuntime: true };

/** Shows where the app navigated to, so tests can assert on the visible URL. */
function LocationProbe() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

interface RenderOptions {
  /** The route pattern the element is mounted at. */
  path: string;
  /** The URL the test starts from (defaults to the path). */
  url?: string;
}

/** Renders routes inside the app's providers; any unmatched path shows the location probe. */
export function renderRoutes(routes: ReactNode, url: string) {
  const queryClient = createQueryClient();
  // The pointer-events check walks computed styles, which is slow with antd's injected CSS in jsdom.
  const user = userEvent.setup({ pointerEventsCheck: PointerEventsCheckLevel.Never });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <AntdProviders theme={testTheme}>
        <MemoryRouter initialEntries={[url]}>
          <Routes>
            {routes}
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </MemoryRouter>
      </AntdProviders>
    </AppProviders>,
  );
  return { ...result, user, queryClient };
}

/** Renders one page at `path`, starting from `url` (defaults to the path). */
export function renderPage(element: ReactElement, { path, url = path }: RenderOptions) {
  return renderRoutes(<Route path={path} element={element} />, url);
}

export interface MockResponse {
  status?: number;
  body?: unknown;
  text?: string;
}

type Handler = (url: string, init: RequestInit | undefined) => MockResponse;

/** Replaces fetch; each call is answered by the handler and recorded. */
export function mockFetch(handler: Handler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const { status = 200, body, text } = handler(url, init);
    return new Response(text ?? (body === undefined ? '' : JSON.stringify(body)), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The recorded fetch calls to one path with one method. */
export const callsTo = (fetchMock: ReturnType<typeof mockFetch>, path: string, method = 'GET') =>
  fetchMock.mock.calls.filter(([url, init]) => url === path && (init?.method ?? 'GET') === method);

/** The parsed JSON body of one recorded fetch call. */
export function requestBody(call: unknown[] | undefined): unknown {
  const init = call?.[1] as RequestInit | undefined;
  return typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
}

type User = ReturnType<typeof userEvent.setup>;

/** Replaces a field's text in one input event (typing key by key is slow with antd in jsdom). */
export async function fillIn(user: User, field: HTMLElement, text: string) {
  await user.clear(field);
  if (text) await user.paste(text);
}

function blobJson(blob: Blob): Promise<unknown> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(JSON.parse(String(reader.result)));
    reader.readAsText(blob);
  });
}

/** Stubs navigator.sendBeacon and returns the analytics events the page sends, parsed. */
export function captureBeacons(): { sendBeacon: ReturnType<typeof vi.fn>; events: () => Promise<unknown[]> } {
  const sendBeacon = vi.fn((_url: string, _body: Blob) => true);
  vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { sendBeacon }));
  return {
    sendBeacon,
    events: () => Promise.all(sendBeacon.mock.calls.map(([, body]) => blobJson(body))),
  };
}
