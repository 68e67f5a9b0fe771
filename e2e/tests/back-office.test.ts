import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  createBooking,
  createCustomer,
  demo,
  nextTravelDate,
  payWithSandboxCard,
  registerFirstPassenger,
  requestRemoval,
  signInApi,
  signInThroughApi,
} from '../support/api.ts';
import {
  describeInBrowser,
  downloadedBytes,
  expectAccessible,
  openPage,
  screenshot,
  useBrowser,
  type ViewportName,
  visit,
} from '../support/browser.ts';
import { adminText, webText } from '../support/catalog.ts';

useBrowser();

/** The fields of a CSV text (RFC 4180: quoted fields, doubled quotes, CRLF or LF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += char;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

const money = (amount: number, language: 'en' | 'es') =>
  new Intl.NumberFormat(language === 'en' ? 'en-US' : 'es-PE', {
    style: 'currency',
    currency: 'USD',
  }).format(amount);

describeInBrowser('the back office (issue 13)', () => {
  it('staff sign in on the login screen and land on the dashboard; a customer cannot enter', async () => {
    const page = await openPage('desktop', 'en');
    await visit(page, '/login');
    const form = page.getByRole('form', { name: webText('en', 'account.signInTitle') });
    await form.getByLabel(webText('en', 'account.user')).fill(demo.agent.email);
    await form
      .getByLabel(new RegExp(`^${webText('en', 'account.password')}`))
      .fill(demo.agent.password);
    await form.getByRole('button', { name: webText('en', 'account.signIn') }).click();
    await expect.poll(() => page.url()).toMatch(/#\/admin$/);
    await expect
      .poll(() =>
        page
          .getByRole('heading', { level: 1, name: adminText('en', 'dashboard.title') })
          .isVisible(),
      )
      .toBe(true);
    await screenshot(page, 'admin-dashboard-desktop-en');
    await expectAccessible(page);

    const customer = await createCustomer('Nilda', 'Huaman');
    const other = await openPage('desktop', 'en');
    await signInThroughApi(other, customer.email, customer.password);
    await visit(other, '/admin/bookings');
    await expect.poll(() => other.url()).toMatch(/#\/main\/booking$/);
  });

  // every-screen-a11y checks these screens at both sizes; see inTurn (support/browser.ts).
  it.each([['phone', 'es']] as [ViewportName, 'en' | 'es'][])(
    'every list screen works and is accessible on %s in %s, its filters kept in the URL',
    async (viewport, language) => {
      const t = (key: string) => adminText(language, key);
      const page = await openPage(viewport, language);
      await signInThroughApi(page, demo.admin.email, demo.admin.password);
      const screens = [
        ['/admin/requests', 'requests.title'],
        ['/admin/bookings?status=unpaid&sort=travelDate', 'bookings.title'],
        ['/admin/departures?sort=-complete', 'departures.title'],
        ['/admin/audit', 'audit.title'],
        ['/admin/staff', 'staff.title'],
        ['/admin', 'dashboard.title'],
      ] as const;
      for (const [route, title] of screens) {
        await visit(page, route);
        await expect
          .poll(() => page.getByRole('heading', { level: 1, name: t(title) }).isVisible())
          .toBe(true);
        await expect.poll(() => page.getByRole('status', { name: t('loading') }).count()).toBe(0);
        await expectAccessible(page);
        await screenshot(page, `admin-${title.split('.')[0]}-${viewport}-${language}`);
      }
      // A filter typed in the bookings search goes into the URL, and a reload keeps it.
      await visit(page, '/admin/bookings');
      await page.getByRole('searchbox', { name: t('bookings.search') }).fill('CT-');
      await expect.poll(() => page.url()).toContain('q=CT-');
      await page.reload();
      await expect
        .poll(() => page.getByRole('searchbox', { name: t('bookings.search') }).inputValue())
        .toBe('CT-');
    },
  );
});

// Each flow runs once, at the size its users meet it; see inTurn (support/browser.ts).
describeInBrowser.each([['desktop', 'en']] as [ViewportName, 'en' | 'es'][])(
  'staff money on %s in %s (issue 13)',
  (viewport, language) => {
    const t = (key: string, values?: Record<string, string | number>) =>
      adminText(language, key, values);

    it("records a cash payment after confirming it, and the customer's balance follows", async () => {
      const customer = await createCustomer('Teofila', 'Apaza');
      const session = await signInApi(customer.email, customer.password);
      const booking = await createBooking(session.token, '100401', { adults: 1 });
      const payment = 100;
      const after = Math.round((booking.total - payment) * 100) / 100;

      const page = await openPage(viewport, language);
      await signInThroughApi(page, demo.agent.email, demo.agent.password);
      await visit(page, `/admin/bookings/${booking.code}`);
      const debt = page.getByTestId('admin-debt');
      await expect.poll(() => debt.textContent()).toBe(money(booking.total, language));
      await page.getByRole('button', { name: t('money.recordPayment') }).click();
      const dialog = page.getByRole('dialog', {
        name: t('money.paymentTitle', { code: booking.code }),
      });
      await dialog.getByLabel(t('money.amount')).fill(String(payment));
      await dialog.getByLabel(t('money.reference')).fill('Receipt 0042');
      await dialog.getByRole('button', { name: t('money.review') }).click();
      // The confirmation says the amount and the balance it leaves before anything is recorded.
      await expect
        .poll(() => dialog.getByTestId('money-debt-after').textContent())
        .toBe(
          t('money.debtAfter', {
            before: money(booking.total, language),
            after: money(after, language),
          }),
        );
      await expectAccessible(page);
      await dialog.getByRole('button', { name: t('money.confirm') }).click();
      await expect.poll(() => debt.textContent()).toBe(money(after, language));
      await expect
        .poll(() =>
          page
            .getByRole('cell', { name: 'Receipt 0042' })
            .or(page.getByText(/Receipt 0042/))
            .first()
            .isVisible(),
        )
        .toBe(true);
      await screenshot(page, `admin-booking-paid-${viewport}-${language}`);

      const customerPage = await openPage(viewport, language);
      await signInThroughApi(customerPage, customer.email, customer.password);
      await visit(customerPage, `/main/booking/detail/${booking.code}`);
      await expect
        .poll(() => customerPage.getByText(money(after, language)).first().isVisible())
        .toBe(true);
    });
  },
);

describeInBrowser('the keyboard (issue 13)', () => {
  it('records a payment with the keyboard alone: open, type, review, confirm', async () => {
    const t = (key: string, values?: Record<string, string | number>) =>
      adminText('en', key, values);
    const customer = await createCustomer('Eloy', 'Sutta');
    const session = await signInApi(customer.email, customer.password);
    const booking = await createBooking(session.token, '100401', { adults: 1 });

    const page = await openPage('desktop', 'en');
    await signInThroughApi(page, demo.agent.email, demo.agent.password);
    await visit(page, `/admin/bookings/${booking.code}`);
    const debt = page.getByTestId('admin-debt');
    await expect.poll(() => debt.textContent()).toBe(money(booking.total, 'en'));
    await page.getByRole('button', { name: t('money.recordPayment') }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', {
      name: t('money.paymentTitle', { code: booking.code }),
    });
    const amount = dialog.getByLabel(t('money.amount'));
    // The amount has the focus when the dialog opens.
    await expect
      .poll(() => amount.evaluate((field) => field === document.activeElement))
      .toBe(true);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('50');
    await page.keyboard.press('Enter');
    const confirm = dialog.getByRole('button', { name: t('money.confirm') });
    await expect
      .poll(() => confirm.evaluate((button) => button === document.activeElement))
      .toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => debt.textContent()).toBe(money(booking.total - 50, 'en'));
  });
});

describeInBrowser('refunds (issue 13)', () => {
  it('an administrator refunds part of a card payment after confirming it, and the customer owes it again', async () => {
    const t = (key: string, values?: Record<string, string | number>) =>
      adminText('en', key, values);
    const customer = await createCustomer('Nancy', 'Puma');
    const session = await signInApi(customer.email, customer.password);
    const booking = await createBooking(session.token, '100401', { adults: 1 });
    await payWithSandboxCard(session.token, booking.code, booking.transactionId ?? '');

    const page = await openPage('desktop', 'en');
    await signInThroughApi(page, demo.admin.email, demo.admin.password);
    await visit(page, `/admin/bookings/${booking.code}`);
    const debt = page.getByTestId('admin-debt');
    await expect.poll(() => debt.textContent()).toBe(money(0, 'en'));
    await page
      .getByRole('button', { name: t('money.refund', { amount: money(booking.total, 'en') }) })
      .click();
    const dialog = page.getByRole('dialog', {
      name: t('money.refundTitle', { code: booking.code }),
    });
    await dialog.getByLabel(t('money.amount')).fill('100');
    // The refund says why (issue 28): here the price stands, so the customer owes it again.
    await dialog.getByRole('radio', { name: new RegExp(t('ops.refund.priceStands')) }).check();
    await dialog.getByRole('button', { name: t('money.review') }).click();
    await expect
      .poll(() => dialog.getByTestId('money-debt-after').textContent())
      .toBe(t('money.debtAfter', { before: money(0, 'en'), after: money(100, 'en') }));
    await expectAccessible(page);
    await dialog.getByRole('button', { name: t('money.confirm') }).click();
    await expect.poll(() => debt.textContent()).toBe(money(100, 'en'));
    await expect
      .poll(() =>
        page
          .getByText(/^Refund \(sbx_/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await screenshot(page, 'admin-refund-desktop-en');

    // The customer owes the refunded $100 again, and may pay it.
    const customerPage = await openPage('desktop', 'en');
    await signInThroughApi(customerPage, customer.email, customer.password);
    await visit(customerPage, `/main/booking/detail/${booking.code}`);
    await expect
      .poll(() => customerPage.getByText(money(100, 'en')).first().isVisible())
      .toBe(true);
  });
});

describeInBrowser('remove requests (issue 13)', () => {
  it('asks the agent to choose, then an accepted removal frees the passenger and credits the booking', async () => {
    const t = (key: string, values?: Record<string, string | number>) =>
      adminText('en', key, values);
    const customer = await createCustomer('Marco', 'Yupanqui');
    const session = await signInApi(customer.email, customer.password);
    const booking = await createBooking(session.token, '100401', { adults: 2 });
    // Passenger 1 travels as Julia Ccori: the request removes her.
    await registerFirstPassenger(session.token, booking.code);
    await requestRemoval(session.token, booking.code, 1);
    const unit = booking.total / 2;

    const page = await openPage('desktop', 'en');
    await signInThroughApi(page, demo.agent.email, demo.agent.password);
    await visit(page, `/admin/requests?q=${booking.code}`);
    await page
      .getByRole('button', { name: t('requests.answer'), exact: false })
      .first()
      .click();
    const dialog = page.getByRole('dialog', {
      name: t('requests.answerTitle', { code: booking.code }),
    });
    // The agent sees whom the request removes before deciding (issue 26).
    await expect
      .poll(() =>
        dialog
          .getByText(
            t('requests.targetPassenger', { position: 1, name: 'Julia Ccori', type: 'Adult' }),
          )
          .isVisible(),
      )
      .toBe(true);
    await dialog
      .getByLabel(new RegExp(`^${t('requests.response')}`))
      .fill('Done, one passenger less.');
    await dialog.getByRole('button', { name: t('requests.send') }).click();
    // No removal without a decision.
    await expect.poll(() => dialog.getByText(t('requests.chooseDecision')).isVisible()).toBe(true);
    await expectAccessible(page);
    await dialog.getByRole('radio', { name: t('requests.accept') }).check();
    await dialog.getByRole('button', { name: t('requests.send') }).click();
    await expect.poll(() => dialog.isVisible()).toBe(false);

    await visit(page, `/admin/bookings/${booking.code}`);
    await expect
      .poll(() => page.getByTestId('admin-debt').textContent())
      .toBe(money(booking.total - unit, 'en'));
    await expect
      .poll(() =>
        page
          .getByText(`Credit for a removal (100% of ${money(unit, 'en').replace(/,/g, '')})`)
          .isVisible(),
      )
      .toBe(true);
  });
});

/** The text of every cell of the table's body rows. */
async function tableRows(page: Page): Promise<string[][]> {
  return page
    .locator('table tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        Array.from(row.querySelectorAll('td'), (cell) => cell.textContent?.trim() ?? ''),
      ),
    );
}

