import { registrationSteps } from './auth';
import { businessHours, contactCategories, supportResponseTimes } from './contact';
import { ANNUAL_DISCOUNT, annualPrice, plans, tokenization, type Plan } from './plans';

/**
 * The platform's help content, in one place: the web app renders the User Guide and the Terms of
 * Service from it, and the chat assistant (chat-support) answers by retrieval over the same text
 * plus the facts below (plans and prices, hours, response times, AML figures), which are built from
 * the constants the pricing, contact and policy pages show. Text may carry `[label](/path)` links,
 * `**bold**` and the `{supportEmail}` placeholder (a deployment setting of the web app).
 */

/** Shown in the top bars, footers and policies; one place to rename the product. */
export const brandName = 'Payments Platform';
export const companyLocation = 'Albany, North Shore, Auckland, New Zealand';
/** The postal address, line by line (spec 1 and 2.2). */
export const companyAddressLines = ['Albany', 'North Shore', 'Auckland', 'New Zealand'] as const;

/** Spec 9: the figures the AML Policy and the User Guide state. Amounts are in New Zealand dollars or the equivalent. */
export const amlFigures = {
  largeTransactionScreening: '$3,000',
  enhancedDueDiligence: '$10,000',
  travelRule: '$1,000',
  recordYears: 7,
  minimumAge: 18,
  kycApproval: '24-48 hours',
  customerNotification: '24 hours',
} as const;

export type HelpBlock = { kind: 'p'; text: string } | { kind: 'ul' | 'ol'; items: readonly string[] };

export interface HelpSection {
  id: string;
  heading: string;
  blocks: readonly HelpBlock[];
}

/** A page of help: a policy's sections or a guide tab's. */
export interface HelpDocument {
  id: string;
  title: string;
  /** Where it is shown on the site. */
  path: string;
  sections: readonly HelpSection[];
}

const p = (text: string): HelpBlock => ({ kind: 'p', text });
const ul = (...items: string[]): HelpBlock => ({ kind: 'ul', items });
const ol = (...items: string[]): HelpBlock => ({ kind: 'ol', items });

const wizardStepNames = ['Business Details', 'Contact Information', 'Account Setup', 'Compliance & Terms'] as const;
const money = (value: number) => `$${value.toLocaleString('en-US')}`;
const annualSaving = `${Math.round(ANNUAL_DISCOUNT * 100)}%`;

