import { API_KEY_PATTERN, apiKeyModeOf } from '@app/contracts';
import { newApiKey } from './api-key-secret.util';

describe('newApiKey', () => {
  it('makes keys of the published format, with the mode in the prefix', () => {
    const live = newApiKey('live');
    const test = newApiKey('test');
    expect(live).toMatch(/^mp_live_[A-Za-z0-9]{32}$/);
    expect(test).toMatch(/^mp_test_[A-Za-z0-9]{32}$/);
    expect(API_KEY_PATTERN.test(live) && API_KEY_PATTERN.test(test)).toBe(true);
    expect([apiKeyModeOf(live), apiKeyModeOf(test)]).toEqual(['live', 'test']);
  });

  it('never repeats a key and uses the whole alphabet', () => {
    const keys = Array.from({ length: 2000 }, () => newApiKey('live'));
    expect(new Set(keys).size).toBe(keys.length);
    const seen = new Set(keys.flatMap((key) => [...key.slice('mp_live_'.length)]));
    expect(seen.size).toBe(62);
  });
});
