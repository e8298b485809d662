import { screen } from '@testing-library/react';
import { useLocation } from 'react-router';
import { TokenizationTimingContext } from '../../hooks/useTokenization';
import { renderPage } from '../../test/render';
import { TokenizationPage } from './TokenizationPage';

/** The page's own URL: the workflow keeps its place in the query string. */
function UrlProbe() {
  const location = useLocation();
  return <p data-testid="url">{`${location.pathname}${location.search}`}</p>;
}

export const currentUrl = () => screen.getByTestId('url').textContent;

/** The tokenization page at `url`, re-reading the server every 20 ms instead of every second. */
export function renderTokenization(url = '/tokenization') {
  return renderPage(
    <TokenizationTimingContext.Provider value={{ pollMs: 20, paymentPollMs: 20 }}>
      <TokenizationPage />
      <UrlProbe />
    </TokenizationTimingContext.Provider>,
    { path: '/tokenization', url },
  );
}

/** The status the workflow shows for one of its four steps (Complete, Active or Pending). */
export function stepState(title: string): string | undefined {
  const steps = screen.getByRole('group', { name: 'Tokenization steps' });
  const item = [...steps.querySelectorAll('.ant-steps-item')].find(
    (node) => node.querySelector('.ant-steps-item-title')?.textContent === title,
  );
  return item?.querySelector('.ant-steps-item-content')?.textContent ?? undefined;
}

/** A file of `bytes` bytes, named as the user's disk would name it. */
export const file = (name: string, bytes = 2048, type = 'application/pdf') =>
  new File([new Uint8Array(bytes)], name, { type });
