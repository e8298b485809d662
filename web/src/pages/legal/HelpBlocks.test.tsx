import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { supportEmail } from '../../brand';
import { renderPage } from '../../test/render';
import { TermsPage } from './TermsPage';
import { UserGuidePage } from './UserGuidePage';

describe('policy pages from the shared help content', () => {
  it('renders the Terms of Service with its site links, no markup left and the support address', () => {
    renderPage(<TermsPage />, { path: '/legal/terms' });
    expect(screen.getByRole('heading', { name: '5. Plans, fees and billing' })).toBeTruthy();
    const article = within(screen.getByRole('article'));
    expect(article.getByRole('link', { name: 'pricing page' }).getAttribute('href')).toBe('/pricing');
    expect(article.getByRole('link', { name: supportEmail }).getAttribute('href')).toBe(`mailto:${supportEmail}`);
    expect(screen.getByRole('article').textContent).not.toMatch(/\[|\]\(|\*\*|\{supportEmail\}/);
  });

  it('renders the User Guide tabs with bold labels and links', () => {
    renderPage(<UserGuidePage />, { path: '/legal/user-guide' });
    expect(screen.getByRole('heading', { name: 'Create your account' })).toBeTruthy();
    const article = within(screen.getByRole('article'));
    expect(article.getByText('Continue').tagName).toBe('STRONG');
    expect(article.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    expect(document.body.textContent).toContain('The registration wizard has 4 steps');
  });
});
