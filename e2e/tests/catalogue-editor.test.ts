import { translate } from '@cusco/shared';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { demo, signInThroughApi } from '../support/api.ts';
import { dollars, setPassengers } from '../support/booking.ts';
import {
  describeInBrowser,
  expectAccessible,
  openPage,
  screenshot,
  useBrowser,
  type ViewportName,
  visit,
} from '../support/browser.ts';
import { adminText } from '../support/catalog.ts';

useBrowser();

/** The Choquequirao trek: no other browser test books or reads it. */
const CODE = '200402';

/** Waits for a screen's level-1 heading and for its loaders to go. */
async function expectScreen(page: Page, heading: string, language: 'en' | 'es') {
  await expect
    .poll(() => page.getByRole('heading', { level: 1, name: heading }).isVisible())
    .toBe(true);
  await expect
    .poll(() => page.getByRole('status', { name: adminText(language, 'loading') }).count())
    .toBe(0);
}

/** A section of the editor, by its heading. */
const section = (page: Page, language: 'en' | 'es', key: string) =>
  page.getByRole('region', { name: adminText(language, `editor.${key}.title`) });

describeInBrowser('the catalogue editor (issue 14)', () => {
  it('an administrator changes a price tier and the Spanish name; a visitor books at the new price under the new name', async () => {
    const t = (key: string, values?: Record<string, string | number>) =>
      adminText('en', key, values);
    const page = await openPage('desktop', 'en');
    await signInThroughApi(page, demo.admin.email, demo.admin.password);

    // The catalogue, from the back office's menu, searched by name.
    await page.getByRole('link', { name: 'Catalogue' }).first().click();
    await expectScreen(page, t('catalogue.title'), 'en');
    await page.getByRole('searchbox', { name: t('catalogue.search') }).fill('choque');
    await expect.poll(() => page.getByRole('row').count()).toBe(2);
    await expectAccessible(page);
    await screenshot(page, 'admin-catalogue-desktop-en');
    await page.getByRole('link', { name: 'Choquequirao Trek 4D/3N' }).click();
    await expectScreen(page, t('editor.title', { name: 'Choquequirao Trek 4D/3N' }), 'en');
    await expectAccessible(page);
    await screenshot(page, 'admin-tour-editor-desktop-en');

    // The preview opens the public page as visitors see it, in each language.
    const preview = page.getByRole('link', { name: t('editor.previewEs') });
    expect(await preview.getAttribute('href')).toBe(`#/booking/${CODE}/1`);
    expect(await preview.getAttribute('target')).toBe('_blank');

    // The shared schema's messages, before anything is sent.
    const names = section(page, 'en', 'names');
    const spanishName = names.getByLabel(t('editor.nameEs'));
    await spanishName.fill('   ');
    await names.getByRole('button', { name: t('editor.names.save') }).click();
    await expect
      .poll(() => names.getByText(translate('fieldRequired', 'en')).isVisible())
      .toBe(true);
    expect(await spanishName.getAttribute('aria-invalid')).toBe('true');
    await spanishName.fill('Trek a Choquequirao, la otra ciudad inca');
    await names.getByRole('button', { name: t('editor.names.save') }).click();
    await expect.poll(() => page.getByText(t('editor.saved')).first().isVisible()).toBe(true);

    // The group's adult price from 1 passenger (English guide), and a tier that does not start at 1.
    const prices = section(page, 'en', 'prices');
    const series = 'Group · English';
    const firstTier = prices.getByRole('textbox', {
      name: t('editor.prices.fromLabel', { series, number: 1 }),
    });
    await firstTier.fill('2');
    await prices.getByRole('button', { name: t('editor.prices.save') }).click();
    await expect
      .poll(() => prices.getByText(translate('tierFromOne', 'en')).isVisible())
      .toBe(true);
    await firstTier.fill('1');
    await prices
      .getByRole('textbox', {
        name: t('editor.prices.priceLabel', { type: 'Adult', from: 1, series }),
      })
      .fill('987.5');
    await prices.getByRole('button', { name: t('editor.prices.save') }).click();
    await expect.poll(() => page.getByText(t('editor.saved')).first().isVisible()).toBe(true);
    await expect.poll(() => prices.getByText(translate('tierFromOne', 'en')).count()).toBe(0);

    // A visitor opens the Spanish booking page: the new name, and the new price for one adult.
    const visitor = await openPage('phone', 'es');
    await visit(visitor, `/booking/${CODE}/1`);
    await expect
      .poll(() =>
        visitor
          .getByRole('heading', { level: 1, name: 'Trek a Choquequirao, la otra ciudad inca' })
          .isVisible(),
      )
      .toBe(true);
    await setPassengers(visitor, 'Adulto', '1');
    const summary = visitor.getByRole('complementary', { name: 'Resumen' });
    await expect
      .poll(async () => dollars(await summary.getByTestId('summary-total').textContent()))
      .toBe(987.5);
    await screenshot(visitor, 'catalogue-editor-visitor-phone-es');
    await expectAccessible(visitor);
    // Two browsers through a long form: more than the default minute on a busy machine.
  }, 120_000);

  // At the desk's size; every-screen-a11y checks the editor at both sizes (see inTurn,
  // support/browser.ts).
  it.each([['desktop', 'en']] as [ViewportName, 'en' | 'es'][])(
    'an agent reads the editor on %s in %s without any button to change it',
    async (viewport, language) => {
      const t = (key: string, values?: Record<string, string | number>) =>
        adminText(language, key, values);
      const page = await openPage(viewport, language);
      await signInThroughApi(page, demo.agent.email, demo.agent.password);
      await visit(page, '/admin/tours');
      await expectScreen(page, t('catalogue.title'), language);
      await expectAccessible(page);
      await screenshot(page, `admin-catalogue-agent-${viewport}-${language}`);
      await visit(page, `/admin/tours/${CODE}`);
      await expect.poll(() => page.getByText(t('editor.readOnly')).isVisible()).toBe(true);
      await expectAccessible(page);
      await screenshot(page, `admin-tour-editor-agent-${viewport}-${language}`);
      for (const key of [
        'names',
        'itinerary',
        'inclusions',
        'prices',
        'hotels',
        'services',
        'related',
      ]) {
        expect(await page.getByRole('button', { name: t(`editor.${key}.save`) }).count(), key).toBe(
          0,
        );
      }
      expect(await page.getByRole('button', { name: t('editor.active.withdraw') }).count()).toBe(0);
      expect(await page.getByRole('button', { name: t('editor.itinerary.add') }).count()).toBe(0);
      const name = section(page, language, 'names').getByLabel(t('editor.nameEn'));
      expect(await name.getAttribute('readonly')).not.toBeNull();
    },
  );

  it('an administrator takes a tour out of the catalogue after confirming; its page says so; then offers it again', async () => {
    const t = (key: string, values?: Record<string, string | number>) =>
      adminText('es', key, values);
    const page = await openPage('phone', 'es');
    await signInThroughApi(page, demo.admin.email, demo.admin.password);
    await visit(page, `/admin/tours/${CODE}`);
    await expect
      .poll(() => page.getByRole('button', { name: t('editor.active.withdraw') }).isVisible())
      .toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'admin-tour-editor-phone-es');

    await page.getByRole('button', { name: t('editor.active.withdraw') }).click();
    const dialog = page.getByRole('dialog', { name: t('editor.active.confirmTitle') });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(page);
    // Cancelling changes nothing.
    await dialog
      .getByRole('button', { name: t('cancel') })
      .first()
      .click();
    await expect.poll(() => dialog.count()).toBe(0);
    await page.getByRole('button', { name: t('editor.active.withdraw') }).click();
    await dialog.getByRole('button', { name: t('editor.active.confirmButton') }).click();
    await expect
      .poll(() => page.getByRole('button', { name: t('editor.active.offer') }).isVisible())
      .toBe(true);

    const visitor = await openPage('desktop', 'en');
    await visit(visitor, `/booking/${CODE}`);
    await expect
      .poll(() => visitor.getByText(translate('tourInactive', 'en')).isVisible())
      .toBe(true);
    await expectAccessible(visitor);
    await screenshot(visitor, 'booking-not-offered-desktop-en');

    await page.getByRole('button', { name: t('editor.active.offer') }).click();
    await expect
      .poll(() => page.getByRole('button', { name: t('editor.active.withdraw') }).isVisible())
      .toBe(true);
    await visitor.reload();
    await expect
      .poll(() => visitor.getByRole('heading', { level: 1 }).textContent())
      .toContain('Choquequirao');
  }, 120_000);
  it('a save made after someone else saved is refused with a reload, never overwriting theirs', async () => {
    const t = (key: string) => adminText('en', key);
    const open = async () => {
      const page = await openPage('desktop', 'en');
      await signInThroughApi(page, demo.admin.email, demo.admin.password);
      await visit(page, `/admin/tours/${CODE}`);
      await expect
        .poll(() => section(page, 'en', 'names').getByLabel(t('editor.nameEn')).isVisible())
        .toBe(true);
      return page;
    };
    const first = await open();
    const second = await open();
    const firstNames = section(first, 'en', 'names');
    await firstNames.getByLabel(t('editor.nameEn')).fill('Choquequirao, the first save');
    await firstNames.getByRole('button', { name: t('editor.names.save') }).click();
    await expect.poll(() => first.getByText(t('editor.saved')).first().isVisible()).toBe(true);

    const secondNames = section(second, 'en', 'names');
    await secondNames.getByLabel(t('editor.nameEn')).fill('Choquequirao, the second save');
    await secondNames.getByRole('button', { name: t('editor.names.save') }).click();
    const refusal = secondNames.getByRole('alert');
    await expect.poll(() => refusal.textContent()).toContain(translate('catalogueStale', 'en'));
    await expectAccessible(second);
    await refusal.getByRole('button', { name: t('editor.reload') }).click();
    await expect
      .poll(() => section(second, 'en', 'names').getByLabel(t('editor.nameEn')).inputValue())
      .toBe('Choquequirao, the first save');
  });
});
