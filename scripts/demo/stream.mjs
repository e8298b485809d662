// The demo's delivery stream: transactions over the last 12 months ending `now`, drawn from a seeded
// PRNG with daily and weekly rhythms, yearly growth and a December peak, then the deliveries a
// provider would send for them (failures, pending payments completed later, refunds days later,
// and a few redeliveries of the same event, as at-least-once webhooks do).
import { demoIntegrations, firstNames, lastNames } from './catalog.mjs';
import { drawsFrom, encode, mixSeed, mulberry32, randomText } from './prng.mjs';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const HOURS_IN_YEAR = 365 * 24;

export const defaultRates = {
  failed: 0.03,
  /** Of completed payments, refunded later. */
  refunded: 0.02,
  pending: 0.03,
  /** Deliveries the provider sends twice; a fifth of those race the first one. */
  replayed: 0.01,
};

const gauss = (distance, sigma) => Math.exp(-((distance / sigma) ** 2));
const dayOfYear = (date) => (date - Date.UTC(date.getUTCFullYear(), 0, 1)) / DAY;

/** Seasonal multiplier for a local date: a December peak everywhere, summer busier in each hemisphere. */
function season(local, southern) {
  const doy = dayOfYear(local);
  const summerPeak = southern ? 20 : 200;
  return (
    (1 + 0.12 * Math.cos((2 * Math.PI * (doy - summerPeak)) / 365)) *
    (1 + 0.4 * gauss(Math.min(Math.abs(doy - 352), 365 - Math.abs(doy - 352)), 10))
  );
}

/** Cumulative weights of every (integration, hour of the last year), for sampling when things happen. */
function timeTable(integrations, now) {
  const start = now - HOURS_IN_YEAR * HOUR;
  const cumulative = new Float64Array(integrations.length * HOURS_IN_YEAR);
  let total = 0;
  integrations.forEach((spec, j) => {
    for (let i = 0; i < HOURS_IN_YEAR; i++) {
      const at = start + i * HOUR;
      const daysAgo = (now - at) / DAY;
      let weight = 0;
      if (daysAgo <= spec.openedDaysAgo) {
        const local = new Date(at + spec.utcOffset * HOUR);
        const rampUp = Math.min(1, 0.3 + (spec.openedDaysAgo - daysAgo) / 60);
        const growth = Math.exp((Math.LN2 * i) / HOURS_IN_YEAR); // doubles over the year
        weight =
          spec.share *
          rampUp *
          growth *
          spec.hours[local.getUTCHours()] *
          spec.week[local.getUTCDay()] *
          season(local, spec.utcOffset > 0);
      }
      total += weight;
      cumulative[j * HOURS_IN_YEAR + i] = total;
    }
  });
  return { start, cumulative, total };
}

function sampleSlot(table, point) {
  let low = 0;
  let high = table.cumulative.length - 1;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (table.cumulative[mid] <= point) low = mid + 1;
    else high = mid;
  }
  return { integration: Math.floor(low / HOURS_IN_YEAR), hour: low % HOURS_IN_YEAR };
}

/** A stable external id for transaction n of this seed, in the integration's own id style. */
function externalId(spec, seed, n) {
  const random = mulberry32(mixSeed(seed, n));
  const { prefix, base, randomLength } = spec.idStyle;
  return `${prefix}${encode(seed, 5, base)}${encode(n, 6, base)}${randomText(random, randomLength, base)}`;
}

function customerOf(spec, seed, number) {
  const d = drawsFrom(mulberry32(mixSeed(seed ^ 0x5eed, number)));
  const first = d.pick(firstNames);
  const last = d.pick(lastNames);
  const handle = `${first}.${last}`
    .normalize('NFD')
    .replace(/[^A-Za-z.]/g, '')
    .toLowerCase();
  return {
    id: `cus_${encode(mixSeed(seed, number), 6)}${encode(number, 4)}`,
    name: `${first} ${last}`,
    ...(spec.kind === 'processor' ? { email: `${handle}${number % 97}@example.com` } : { loyaltyMember: true }),
  };
}

/**
 * Builds the deliveries. `count` is deliveries (unit 'deliveries') or distinct transactions
 * (unit 'transactions'). Each delivery: { integration (key), body, kind ('first' | 'update' | 'replay'),
 * after (index of the delivery that must be answered first, or -1) }.
 */
