// Who the demo merchant is and what it sells: a coffee roaster with an online store on three
// payment processors and cafés on three POS systems in Auckland, Melbourne and Brooklyn.

export const demoAccount = {
  email: 'demo@merchant.test',
  // Meets the password policy (upper, lower, digit, one of @$!%*?&); printed at the end of a run.
  password: 'HarbourVine!2026',
  register: {
    businessName: 'Harbour & Vine Coffee Co.',
    businessType: 'limited_company',
    industryType: 'Hospitality & Tourism',
    businessAddress: '48 Ponsonby Road, Grey Lynn, Auckland 1011',
    country: 'New Zealand',
    firstName: 'Mere',
    lastName: 'Tawhiri',
    phone: '+64 21 555 0148',
    position: 'Managing Director',
    expectedVolume: '100k_1m',
    businessPurpose:
      'Specialty coffee roaster selling beans and equipment online and running cafés in Auckland, Melbourne and Brooklyn.',
    termsAccepted: true,
    privacyAccepted: true,
    amlAccepted: true,
    marketingConsent: false,
  },
};

const beans = [
  ['BEAN-HV-250', 'House Blend beans 250 g', 'beans', 19],
  ['BEAN-HV-1K', 'House Blend beans 1 kg', 'beans', 62],
  ['BEAN-ETH-250', 'Ethiopia Guji single origin 250 g', 'beans', 24],
  ['BEAN-COL-250', 'Colombia Huila single origin 250 g', 'beans', 23],
  ['BEAN-DEC-250', 'Swiss Water decaf 250 g', 'beans', 21],
];
const online = [
  ...beans,
  ['SUB-MONTH', 'Monthly beans subscription', 'subscription', 38],
  ['EQ-V60', 'Hario V60 dripper kit', 'equipment', 54],
  ['EQ-GRIND', 'Comandante C40 grinder', 'equipment', 389],
  ['EQ-KETTLE', 'Fellow Stagg kettle', 'equipment', 229],
  ['GIFT-50', 'Gift card 50', 'gift_card', 50],
];
const cafe = [
  ['CAFE-FW', 'Flat white', 'coffee', 5.5],
  ['CAFE-LAT', 'Latte', 'coffee', 5.5],
  ['CAFE-LB', 'Long black', 'coffee', 4.8],
  ['CAFE-ESP', 'Espresso', 'coffee', 4],
  ['CAFE-COLD', 'Cold brew', 'coffee', 6.5],
  ['CAFE-CHAI', 'Chai latte', 'tea', 5.8],
  ['FOOD-CROIS', 'Almond croissant', 'food', 6.9],
  ['FOOD-TOAST', 'Sourdough toast with avocado', 'food', 17.5],
  ['FOOD-BANANA', 'Banana bread', 'food', 7.5],
  ['BEAN-HV-250', 'House Blend beans 250 g', 'beans', 19],
];
const asProducts = (rows, priceFactor) =>
  rows.map(([sku, name, category, price]) => ({
    sku,
    name,
    category,
    unitPrice: Math.round(price * priceFactor * 100) / 100,
  }));

/** Hourly weight of local hours 0-23 for a café (open 7:00-17:00) and an online store. */
const cafeHours = [0, 0, 0, 0, 0, 0, 0.2, 1.6, 2.2, 1.8, 1.4, 1.3, 1.9, 1.7, 1.1, 0.9, 0.7, 0.2, 0, 0, 0, 0, 0, 0];
const onlineHours = [
  0.35, 0.2, 0.12, 0.1, 0.1, 0.15, 0.3, 0.55, 0.8, 0.95, 1, 1.05, 1.15, 1.1, 1, 0.95, 0.95, 1.05, 1.25, 1.45, 1.55, 1.4,
  1, 0.6,
];
/** Weight of local weekdays, Sunday first. */
const cafeWeek = [1.2, 0.85, 0.9, 0.95, 1, 1.15, 1.35];
const onlineWeek = [0.9, 1.15, 1.1, 1.05, 1, 0.95, 0.85];

const onlinePayments = [
  ['card', 70],
  ['wallet', 25],
  ['bank_transfer', 5],
];
const cafePayments = [
  ['card', 58],
  ['wallet', 26],
  ['cash', 16],
];

/**
 * The integrations the demo merchant connects. `share` is the relative volume once open, `openedDaysAgo`
 * when it started taking payments (growth), `utcOffset` the local time the hours and weekdays follow.
 */
