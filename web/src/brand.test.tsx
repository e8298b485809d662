import { screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, renderPage } from './test/render';

/** brand.ts reads its build variables when first imported: a fresh copy per test sees the stubbed ones. */
async function freshModules() {
  vi.resetModules();
  const [brand, footer, contact] = await Promise.all([
    import('./brand'),
    import('./components/site/SiteFooter'),
    import('./pages/contact/ContactPage'),
  ]);
  return { brand, SiteFooter: footer.SiteFooter as ComponentType, ContactPage: contact.ContactPage as ComponentType };
}

afterEach(() => vi.unstubAllEnvs());

describe('contact details (brand.ts)', () => {
  it('has real defaults, not placeholders, without build variables', async () => {
    for (const name of ['VITE_EMAIL_DOMAIN', 'VITE_SUPPORT_EMAIL', 'VITE_EMERGENCY_EMAIL', 'VITE_SUPPORT_PHONE']) {
      vi.stubEnv(name, '');
    }
    const { brand } = await freshModules();
    for (const address of [brand.supportEmail, brand.emergencyEmail]) {
      expect(address).toMatch(/^[a-z]+@[a-z0-9.-]+\.[a-z]{2,}$/);
      expect(address).not.toMatch(/\.(example|test|invalid|local)$|example\.(com|org|net)$/);
    }
    expect(brand.supportPhone).toMatch(/^\+64 \d/);
    expect(brand.supportPhone.replace(/\D/g, '')).not.toMatch(/0000$/);
    expect(brand.supportHours).toBe('9:00-18:00 NZST');
  });

  it('shows the configured e-mail, phone, address and support hours in the footer', async () => {
    vi.stubEnv('VITE_EMAIL_DOMAIN', 'kauri-pay.nz');
    vi.stubEnv('VITE_SUPPORT_PHONE', '+64 9 123 4567');
    const { SiteFooter } = await freshModules();
    renderPage(<SiteFooter />, { path: '/' });
    const footer = within(screen.getByRole('contentinfo'));
    expect(footer.getByRole('link', { name: 'support@kauri-pay.nz' }).getAttribute('href')).toBe(
      'mailto:support@kauri-pay.nz',
    );
    expect(footer.getByRole('link', { name: '+64 9 123 4567' }).getAttribute('href')).toBe('tel:+6491234567');
    expect(screen.getByRole('contentinfo').textContent).toContain('Albany, North Shore, Auckland, New Zealand');
    expect(footer.getByText(/9:00-18:00 NZST/).textContent).toBe('Support: Monday to Friday, 9:00-18:00 NZST');
  });

  it('shows the configured addresses, phone and hours on the contact page', async () => {
    vi.stubEnv('VITE_EMAIL_DOMAIN', 'kauri-pay.nz');
    vi.stubEnv('VITE_EMERGENCY_EMAIL', 'urgent@kauri-pay.nz');
    vi.stubEnv('VITE_SUPPORT_PHONE', '+64 9 123 4567');
    const { ContactPage } = await freshModules();
    mockFetch(() => ({ body: {} }));
    renderPage(<ContactPage />, { path: '/contact' });
    const main = within(screen.getByRole('main'));

    const office = within(main.getByRole('region', { name: 'Office' }));
    expect(office.getByText('Albany')).toBeTruthy();
    expect(office.getByRole('link', { name: '+64 9 123 4567' }).getAttribute('href')).toBe('tel:+6491234567');
    const email = within(main.getByRole('region', { name: 'Email' }));
    expect(email.getByRole('link').getAttribute('href')).toBe('mailto:support@kauri-pay.nz');
    const emergency = within(main.getByRole('region', { name: 'Emergency Support' }));
    expect(emergency.getByRole('link').getAttribute('href')).toBe('mailto:urgent@kauri-pay.nz');
    const hours = main.getByRole('region', { name: 'Business Hours' }).textContent;
    expect(hours).toContain('Monday to Friday, 9:00 AM to 6:00 PM NZ time');
    expect(hours).toContain('9:00-18:00 NZST');
    // The footer under the page agrees.
    expect(within(screen.getByRole('contentinfo')).getByRole('link', { name: 'support@kauri-pay.nz' })).toBeTruthy();
  });
});
