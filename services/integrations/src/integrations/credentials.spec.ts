import { randomUUID } from 'node:crypto';
import type { IntegrationsConfig } from '../config';
import { Credentials } from './credentials';

const config = {
  INTEGRATIONS_ENCRYPTION_KEYS: `k0:${Buffer.alloc(32, 7).toString('base64')}`,
  INTEGRATIONS_ENCRYPTION_KEY_ID: 'k0',
} as IntegrationsConfig;

describe('Credentials.openSigningSecret', () => {
  const credentials = new Credentials(config);

  it('opens a signing secret as open does, the same sealed value again without decrypting it again', () => {
    const id = randomUUID();
    const sealed = credentials.seal(id, 'signingSecret', 'whsec_first');
    const open = jest.spyOn(credentials, 'open');
    expect(credentials.openSigningSecret(id, sealed)).toBe('whsec_first');
    expect(credentials.openSigningSecret(id, sealed)).toBe('whsec_first');
    expect(open).toHaveBeenCalledTimes(1);
    open.mockRestore();
  });

  it('sees a rotated secret at once: a new sealed value is opened anew', () => {
    const id = randomUUID();
    expect(credentials.openSigningSecret(id, credentials.seal(id, 'signingSecret', 'whsec_old'))).toBe('whsec_old');
    expect(credentials.openSigningSecret(id, credentials.seal(id, 'signingSecret', 'whsec_new'))).toBe('whsec_new');
  });

  it("refuses another integration's sealed value even after it was opened for its own", () => {
    const [id, other] = [randomUUID(), randomUUID()];
    const sealed = credentials.seal(id, 'signingSecret', 'whsec_mine');
    expect(credentials.openSigningSecret(id, sealed)).toBe('whsec_mine');
    expect(() => credentials.openSigningSecret(other, sealed)).toThrow('sealed value failed authentication');
    // Nor does another field's value open as a signing secret.
    expect(() => credentials.openSigningSecret(id, credentials.seal(id, 'apiKey', 'sk_live'))).toThrow(
      'sealed value failed authentication',
    );
  });

  it('opens again once a minute has passed', () => {
    jest.useFakeTimers({ now: Date.now() });
    try {
      const id = randomUUID();
      const sealed = credentials.seal(id, 'signingSecret', 'whsec_timed');
      const open = jest.spyOn(credentials, 'open');
      credentials.openSigningSecret(id, sealed);
      jest.advanceTimersByTime(59_000);
      credentials.openSigningSecret(id, sealed);
      expect(open).toHaveBeenCalledTimes(1);
      jest.advanceTimersByTime(2_000);
      expect(credentials.openSigningSecret(id, sealed)).toBe('whsec_timed');
      expect(open).toHaveBeenCalledTimes(2);
      open.mockRestore();
    } finally {
      jest.useRealTimers();
    }
  });
});
