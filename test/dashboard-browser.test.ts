// The dashboard in a real browser (Debian's Chromium driven by playwright-core) against the real server (the
// CLI's `serve` on loopback) with lists ingested from files in the publisher's format: sign up, create and
// revoke keys, screen a pasted list of names, open entry details, check wallets, read and filter the history,
// the lists catalog, a session that ends mid-task, and the adverse media page. Screenshots of every page go to
// test-artifacts/dashboard/ (git-ignored).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  killLeftoverServers,
  REPO_ROOT,
  spawnServer,
  type SpawnedServer,
} from '../src/test-support/spawn-server.js';
import { ensureDashboardBuilt } from './ensure-dashboard-built.js';
import { CLEAR_ETH, LISTED_ETH, LISTED_ETH_ENTITY, writeDashboardLists } from './write-dashboard-lists.js';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts', 'dashboard');
const EMAIL = 'analyst@example.com';
const PASSWORD = 'a calm and long password';
const hasChromium = fs.existsSync(CHROMIUM);

if (!hasChromium)
  console.warn(`${CHROMIUM} not found: dashboard browser tests skipped (bash .ci/run installs it)`);

// Code run inside the page is written as strings: this file is type-checked for Node, without the DOM library.

/** Evaluates a JavaScript expression in the page. */
const inPage = <T>(page: Page, expression: string): Promise<T> => page.evaluate(expression) as Promise<T>;

/** Form controls that no label names (by <label>, aria-label or aria-labelledby). */
const unlabelledControls = (page: Page) =>
  inPage<string[]>(
    page,
    `[...document.querySelectorAll('input, select, textarea')]
      .filter((el) => el.type !== 'hidden')
      .filter((el) => !el.labels?.length && !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby'))
      .map((el) => el.outerHTML.slice(0, 120))`,
  );

/** Elements sticking out past the right edge of the window, outside the scrollable table containers. */
const overflowing = (page: Page) =>
  inPage<string[]>(
    page,
    `[...document.querySelectorAll('body *')]
      .filter((el) => !el.closest('.table-wrap') && el.getBoundingClientRect().right > window.innerWidth + 1)
      .map((el) => el.tagName.toLowerCase() + '.' + el.className)`,
  );

const focusedText = (page: Page) => inPage<string | undefined>(page, 'document.activeElement?.textContent');
const focusedId = (page: Page) => inPage<string | undefined>(page, 'document.activeElement?.id');
const sessionToken = (page: Page) =>
  inPage<string>(page, `JSON.parse(localStorage.getItem('screening.session')).token`);

