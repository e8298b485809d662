import { waitFor } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { expect } from 'vitest';

type User = ReturnType<typeof userEvent.setup>;

/** The open dropdown of the antd select whose input is `field` (not another select's). */
async function openDropdown(user: User, field: HTMLElement): Promise<Element> {
  await user.click(field);
  let dropdown: Element | null | undefined;
  await waitFor(() => {
    dropdown = document.getElementById(`${field.id}_list`)?.closest('.ant-select-dropdown');
    expect(dropdown).toBeTruthy();
  });
  return dropdown!;
}

/** The option titles a select offers, in order (the dropdown is closed again after). */
export async function optionsOf(user: User, field: HTMLElement): Promise<(string | null)[]> {
  const dropdown = await openDropdown(user, field);
  const titles = [...dropdown.querySelectorAll('.ant-select-item-option')].map((option) =>
    option.getAttribute('title'),
  );
  await user.keyboard('{Escape}');
  return titles;
}

/** Picks an option by its title, even the one already selected. */
export async function pick(user: User, field: HTMLElement, title: string): Promise<void> {
  const dropdown = await openDropdown(user, field);
  const option = [...dropdown.querySelectorAll('.ant-select-item-option')].find(
    (o) => o.getAttribute('title') === title,
  );
  expect(option, `option ${title}`).toBeTruthy();
  await user.click(option!);
}

/** The label a select shows as its chosen option. */
export const selectedIn = (field: HTMLElement): string | null | undefined =>
  field.closest('.ant-select-content')?.getAttribute('title');