/** Spec 2.12: the User Guide's four tabs. */
export const userGuideTabs: readonly HelpDocument[] = [
  {
    id: 'getting-started',
    title: 'Getting Started',
    path: '/legal/user-guide',
    sections: [
      {
        id: 'create-account',
        heading: 'Create your account',
        blocks: [
          p(
            `Select [Register](/register) on any page. The registration wizard has ${Object.keys(registrationSteps).length} steps; ` +
              '**Continue** checks the fields of the current step (required fields are marked with *), and **Previous** ' +
              'takes you back without losing what you entered.',
          ),
          ol(
            `**${wizardStepNames[0]}:** business name, business type, industry, business address and country. NZBN, IRD number and GST registration are optional.`,
            `**${wizardStepNames[1]}:** your first and last name, email address, phone number and position.`,
            `**${wizardStepNames[2]}:** a password of at least 8 characters with an upper-case letter, a lower-case letter, a number and one of @$!%*?&, your expected monthly volume in NZD, and at least 20 characters describing your business purpose.`,
            `**${wizardStepNames[3]}:** accept the [Terms of Service](/legal/terms), [Privacy Policy](/legal/privacy) and [AML Policy](/legal/aml-policy), and choose whether to receive marketing emails. Then select **Create Account**.`,
          ),
          p(
            'If something is missing when you create the account, the wizard takes you back to the step that needs it.',
          ),
        ],
      },
      {
        id: 'verify-email',
        heading: 'Verify your email address',
        blocks: [
          p(
            'After registering you are taken to the sign-in page and we email you a verification link. The link works once ' +
              'and expires after 24 hours. Opening it confirms your address and takes you to sign in after a few seconds.',
          ),
          p(
            'Until your email is verified, signing in shows a verification screen instead of the dashboard. From there you ' +
              'can send a new link with **Resend Verification Email**; a new link replaces the previous one. Check your spam ' +
              "folder if it doesn't arrive within a few minutes.",
          ),
        ],
      },
      {
        id: 'sign-in',
        heading: 'Sign in and review',
        blocks: [
          p(
            'Sign in with your email and password. If you forget your password, use **Forgot your password?** on the ' +
              '[sign-in page](/login) to receive a reset link. After sign-up we review your application and KYC documents in ' +
              '1-2 business days and email you when your account is approved.',
          ),
        ],
      },
      {
        id: 'settings',
        heading: 'Settings',
        blocks: [
          p('Open Settings from the top bar of the dashboard. It has three tabs:'),
          ul(
            '**Personal Details:** name, phone, date of birth and your address.',
            '**Business Details:** company name, business type, tax ID or GST number, company registration number, website and business address.',
            '**Developer API:** the API base URL, the authorization header format and an example request. API keys will appear here when the developer API becomes available for your account.',
          ),
          p('Every field is optional; select **Save Profile** to keep your changes.'),
        ],
      },
    ],
  },
  {
    id: 'integrations',
    title: 'Integrations',
    path: '/legal/user-guide',
    sections: [
      {
        id: 'payment-channels',
        heading: 'Payment channels',
        blocks: [
          p(
            'The platform brings your payment channels into one ledger: card processors, point-of-sale systems and ' +
              'cryptocurrency (more than 50 coins, with automatic conversion to your preferred currency). Card acceptance runs ' +
              'through our certified payment-processor partner, available in more than 135 countries. Online shop merchants can ' +
              'connect a store through our verified e-commerce partnership.',
          ),
        ],
      },
      {
        id: 'connections',
        heading: 'How connections are made',
        blocks: [
          ol(
            'Complete email verification and KYC; integrations are available to approved accounts.',
            'Choose the processor, point-of-sale system, exchange or store you want to connect.',
            'Authorise the connection with that provider. Where API credentials are needed, give them only the permissions the platform asks for; they are stored encrypted and can be revoked at any time.',
            'New payments from the channel then appear alongside your other payments.',
          ),
        ],
      },
      {
        id: 'developer-api',
        heading: 'Developer API',
        blocks: [
          p(
            `API access is included in the ${plans
              .filter((plan) => plan.apiAccess)
              .map((plan) => plan.name)
              .join(
                ' and ',
              )} plans (see [pricing](/pricing)). Requests use the base URL shown in Settings > Developer API ` +
              'with a bearer token in the Authorization header. Keys are issued from that tab when the developer API is ' +
              'enabled for your account.',
          ),
          p('Need help planning an integration? [Contact us](/contact) and choose the Integration category.'),
        ],
      },
    ],
  },
  {
    id: 'compliance',
    title: 'Compliance',
    path: '/legal/user-guide',
    sections: [
      {
        id: 'kyc',
        heading: 'Know your customer',
        blocks: [
          p(
            `Every account is verified before payments or tokenization can be used. Account holders must be at least ` +
              `${amlFigures.minimumAge}. Once documents are complete, KYC approval typically takes ${amlFigures.kycApproval}.`,
          ),
        ],
      },
      {
        id: 'automated-checks',
        heading: 'Automated checks',
        blocks: [
          ul(
            `Transactions above ${amlFigures.largeTransactionScreening} are screened before they complete.`,
            `Transactions above ${amlFigures.enhancedDueDiligence} trigger enhanced due diligence.`,
            `Transfers of ${amlFigures.travelRule} or more carry originator and beneficiary information (the travel rule).`,
            'Customers and counterparties are screened against sanctions and PEP lists.',
            'Every transaction gets a risk score: low 0-30, medium 31-70, high 71-100.',
          ),
        ],
      },
      {
        id: 'alerts',
        heading: 'Alerts, holds and reports',
        blocks: [
          p(
            'High-risk activity raises an alert for review. If we need to hold a transaction or ask you for information, we ' +
              `notify you within ${amlFigures.customerNotification}. Suspicious activity is reported to the authorities as the ` +
              `law requires, and records are kept for ${amlFigures.recordYears} years.`,
          ),
          p(
            'The full rules are in our [AML Policy](/legal/aml-policy); an overview of the compliance tools is on the ' +
              '[compliance page](/solutions/compliance).',
          ),
        ],
      },
    ],
  },
  {
    id: 'advanced-features',
    title: 'Advanced Features',
    path: '/legal/user-guide',
    sections: [
      {
        id: 'ai',
        heading: 'AI business intelligence',
        blocks: [
          p(
            'The analytics area turns your transaction data into cash-flow analysis, customer segmentation, risk analytics, ' +
              'business metrics and reports, and can draft marketing content for your campaigns. Treat its output as support ' +
              'for your decisions, not as financial advice.',
          ),
        ],
      },
      {
        id: 'tokenization',
        heading: 'Real estate tokenization',
        blocks: [
          p(
            `On the ${plans.find((plan) => plan.propertyTokenizationsPerMonth > 0)?.name ?? 'Enterprise plus Tokenization'} ` +
              `plan you can tokenize one property a month, in ${tokenization.jurisdictions.join(' or ')} only, for wholesale ` +
              'investors as defined by the Financial Markets Conduct Act 2013. Tokens represent economic rights, not ownership, ' +
              `and the property's valuation must be no older than ${tokenization.maxValuationAgeMonths} months. The six steps ` +
              'are described on the [tokenization page](/solutions/real-estate-tokenization).',
          ),
        ],
      },
      {
        id: 'crypto',
        heading: 'Crypto payments and wallets',
        blocks: [
          p(
            'Connect an exchange account, choose the coins you accept and your settlement currency, and start accepting. ' +
              'See [crypto payments](/solutions/crypto-payments).',
          ),
        ],
      },
      {
        id: 'affiliates',
        heading: 'Affiliate programme',
        blocks: [
          p(
            "Partners who refer businesses earn commission on the referred customers' first-year subscription fees. See the " +
              '[affiliate programme](/affiliate).',
          ),
        ],
      },
      {
        id: 'help',
        heading: 'Getting help',
        blocks: [p('Email {supportEmail} or use the [contact form](/contact).')],
      },
    ],
  },
];

