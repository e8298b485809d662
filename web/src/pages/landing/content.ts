/** The landing page's copy (spec 1 and 2.2). */

export const statistics = [
  { value: '150+', label: 'Countries Supported' },
  { value: '256-bit', label: 'AES Encryption Standard' },
  { value: '99.9%', label: 'Platform Uptime SLA' },
  { value: '24/7', label: 'Global Enterprise Support' },
] as const;

interface Solution {
  title: string;
  description: string;
  /** The solutions page the card leads to, and related pages. */
  links: readonly { to: string; label: string }[];
}

export const solutions: readonly Solution[] = [
  {
    title: 'Multi-Processor Payment Integration',
    description:
      'Accept cards, digital wallets, point-of-sale and more than 50 cryptocurrencies through one integration, with automatic conversion to your preferred currency.',
    links: [
      { to: '/solutions/payment-processing', label: 'Explore payment processing' },
      { to: '/solutions/crypto-payments', label: 'Crypto payments' },
    ],
  },
  {
    title: 'AI Business Intelligence',
    description:
      'Cash-flow analysis, customer segmentation, risk monitoring, marketing content and reporting built from your own transaction data.',
    links: [{ to: '/solutions/compliance#risk-analytics', label: 'See AI risk analytics' }],
  },
  {
    title: 'Automated Regulatory Compliance',
    description:
      'Automated KYC and AML checks, fraud detection, risk scoring, alerts and regulatory reporting that keep pace with your volume.',
    links: [{ to: '/solutions/compliance', label: 'Explore compliance' }],
  },
  {
    title: 'Real Estate Tokenization',
    description:
      'Tokenize New Zealand and Australian property as blockchain security tokens for wholesale investors, with investor management and a secondary market.',
    links: [
      { to: '/solutions/real-estate-tokenization', label: 'Explore tokenization' },
      { to: '/solutions/blockchain-integration', label: 'Blockchain integration' },
    ],
  },
];

export const benefits = [
  {
    title: 'One platform, every channel',
    description:
      'Card, wallet, crypto and point-of-sale payments arrive in one dashboard, with one reconciliation and one set of reports.',
  },
  {
    title: 'Global reach',
    description: 'Serve customers in more than 150 countries and settle in your preferred currency.',
  },
  {
    title: 'Bank-grade security',
    description: '256-bit AES encryption protects data at rest, and TLS protects every connection in transit.',
  },
  {
    title: 'Built-in compliance',
    description:
      'KYC, AML and fraud screening run automatically on every account and payment, with a full audit trail.',
  },
  {
    title: 'Reliable by design',
    description: 'A 99.9% platform uptime SLA, backed by continuous monitoring and redundant infrastructure.',
  },
  {
    title: 'Support around the clock',
    description: 'Enterprise support 24 hours a day, 7 days a week, from a team based in Auckland, New Zealand.',
  },
] as const;

export const about = [
  {
    title: 'Our Mission',
    description:
      'Give every business, from sole traders to enterprises, the payment, intelligence and compliance tools once reserved for the largest institutions.',
  },
  {
    title: 'Our Vision',
    description:
      'A connected financial platform where fiat, crypto and tokenized real-world assets move as easily as a card payment.',
  },
  {
    title: 'Our Values',
    description:
      'Security first, transparent pricing, regulatory integrity, and support that answers when you need it.',
  },
] as const;

export const partners = [
  {
    title: 'Certified Payment Processor Integration Partner',
    description:
      'A certified integration with a leading global card payment processor, available to merchants in more than 135 countries.',
    points: [
      'Card and digital wallet acceptance in 135+ countries',
      'Card data handled by the certified processor, never stored by us',
      'Payouts and refunds managed from your dashboard',
    ],
  },
  {
    title: 'Verified E-commerce Partner',
    description:
      'A verified partner of a major e-commerce platform, so online shop merchants can connect their store in minutes.',
    points: [
      'Connect an existing online store without custom code',
      'Orders and payments reconciled automatically',
      'Store sales included in analytics and reports',
    ],
  },
] as const;
