/** The public site's link groups (spec 2.2 footer). */
export const solutionPages = [
  { to: '/solutions/payment-processing', label: 'Payment Processing' },
  { to: '/solutions/blockchain-integration', label: 'Blockchain Integration' },
  { to: '/solutions/compliance', label: 'Compliance' },
  { to: '/solutions/crypto-payments', label: 'Crypto Payments' },
  { to: '/solutions/real-estate-tokenization', label: 'Real Estate Tokenization' },
] as const;

export const legalPages = [
  { to: '/legal/terms', label: 'Terms of Service' },
  { to: '/legal/privacy', label: 'Privacy Policy' },
  { to: '/legal/aml-policy', label: 'AML Policy' },
  { to: '/legal/user-guide', label: 'User Guide' },
  { to: '/legal/security', label: 'Security' },
] as const;

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
