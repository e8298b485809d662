import {
  contentTypes,
  tokenization,
  type AffiliateTier,
  type ContentType,
  type MarketingAssets,
  type ValueProposition,
} from '@app/contracts';
import { annualSaving, capabilities, paidPlans, planLines } from './programme-facts';

/** Who is writing: the affiliate's name, link and current tier. */
export interface WriterContext {
  companyName: string;
  referralLink: string;
  tier: AffiliateTier;
}

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const bullets = (lines: readonly string[]) => lines.map((line) => `- ${capitalized(line)}`).join('\n');
const [growth, pro] = paidPlans();

/**
 * The toolkit's writer without an AI provider: real copy composed from the affiliate's inputs
 * and the product's and programme's facts. Deterministic: the same inputs give the same text.
 */
export function marketingAssets(audience: string, who: WriterContext): MarketingAssets {
  const link = who.referralLink;
  return {
    emailTemplates: [
      {
        name: 'Introduction',
        subject: `One payments dashboard for ${audience}`,
        body:
          `Hi {first name},\n\nI work with ${audience} every week, and the same problem keeps coming up: ` +
          `card, POS and crypto payments scattered across separate tools. The platform I recommend brings them into ` +
          `one dashboard, with KYC/AML checks and AI cash-flow analysis built in.\n\n` +
          `Plans start free (${planLines()[0]}), and ${growth?.name ?? 'Growth'} is $${growth?.monthlyPrice ?? 29}/month ` +
          `with API access. Annual billing saves ${annualSaving}.\n\nHave a look here: ${link}\n\n` +
          `Best regards,\n${who.companyName}`,
      },
      {
        name: 'Follow-up',
        subject: `Following up: payments and compliance for ${audience}`,
        body:
          `Hi {first name},\n\nFollowing up on my last note. Three things ${audience} tell me matter most:\n` +
          `${bullets(capabilities.slice(0, 3))}\n\nYou can start on the free plan and move up when volume grows: ${link}\n\n` +
          `Happy to walk you through it.\n${who.companyName}`,
      },
      {
        name: 'Tokenization',
        subject: 'Tokenize property in New Zealand and Australia',
        body:
          `Hi {first name},\n\nIf you hold property in ${tokenization.jurisdictions.join(' or ')}, the ` +
          `${pro?.name ?? 'Enterprise plus Tokenization'} plan ($${pro?.monthlyPrice ?? 699}/month) includes one property ` +
          `tokenization a month, whitelisting of ${tokenization.whitelistedInvestors} investors and KYC for ` +
          `${tokenization.investorKycIncluded}. Offers are for wholesale investors; tokens carry economic rights.\n\n` +
          `Details: ${link}\n\n${who.companyName}`,
      },
    ],
    socialMedia: {
      linkedin: [
        `${capitalized(audience)}: stop reconciling card, POS and crypto payments by hand. One dashboard, built-in KYC/AML ` +
          `and AI cash-flow insight. Free plan to start: ${link}`,
        `Growing? The ${growth?.name ?? 'Growth'} plan covers $${(growth?.monthlyVolume ?? 10_000).toLocaleString('en-US')} ` +
          `monthly volume and API access for $${growth?.monthlyPrice ?? 29}/month. Annual billing saves ${annualSaving}. ${link}`,
      ],
      twitter: [
        `Card, POS and crypto payments in one dashboard for ${audience}. Start free: ${link}`,
        `KYC/AML, fraud checks and AI cash-flow analysis built in. ${annualSaving} off with annual billing. ${link}`,
      ],
      facebook: [
        `We recommend this to ${audience}: one place for every payment you take, with compliance handled and clear ` +
          `reports. The Starter plan is free. ${link}`,
      ],
    },
    landingPageCopy: {
      headline: `Every payment ${audience} take, in one dashboard`,
      subheadline:
        'Card, wallet, crypto and point-of-sale processing with compliance and AI insight built in. ' +
        `Start free, upgrade when you grow; annual plans save ${annualSaving}.`,
      benefits: capabilities.map(capitalized),
      callToAction: `Create your free account: ${link}`,
    },
    salesPitch: {
      elevatorPitch:
        `${capitalized(audience)} juggle separate tools for card, POS and crypto payments. This platform unifies them, ` +
        `runs KYC/AML checks automatically and turns transactions into cash-flow insight, from a free Starter plan ` +
        `up to ${pro?.name ?? 'Enterprise plus Tokenization'} with property tokenization.`,
      keyPoints: [...planLines(), capitalized(capabilities[3]), capitalized(capabilities[5])],
      objectionHandling: [
        {
          objection: 'We already have a payment processor.',
          response:
            'Keep it: the platform connects existing processors and POS systems and shows them together, so nothing has to move at once.',
        },
        {
          objection: 'It sounds expensive.',
          response: `Starter is free. ${growth?.name ?? 'Growth'} is $${growth?.monthlyPrice ?? 29}/month, and annual billing saves ${annualSaving}.`,
        },
        {
          objection: 'Compliance is a worry.',
          response:
            'KYC/AML screening, fraud detection, risk scoring and regulatory reporting are part of every account.',
        },
      ],
    },
  };
}

const labelOf = (type: ContentType) => contentTypes.find((option) => option.value === type)?.label ?? type;

