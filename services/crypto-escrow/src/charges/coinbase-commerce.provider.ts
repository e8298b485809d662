import { createHmac, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { ErrorCode } from '@app/contracts';
import { APP_CONFIG, AppError } from '@app/platform';
import type { CryptoConfig } from '../config';
import {
  ProviderChargeNotFoundError,
  ProviderUnavailableError,
  type ChargeProvider,
  type NewProviderCharge,
  type ProviderCharge,
  type ProviderChargeEvent,
} from './charge-provider';

const API_VERSION = '2018-03-22';
/** Commerce names networks; the platform names currencies. */
const symbolOfNetwork: Record<string, string> = {
  bitcoin: 'BTC',
  ethereum: 'ETH',
  polygon: 'MATIC',
  usdc: 'USDC',
  litecoin: 'LTC',
  bitcoincash: 'BCH',
  dogecoin: 'DOGE',
  dai: 'DAI',
};

interface CommerceCharge {
  id: string;
  code: string;
  hosted_url: string;
  addresses?: Record<string, string>;
  expires_at?: string | null;
  timeline?: { status: string; time: string; context?: string }[];
  payments?: { network?: string; value?: { crypto?: { currency?: string } } }[];
}

/** Coinbase Commerce's charges API (https://api.commerce.coinbase.com): the first ChargeProvider adapter. */
@Injectable()
export class CoinbaseCommerceProvider implements ChargeProvider {
  readonly name = 'coinbase';

  constructor(@Inject(APP_CONFIG) private readonly config: CryptoConfig) {}

  async create(charge: NewProviderCharge): Promise<ProviderCharge> {
    const body = {
      name: charge.description.slice(0, 100) || 'Crypto payment',
      description: charge.description,
      pricing_type: 'fixed_price',
      local_price: { amount: charge.amount, currency: charge.currency },
      metadata: { ...charge.metadata, chargeId: charge.chargeId, userId: charge.userId },
    };
    return toProviderCharge(await this.call('POST', '/charges', body));
  }

  async get(providerChargeId: string): Promise<ProviderCharge> {
    return toProviderCharge(await this.call('GET', `/charges/${encodeURIComponent(providerChargeId)}`));
  }

  parseWebhook(rawBody: Buffer, signature: string | undefined): ProviderChargeEvent | null {
    const expected = createHmac('sha256', this.config.COINBASE_COMMERCE_WEBHOOK_SECRET).update(rawBody).digest();
    const given = /^[0-9a-f]{64}$/i.test(signature ?? '') ? Buffer.from(signature!, 'hex') : null;
    if (!given || !timingSafeEqual(given, expected)) {
      throw new AppError(ErrorCode.InvalidSignature, 'Invalid or missing signature.');
    }
    let payload: { event?: { id?: unknown; type?: string; data?: CommerceCharge } };
    try {
      payload = JSON.parse(rawBody.toString('utf8')) as typeof payload;
    } catch {
      throw new AppError(ErrorCode.MalformedBody, 'The webhook body is not valid JSON.');
    }
    const data = payload?.event?.data;
    if (!payload?.event?.type?.startsWith('charge:') || typeof data?.id !== 'string' || !data.id) return null;
    return { id: String(payload.event.id ?? ''), type: payload.event.type, charge: toProviderCharge(data) };
  }

  private async call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<CommerceCharge> {
    let response: Response;
    try {
      response = await fetch(`${this.config.COINBASE_COMMERCE_API_URL.replace(/\/$/, '')}${path}`, {
        method,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'x-cc-api-key': this.config.COINBASE_COMMERCE_API_KEY,
          'x-cc-version': API_VERSION,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.config.CRYPTO_HTTP_TIMEOUT_MS),
      });
    } catch (error) {
      throw new ProviderUnavailableError(`Coinbase Commerce unreachable: ${(error as Error).message}`);
    }
    if (response.status === 404) throw new ProviderChargeNotFoundError(`Coinbase Commerce has no charge ${path}`);
    if (!response.ok) {
      throw new ProviderUnavailableError(`Coinbase Commerce answered ${response.status}`, response.status);
    }
    const json = (await response.json().catch(() => null)) as { data?: CommerceCharge } | null;
    if (!json?.data?.id) throw new ProviderUnavailableError('Coinbase Commerce answered without a charge');
    return json.data;
  }
}

export function toProviderCharge(data: CommerceCharge): ProviderCharge {
  const timeline = data.timeline ?? [];
  const status = (timeline[timeline.length - 1]?.status ?? 'NEW').toUpperCase();
  // UNRESOLVED entries carry a context (DELAYED, OVERPAID, UNDERPAID, ...); RESOLVED after it does not.
  const context = [...timeline].reverse().find((entry) => entry.context)?.context;
  const addresses = Object.fromEntries(
    Object.entries(data.addresses ?? {}).map(([network, address]) => [
      symbolOfNetwork[network] ?? network.toUpperCase(),
      address,
    ]),
  );
  const payment = data.payments?.[0];
  const cryptoCurrency =
    payment?.value?.crypto?.currency?.toUpperCase() ??
    (payment?.network ? (symbolOfNetwork[payment.network] ?? null) : null);
  return {
    providerChargeId: data.id,
    code: data.code,
    hostedUrl: data.hosted_url,
    addresses,
    status,
    statusContext: context ? context.toUpperCase() : null,
    expiresAt: data.expires_at ? new Date(data.expires_at) : null,
    cryptoCurrency: cryptoCurrency ?? null,
  };
}