export function buildDeliveries({
  seed,
  count,
  unit = 'deliveries',
  now = Date.now(),
  integrations = demoIntegrations,
  rates = defaultRates,
}) {
  const d = drawsFrom(mulberry32(seed));
  const table = timeTable(integrations, now);
  const products = integrations.map((spec) => spec.products.map((p) => [p, 1 / Math.sqrt(p.unitPrice)]));
  const events = [];
  const budget = unit === 'deliveries' ? count : Infinity;
  let transactions = 0;

  for (let n = 0; events.length < budget && (unit === 'deliveries' || n < count); n++) {
    const slot = sampleSlot(table, d.random() * table.total);
    const spec = integrations[slot.integration];
    const occurred = Math.min(now - 1000, Math.floor(table.start + (slot.hour + d.random()) * HOUR));
    const product = d.weighted(products[slot.integration]);
    const quantity =
      spec.kind === 'pos'
        ? d.weighted([
            [1, 60],
            [2, 28],
            [3, 9],
            [4, 3],
          ])
        : product.unitPrice > 100
          ? 1
          : d.weighted([
              [1, 70],
              [2, 22],
              [3, 8],
            ]);
    const paymentMethod = d.weighted(spec.payments);
    const country = paymentMethod === 'cash' ? spec.location.country : d.weighted(spec.countries);
    const known = spec.kind === 'processor' || (paymentMethod !== 'cash' && d.chance(0.35));
    const customerNumber = d.int(0, spec.kind === 'processor' ? 2999 : 799);
    const roll = d.random();
    const status =
      roll < rates.failed && paymentMethod !== 'cash'
        ? 'failed'
        : roll < rates.failed + rates.pending
          ? 'pending'
          : 'completed';
    const followUp = d.random();
    const later = d.random();
    const replay = d.random();

    const body = {
      externalTransactionId: externalId(spec, seed, n),
      amount: (product.unitPrice * quantity).toFixed(2),
      currency: spec.currency,
      status,
      paymentMethod,
      country,
      occurredAt: new Date(occurred).toISOString(),
      ...(known ? { customer: customerOf(spec, seed + slot.integration, customerNumber) } : {}),
      product: {
        sku: product.sku,
        name: product.name,
        category: product.category,
        quantity,
        unitPrice: product.unitPrice,
      },
      location: spec.location,
    };
    const tx = { n, integration: spec.key };
    transactions++;
    const first = { tx, integration: spec.key, body, kind: 'first', at: occurred };
    events.push(first);
    let last = first;

    // Pending payments mostly settle minutes to a day and a half later; refunds come 1-21 days on.
    const updateTo =
      status === 'pending' && followUp < 0.85
        ? { status: 'completed', at: occurred + 120_000 + later * 36 * HOUR }
        : status === 'completed' && followUp < rates.refunded
          ? { status: 'refunded', at: occurred + DAY + later * 20 * DAY }
          : undefined;
    if (updateTo && updateTo.at < now && events.length < budget) {
      last = { tx, integration: spec.key, body: { ...body, status: updateTo.status }, kind: 'update', at: updateTo.at };
      events.push(last);
    }
    if (replay < rates.replayed && events.length < budget) {
      const racing = replay < rates.replayed / 5;
      events.push({
        tx,
        integration: spec.key,
        body: last.body,
        kind: 'replay',
        at: last.at + (racing ? 0 : 1000),
        racing,
      });
    }
  }

  // Time order, ties in creation order (sort is stable), so every follow-up comes after its original.
  events.sort((a, b) => a.at - b.at);
  events.forEach((event, index) => (event.index = index));
  const previousOfTx = new Map();
  const deliveries = events.map((event) => {
    const previous = previousOfTx.get(event.tx);
    previousOfTx.set(event.tx, event);
    // A racing redelivery is sent alongside the delivery it repeats, so it waits only for what that one waits for.
    event.after = event.kind === 'first' ? -1 : event.racing ? previous.after : previous.index;
    return { integration: event.integration, body: event.body, kind: event.kind, after: event.after };
  });
  return { deliveries, transactions };
}

/** The body each transaction should end with (its last delivery), by `integration:externalTransactionId`. */
export function finalStates(deliveries) {
  return new Map(deliveries.map((d) => [`${d.integration}:${d.body.externalTransactionId}`, d.body]));
}