describeInBrowser('departures and manifests (issue 13)', () => {
  it('the manifest lists the incomplete first, and its CSV has the rows of the screen', async () => {
    const customer = await createCustomer('Ruth', 'Condori');
    const session = await signInApi(customer.email, customer.password);
    const date = nextTravelDate();
    const booking = await createBooking(session.token, '100401', { adults: 2 }, date);
    await registerFirstPassenger(session.token, booking.code);

    const page = await openPage('desktop', 'en');
    await signInThroughApi(page, demo.agent.email, demo.agent.password);
    await visit(page, `/admin/departures/100401/${date}`);
    const figure = page.getByTestId('manifest-completeness');
    await expect.poll(() => figure.isVisible()).toBe(true);
    const rows = await tableRows(page);
    expect(rows.length).toBeGreaterThanOrEqual(2);
    // Incomplete passengers first: once a complete one is listed, no incomplete one follows.
    const complete = rows.map((cells) => cells.some((cell) => cell === '100%'));
    expect(complete).toEqual(complete.toSorted((a, b) => Number(a) - Number(b)));
    expect(rows.some((cells) => cells.some((cell) => cell.includes('Julia Ccori')))).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'admin-manifest-desktop-en');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: adminText('en', 'manifest.csv') }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`manifest-100401-${date}.csv`);
    const csv = parseCsv((await downloadedBytes(download)).toString('utf8')).filter((fields) =>
      fields.some((field) => field !== ''),
    );
    const [, ...records] = csv;
    expect(records).toHaveLength(rows.length);
    rows.forEach((cells, index) => {
      const record = records[index] ?? [];
      const bookingCode = cells.at(-1) ?? '';
      expect(record).toContain(bookingCode);
      const documentNumber = (cells[1] ?? '').split(' ').at(-1) ?? '';
      if (documentNumber && documentNumber !== '—') {
        expect(record.join(' ')).toContain(documentNumber);
      }
    });
  });
});