describe.skipIf(!hasChromium)('dashboard in a browser', () => {
  let server: SpawnedServer;
  let context: BrowserContext;
  let page: Page;
  let dataDir: string;
  let listsDir: string;
  let profileDir: string;
  let apiKey = '';
  const scriptErrors: string[] = [];

  const shot = async (name: string) => {
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
  };
  const expectAccessibleForm = async () => expect(await unlabelledControls(page)).toEqual([]);
  const nav = (label: string) =>
    page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: label });

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await ensureDashboardBuilt();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-data-'));
    listsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-lists-'));
    profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-chromium-'));
    const slugs = writeDashboardLists(listsDir);
    server = await spawnServer({
      DATA_DIR: dataDir,
      LISTS_DIR: listsDir,
      SCREENING_LISTS: slugs.join(','),
      // Lists come from LISTS_DIR at start; no scheduled downloads from publishers.
      SCREENING_REFRESH_INTERVAL_MINUTES: '0',
      SCREENING_BULK_WORKER: 'false',
    });
    for (let i = 0; ; i++) {
      if ((await fetch(`${server.url}/readyz`)).status === 200) break;
      if (i > 300) throw new Error(`lists never loaded:\n${server.output()}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    context = await chromium.launchPersistentContext(profileDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
      viewport: { width: 1280, height: 860 },
      acceptDownloads: true,
      baseURL: server.url,
    });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url });
    page = context.pages()[0] ?? (await context.newPage());
    page.setDefaultTimeout(10_000);
    page.on('pageerror', (err) => scriptErrors.push(err.message));
    page.on('console', (msg) => {
      // Chromium logs every non-2xx fetch; the expected 401 and 503 answers are not script errors.
      if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource'))
        scriptErrors.push(msg.text());
    });
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    await server?.stop();
    await killLeftoverServers();
    for (const d of [dataDir, listsDir, profileDir]) if (d) fs.rmSync(d, { recursive: true, force: true });
  });

  it('a visitor is sent to sign-in, signs up, and lands on name screening', async () => {
    await page.goto('/history');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sign-in');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/history');
    await expectAccessibleForm();
    await shot('01-sign-in');

    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await shot('02-sign-up');
    await page.getByRole('button', { name: 'Create account' }).click();
    // Back where the visitor was going.
    await page.getByRole('heading', { name: 'History', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/history');
    await nav('Names').click();
    await page.getByRole('heading', { name: 'Screen names' }).waitFor();
    await expect.poll(() => page.title()).toBe('Screen names · Screening');
  });

  it('keyboard: the first Tab reaches the skip link, which moves focus to the content', async () => {
    // A new tab of the same session: a fresh page load, with no focus history from earlier clicks.
    const tab = await context.newPage();
    try {
      await tab.goto('/screen/names');
      await tab.getByRole('heading', { name: 'Screen names' }).waitFor();
      await tab.keyboard.press('Tab');
      expect(await focusedText(tab)).toBe('Skip to content');
      await tab.keyboard.press('Enter');
      expect(await focusedId(tab)).toBe('main');
      // Moving to another page puts focus on its content, not on the link that was pressed.
      await tab.getByRole('link', { name: 'History' }).focus();
      await tab.keyboard.press('Enter');
      await tab.getByRole('heading', { name: 'History', level: 1 }).waitFor();
      expect(await focusedId(tab)).toBe('main');
    } finally {
      await tab.close();
    }
  });

  it('creates an API key: shown once with a copy button, listed by prefix, and it works', async () => {
    await nav('API keys').click();
    await page.getByLabel('Name').fill('Onboarding service');
    await page.getByRole('button', { name: 'Create key' }).click();
    const keyBox = page.getByLabel('New API key');
    await keyBox.waitFor();
    apiKey = await keyBox.inputValue();
    expect(apiKey.length).toBeGreaterThan(20);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Key copied to the clipboard.').waitFor();
    expect(await inPage<string>(page, 'navigator.clipboard.readText()')).toBe(apiKey);
    await expectAccessibleForm();
    await shot('03-keys-created');

    const row = page.getByRole('row', { name: /Onboarding service/ });
    const prefix = ((await row.getByRole('cell').nth(1).textContent()) ?? '').replace('…', '');
    expect(apiKey.startsWith(prefix)).toBe(true);
    await expect.poll(() => row.getByRole('cell').nth(3).textContent()).toBe('Never');

    // The key is real: a program can screen with it.
    const res = await fetch(`${server.url}/api/v2/search`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'Rustam Karimov' }),
    });
    expect(res.status).toBe(200);

    // Once dismissed, the key is gone from the page for good.
    await page.getByRole('button', { name: 'I have stored it' }).click();
    expect(await page.getByLabel('New API key').count()).toBe(0);
    expect(await page.content()).not.toContain(apiKey);
  });

  it('revokes a key only after confirmation', async () => {
    await page.getByLabel('Name').fill('Old laptop');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.getByLabel('New API key').waitFor();
    const oldKey = await page.getByLabel('New API key').inputValue();
    await page.getByRole('button', { name: 'I have stored it' }).click();

    await page.getByRole('button', { name: 'Revoke Old laptop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke “Old laptop”?' });
    await dialog.waitFor();
    await shot('04-keys-revoke-confirm');
    // Cancel (focused first, so Enter is safe) keeps the key.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Revoke Old laptop' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Revoke Old laptop' }).click();
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByRole('button', { name: 'Revoke Old laptop' }).waitFor({ state: 'detached' });
    await page.getByText('Revoked keys (1)').waitFor();
    const res = await fetch(`${server.url}/api/v2/search`, {
      method: 'POST',
      headers: { 'x-api-key': oldKey, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'x' }),
    });
    expect(res.status).toBe(401);
  });

  it('screens a pasted list of names: grouped by name with summary, score bar and explanation', async () => {
    await nav('Names').click();
    await page.getByLabel('Names', { exact: true }).fill('Rustam Karimov\nJane Nobody\nKARIMOV, Rustam');
    await page.getByLabel('Search type').selectOption('standard_match');
    await page.getByRole('button', { name: 'Screen', exact: true }).click();
    const results = page.getByRole('region', { name: 'Results' });
    await results.waitFor();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'screened' }).textContent())
      .toMatch(/3 screened · 2 with matches · 1 clear/);

    const karimov = page.getByRole('article', { name: 'Rustam Karimov', exact: true });
    expect(await karimov.getByText(/^\d+ match(es)?$/).textContent()).toMatch(/match/);
    const firstMatch = karimov.getByRole('row').nth(1);
    expect(await firstMatch.textContent()).toMatch(/ofac_(sdn|consolidated)/);
    const meter = firstMatch.getByRole('meter', { name: 'Match score' });
    expect(Number(await meter.getAttribute('aria-valuenow'))).toBeGreaterThan(80);
    await expect
      .poll(() => page.getByRole('article', { name: 'Jane Nobody' }).getByText('Clear').count())
      .toBe(1);
    // "KARIMOV, Rustam" on its own line is one name, reordered (commas split bulk names), and said so.
    await page.getByText('“KARIMOV, Rustam” as “Rustam KARIMOV”').waitFor();
    await page.getByRole('article', { name: 'Rustam KARIMOV', exact: true }).waitFor();

    await firstMatch.getByText('Explain').click();
    await firstMatch.getByText(/Compared with the listed name/).waitFor();
    expect(await firstMatch.getByRole('table', { name: 'Token pairs' }).textContent()).toMatch(/rustam/i);
    await shot('05-names-results');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const csv = fs.readFileSync((await (await download).path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('search_term,total_matches,id,name,list,source_uid,match_score');
    expect(lines).toContain('Jane Nobody,0,,,,,');
    expect(lines.some((l) => l.startsWith('Rustam Karimov,') && l.includes('ofac_sdn:7002'))).toBe(true);
  });

  it('opens an entry from a match: records per list, each with its own fields; Escape closes it', async () => {
    const karimov = page.getByRole('article', { name: 'Rustam Karimov', exact: true });
    const nameButton = karimov.getByRole('row').nth(1).getByRole('button').first();
    const listedName = (await nameButton.textContent()) ?? '';
    await nameButton.click();
    const dialog = page.getByRole('dialog', { name: listedName });
    await dialog.waitFor();
    const sdn = dialog.getByRole('region', { name: 'ofac_sdn records' });
    await sdn.waitFor();
    await dialog.getByRole('region', { name: 'ofac_consolidated records' }).waitFor();
    expect(await sdn.textContent()).toMatch(/uid\s*7002/);
    expect(await sdn.textContent()).toMatch(/sdn_type\s*Individual/);
    expect(await sdn.textContent()).toContain('SYRIA');
    await shot('06-entry-details');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Focus returns to the match it was opened from.
    expect(await focusedText(page)).toBe(listedName);
  });

  it('checks wallets: listed rows first, with why and the entity, which opens entry details', async () => {
    await nav('Wallets').click();
    await page.getByLabel('Addresses').fill(`${CLEAR_ETH}\n${LISTED_ETH.toLowerCase()}`);
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('region', { name: 'Results' }).waitFor();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'screened' }).textContent())
      .toMatch(/2 screened · 1 listed · 1 clear/);
    const rows = page.getByRole('table', { name: /Wallet results/ }).getByRole('row');
    const first = rows.nth(1);
    expect(await first.textContent()).toContain(LISTED_ETH.toLowerCase());
    expect(await first.textContent()).toMatch(/Listed.*ETH.*ofac_sdn/);
    expect(await rows.nth(2).textContent()).toMatch(/Clear/);
    await expectAccessibleForm();
    await shot('07-wallets');
    await first.getByRole('button', { name: LISTED_ETH_ENTITY }).click();
    const dialog = page.getByRole('dialog', { name: LISTED_ETH_ENTITY });
    await dialog.getByRole('region', { name: 'ofac_sdn records' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('adverse media: every option on the form, and a server without a provider says so calmly', async () => {
    await nav('Adverse media').click();
    await page.getByLabel('Name').fill('Rustam Karimov');
    await page.getByText('Search options').click();
    for (const label of [
      'Mode',
      'Articles to review',
      'Topic',
      'Search depth',
      'Country',
      'Time range',
      'From',
      'to',
    ])
      await page.getByLabel(label, { exact: true }).waitFor();
    await page.getByLabel('Topic').selectOption('general');
    await page.getByLabel('Country').fill('Syria');
    await expectAccessibleForm();
    await page.getByRole('button', { name: 'Screen', exact: true }).click();
    await page.getByText('Adverse media screening is not available right now.').waitFor();
    expect(await page.getByRole('status').filter({ hasText: 'not available' }).textContent()).toMatch(
      /not configured/,
    );
    await shot('08-adverse-media-unavailable');
  });

  it('adverse media: renders the scored response, risk first, with a degraded analysis made visible', async () => {
    // The search provider and model are another part's concern; here the browser is handed a response of
    // the spec's shape to check how it is shown.
    await page.route('**/api/v2/adverse-media-search', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          risk: {
            score: 88,
            band: 'high',
            summary: 'Two publications report that the subject was convicted of fraud.',
            categories: ['fraud', 'money_laundering'],
            highest_severity: 'high',
            implicating_articles: 2,
            corroborating_sources: 2,
          },
          'adverse media results': [
            {
              title: 'Trader convicted in fraud case',
              url: 'https://news.example.com/a',
              domain: 'news.example.com',
              snippet: 'Rustam Karimov was convicted…',
              score: 0.91,
              published_date: '2026-10-01',
              name_match: true,
              assessment: {
                about_subject: true,
                role: 'accused',
                severity: 'high',
                categories: ['fraud'],
                note: 'Convicted of fraud.',
              },
            },
            {
              title: 'Market commentary',
              url: 'https://other.example.org/b',
              domain: 'other.example.org',
              snippet: null,
              score: 0.4,
              published_date: null,
              name_match: false,
              assessment: null,
            },
          ],
          summary: { returned: 2, name_verified: 1 },
          screening: { classified: true, analysis_status: 'partial', analysis_error: 'one batch timed out' },
          api_usage_id: '0192f000-0000-7000-8000-000000000000',
        }),
      }),
    );
    await page.getByRole('button', { name: 'Screen', exact: true }).click();
    const risk = page.getByRole('region', { name: 'High risk' });
    await risk.waitFor();
    expect(await risk.textContent()).toMatch(/88 \/ 100.*convicted of fraud.*money laundering/s);
    await page.getByText('Some articles were not assessed.').waitFor();
    expect(await page.getByText(/Analysis status: partial/).textContent()).toContain('one batch timed out');
    const [accused, unjudged] = [page.getByRole('article').nth(0), page.getByRole('article').nth(1)];
    expect(await accused.textContent()).toMatch(
      /Names the subject.*Role: accused.*Severity: high.*Convicted of fraud/s,
    );
    expect(await unjudged.textContent()).toMatch(/Does not name the subject.*Not judged/s);
    // The risk block comes before the articles.
    const riskTop = (await risk.boundingBox())!.y;
    expect(riskTop).toBeLessThan((await accused.boundingBox())!.y);
    await shot('09-adverse-media-scored');
    await page.unroute('**/api/v2/adverse-media-search');
  });

  it('reads the history: each call with its request and response, filters, and CSV export', async () => {
    await nav('History').click();
    const table = page.getByRole('table', { name: /Usage records/ });
    await table.waitFor();
    const rows = table.locator('tbody > tr');
    // Newest first: adverse media (503), bulk wallet, bulk search, and the key's /api/v2/search.
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(4);
    expect(await rows.nth(0).textContent()).toMatch(/\/api\/v2\/adverse-media-search.*adverse_media.*503/);
    expect(await rows.nth(1).textContent()).toMatch(/\/api\/v2\/bulk-wallet-search.*200.*Dashboard/);
    expect(await rows.nth(2).textContent()).toMatch(/\/api\/v2\/bulk-search.*standard_match.*200/);
    expect(await table.textContent()).toMatch(/\/api\/v2\/search.*fuzzy_search.*200.*Onboarding service/);

    await rows.nth(2).getByRole('button', { name: 'Details' }).click();
    const detail = table.locator('tr.record-detail');
    expect(await detail.getByRole('figure', { name: 'Request' }).textContent()).toContain('Rustam Karimov');
    expect(await detail.getByRole('figure', { name: 'Response' }).textContent()).toContain('search_term');
    await expectAccessibleForm();
    await shot('10-history');

    await page.getByLabel('Endpoint').selectOption('/api/v2/bulk-wallet-search');
    await page.getByLabel('Status').selectOption('200');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect
      .poll(() => new URL(page.url()).search)
      .toBe('?endpoint=%2Fapi%2Fv2%2Fbulk-wallet-search&status=200');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.nth(0).textContent()).toContain('/api/v2/bulk-wallet-search');
    // Filters live in the address: a reload keeps them.
    await page.reload();
    await expect.poll(() => page.getByLabel('Endpoint').inputValue()).toBe('/api/v2/bulk-wallet-search');
    await expect.poll(() => rows.count()).toBe(1);
    await shot('11-history-filtered');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = fs.readFileSync((await (await download).path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,endpoint,method,search_type,status,duration_ms,api_key_id,request_id,additional_call_info,request,response',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('/api/v2/bulk-wallet-search');
    await page.getByRole('button', { name: 'Reset' }).click();
  });

  it('shows the list catalog with counts, data dates and freshness; problems stand out', async () => {
    await nav('Lists').click();
    const table = page.getByRole('table', { name: 'List catalog' });
    await table.waitFor();
    await expect.poll(() => page.getByText(/2 lists · 4 records · all fresh/).count()).toBe(1);
    const sdn = table.getByRole('row', { name: /ofac_sdn/ });
    expect(await sdn.textContent()).toMatch(/Fresh\s*3/);
    await shot('12-lists');

    // A stale and a failed list cannot be produced without breaking screening here, so their rendering is
    // checked on a catalog of the same shape.
    await page.route('**/api/v2/lists', async (route) => {
      const real = (await (await route.fetch()).json()) as { lists: Record<string, unknown>[] };
      const base = real.lists[0]!;
      real.lists.push(
        { ...base, slug: 'un_consolidated', title: 'UN', status: 'stale', last_error: 'download timed out' },
        {
          ...base,
          slug: 'eu_consolidated',
          title: 'EU',
          status: 'failed',
          record_count: null,
          last_error: 'HTTP 500',
        },
        {
          ...base,
          slug: 'uk_sanctions',
          title: 'UK',
          status: 'held_for_review',
          held_version: {
            id: '0190aaaa-0000-7000-8000-000000000001',
            fetched_at: '2026-11-20T10:00:00.000Z',
            data_date: null,
            record_count: 12828,
            removed: 2137,
            added: 0,
            changed: 0,
            reason:
              'removes 2137 of 14965 entries (more than the 149 allowed without review); 0 added, 0 changed',
          },
        },
      );
      await route.fulfill({ json: real });
    });
    await page.getByRole('button', { name: 'Refresh' }).click();
    await page.getByText('3 need attention').waitFor();
    const bodyRows = table.locator('tbody > tr');
    expect(await bodyRows.nth(0).getAttribute('class')).toBe('row-failed');
    expect(await bodyRows.nth(0).textContent()).toMatch(/eu_consolidated.*Failed.*HTTP 500/);
    expect(await bodyRows.nth(1).getAttribute('class')).toBe('row-held_for_review');
    expect(await bodyRows.nth(1).textContent()).toMatch(
      /uk_sanctions.*Held for review.*12,828 records: −2,137 \+0 ~0\) is held for review: removes 2137 of 14965.*accepts or rejects version 0190aaaa/,
    );
    expect(await bodyRows.nth(2).textContent()).toMatch(
      /un_consolidated.*Stale.*download timed out.*previous version/,
    );
    await page.getByText(/answers 503 until every carried list has loaded/).waitFor();
    await shot('13-lists-attention');
    await page.unroute('**/api/v2/lists');
  });

  it('a session that ends mid-task returns to sign-in with a message, keeping what was typed', async () => {
    await nav('Names').click();
    await page.getByLabel('Names', { exact: true }).fill('Olena Fixtureva');
    // The session ends on the server (as on expiry or sign-out elsewhere).
    const token = await sessionToken(page);
    expect(
      (
        await fetch(`${server.url}/api/auth/logout`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
        })
      ).status,
    ).toBe(204);

    await page.getByRole('button', { name: 'Screen', exact: true }).click();
    await page.getByText('Your session has ended.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    expect(await page.getByLabel('Email').inputValue()).toBe(EMAIL);
    await shot('14-session-ended');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Screen names' }).waitFor();
    expect(await page.getByLabel('Names', { exact: true }).inputValue()).toBe('Olena Fixtureva');
    await page.getByRole('button', { name: 'Screen', exact: true }).click();
    await page.getByRole('article', { name: 'Olena Fixtureva' }).waitFor();
  });

  it('works on a phone-sized screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('article', { name: 'Olena Fixtureva' }).waitFor();
    expect(await overflowing(page)).toEqual([]);
    await shot('15-phone-names');
    await nav('History').click();
    await page.getByRole('table', { name: /Usage records/ }).waitFor();
    expect(await overflowing(page)).toEqual([]);
    await shot('16-phone-history');
    await page.setViewportSize({ width: 1280, height: 860 });
  });

  it('signs out: back to sign-in, the token revoked and drafts forgotten', async () => {
    const token = await sessionToken(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You have signed out.').waitFor();
    expect(await inPage(page, `localStorage.getItem('screening.session')`)).toBeNull();
    expect(
      await inPage(page, `Object.keys(sessionStorage).filter((k) => k.startsWith('screening.draft.'))`),
    ).toEqual([]);
    const res = await fetch(`${server.url}/api/keys`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
  });

  it('raised no script errors and broke no content security policy along the way', () => {
    expect(scriptErrors).toEqual([]);
  });
});
