import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { brandName, copyrightYear } from '../brand';
import { BrandLink } from './BrandLink';

interface AuthLayoutProps {
  children: ReactNode;
  width?: number;
  footer?: ReactNode;
}

const navLinks = [
  { to: '/', label: 'Home' },
  { to: '/pricing', label: 'Pricing' },
  { to: '/contact', label: 'Contact' },
];

const legalLinks = [
  { to: '/legal/terms', label: 'Terms' },
  { to: '/legal/privacy', label: 'Privacy' },
  { to: '/legal/security', label: 'Security' },
];

/** The centred card used by sign-in, registration and the e-mail/password pages. */
export function AuthLayout({ children, width = 460, footer }: AuthLayoutProps) {
  return (
    <Flex vertical align="center" style={{ minHeight: '100vh', padding: '24px 16px 32px' }} gap={24}>
      <Flex
        component="header"
        align="center"
        justify="space-between"
        wrap
        gap="8px 24px"
        style={{ width: '100%', maxWidth: width }}
      >
        <BrandLink />
        <nav aria-label="Main">
          <Flex component="ul" gap={16} wrap style={{ margin: 0, padding: 0, listStyle: 'none' }}>
            {navLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </Flex>
        </nav>
      </Flex>
      <main style={{ width: '100%', maxWidth: width }}>
        <Card>{children}</Card>
      </main>
      <Flex component="footer" vertical align="center" gap={12} style={{ textAlign: 'center' }}>
        {footer && <div>{footer}</div>}
        <Typography.Text type="secondary" style={{ fontSize: 13 }}>
          © {copyrightYear} {brandName} ·{' '}
          {legalLinks.map((link, index) => (
            <span key={link.to}>
              {index > 0 && ' · '}
              <Link to={link.to}>{link.label}</Link>
            </span>
          ))}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
