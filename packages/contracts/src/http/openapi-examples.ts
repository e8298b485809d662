/**
 * Real-looking example values for the reference (docs/openapi.json), made from a JSON Schema: the
 * property's name picks the kind of value (an id, an e-mail, an amount, a time...), the schema's
 * constraints (enum, const, bounds, lengths, formats) are kept. The reference checks each example
 * against the route's zod schema before using it, so an example never shows something the API refuses.
 */
type JsonSchema = Record<string, unknown>;

/** A deterministic UUID (v4 layout) per name, so every run writes the same document. */
export function exampleUuid(seed: string): string {
  let hash = 2166136261;
  const hex: string[] = [];
  for (let round = 0; hex.join('').length < 32; round++) {
    for (const char of `${seed}#${round}`) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619) >>> 0;
    hex.push(hash.toString(16).padStart(8, '0'));
  }
  const digits = hex.join('').slice(0, 32).split('');
  digits[12] = '4';
  digits[16] = '89ab'[parseInt(digits[16]!, 16) % 4]!;
  const text = digits.join('');
  return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
}

const EXAMPLE_TIME = '2026-11-30T14:05:00.000Z';
const EXAMPLE_DATE = '2026-11-30';

/** Values by property name (lower case, exact), for strings. */
const stringsByName: Record<string, string> = {
  email: 'ada@example.com',
  name: 'Ada Lovelace',
  fullname: 'Ada Lovelace',
  firstname: 'Ada',
  lastname: 'Lovelace',
  ownername: 'Ada Lovelace',
  company: 'Analytical Engines Ltd',
  companyname: 'Analytical Engines Ltd',
  businessname: 'Analytical Engines Ltd',
  phone: '+14155550123',
  currency: 'USD',
  country: 'US',
  countrycode: 'US',
  language: 'en',
  locale: 'en-US',
  timezone: 'Europe/London',
  password: 'Correct$Horse7Battery',
  confirmpassword: 'Correct$Horse7Battery',
  currentpassword: 'Correct$Horse7Battery',
  newpassword: 'Battery$Staple9Horse',
  path: '/pricing',
  referrer: 'https://www.example.org/blog/payments',
  senderseed: 'sEdTJ4hQ6mnbyD2xwPK9sLu5RfZvc3N',
  destinationaddress: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
  // A PREIMAGE-SHA-256 pair (crypto-conditions): the fulfillment's preimage hashes to the condition.
  condition: 'A02580204BB06F8E4E3A7715D201D573D0AA423762E55DABD61A2C02278FA56CC6D294E0810120',
  fulfillment: 'A02280200707070707070707070707070707070707070707070707070707070707070707',
  token: 'tok_9f2c61d84b7e4a0c',
  code: 'K7RD4Q2M',
  message: 'Payment received, thank you.',
  content: 'Hello, I have a question about my last payout.',
  subject: 'Question about my payout',
  title: 'Monthly revenue',
  description: 'A three-bedroom terraced house in Camden, let to long-term tenants since 2019.',
  summary: 'Revenue grew 12% on the previous period, led by card payments.',
  reason: 'Requested by the customer',
  status: 'completed',
  paymentmethod: 'card',
  processor: 'stripe',
  provider: 'coinbase',
  plan: 'pro',
  planid: 'pro',
  billingcycle: 'monthly',
  interval: 'monthly',
  period: '30d',
  format: 'pdf',
  website: 'https://shop.example.com',
  url: 'https://shop.example.com/webhooks/payments',
  returnurl: 'https://shop.example.com/return',
  redirecturl: 'https://shop.example.com/return',
  address: '221B Baker Street, London NW1 6XE',
  propertyaddress: '14 Camden Square, London NW1 9UY',
  city: 'London',
  postalcode: 'NW1 6XE',
  titlereference: 'NGL123456',
  txhash: `0x${'7c4b'.repeat(16)}`,
  transactionhash: `0x${'7c4b'.repeat(16)}`,
  walletaddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
  owner: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
  destination: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh',
  signingsecrethint: '••••a1b2',
  signingsecret: 'whsec_5f1c0b8e2d7a4c3b9e6f1a0d8c2b7e4f',
  secret: 'whsec_5f1c0b8e2d7a4c3b9e6f1a0d8c2b7e4f',
  prefix: 'mp_live_a1b2',
  externaltransactionid: 'ch_3QJ8Xb2eZvKYlo2C1x7hTq9P',
  customerref: 'ada@example.com',
  sourcekind: 'processor',
  cryptocurrency: 'USDC',
  amount: '42.50',
  price: '42.50',
  timestamp: '2026-11-30T14:05:00.000Z',
  currentperiodend: '2026-12-30T14:05:00.000Z',
  lastsync: '2026-11-30T14:05:00.000Z',
  finishafteriso: '2026-12-01T14:05:00.000Z',
  cancelafteriso: '2026-12-07T14:05:00.000Z',
  lockeduntil: '2027-11-30T14:05:00.000Z',
  expireson: '2027-11-30',
  signedon: '2026-11-30',
  dateofbirth: '1985-12-10',
  key: 'a91c1c04-3922-40cc-be32-099d08ff6c65',
  value: '42.50',
  topic: 'platform.integrations.transaction-recorded.v1',
  offset: '1042',
  consumer: 'analytics',
  type: 'financial',
  result: 'passed',
  referralcode: 'ADA42XYZ',
  phonenumber: '+14155550123',
  kycstatus: 'verified',
  apikey: 'pk_live_51QJ8Xb2eZvKYlo2C',
  publishablekey: 'pk_live_51QJ8Xb2eZvKYlo2C',
  apisecret: 'sk_live_••••9f2c',
  clientsecret: 'pi_3QJ8Xb2eZvKYlo2C1x7hTq9P_secret_4bXy7',
  label: 'Main store',
  location: 'London, UK',
  account: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
  gasused: '1250000',
  expectedyield: '5.2',
  deploymentcost: '0.0125',
  commissionrate: '20',
  fee: '0.000012',
  role: 'user',
  state: 'CA',
  businesstype: 'LLC',
  taxnumber: '12-3456789',
  taxid: '12-3456789',
  companyregistrationnumber: '09876543',
  businessnumber: '51 824 753 556',
  nzbn: '9412345678904',
  maskedkey: 'mp_live_••••a1b2',
  headline: 'Get paid in every currency your customers use',
  subheadline: 'One dashboard for cards, crypto and tokenized property',
  recommendation: 'Offer annual billing to the ten most active customers.',
  insight: 'Card payments grew fastest on weekends.',
  metric: 'Revenue',
  factor: 'High share of refunds in one country',
  basedon: 'The last 30 days of transactions',
  additionalinfo: 'Open on weekdays 9:00–17:00.',
  tokensreceived: '100',
  targetbasis: 'revenue',
  useragent: 'Mozilla/5.0 (X11; Linux x86_64)',
  source: 'web',
  seed: 'sEdTJ4hQ6mnbyD2xwPK9sLu5RfZvc3N',
  error: 'Consumer failed: connection terminated unexpectedly',
  start: '2026-11-01T00:00:00.000Z',
  end: '2026-11-30T23:59:59.999Z',
  month: '2026-11',
  color: '#4f46e5',
  twitter: 'https://x.com/example',
  facebook: 'https://www.facebook.com/example',
  linkedin: 'https://www.linkedin.com/company/example',
  publickey: 'ED9434799226374926EDA3B54B1B461B4ABF7237962EAE18528FEA67595397FA32',
};

