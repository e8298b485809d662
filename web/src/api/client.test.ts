import { currentUserSchema, successResponseSchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { mockFetch } from '../test/render';
import { fetchCurrentUser } from './auth';
import { ApiError, apiRequest } from './client';

const user = {
  id: 'u1',
  email: 'jane@example.com',
  username: 'jane',
  role: 'user',
  emailVerified: true,
  kycStatus: 'pending',
  firstName: 'Jane',
  lastName: 'Doe',
  companyName: 'Acme Ltd',
};

const calledPaths = (fetchMock: ReturnType<typeof mockFetch>) =>
  fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${String(url)}`);

describe('apiRequest', () => {
  it('sends cookies and a JSON body', async () => {
    const fetchMock = mockFetch(() => ({ body: { success: true, message: 'Sent' } }));
    await apiRequest('/api/auth/forgot-password', successResponseSchema, {
      method: 'POST',
      body: { email: 'jane@example.com' },
    });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
    expect(init?.body).toBe('{"email":"jane@example.com"}');
  });

  it('sends a FormData body as it is, leaving the multipart content type to the browser', async () => {
    const fetchMock = mockFetch(() => ({ body: { success: true, message: 'Sent' } }));
    const form = new FormData();
    form.set('propertyAddress', '12 Queen Street, Auckland');
    await apiRequest('/api/tokenization/upload', successResponseSchema, { method: 'POST', body: form });
    const init = fetchMock.mock.calls[0]?.[1];
    expect(init?.body).toBe(form);
    expect(init?.credentials).toBe('include');
    expect(init?.headers).toEqual({ Accept: 'application/json' });
  });

  it('raises "status: response text" with the parsed error body', async () => {
    const text = JSON.stringify({ error: 'INVALID_CREDENTIALS', message: 'Invalid email or password.' });
    mockFetch(() => ({ status: 401, text }));
    const error = await apiRequest('/api/auth/login', currentUserSchema, { method: 'POST', body: {} }).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(`401: ${text}`);
    expect((error as ApiError).code).toBe('INVALID_CREDENTIALS');
    expect((error as ApiError).serverMessage).toBe('Invalid email or password.');
  });

  it('uses the status text when the response is empty', async () => {
    mockFetch(() => ({ status: 404, text: '' }));
    const error = await apiRequest('/api/nothing', successResponseSchema).catch((caught: unknown) => caught);
    expect((error as ApiError).message).toMatch(/^404: /);
  });

  it('refreshes the session once on a 401 and retries the call', async () => {
    let profileCalls = 0;
    const fetchMock = mockFetch((url) => {
      if (url === '/api/auth/refresh') return { body: user };
      profileCalls += 1;
      return profileCalls === 1 ? { status: 401, text: 'expired' } : { body: user };
    });
    await expect(apiRequest('/api/auth/me', currentUserSchema)).resolves.toEqual(user);
    expect(calledPaths(fetchMock)).toEqual(['GET /api/auth/me', 'POST /api/auth/refresh', 'GET /api/auth/me']);
  });

  it('gives up after one refresh and one retry', async () => {
    const fetchMock = mockFetch((url) => (url === '/api/auth/refresh' ? { body: user } : { status: 401, text: 'no' }));
    const error = await apiRequest('/api/user/profile', successResponseSchema).catch((caught: unknown) => caught);
    expect((error as ApiError).message).toBe('401: no');
    expect(calledPaths(fetchMock)).toEqual([
      'GET /api/user/profile',
      'POST /api/auth/refresh',
      'GET /api/user/profile',
    ]);
  });

  it('does not retry when the refresh fails', async () => {
    const fetchMock = mockFetch(() => ({ status: 401, text: 'signed out' }));
    await expect(apiRequest('/api/user/profile', successResponseSchema)).rejects.toThrow('401: signed out');
    expect(calledPaths(fetchMock)).toEqual(['GET /api/user/profile', 'POST /api/auth/refresh']);
  });

  it('never refreshes for a failed login', async () => {
    const fetchMock = mockFetch(() => ({ status: 401, text: 'bad password' }));
    await expect(apiRequest('/api/auth/login', currentUserSchema, { method: 'POST', body: {} })).rejects.toThrow(
      '401: bad password',
    );
    expect(calledPaths(fetchMock)).toEqual(['POST /api/auth/login']);
  });

  it('shares one refresh between concurrent 401s', async () => {
    const seen = new Map<string, number>();
    const fetchMock = mockFetch((url) => {
      if (url === '/api/auth/refresh') return { body: user };
      const count = (seen.get(url) ?? 0) + 1;
      seen.set(url, count);
      return count === 1 ? { status: 401, text: 'expired' } : { body: { success: true, message: url } };
    });
    await Promise.all([apiRequest('/api/a', successResponseSchema), apiRequest('/api/b', successResponseSchema)]);
    expect(calledPaths(fetchMock).filter((call) => call === 'POST /api/auth/refresh')).toHaveLength(1);
  });
});

describe('fetchCurrentUser', () => {
  it('treats a 401 that survives the refresh as signed out', async () => {
    mockFetch(() => ({ status: 401, text: '{"error":"UNAUTHENTICATED","message":"Sign in"}' }));
    await expect(fetchCurrentUser()).resolves.toBeNull();
  });

  it('reports other failures as "Failed to get user data"', async () => {
    mockFetch(() => ({ status: 503, text: 'down' }));
    await expect(fetchCurrentUser()).rejects.toThrow('Failed to get user data');
  });
});
