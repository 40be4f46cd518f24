// Lighthouse (the package, run in Debian's Chromium) on the home page, the menu and one
// dish, with its mobile preset (a mid-range phone on a slow 4G network, the CPU slowed 4×)
// and its desktop preset: the four category scores, and Cumulative Layout Shift, Largest
// Contentful Paint and Total Blocking Time. Each page and preset is run RUNS times on a
// server started as `npm start` starts it, and the run with the median performance score
// is reported.
//
// Alone: `node --import tsx test/bench/lighthouse.ts [project folder]` measures the
// server built in that folder (default: this one, built first).
import { launch } from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteAndServerBuilt } from '../helpers/built.js';
import { CHROMIUM } from '../helpers/chromium.mjs';
import { startServer, stopServer } from '../helpers/server-process.js';

export const PAGES = ['/', '/menu', '/menu/3'] as const;
export const PRESETS = ['mobile', 'desktop'] as const;
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const RUNS = 3;

export interface LighthouseFigures {
  /** Scores from 0 to 100. */
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
}

export type LighthouseTable = Record<(typeof PAGES)[number], Record<(typeof PRESETS)[number], LighthouseFigures>>;

const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

const PROJECT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Measures the server built in `root` (this project's own is built first), on `pages` with
 * `presets`, `runs` times each; the test run's smoke gives one of each.
 */
export async function measureLighthouse({ root = PROJECT, pages = PAGES as readonly (typeof PAGES)[number][], presets = PRESETS as readonly (typeof PRESETS)[number][], runs = RUNS } = {}): Promise<LighthouseTable> {
  if (root === PROJECT) await siteAndServerBuilt();
  const dataDir = mkdtempSync(join(tmpdir(), 'tavola-lighthouse-'));
  const { base, child } = await startServer([process.execPath, join(root, 'dist/server/main.mjs')], { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, JWT_SECRET: 'lighthouse-secret-lighthouse-secret' });
  const chrome = await launch({ chromePath: CHROMIUM, chromeFlags: FLAGS, logLevel: 'silent' });
  try {
    const table = {} as LighthouseTable;
    for (const page of pages) {
      table[page] = {} as LighthouseTable[typeof page];
      for (const preset of presets) {
        const each: LighthouseFigures[] = [];
        for (let i = 0; i < runs; i++) each.push(await audit(`${base}${page}`, preset, chrome.port));
        each.sort((a, b) => a.performance - b.performance);
        table[page][preset] = each[Math.floor(runs / 2)]!;
      }
    }
    return table;
  } finally {
    chrome.kill();
    await stopServer(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function audit(url: string, preset: (typeof PRESETS)[number], port: number): Promise<LighthouseFigures> {
  const flags: Flags = { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] };
  const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError } = result.lhr;
  if (runtimeError) throw new Error(`Lighthouse on ${url}: ${runtimeError.message}`);
  const score = (name: (typeof CATEGORIES)[number]) => Math.round((categories[name]?.score ?? 0) * 100);
  const value = (name: string) => audits[name]?.numericValue ?? NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    cls: Math.round(value('cumulative-layout-shift') * 1000) / 1000,
    lcpMs: Math.round(value('largest-contentful-paint')),
    tbtMs: Math.round(value('total-blocking-time')),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const table = await measureLighthouse(process.argv[2] ? { root: process.argv[2] } : {});
  for (const page of PAGES) for (const preset of PRESETS) console.log(`${page.padEnd(8)} ${preset.padEnd(8)} ${JSON.stringify(table[page][preset])}`);
}