/** A value a string property's name suggests, or undefined. */
function stringByName(name: string): string | undefined {
  const lower = name.toLowerCase();
  if (lower in stringsByName) return stringsByName[lower];
  if (lower === 'id' || lower.endsWith('id')) return exampleUuid(name);
  if (lower.endsWith('at') || lower.endsWith('date') || lower === 'from' || lower === 'to' || lower.endsWith('time')) {
    return EXAMPLE_TIME;
  }
  if (lower.endsWith('email')) return stringsByName.email;
  if (/(contract|registry|compliance|oracle)/.test(lower)) return `0x${'a3c1'.repeat(10)}`;
  if (lower.startsWith('business') && lower.slice('business'.length) in stringsByName) {
    return stringsByName[lower.slice('business'.length)];
  }
  if (lower.endsWith('url')) return stringsByName.url;
  if (lower.endsWith('amount') || lower.endsWith('price') || lower.endsWith('total') || lower.endsWith('revenue')) {
    return '42.50';
  }
  if (lower.endsWith('name')) return 'Ada Lovelace';
  if (lower.endsWith('hash')) return stringsByName.txhash;
  if (lower.endsWith('currency')) return 'USD';
  return undefined;
}

function stringExample(schema: JsonSchema, name: string): string {
  const format = schema.format as string | undefined;
  let value: string;
  if (format === 'email') value = stringsByName.email!;
  else if (format === 'uuid') value = exampleUuid(name);
  else if (format === 'date-time') value = EXAMPLE_TIME;
  else if (format === 'date') value = EXAMPLE_DATE;
  else if (format === 'uri' || format === 'url') value = stringsByName.url!;
  else if (format === 'ipv4') value = '203.0.113.7';
  else if (format === 'binary') value = '';
  else value = stringByName(name) ?? `Example ${name || 'text'}`;
  if (format === 'date' || (format === undefined && /date$/i.test(name) && !/At$/.test(name))) {
    if (typeof schema.pattern === 'string' && new RegExp(schema.pattern).test(EXAMPLE_DATE)) value = EXAMPLE_DATE;
  }
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(value)) {
    const candidates = [EXAMPLE_DATE, EXAMPLE_TIME, '42.50', 'USD', 'US', exampleUuid(name), '0x' + '7c4b'.repeat(10)];
    value = candidates.find((candidate) => new RegExp(schema.pattern as string).test(candidate)) ?? value;
  }
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  while (value.length < min) value = `${value} ${stringsByName.description}`.trim();
  const max = typeof schema.maxLength === 'number' ? schema.maxLength : Infinity;
  return value.length > max ? value.slice(0, max) : value;
}

