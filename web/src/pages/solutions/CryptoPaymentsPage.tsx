import { Link } from 'react-router';
import { supportEmail, supportPhone, telHref } from '../../brand';
import { LinkButton } from '../../components/site/LinkButton';
import { Section } from '../../components/site/Section';
import type { NavItem } from '../../components/site/SiteHeader';
import { SitePage } from '../../components/site/SitePage';
import site from '../../components/site/site.module.css';
import { cx } from '../../lib/cx';
import { FeatureGrid, SolutionHero, StepList } from './SolutionHero';
import styles from './solutions.module.css';

const nav: NavItem[] = [
  { to: '/', label: 'Home' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/dashboard', label: 'Sign In' },
  { to: '/register', label: 'Get Started', primary: true },
];

const coins = [
  { name: 'Bitcoin', symbol: 'BTC' },
  { name: 'Ethereum', symbol: 'ETH' },
  { name: 'XRP', symbol: 'XRP' },
  { name: 'USD Coin', symbol: 'USDC' },
  { name: 'Litecoin', symbol: 'LTC' },
  { name: 'Bitcoin Cash', symbol: 'BCH' },
] as const;

const moreCoins = 44;

const benefits = [
  {
    title: 'Automatic conversion',
    description:
      'Crypto payments can be converted automatically to your preferred currency, so your books stay in New Zealand dollars or the currency you choose.',
  },
  {
    title: 'Customers everywhere',
    description:
      'Accept payments from customers who prefer digital assets, wherever they are, without card-scheme limits.',
  },
  {
    title: 'Fast settlement',
    description:
      'On-chain payments confirm in minutes rather than days, and settled amounts appear in the same ledger as your card sales.',
  },
  {
    title: 'Compliance built in',
    description:
      'Wallet screening, transaction monitoring and travel-rule information are handled as part of every crypto payment.',
  },
  {
    title: 'One dashboard',
    description: 'See crypto, card and point-of-sale payments, fees and refunds side by side, with the same reports.',
  },
  {
    title: 'Secure by design',
    description:
      'Exchange connections use scoped API credentials, stored encrypted with 256-bit AES, and can be revoked at any time.',
  },
] as const;

const steps = [
  {
    title: 'Connect your exchange account',
    description:
      'Link the exchange account that will receive your crypto payments, using API credentials limited to the permissions the platform needs.',
  },
  {
    title: 'Configure payments',
    description:
      'Choose which coins to accept, whether to convert automatically, and your settlement currency. Add crypto as a payment option at checkout.',
  },
  {
    title: 'Start accepting',
    description:
      'Customers pay from their own wallets; you see each payment, its confirmation status and the conversion rate applied in your dashboard.',
  },
] as const;

/** Spec 2.12: the crypto payments page. */
export function CryptoPaymentsPage() {
  return (
    <SitePage title="Crypto Payments" nav={nav}>
      <SolutionHero
        eyebrow="Crypto Payments"
        title="Accept Cryptocurrency Payments"
        lead="Take payments in more than 50 cryptocurrencies, convert them automatically to your preferred currency, and manage them alongside your card and point-of-sale sales."
      >
        <LinkButton to="/register" primary large>
          Get Started
        </LinkButton>
        <LinkButton to="/pricing" large>
          View Pricing
        </LinkButton>
      </SolutionHero>

      <Section
        title="Supported cryptocurrencies"
        intro="The most widely used coins and stablecoins, and many more."
        alt
      >
        <ul className={styles.coins}>
          {coins.map((coin) => (
            <li key={coin.symbol} className={styles.coin}>
              <span className={styles.coinSymbol} aria-hidden="true">
                {coin.symbol}
              </span>
              <strong>{coin.name}</strong>
              <span className={cx(site.muted, site.small)}>{coin.symbol}</span>
            </li>
          ))}
          <li className={cx(styles.coin, styles.coinMore)}>
            <span className={styles.coinSymbol} aria-hidden="true">
              +{moreCoins}
            </span>
            <strong>{moreCoins} more</strong>
            <span className={cx(site.muted, site.small)}>cryptocurrencies</span>
          </li>
        </ul>
      </Section>

      <Section title="Why accept crypto with us">
        <FeatureGrid items={benefits} />
      </Section>

      <Section title="Start in three steps" alt>
        <div className={site.narrow} style={{ margin: '0 auto' }}>
          <StepList steps={steps} />
          <p className={site.muted} style={{ marginTop: 24 }}>
            Already a customer? Manage your connections in the <Link to="/crypto-wallet">crypto wallet</Link>.
          </p>
        </div>
      </Section>

      <Section title="Good to know">
        <div className={cx(site.narrow, site.notice)} style={{ margin: '0 auto' }}>
          <p>
            Crypto-asset prices are volatile. Automatic conversion reduces, but does not remove, your exposure between a
            customer&apos;s payment and its conversion. Blockchain payments cannot be reversed by the network; refunds
            are made as new payments.
          </p>
        </div>
      </Section>

      <Section
        title="Talk to our crypto payments team"
        intro="Our team in Auckland, New Zealand can help you choose coins, settlement currency and the right plan."
        alt
      >
        <ul className={styles.contactRow}>
          <li>
            Email: <a href={`mailto:${supportEmail}`}>{supportEmail}</a>
          </li>
          <li>
            Phone (New Zealand office): <a href={telHref(supportPhone)}>{supportPhone}</a>
          </li>
        </ul>
        <div className={site.actions}>
          <LinkButton to="/register" primary large>
            Create Account
          </LinkButton>
          <LinkButton to="/crypto-wallet" large>
            Open Crypto Wallet
          </LinkButton>
          <LinkButton to="/pricing" large>
            Compare Plans
          </LinkButton>
        </div>
      </Section>
    </SitePage>
  );
}
