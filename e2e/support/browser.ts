import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type Browser,
  type BrowserContext,
  chromium,
  type Download,
  type Frame,
  type Locator,
  type Page,
} from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';

export const viewports = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
} as const;
export type ViewportName = keyof typeof viewports;

export const baseUrl = inject('baseUrl');
const skipReason = inject('skipReason');
const browserEndpoint = inject('browserEndpoint');

/**
 * A describe block (with `.each`) that is skipped when Chromium is not installed; the global
 * setup has already said why.
 */
export const describeInBrowser = describe.skipIf(Boolean(skipReason));

/**
 * Within a block written for several sizes or languages (`describeInBrowser.each`), the `it`
 * that runs each of the block's tests in one of them, in turn: the first test in the first, the
 * second in the second, and so on. Each flow runs once, and the block still goes through each
 * size's own screens (a phone's menus and bars, a desktop's tables); the screens themselves are
 * checked at every size and in both languages by every-screen-a11y, layout and no-text-cut. Two
 * runs of every flow took more than the 30 minutes CI has on a slow machine.
 */
export function inTurn<T>(combinations: readonly T[], current: T) {
  const key = JSON.stringify(current);
  const position = combinations.findIndex((one) => JSON.stringify(one) === key);
  if (position < 0) throw new Error(`${key} is not one of the block's combinations`);
  let next = 0;
  return (name: string, test: () => Promise<void>, timeout?: number) => {
    if (next++ % combinations.length === position) it(name, test, timeout);
  };
}

const artifacts = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../artifacts');

let browser: Browser | undefined;
const contexts: BrowserContext[] = [];
const pageErrors: string[] = [];
/** The API's refusals and failures seen by each open page: printed when a test fails. */
const apiProblems = new WeakMap<Page, string[]>();

/**
 * What a failed test's pages showed: each page's address, its visible text and the API calls it
 * saw refused, so that a failure on CI (where no screenshot is kept) says what the screen said.
 */
async function describePages(): Promise<string> {
  const parts: string[] = [];
  for (const context of contexts) {
    for (const page of context.pages()) {
      const text = await page
        // biome-ignore lint/performance/useDomNodeTextContent: what the screen shows, laid out
        .evaluate(() => document.body?.innerText ?? '')
        .catch((error: unknown) => `(unreadable: ${String(error)})`);
      parts.push(
        `--- ${page.url()}`,
        `API refusals: ${(apiProblems.get(page) ?? []).join('; ') || 'none'}`,
        text.replace(/\n{2,}/g, '\n').slice(0, 6_000),
      );
    }
  }
  return parts.join('\n');
}

/**
 * Connects the test file to the suite's headless Chromium (launched once by the global setup);
 * each test gets fresh contexts from it, closed after the test.
 */
export function useBrowser() {
  beforeAll(async () => {
    if (skipReason) return;
    browser = await chromium.connect(browserEndpoint);
  });
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && contexts.length > 0) {
      console.error(`The pages of "${task.name}" when it failed:\n${await describePages()}`);
    }
    for (const context of contexts.splice(0)) await context.close();
    const errors = pageErrors.splice(0);
    expect(errors, 'uncaught errors in the page').toEqual([]);
  });
  afterAll(async () => {
    // Closes this file's contexts, if any are left, and disconnects; the browser runs on.
    await browser?.close();
    browser = undefined;
  });
}

/**
 * A new page in a fresh browser profile, on the suite's product unless `server` names another.
 * The app starts in English (its stored setting is set unless the test changes it); uncaught
 * page errors fail the test.
 */
export async function openPage(
  viewport: ViewportName = 'desktop',
  language: 'en' | 'es' = 'en',
  /** Another running product than the suite's (support/product.ts). */
  server: string = baseUrl,
  /**
   * The app's service worker (issue 32) is blocked unless a test asks for it (the offline and
   * installable-app tests): elsewhere every request goes to the server as it always did.
   */
  options: {
    serviceWorkers?: 'allow' | 'block';
    /** Off: the page as a browser without JavaScript sees it (the public pages, issue 33). */
    javaScriptEnabled?: boolean;
  } = {},
): Promise<Page> {
  if (!browser) throw new Error('useBrowser() was not called in this file');
  // Reduced motion: dialogs appear and go without fading (the app follows the setting), so that
  // axe never reads half-faded text, and tests wait for the screen, not for an animation.
  const context = await browser.newContext({
    viewport: viewports[viewport],
    baseURL: server,
    reducedMotion: 'reduce',
    serviceWorkers: options.serviceWorkers ?? 'block',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
  });
  contexts.push(context);
  await context.addInitScript((lang) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', lang);
  }, language);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const problems: string[] = [];
  apiProblems.set(page, problems);
  page.on('response', (response) => {
    if (response.status() < 400 || !response.url().includes('/api/')) return;
    const call = `${response.request().method()} ${new URL(response.url()).pathname}`;
    void response
      .text()
      .catch(() => '')
      .then((body) => problems.push(`${call} ${response.status()} ${body.slice(0, 200)}`));
  });
  return page;
}

/**
 * The bytes of a finished download. (The browser runs in its own server process, so the file is
 * streamed from it: `download.path()` is only for a browser launched by the test process.)
 */
export async function downloadedBytes(download: Download): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Opens a route of the hash router. */
export async function visit(page: Page, route: string) {
  await page.goto(`/#${route}`);
}

/** A serious or critical axe finding: the rule, and where (the first three elements). */
export interface A11yViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: string[];
}