/** Spec 2.12: the Terms of Service. */
export const termsOfService: HelpDocument = {
  id: 'terms',
  title: 'Terms of Service',
  path: '/legal/terms',
  sections: [
    {
      id: 'about',
      heading: 'About these terms',
      blocks: [
        p(
          `These Terms of Service are an agreement between your business and the operator of ${brandName} ("we", "us"), ` +
            `a company based in ${companyLocation}. They apply to the website, the dashboard, the API and every service we ` +
            'provide through them (together, the "services").',
        ),
        p(
          'By creating an account or using the services you confirm that you have read these terms, our ' +
            '[Privacy Policy](/legal/privacy) and our [AML Policy](/legal/aml-policy), and that you have authority to ' +
            'accept them on behalf of your business.',
        ),
      ],
    },
    {
      id: 'eligibility',
      heading: 'Eligibility and your account',
      blocks: [
        p(
          'The services are for businesses: sole traders, partnerships, companies, trusts and other organisations. The ' +
            `person who registers must be at least ${amlFigures.minimumAge} years old and able to enter into a binding contract.`,
        ),
        ul(
          'Give us accurate, complete information when you register, and keep it up to date in Settings.',
          'Keep your password confidential and tell us straight away if you think your account is compromised.',
          'You are responsible for everything done through your account by you or your team members.',
        ),
      ],
    },
    {
      id: 'verification',
      heading: 'Verification before you use the services',
      blocks: [
        p(
          'You must verify your email address and complete our know-your-customer (KYC) checks before you can process ' +
            'payments or use the compliance and tokenization services. We review applications in 1-2 business days; once ' +
            `documents are complete, KYC approval typically takes ${amlFigures.kycApproval}.`,
        ),
        p(
          'We may ask for further information at any time, and we may decline an application or limit the services we ' +
            'offer where we cannot complete our checks or where the law requires it.',
        ),
      ],
    },
    {
      id: 'services',
      heading: 'The services',
      blocks: [
        p(
          'Depending on your plan, the services include payment processing across card processors, point-of-sale systems ' +
            'and cryptocurrencies, analytics and reporting, automated compliance tools, and real estate tokenization. Some ' +
            'services are provided with the help of third parties, such as our certified card payment processor; their own ' +
            'terms may also apply and we will tell you where they do.',
        ),
        p(
          'Analytics, risk scores and generated content are tools to support your decisions. They are not financial, ' +
            'legal or tax advice, and you remain responsible for the decisions you make.',
        ),
      ],
    },
    {
      id: 'fees',
      heading: 'Plans, fees and billing',
      blocks: [
        p(
          'Plans and fees are shown on our [pricing page](/pricing). Paid plans are billed in advance, monthly or ' +
            `annually; annual billing is discounted by ${annualSaving}. Tokenization fees (management fees, resale royalties ` +
            'and per-investor KYC fees) are charged as they fall due. Prices exclude GST and other taxes, which are added ' +
            'where they apply.',
        ),
        p(
          "We will give you at least 30 days' notice of a price increase. You can cancel before it takes effect. Fees " +
            'already paid are not refundable except where these terms or the law say otherwise.',
        ),
      ],
    },
    {
      id: 'acceptable-use',
      heading: 'Acceptable use',
      blocks: [
        p('You must not use the services:'),
        ul(
          'for anything unlawful, including money laundering, terrorism financing, fraud or sanctions evasion;',
          'to sell goods or services that are illegal where you or your customers are;',
          'to process payments for another business without our written agreement;',
          'to interfere with, probe or overload the services, or to get around their security controls;',
          'to misrepresent your identity, your business or the source of funds.',
        ),
      ],
    },
    {
      id: 'compliance',
      heading: 'Compliance, holds and reporting',
      blocks: [
        p(
          'We operate an AML/CFT programme under New Zealand law, described in our AML Policy. To meet our obligations we ' +
            'may delay, hold or refuse a transaction, suspend an account, or report activity to the authorities. Where the ' +
            `law allows, we will notify you within ${amlFigures.customerNotification} of restricting your account and tell ` +
            'you what we need to lift the restriction.',
        ),
      ],
    },
    {
      id: 'crypto-tokenization',
      heading: 'Cryptocurrency and tokenization',
      blocks: [
        p(
          'Crypto-asset prices are volatile and blockchain transactions cannot be reversed. Automatic conversion reduces ' +
            'but does not remove your exposure to price movements between payment and conversion.',
        ),
        p(
          `Real estate tokenization is available only for properties in ${tokenization.jurisdictions.join(' and ')}, and ` +
            'token offers may be made only to wholesale investors as defined by the Financial Markets Conduct Act 2013. ' +
            'Tokens represent economic rights in a property, not direct ownership. Property valuations must be no older than ' +
            `${tokenization.maxValuationAgeMonths} months. You are responsible for the accuracy of the information you ` +
            'provide about a property and for your own offer documents.',
        ),
      ],
    },
    {
      id: 'availability',
      heading: 'Availability and support',
      blocks: [
        p(
          'We aim to keep the platform available 99.9% of the time in each month, excluding scheduled maintenance we ' +
            'announce in advance. Support is available 24/7 for urgent issues; other requests are answered within the ' +
            'response times shown on our [contact page](/contact).',
        ),
      ],
    },
    {
      id: 'ip',
      heading: 'Intellectual property and your data',
      blocks: [
        p(
          'We own the services and everything we provide through them, and we give you a non-exclusive, non-transferable ' +
            'right to use them while your account is active. You own your business data. You allow us to use it to provide, ' +
            'secure and improve the services, as set out in our Privacy Policy.',
        ),
      ],
    },
    {
      id: 'liability',
      heading: 'Liability',
      blocks: [
        p(
          'You acquire the services for the purposes of a business. To the extent the law allows, the Consumer Guarantees ' +
            'Act 1993 does not apply, and sections 9, 12A, 13 and 14(1) of the Fair Trading Act 1986 do not apply, and we ' +
            'both agree it is fair and reasonable that this is so.',
        ),
        p(
          'Our total liability to you in any 12-month period is limited to the fees you paid us in that period. We are ' +
            'not liable for loss of profits, revenue or data, or for indirect or consequential loss. Nothing in these terms ' +
            'limits liability that cannot be limited by law, including for fraud.',
        ),
      ],
    },
    {
      id: 'termination',
      heading: 'Suspension and termination',
      blocks: [
        p(
          'You may close your account at any time from the dashboard or by contacting us. We may suspend or close an ' +
            'account on notice if you breach these terms, if we are required to by law, or if continuing would expose us or ' +
            `others to unacceptable risk. Records we must keep by law, including AML records kept for ${amlFigures.recordYears} ` +
            'years, are retained after closure.',
        ),
      ],
    },
    {
      id: 'changes',
      heading: 'Changes to these terms',
      blocks: [
        p(
          "We may change these terms. We will give you at least 30 days' notice of a material change by email or in the " +
            'dashboard, unless the change is required sooner by law. Continuing to use the services after a change takes ' +
            'effect means you accept it.',
        ),
      ],
    },
    {
      id: 'law',
      heading: 'Governing law and contact',
      blocks: [
        p(
          'These terms are governed by the law of New Zealand, and the courts of New Zealand have jurisdiction. Questions ' +
            'about these terms can be sent to {supportEmail}.',
        ),
      ],
    },
  ],
};

