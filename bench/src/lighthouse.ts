import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export interface PageScore {
  page: string;
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  transferKb: number;
}

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Lighthouse's mobile performance audit (its default: a mid-range phone on slow 4G). */
export async function lighthouseScores(base: string, pages: string[]): Promise<PageScore[]> {
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
    for (const page of pages) {
      const run = await lighthouse(`${base}/${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      if (!run) throw new Error(`Lighthouse gave no result for ${page}`);
      const audit = (id: string) => run.lhr.audits[id]?.numericValue ?? Number.NaN;
      scores.push({
        page,
        performance: run.lhr.categories.performance?.score ?? 0,
        fcpMs: Math.round(audit('first-contentful-paint')),
        lcpMs: Math.round(audit('largest-contentful-paint')),
        tbtMs: Math.round(audit('total-blocking-time')),
        cls: Number(audit('cumulative-layout-shift').toFixed(3)),
        transferKb: Math.round(audit('total-byte-weight') / 1024),
      });
    }
    return scores;
  } finally {
    chrome.kill();
  }
}
