/** One page of a group: the footer shows the label, the group's index page (/solutions, /legal) the description too. */
export interface SitePageLink {
  to: string;
  label: string;
  description: string;
}

/** The public site's link groups (spec 2.2 footer). */
export const solutionPages = [
  {
    to: '/solutions/payment-processing',
    label: 'Payment Processing',
    description:
      'Cards, wallets, crypto and point of sale through several processors, with smart routing and one report.',
  },
  {
    to: '/solutions/blockchain-integration',
    label: 'Blockchain Integration',
    description: 'Settle and record payments on the XRP Ledger, Polygon and Avalanche from the same dashboard.',
  },
  {
    to: '/solutions/compliance',
    label: 'Compliance',
    description: 'Automated AML screening, KYC checks and risk scoring, with the records regulators ask for.',
  },
  {
    to: '/solutions/crypto-payments',
    label: 'Crypto Payments',
    description: 'Accept Bitcoin, Ethereum, XRP, USD Coin and more through your connected exchange account.',
  },
  {
    to: '/solutions/real-estate-tokenization',
    label: 'Real Estate Tokenization',
    description: 'Turn property in New Zealand and Australia into security tokens for wholesale investors.',
  },
] as const satisfies readonly SitePageLink[];

export const legalPages = [
  {
    to: '/legal/terms',
    label: 'Terms of Service',
    description: 'The agreement between your business and us for the website, the dashboard and the API.',
  },
  {
    to: '/legal/privacy',
    label: 'Privacy Policy',
    description: 'What personal information we collect, why, who we share it with and how long we keep it.',
  },
  {
    to: '/legal/aml-policy',
    label: 'AML Policy',
    description: 'How we screen transactions and verify customers under anti-money-laundering law.',
  },
  {
    to: '/legal/user-guide',
    label: 'User Guide',
    description: 'Getting started, integrations, compliance and advanced features, step by step.',
  },
  {
    to: '/legal/security',
    label: 'Security',
    description: 'How we protect your account, your data and your payments, and how to report a concern.',
  },
] as const satisfies readonly SitePageLink[];

export const footerLinkGroups = [
  {
    heading: 'Platform',
    links: [
      { to: '/register', label: 'Register' },
      { to: '/login', label: 'Sign In' },
      { to: '/pricing', label: 'Pricing' },
      { to: '/contact', label: 'Contact' },
      { to: '/affiliate', label: 'Affiliate Programme' },
    ],
  },
  { heading: 'Solutions', links: solutionPages },
  { heading: 'Legal', links: legalPages },
] as const;