/** Values by property name (lower case, exact), for numbers. */
const numbersByName: Record<string, number> = {
  finishafterseconds: 86_400,
  cancelafterseconds: 604_800,
  limit: 10,
  offset: 0,
  page: 1,
};

function numberExample(schema: JsonSchema, name: string): number {
  const integer = schema.type === 'integer';
  const lower = name.toLowerCase();
  if (lower in numbersByName) return numbersByName[lower]!;
  let value = lower.endsWith('count') || lower === 'limit' || lower === 'total' ? 10 : integer ? 1 : 42.5;
  if (/amount|price|value|revenue/.test(lower)) value = integer ? 4250 : 42.5;
  if (/progress|percent|score|rate/.test(lower)) value = integer ? 100 : 12.5;
  const minimum = schema.minimum ?? schema.exclusiveMinimum;
  const maximum = schema.maximum ?? schema.exclusiveMaximum;
  if (typeof minimum === 'number' && value < minimum) value = integer ? Math.ceil(minimum) : minimum;
  if (typeof schema.exclusiveMinimum === 'number' && value <= schema.exclusiveMinimum)
    value = schema.exclusiveMinimum + 1;
  if (typeof maximum === 'number' && value > maximum) value = integer ? Math.floor(maximum) : maximum;
  if (typeof schema.exclusiveMaximum === 'number' && value >= schema.exclusiveMaximum)
    value = schema.exclusiveMaximum - 1;
  return integer ? Math.round(value) : value;
}

/** A nullable value with nothing real-looking to show reads as null (e.g. no error). */
const orNull = (value: unknown, nullable: boolean) =>
  nullable && typeof value === 'string' && value.startsWith('Example ') ? null : value;

/**
 * An example of `schema` for a property named `name` (`''` at the top). `resolve` reads a
 * `#/components/schemas/...` reference. `optional`: whether to fill properties that are not required.
 */
export function exampleOf(
  schema: unknown,
  resolve: (ref: string) => unknown,
  { name = '', optional = true, depth = 0 }: { name?: string; optional?: boolean; depth?: number } = {},
): unknown {
  if (!schema || schema === true || typeof schema !== 'object' || depth > 12) return null;
  const s = schema as JsonSchema;
  const next = (member: unknown, childName = name) =>
    exampleOf(member, resolve, { name: childName, optional, depth: depth + 1 });
  if ('example' in s) return s.example;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if (typeof s.$ref === 'string') return next(resolve(s.$ref));
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) {
    const byName = stringByName(name);
    return s.enum.includes(byName) ? byName : s.enum[0];
  }
  if ('default' in s && s.default !== undefined && s.type !== 'object' && s.type !== 'array') return s.default;
  const union = (s.anyOf ?? s.oneOf) as unknown[] | undefined;
  if (union) {
    const member = union.find((candidate) => (candidate as JsonSchema).type !== 'null') ?? union[0];
    return orNull(
      next(member),
      union.length > 1 && union.some((candidate) => (candidate as JsonSchema).type === 'null'),
    );
  }
  if (Array.isArray(s.allOf)) {
    return Object.assign({}, ...s.allOf.map((member) => next(member) as object));
  }
  const type = Array.isArray(s.type) ? (s.type.find((t) => t !== 'null') ?? s.type[0]) : s.type;
  if (Array.isArray(s.type) && s.type.includes('null') && type !== 'null') {
    return orNull(next({ ...s, type }), true);
  }
  switch (type) {
    case 'string':
      return stringExample(s, name);
    case 'number':
    case 'integer':
      return numberExample(s, name);
    case 'boolean':
      return !/^(is)?(deleted|disabled|revoked|failed|blocked)/i.test(name);
    case 'null':
      return null;
    case 'array': {
      if (Array.isArray(s.prefixItems)) return s.prefixItems.map((item) => next(item));
      const count = Math.max(1, typeof s.minItems === 'number' ? s.minItems : 1);
      const singular = name.endsWith('s') ? name.slice(0, -1) : name;
      const item = next(s.items, singular);
      return Array.from({ length: count }, () => item);
    }
    case 'object':
    default: {
      const properties = (s.properties ?? {}) as Record<string, unknown>;
      const required = new Set((s.required as string[] | undefined) ?? []);
      const result: Record<string, unknown> = {};
      for (const [property, member] of Object.entries(properties)) {
        if (!optional && !required.has(property)) continue;
        result[property] = next(member, property);
      }
      if (!Object.keys(properties).length && s.additionalProperties && s.additionalProperties !== true) {
        const keyName = name === 'summary' || name === 'totals' ? 'revenue' : 'label';
        result[keyName] = next(s.additionalProperties, keyName);
      }
      if (type === undefined && !Object.keys(properties).length && !s.additionalProperties) return {};
      return result;
    }
  }
}
