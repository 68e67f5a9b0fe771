import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The passenger form (components/passenger-form), as the customer and staff at the desk fill it. */

/**
 * Picks an option of a choice, until the field shows it. Under load a pick can be lost between
 * the press and the release on the option (as search() below saw), and the form then refuses to
 * save for an empty field: the likely cause of CI's one time-out on the desk's "saved" toast. A
 * person would pick again. The list is opened only when it is not open already: a click on the
 * field closes an open list.
 */
export async function choose(
  page: Page,
  dialog: ReturnType<Page['getByRole']>,
  label: string,
  option: string,
) {
  const input = dialog.getByLabel(new RegExp(`^${label}\\s*\\*?$`));
  const choice = page.getByRole('option', { name: option, exact: true });
  await expect
    .poll(async () => {
      if ((await input.inputValue()) !== option) {
        if (!(await choice.isVisible())) await input.click();
        await choice.click();
      }
      return input.inputValue();
    })
    .toBe(option);
}

/**
 * Types into a searchable choice and picks the option, until the field shows it, as `choose`
 * does (CI once left Occupation empty).
 */
async function search(
  page: Page,
  dialog: ReturnType<Page['getByRole']>,
  label: string,
  typed: string,
  option: RegExp,
) {
  const input = dialog.getByLabel(label);
  await expect
    .poll(async () => {
      if (!option.test(await input.inputValue())) {
        await input.fill(typed);
        await page.getByRole('option', { name: option }).click();
      }
      return input.inputValue();
    })
    .toMatch(option);
}

export async function fillPassenger(
  page: Page,
  dialog: ReturnType<Page['getByRole']>,
  person: { first: string; last: string; birth: string },
) {
  await dialog.getByLabel('First name').fill(person.first);
  await dialog.getByLabel('Last name').fill(person.last);
  await search(page, dialog, 'Nationality', 'Peru', /^Peru$/);
  await dialog.getByLabel('Birth date').fill(person.birth);
  await dialog.getByLabel('Birth date').press('Tab');
  await choose(page, dialog, 'Sex', 'Female');
  await choose(page, dialog, 'Marital status', 'Single');
  await choose(page, dialog, 'Document type', 'Passport');
  await dialog.getByLabel('Document number').fill('PE4471902');
  await dialog.getByLabel('E-mail').fill(`${person.first.toLowerCase()}@example.com`);
  await dialog.getByLabel('Phone').fill('+51 984 222 333');
  await search(page, dialog, 'Occupation', 'Engineer', /^Engineer/);
  await choose(page, dialog, 'Food preference', 'Vegetarian');
  await choose(page, dialog, 'Trekking experience', 'Multi-day treks');
  await choose(page, dialog, 'Travel purpose', 'Holiday');
}