/**
 * axe-core as @axe-core/playwright bundles it (the same version and source its AxeBuilder
 * injected), resolved from that package so that the two can never differ.
 */
const axeSource: string = createRequire(
  createRequire(import.meta.url).resolve('@axe-core/playwright'),
)('axe-core').source;

/**
 * The rules that can only find moderate or minor problems. Every axe rule has an impact of its
 * own, and axe gives that impact to each of the rule's findings (its finalizeRuleResult), so a
 * scan that keeps only serious and critical findings learns nothing from them: they are left out,
 * which took a fifth to a third off each scan (2026-11-28). Read from axe's rule table (not a
 * public API): should it ever be missing, every rule runs, as before.
 */
const rulesNeverSerious: string[] = (() => {
  const { _audit: audit } = createRequire(
    createRequire(import.meta.url).resolve('@axe-core/playwright'),
  )('axe-core') as { _audit?: { rules?: { id: string; impact?: string }[] } };
  return (audit?.rules ?? [])
    .filter((rule) => rule.impact === 'moderate' || rule.impact === 'minor')
    .map((rule) => rule.id);
})();

/**
 * The options every scan runs with. (They were given to AxeBuilder as `.withTags([...])` then
 * `.options({...})`, and `options()` replaces what `withTags()` set: the scans have always run
 * every rule axe enables by default, not only those tags. They still do, but for the rules whose
 * findings are never serious or critical.)
 */
const axeOptions = {
  rules: {
    ...Object.fromEntries(rulesNeverSerious.map((id) => [id, { enabled: false }])),
    // Still "experimental" in axe (off unless asked for): a control's name must contain the
    // text it shows (WCAG 2.5.3, Label in Name), so that a voice user can say what they see
    // (issue 28).
    'label-content-name-mismatch': { enabled: true },
  },
  // The same rules run on every element; only the violations are written out in full. Axe
  // spends most of a scan writing a selector and an HTML excerpt for every node that passes
  // (its API.md, "Performance"), which nothing here reads: a scan of the tour editor took a
  // third of the time.
  resultTypes: ['violations'],
};

/**
 * Puts axe in a frame unless the frame's document already has it. AxeBuilder evaluated the
 * whole of axe (half a megabyte) twice in the page before every scan; a document keeps it from
 * one scan to the next (the app's screens change by the hash, in one document), and a new
 * document (a reload, a frame) gets it again. Configured as AxeBuilder's legacy mode does.
 */
async function injectAxe(frame: Frame) {
  const present = await frame.evaluate(
    () => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function',
  );
  if (present) return;
  await frame.evaluate(axeSource);
  await frame.evaluate(
    `axe.configure({ allowedOrigins: ["<same_origin>"], branding: { application: 'playwright' } })`,
  );
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/**
 * The serious and critical accessibility violations axe finds on the page as it is now, once its
 * transitions have ended (a dialog fading in or out has text of too little contrast).
 */
export async function seriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document
            .getAnimations()
            .filter(
              (animation) =>
                animation instanceof CSSTransition && animation.playState === 'running',
            ).length,
      ),
    )
    .toBe(0);
  // axe.run in the page itself (same-origin frames included, each with its own axe), as
  // AxeBuilder's legacy mode ran it, instead of a partial run per frame finished in a new blank
  // tab: the same findings for the app's pages, which have no cross-origin frames.
  await injectAxe(page.mainFrame());
  for (const frame of page.frames()) {
    // A frame that is gone or will not take a script is left out, as AxeBuilder left it out.
    if (frame !== page.mainFrame()) await injectAxe(frame).catch(() => undefined);
  }
  const outcome = await page.evaluate(
    ({ options }) =>
      (
        window as unknown as { axe: { run(context: unknown, options: unknown): Promise<unknown> } }
      ).axe
        .run({ exclude: [], include: [] }, options)
        .then((results) => ({ error: null, results }))
        .catch((error: Error) => ({ error: error.message, results: null })),
    { options: axeOptions },
  );
  if (outcome.error !== null) throw new Error(outcome.error);
  const { violations } = outcome.results as { violations: AxeViolation[] };
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
}

/** Fails when axe finds a serious or critical accessibility violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  expect(await seriousA11yViolations(page)).toEqual([]);
}

/**
 * Saves a screenshot under e2e/artifacts/screenshots, with transitions run to their end: for
 * people to look at (the docs, a review), not checked by anything. CI, where no one looks at
 * them, takes none unless E2E_SCREENSHOTS=1 asks (each full-page PNG costs the browser a
 * fraction of a second, 118 of them a run).
 */
export async function screenshot(page: Page, name: string) {
  if (process.env.CI === 'true' && process.env.E2E_SCREENSHOTS !== '1') return;
  const dir = path.join(artifacts, 'screenshots');
  mkdirSync(dir, { recursive: true });
  await page.screenshot({
    path: path.join(dir, `${name}.png`),
    fullPage: true,
    animations: 'disabled',
  });
}

/**
 * What a screen reader says of a field besides its label: the texts its aria-describedby names
 * (its hint and, when it is invalid, its error message).
 */
export function descriptionOf(field: Locator): Promise<string> {
  return field.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(/\s+/)
      .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
      .join(' ')
      .trim(),
  );
}

/** Whether a field is marked invalid and has the focus. */
export function isInvalidAndFocused(field: Locator): Promise<boolean> {
  return field.evaluate(
    (element) =>
      element.getAttribute('aria-invalid') === 'true' && element === document.activeElement,
  );
}
