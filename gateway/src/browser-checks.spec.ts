import type { IncomingHttpHeaders } from 'node:http';
import { browserRefusal, isJsonContentType, isMultipartFormData } from './browser-checks';
import type { Route } from './routes';

const own = 'https://pay.example.test';
type Checked = Pick<Route, 'method' | 'webhook' | 'upload'>;
const profile: Checked = { method: 'PUT' };
const stripe: Checked = { method: 'POST', webhook: true };
const read: Checked = { method: 'GET' };
const upload: Checked = { method: 'POST', upload: { maxBytes: 1024 } };
const json = { 'content-type': 'application/json', 'content-length': '2' };
const refusal = (route: Checked, headers: IncomingHttpHeaders) => browserRefusal(route, headers, [own])?.status;

describe('isJsonContentType', () => {
  it.each([
    ['application/json', true],
    ['application/json; charset=utf-8', true],
    ['Application/JSON', true],
    ['application/merge-patch+json', true],
    ['application/vnd.api+json; charset=utf-8', true],
    ['text/plain', false],
    ['text/plain; charset=application/json', false],
    ['application/x-www-form-urlencoded', false],
    ['multipart/form-data; boundary=x', false],
    ['application/jsonp', false],
    ['', false],
    [undefined, false],
  ])('%s -> %s', (type, expected) => {
    expect(isJsonContentType(type)).toBe(expected);
  });
});

describe('isMultipartFormData', () => {
  it.each([
    ['multipart/form-data; boundary=----WebKitFormBoundary7MA4YWxkTrZu0gW', true],
    ['Multipart/Form-Data;boundary=x', true],
    ['multipart/mixed; boundary=x', false],
    ['application/x-www-form-urlencoded', false],
    ['text/plain; charset=multipart/form-data', false],
    [undefined, false],
  ])('%s -> %s', (type, expected) => {
    expect(isMultipartFormData(type)).toBe(expected);
  });
});

describe('browserRefusal', () => {
  it('refuses a state-changing request from another site with 403, whatever its body', () => {
    expect(refusal(profile, { ...json, origin: 'http://evil.example' })).toBe(403);
    expect(refusal(profile, { ...json, 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(refusal(profile, { ...json, 'sec-fetch-site': 'same-site' })).toBe(403);
    expect(refusal({ ...profile, method: 'DELETE' }, { origin: 'http://evil.example' })).toBe(403);
  });

  it('passes our own pages and clients that are not browsers (no Origin, no Sec-Fetch-Site)', () => {
    expect(refusal(profile, { ...json, origin: own, 'sec-fetch-site': 'same-origin' })).toBeUndefined();
    expect(refusal(profile, json)).toBeUndefined();
  });

  it('takes the address the browser used as ours too (127.0.0.1 while PUBLIC_URL says localhost), never a foreign one', () => {
    const local = { ...json, host: '127.0.0.1:8080' };
    expect(
      refusal(profile, { ...local, origin: 'http://127.0.0.1:8080', 'sec-fetch-site': 'same-origin' }),
    ).toBeUndefined();
    expect(refusal(profile, { ...local, origin: 'http://localhost:8080' })).toBe(403);
    expect(refusal(profile, { ...local, origin: 'http://127.0.0.1:8080', 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(refusal(profile, { ...json, host: 'pay.example.test', origin: 'http://evil.example' })).toBe(403);
  });

  it('refuses a body that is not JSON with 415; a request without a body needs no type', () => {
    expect(refusal(profile, { 'content-type': 'text/plain', 'content-length': '5', origin: own })).toBe(415);
    expect(refusal(profile, { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '3' })).toBe(415);
    expect(refusal(profile, { 'transfer-encoding': 'chunked' })).toBe(415);
    expect(refusal(profile, { 'content-length': '0' })).toBeUndefined();
    expect(refusal(profile, {})).toBeUndefined();
  });

  it('takes a multipart upload (or JSON) from our own page on an upload route only, never from another site', () => {
    const multipart = { 'content-type': 'multipart/form-data; boundary=x', 'content-length': '5' };
    expect(refusal(upload, { ...multipart, origin: own, 'sec-fetch-site': 'same-origin' })).toBeUndefined();
    expect(refusal(upload, { ...json, origin: own })).toBeUndefined();
    expect(refusal(upload, { ...multipart, origin: 'http://evil.example' })).toBe(403);
    expect(refusal(upload, { ...multipart, 'sec-fetch-site': 'cross-site' })).toBe(403);
    expect(refusal(upload, { 'content-type': 'text/plain', 'content-length': '5', origin: own })).toBe(415);
    expect(refusal(upload, { 'content-type': 'application/x-www-form-urlencoded', 'content-length': '3' })).toBe(415);
    expect(refusal(profile, { ...multipart, origin: own })).toBe(415);
  });

  it('leaves reads and provider webhooks alone', () => {
    expect(refusal(read, { origin: 'http://evil.example' })).toBeUndefined();
    expect(
      refusal(stripe, { origin: 'http://evil.example', 'content-type': 'text/plain', 'content-length': '5' }),
    ).toBeUndefined();
  });
});
