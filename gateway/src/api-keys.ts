import { createHash } from 'node:crypto';
import { apiKeyResolutionSchema, isApiKey, type ApiKeyResolution } from '@app/contracts';

const MAX_ENTRIES = 10_000;
/** Identity's service-to-service route (access `internal`): never exposed by the gateway. */
const RESOLVE_PATH = '/internal/api-keys/resolve';

/** Identity could not say whether a key is valid: the gateway answers 503 rather than guess. */
export class ApiKeyCheckUnavailable extends Error {}

/** The API key of an `Authorization: Bearer mp_…` header, if that is what it carries. */
export function apiKeyOf(authorization: string | undefined): string | undefined {
  const value = authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  return value && isApiKey(value) ? value : undefined;
}

/**
 * Resolves API keys through identity, remembering an answer (valid or not) for at most `cacheMs`:
 * a revoked or expired key stops working within that, and a burst of calls with one key asks
 * identity once. The cache is keyed by the key's SHA-256, so no secret stays in memory longer
 * than its request; an answer is never kept past the access token identity minted with it.
 */
export class ApiKeyResolver {
  private readonly cache = new Map<string, { resolution: ApiKeyResolution | null; until: number }>();
  private readonly inFlight = new Map<string, Promise<ApiKeyResolution | null>>();

  constructor(
    private readonly identityUrl: string,
    private readonly cacheMs: number,
  ) {}

  /** The key's owner and an access token for them; null for an unknown, revoked or expired key. */
  async resolve(key: string): Promise<ApiKeyResolution | null> {
    const digest = createHash('sha256').update(key).digest('hex');
    const now = Date.now();
    const hit = this.cache.get(digest);
    if (hit && hit.until > now) return hit.resolution;
    let pending = this.inFlight.get(digest);
    if (!pending) {
      pending = this.ask(key).finally(() => this.inFlight.delete(digest));
      this.inFlight.set(digest, pending);
    }
    const resolution = await pending;
    this.remember(digest, resolution, now);
    return resolution;
  }

  private async ask(key: string): Promise<ApiKeyResolution | null> {
    let status: number;
    let body: unknown;
    try {
      const response = await fetch(new URL(RESOLVE_PATH, this.identityUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key }),
        signal: AbortSignal.timeout(5_000),
      });
      status = response.status;
      body = status === 200 ? await response.json() : await response.arrayBuffer();
    } catch (error) {
      throw new ApiKeyCheckUnavailable((error as Error).message);
    }
    if (status === 401 || status === 404) return null;
    const parsed = status === 200 ? apiKeyResolutionSchema.safeParse(body) : undefined;
    if (!parsed?.success) throw new ApiKeyCheckUnavailable(`identity answered ${status} to a key resolution`);
    return parsed.data;
  }

  private remember(digest: string, resolution: ApiKeyResolution | null, now: number): void {
    if (this.cacheMs <= 0) return;
    if (this.cache.size >= MAX_ENTRIES) this.cache.delete(this.cache.keys().next().value!);
    const tokenEnd = resolution ? Date.parse(resolution.expiresAt) - 1_000 : Infinity;
    this.cache.set(digest, { resolution, until: Math.min(now + this.cacheMs, tokenEnd) });
  }
}
