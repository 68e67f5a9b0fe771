import { expect, it } from 'vitest';
import {
  answerAsStaff,
  createBooking,
  createCustomer,
  demo,
  raiseRequest,
  signInApi,
  signInThroughApi,
} from '../support/api.ts';
import {
  describeInBrowser,
  expectAccessible,
  openPage,
  screenshot,
  useBrowser,
  type ViewportName,
  visit,
} from '../support/browser.ts';
import { webText } from '../support/catalog.ts';

useBrowser();

describeInBrowser.each([
  ['phone', 'es'],
  ['desktop', 'en'],
] as [ViewportName, 'en' | 'es'][])(
  'a staff answer on %s in %s (issue 13)',
  (viewport, language) => {
    const text = (key: string, values?: Record<string, string | number>) =>
      webText(language, key, values);

    it("reaches the customer's request screen: the response, who answered, and the new status", async () => {
      const customer = await createCustomer('Alicia', 'Huarca');
      const session = await signInApi(customer.email, customer.password);
      const booking = await createBooking(session.token, '100401', { adults: 1 });
      const id = await raiseRequest(session.token, booking.code, 'Luggage on the train');
      await answerAsStaff(id, 'Up to 5 kg each on the Expedition train.');

      const page = await openPage(viewport, language);
      await visit(page, '/login');
      await signInThroughApi(page, customer.email, customer.password);
      await visit(page, '/main/incidents');
      await page
        .getByRole('button', { name: new RegExp(`^${text('incidents.open', { name: '' })}`) })
        .first()
        .click();
      const dialog = page.getByRole('dialog', {
        name: new RegExp(`^${text('incidents.formView', { name: '' })}`),
      });
      await expect
        .poll(() =>
          dialog.getByText(text('incidents.answeredBy', { name: demo.agent.name })).isVisible(),
        )
        .toBe(true);
      expect(await dialog.getByLabel(text('incidents.response')).inputValue()).toBe(
        'Up to 5 kg each on the Expedition train.',
      );
      await screenshot(page, `request-answered-${viewport}-${language}`);
      await expectAccessible(page);
    });
  },
);
