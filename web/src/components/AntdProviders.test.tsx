import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Tooltip } from 'antd';
import { describe, expect, it } from 'vitest';
import { testTheme } from '../test/render';
import { AntdProviders } from './AntdProviders';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The tooltip texts a user can see now. */
const shownTooltips = () =>
  Array.from(document.querySelectorAll('.ant-tooltip'))
    .filter((popup) => !popup.classList.contains('ant-tooltip-hidden'))
    .map((popup) => popup.textContent);

function renderIcons() {
  const user = userEvent.setup();
  render(
    <AntdProviders theme={testTheme}>
      <Tooltip title="Copy">
        <Button>A</Button>
      </Tooltip>
      <Tooltip title="Download">
        <Button>B</Button>
      </Tooltip>
      <Tooltip title="Share">
        <Button>C</Button>
      </Tooltip>
      <p>Elsewhere</p>
    </AntdProviders>,
  );
  return user;
}

describe('tooltips (signed-in spec 9: open delay 700 ms, skip delay 300 ms)', () => {
  it('opens after 700 ms of hover, then at once for the next one within 300 ms', async () => {
    const user = renderIcons();
    await user.hover(screen.getByRole('button', { name: 'A' }));
    await sleep(450);
    expect(shownTooltips()).toEqual([]);
    await waitFor(() => expect(shownTooltips()).toEqual(['Copy']), { timeout: 1000 });

    // Straight on to the next icon: no wait.
    await user.hover(screen.getByRole('button', { name: 'B' }));
    await waitFor(() => expect(shownTooltips()).toContain('Download'), { timeout: 400 });
  }, 10000);

  it('waits the full 700 ms again once 300 ms have passed since a tooltip closed', async () => {
    const user = renderIcons();
    await user.hover(screen.getByRole('button', { name: 'A' }));
    await waitFor(() => expect(shownTooltips()).toEqual(['Copy']), { timeout: 1500 });
    await user.hover(screen.getByText('Elsewhere'));
    await sleep(500);
    await user.hover(screen.getByRole('button', { name: 'C' }));
    await sleep(450);
    expect(shownTooltips()).not.toContain('Share');
    await waitFor(() => expect(shownTooltips()).toContain('Share'), { timeout: 1000 });
  }, 10000);
});
