import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export type Category = 'performance' | 'seo' | 'accessibility' | 'best-practices';

/** One page's figures: each the median of the runs (every score and metric on its own). */
export interface PageScore {
  page: string;
  scores: Partial<Record<Category, number>>;
  /** Every run's performance score, in the order run. */
  runs: number[];
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferKb: number;
  /**
   * Lighthouse's measure of the machine's CPU (`environment.benchmarkIndex`, median of the runs):
   * its mobile CPU is the machine's slowed down 4 times, so the same page scores lower on a
   * slower machine.
   */
  benchmarkIndex: number;
}

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const median = (values: number[]) => {
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

/**
 * Lighthouse 12's mobile audit (its default: a mid-range phone on slow 4G), `runs` times per
 * page, with the categories asked for; each figure is the median of the runs.
 */
export async function lighthouseScores(
  base: string,
  pages: { page: string; categories: Category[] }[],
  runs = 3,
): Promise<PageScore[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const scores: PageScore[] = [];
    for (const { page, categories } of pages) {
      const results: Report[] = [];
      for (let run = 0; run < runs; run++) {
        const result = await lighthouse(`${base}/${page.replace(/^\//, '')}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: categories,
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
        results.push(result.lhr);
      }
      const audit = (id: string) =>
        median(results.map((lhr) => lhr.audits[id]?.numericValue ?? Number.NaN));
      scores.push({
        page,
        scores: Object.fromEntries(
          categories.map((category) => [
            category,
            median(results.map((lhr) => lhr.categories[category]?.score ?? 0)),
          ]),
        ),
        runs: results.map((lhr) => lhr.categories.performance?.score ?? 0),
        fcpMs: Math.round(audit('first-contentful-paint')),
        lcpMs: Math.round(audit('largest-contentful-paint')),
        tbtMs: Math.round(audit('total-blocking-time')),
        cls: Number(audit('cumulative-layout-shift').toFixed(3)),
        transferKb: Math.round(audit('total-byte-weight') / 1024),
        benchmarkIndex: Math.round(
          median(results.map((lhr) => lhr.environment?.benchmarkIndex ?? Number.NaN)),
        ),
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}