export const demoIntegrations = [
  {
    key: 'stripe-online',
    kind: 'processor',
    create: { processorType: 'stripe', processorName: 'Stripe — Online store (US)', apiKey: 'sk_live_demo_hv_4242' },
    idStyle: { prefix: 'ch_3', base: 62, randomLength: 13 },
    currency: 'USD',
    countries: [
      ['US', 78],
      ['CA', 10],
      ['GB', 6],
      ['DE', 3],
      ['JP', 3],
    ],
    share: 1.1,
    openedDaysAgo: 365,
    utcOffset: -5,
    hours: onlineHours,
    week: onlineWeek,
    payments: onlinePayments,
    products: asProducts(online, 0.7),
    location: { id: 'online-us', name: 'Online store (US)', channel: 'web' },
  },
  {
    key: 'paypal-online',
    kind: 'processor',
    create: {
      processorType: 'paypal',
      processorName: 'PayPal — Online store (AU)',
      apiKey: 'paypal_client_demo_hv_7781',
    },
    idStyle: { prefix: '', base: 36, randomLength: 6 },
    currency: 'AUD',
    countries: [
      ['AU', 86],
      ['NZ', 8],
      ['SG', 6],
    ],
    share: 0.6,
    openedDaysAgo: 300,
    utcOffset: 11,
    hours: onlineHours,
    week: onlineWeek,
    payments: [
      ['wallet', 80],
      ['card', 20],
    ],
    products: asProducts(online, 1.05),
    location: { id: 'online-au', name: 'Online store (AU)', channel: 'web' },
  },
  {
    key: 'square-online',
    kind: 'processor',
    create: { processorType: 'square', processorName: 'Square — Online store (NZ)', apiKey: 'sq0atp_demo_hv_9153' },
    idStyle: { prefix: '', base: 62, randomLength: 11 },
    currency: 'NZD',
    countries: [
      ['NZ', 94],
      ['AU', 6],
    ],
    share: 0.7,
    openedDaysAgo: 365,
    utcOffset: 13,
    hours: onlineHours,
    week: onlineWeek,
    payments: onlinePayments,
    products: asProducts(online, 1.15),
    location: { id: 'online-nz', name: 'Online store (NZ)', channel: 'web' },
  },
  {
    key: 'square-ponsonby',
    kind: 'pos',
    create: {
      posSystem: 'square',
      posName: 'Square — Ponsonby café',
      apiKey: 'sq0atp_demo_hv_pos_3310',
      locationId: 'L8HV-PONSONBY',
      syncFrequency: 'realtime',
    },
    idStyle: { prefix: '', base: 62, randomLength: 11 },
    currency: 'NZD',
    countries: [
      ['NZ', 92],
      ['AU', 4],
      ['US', 2],
      ['GB', 2],
    ],
    share: 2.4,
    openedDaysAgo: 365,
    utcOffset: 13,
    hours: cafeHours,
    week: cafeWeek,
    payments: cafePayments,
    products: asProducts(cafe, 1),
    location: { id: 'L8HV-PONSONBY', name: 'Ponsonby café', city: 'Auckland', country: 'NZ' },
  },
  {
    key: 'lightspeed-melbourne',
    kind: 'pos',
    create: {
      posSystem: 'lightspeed',
      posName: 'Lightspeed — Melbourne CBD café',
      apiKey: 'ls_demo_hv_pos_5527',
      locationId: 'MEL-CBD-01',
      syncFrequency: 'hourly',
    },
    idStyle: { prefix: 'LS-', base: 10, randomLength: 4 },
    currency: 'AUD',
    countries: [
      ['AU', 90],
      ['NZ', 4],
      ['CN', 3],
      ['GB', 3],
    ],
    share: 2,
    openedDaysAgo: 365,
    utcOffset: 11,
    hours: cafeHours,
    week: cafeWeek,
    payments: cafePayments,
    products: asProducts(cafe, 1.05),
    location: { id: 'MEL-CBD-01', name: 'Melbourne CBD café', city: 'Melbourne', country: 'AU' },
  },
  {
    key: 'toast-brooklyn',
    kind: 'pos',
    create: {
      posSystem: 'toast',
      posName: 'Toast — Brooklyn café',
      apiKey: 'toast_demo_hv_pos_8804',
      locationId: 'BK-WILLIAMSBURG',
      syncFrequency: 'daily',
    },
    idStyle: { prefix: 'tst-', base: 36, randomLength: 12 },
    currency: 'USD',
    countries: [
      ['US', 88],
      ['CA', 4],
      ['GB', 4],
      ['FR', 4],
    ],
    share: 1.8,
    // Opened five months ago: its volume starts then and ramps up.
    openedDaysAgo: 150,
    utcOffset: -5,
    hours: cafeHours,
    week: cafeWeek,
    payments: [
      ['card', 66],
      ['wallet', 28],
      ['cash', 6],
    ],
    products: asProducts(cafe, 0.8),
    location: { id: 'BK-WILLIAMSBURG', name: 'Brooklyn café', city: 'New York', country: 'US' },
  },
];

export const firstNames = [
  'Aroha',
  'Liam',
  'Olivia',
  'Noah',
  'Ava',
  'Wiremu',
  'Isla',
  'Jack',
  'Mia',
  'Leo',
  'Charlotte',
  'Hemi',
  'Amelia',
  'Oliver',
  'Sofia',
  'Kai',
  'Grace',
  'Mateo',
  'Zoe',
  'Ethan',
  'Priya',
  'Hiroshi',
  'Chloe',
  'Lucas',
  'Emma',
  'Tane',
  'Ruby',
  'James',
  'Ana',
  'Wei',
];
export const lastNames = [
  'Ngata',
  'Smith',
  'Wilson',
  'Brown',
  'Taylor',
  'Walker',
  'Parata',
  'Nguyen',
  'Patel',
  'Chen',
  'Williams',
  'Jones',
  'Martin',
  'Garcia',
  'Kim',
  'Singh',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lee',
  'Moana',
  'Rossi',
  'Müller',
  'Tanaka',
  'Cohen',
  "O'Brien",
  'Silva',
  'Kaur',
  'Henare',
];
