/** The /affiliate landing page's copy (spec 2.11 and 9); tiers and figures come from @app/contracts. */

export const howItWorks = [
  {
    title: 'Apply',
    description:
      'Tell us about your business and your audience. Applications are reviewed within 24 hours, and approved partners get their own referral code.',
  },
  {
    title: 'Share your referral link',
    description:
      'Your link is our site address with your code added. When a business arrives through it, a cookie keeps your code for your tier’s window of 30 to 60 days, so a later sign-up still counts.',
  },
  {
    title: 'Earn commission',
    description:
      'Earn a share of every subscription fee your referred businesses pay in their first year. Request a payout once your balance reaches the minimum.',
  },
] as const;

export const benefits = [
  {
    title: 'Recurring first-year commission',
    description: 'Every subscription payment a referred business makes in its first year earns you commission.',
  },
  {
    title: 'AI marketing toolkit',
    description:
      'Generate e-mail templates, social posts, landing-page copy and value propositions tailored to your audience.',
  },
  {
    title: 'Real-time dashboard',
    description: 'Follow your referrals, conversions, earnings, balance and payouts as they happen.',
  },
  {
    title: 'A product businesses need',
    description:
      'Cards, wallets, crypto and point-of-sale payments, analytics and compliance in one platform make an easy introduction.',
  },
  {
    title: 'Growing rates',
    description: 'Refer more businesses in a month and move up a tier, with a higher rate and a longer cookie window.',
  },
  {
    title: 'Partner support',
    description: 'Our partnerships team answers affiliate questions and helps with larger referrals.',
  },
] as const;