const planPassage = (plan: Plan): string =>
  plan.monthlyPrice === 0
    ? `The ${plan.name} plan is free ($0 per month). It includes ${money(plan.monthlyVolume)} monthly processing ` +
      `volume, ${plan.teamMembers} team member and dashboard access (no API).`
    : `The ${plan.name} plan costs ${money(plan.monthlyPrice)} per month, or ${money(annualPrice(plan.monthlyPrice))} per ` +
      `year with annual billing (${annualSaving} off). It includes ${money(plan.monthlyVolume)} monthly processing volume, ` +
      `${plan.teamMembers} team members` +
      (plan.apiAccess ? ' and API access' : '') +
      (plan.propertyTokenizationsPerMonth
        ? `, ${plan.propertyTokenizationsPerMonth} property tokenization per month, whitelisting of ` +
          `${tokenization.whitelistedInvestors} investors and KYC for ${tokenization.investorKycIncluded} investors included`
        : '') +
      '.';

/** The facts the pricing and contact pages show, as help sections (built from the same constants). */
export const platformFacts: HelpDocument[] = [
  {
    id: 'pricing',
    title: 'Plans and pricing',
    path: '/pricing',
    sections: [
      {
        id: 'plans',
        heading: 'Plans and prices',
        blocks: [
          p(
            `There are ${plans.length} plans: ` +
              plans
                .map(
                  (plan) =>
                    `${plan.name} (${plan.monthlyPrice === 0 ? 'free' : `${money(plan.monthlyPrice)} per month`})`,
                )
                .join(', ') +
              `. Prices are in USD and exclude GST and other taxes. Annual billing is 12 times the monthly price less ${annualSaving}.`,
          ),
        ],
      },
      ...plans.map((plan): HelpSection => ({
        id: `plan-${plan.id}`,
        heading: `${plan.name} plan`,
        blocks: [p(planPassage(plan))],
      })),
      {
        id: 'tokenization-fees',
        heading: 'Tokenization fees',
        blocks: [
          p(
            `Tokenized properties carry a quarterly management fee of ${tokenization.quarterlyManagementFeePercent}% and a ` +
              `resale royalty of ${tokenization.resaleRoyaltyPercent}%; KYC for each investor beyond the ` +
              `${tokenization.investorKycIncluded} included costs $${tokenization.perInvestorKycFee.toFixed(2)}.`,
          ),
        ],
      },
      {
        id: 'change-plan',
        heading: 'Upgrading or choosing a plan',
        blocks: [
          p(
            'Choose a plan on the [pricing page](/pricing): the Starter plan leads to registration, paid plans to checkout, ' +
              'monthly or annual. Paid plans are billed in advance.',
          ),
        ],
      },
    ],
  },
  {
    id: 'support',
    title: 'Support',
    path: '/contact',
    sections: [
      {
        id: 'hours',
        heading: 'Support hours',
        blocks: [
          p(
            `Our business hours are ${businessHours}. Urgent issues are handled 24/7: for suspected fraud, a security ` +
              'incident or a payment outage, contact us at any time, including weekends.',
          ),
        ],
      },
      {
        id: 'response-times',
        heading: 'Support response times',
        blocks: [
          p(
            'We reply to messages within 24 hours. Our usual first response by category: ' +
              contactCategories
                .map((category) => `${category.label}: ${supportResponseTimes[category.value]}`)
                .join('; ') +
              '.',
          ),
        ],
      },
      {
        id: 'human-support',
        heading: 'Talking to a person',
        blocks: [
          p(
            'This assistant answers from the help content and your own support history. If it cannot help, or you ask for ' +
              'a person, the chat is escalated to the human support team, who see your recent messages. Messages about fraud, ' +
              'hacking, theft or a locked-out account are escalated at once. You can also use the [contact form](/contact).',
          ),
        ],
      },
    ],
  },
];

/** A passage the assistant retrieves: one section of a help document, as plain text. */
export interface HelpPassage {
  id: string;
  title: string;
  /** The page it comes from, with the section's anchor. */
  path: string;
  text: string;
}

/** `[label](/path)` → label, `**bold**` → bold, `{supportEmail}` → the given address. */
export const plainHelpText = (text: string, supportEmail: string): string =>
  text
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/\*\*([^*]+)\*\*/g, '$1')
    .replaceAll('{supportEmail}', supportEmail);

/** Every help section as a passage, in plain text. */
export function helpPassages(supportEmail = 'the support address on the contact page'): HelpPassage[] {
  const documents = [...platformFacts, ...userGuideTabs, termsOfService];
  return documents.flatMap((document) =>
    document.sections.map((section) => ({
      id: `${document.id}.${section.id}`,
      title: `${document.title}: ${section.heading}`,
      path: document.path === '/legal/terms' ? `${document.path}#${section.id}` : document.path,
      text: section.blocks
        .map((block) =>
          block.kind === 'p'
            ? plainHelpText(block.text, supportEmail)
            : block.items.map((item) => `- ${plainHelpText(item, supportEmail)}`).join('\n'),
        )
        .join('\n'),
    })),
  );
}
