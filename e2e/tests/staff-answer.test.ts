import { expect, it } from 'vitest';
import {
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
import { adminText, webText } from '../support/catalog.ts';

useBrowser();

// Each flow runs once, at the size its users meet it; see inTurn (support/browser.ts).
describeInBrowser.each([['desktop', 'en']] as [ViewportName, 'en' | 'es'][])(
  'a staff answer on %s in %s (issue 13)',
  (viewport, language) => {
    const text = (key: string, values?: Record<string, string | number>) =>
      webText(language, key, values);

    it("is given in the requests queue and reaches the customer's request screen: the response, who answered, and the new status", async () => {
      const customer = await createCustomer('Alicia', 'Huarca');
      const session = await signInApi(customer.email, customer.password);
      const booking = await createBooking(session.token, '100401', { adults: 1 });
      const subject = 'Luggage on the train';
      await raiseRequest(session.token, booking.code, subject);

      // The agent finds the request in the queue by its booking's code and answers it.
      const desk = await openPage(viewport, language);
      await signInThroughApi(desk, demo.agent.email, demo.agent.password);
      await visit(desk, `/admin/requests?q=${booking.code}`);
      await desk
        .getByRole('button', {
          name: adminText(language, 'requests.answerFor', { name: subject, code: booking.code }),
        })
        .click();
      const answerDialog = desk.getByRole('dialog', {
        name: adminText(language, 'requests.answerTitle', { code: booking.code }),
      });
      await answerDialog
        .getByLabel(new RegExp(`^${adminText(language, 'requests.response')}`))
        .fill('Up to 5 kg each on the Expedition train.');
      await expectAccessible(desk);
      await answerDialog
        .getByRole('button', { name: adminText(language, 'requests.send') })
        .click();
      await expect.poll(() => answerDialog.isVisible()).toBe(false);
      await expect
        .poll(() =>
          desk
            .getByText(adminText(language, 'requests.answeredBy', { name: demo.agent.name }))
            .first()
            .isVisible(),
        )
        .toBe(true);
      await screenshot(desk, `admin-requests-${viewport}-${language}`);

      const page = await openPage(viewport, language);
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