/** Long-form copy of one content type (spec 5.7), shaped by the optional context. */
export function customContent(type: ContentType, context: string | undefined, who: WriterContext): string {
  const focus = context?.trim() ? context.trim() : 'businesses that want simpler payments and compliance';
  const plansBlock = bullets(planLines());
  const capabilityBlock = bullets(capabilities);
  const link = who.referralLink;
  switch (type) {
    case 'blog_post':
      return [
        `# Unifying payments for ${focus}`,
        `Most businesses take payments through more than one channel: cards online, a POS terminal in store, ` +
          `and more and more often crypto. Each comes with its own dashboard, its own reports and its own compliance work.`,
        `## What changes with one platform\n${capabilityBlock}`,
        `## What it costs\n${plansBlock}\nAnnual billing saves ${annualSaving}.`,
        `## Getting started\nOpen a free account, connect your existing processors, and see every transaction in one place: ${link}`,
        `_Written by ${who.companyName}, an affiliate partner._`,
      ].join('\n\n');
    case 'case_study':
      return [
        `# Case study outline: ${focus}`,
        `## The challenge\nSeparate systems for card, POS and crypto payments meant manual reconciliation and compliance checks done by hand.`,
        `## The approach\nThe business connected its processors and POS systems to one dashboard and turned on automated KYC/AML screening.`,
        `## What to measure\n- Hours spent on reconciliation before and after\n- Time to onboard a new customer through KYC\n- Share of revenue by channel, now visible in one report`,
        `## The plan used\n${plansBlock}`,
        `Fill in the customer's own numbers before publishing. Learn more: ${link}`,
      ].join('\n\n');
    case 'whitepaper':
      return [
        `# Whitepaper: modern payment operations for ${focus}`,
        `## Executive summary\nFragmented payment stacks raise costs and compliance risk. A unified platform reduces both.`,
        `## 1. The fragmented stack\nCard processors, POS systems and crypto wallets each report differently, which slows reconciliation and hides cash flow.`,
        `## 2. Capabilities of a unified platform\n${capabilityBlock}`,
        `## 3. Tokenization of real estate\nProperties in ${tokenization.jurisdictions.join(' and ')} can be tokenized for wholesale investors, ` +
          `with ${tokenization.quarterlyManagementFeePercent}% quarterly management and ${tokenization.resaleRoyaltyPercent}% resale royalty fees.`,
        `## 4. Pricing\n${plansBlock}`,
        `## Conclusion\nStart with the free plan and scale as volume grows: ${link}`,
      ].join('\n\n');
    case 'product_demo':
      return [
        `# Product demo script (${focus})`,
        `1. Opening (1 min): ask how many payment tools they use today.`,
        `2. Dashboard (3 min): show card, POS and crypto payments side by side.`,
        `3. Compliance (2 min): show automated KYC/AML checks and risk scores.`,
        `4. Insight (2 min): show cash-flow analysis and customer segmentation.`,
        `5. Pricing (1 min):\n${plansBlock}`,
        `6. Close (1 min): invite them to open a free account at ${link}`,
      ].join('\n\n');
    case 'sales_email':
      return [
        `Subject: Simpler payments for ${focus}`,
        `Hi {first name},`,
        `I help ${focus} cut the time they spend on payments and compliance. The platform I recommend puts card, ` +
          `POS and crypto payments in one dashboard, with KYC/AML checks and AI cash-flow analysis built in.`,
        `It starts free, and paid plans begin at $${growth?.monthlyPrice ?? 29}/month (${annualSaving} less when billed annually).`,
        `Would a 15-minute walkthrough this week help? You can also look around first: ${link}`,
        `Best regards,\n${who.companyName}`,
      ].join('\n\n');
    case 'webinar_script':
      return [
        `# Webinar: "Payments, compliance and insight in one place" for ${focus}`,
        `## Welcome (5 min)\nIntroduce ${who.companyName} and the agenda.`,
        `## The problem (10 min)\nWalk through a typical week of reconciling separate payment tools.`,
        `## Live demo (20 min)\n${capabilityBlock}`,
        `## Pricing (5 min)\n${plansBlock}\nAnnual billing saves ${annualSaving}.`,
        `## Q&A (15 min)\nPrepare answers on existing processors, compliance and data security.`,
        `## Close (5 min)\nShare the sign-up link: ${link}`,
      ].join('\n\n');
  }
  return `${labelOf(type)} for ${focus}`;
}

/** A value proposition for one target market. */
export function valueProposition(market: string, who: WriterContext): ValueProposition {
  const [growthPlan] = paidPlans();
  return {
    headline: `Payments, compliance and insight for ${market}, in one platform`,
    subheadline:
      `Card, POS and crypto payments in one dashboard with KYC/AML built in. Free to start; ` +
      `${growthPlan?.name ?? 'Growth'} is $${growthPlan?.monthlyPrice ?? 29}/month, and annual billing saves ${annualSaving}.`,
    keyBenefits: [
      `${capitalized(market)} see every payment channel in one place`,
      'Automated KYC/AML, fraud detection and risk scoring',
      'AI cash-flow analysis and customer segmentation',
      'Automatic conversion of 50+ cryptocurrencies',
      `Real-estate tokenization for ${tokenization.jurisdictions.join(' and ')} properties`,
    ],
    testimonialSuggestion:
      `"Since we moved our card, POS and crypto payments to one dashboard, reconciliation takes minutes instead of ` +
      `hours." Ask a customer in ${market} to confirm it in their own words and numbers before ${who.companyName} publishes it.`,
  };
}
