// The dashboard in a real browser (Debian's Chromium driven by playwright-core) against the real server (the
// CLI's `serve` on loopback) with lists ingested from files in the publisher's format: sign up, create and
// revoke keys, screen a pasted list of names, open entry details, check wallets, read and filter the history,
// the lists catalog, ongoing screening (customers imported from a CSV, the alerts inbox and a decision with its
// reason, webhooks with their secret shown once and deliveries to a receiver on loopback, retried), a session that
// ends mid-task, and the adverse media page. Every page and state is checked
// with axe-core at desk and phone widths in the light and dark schemes, and no page may scroll sideways on a
// phone. Screenshots of every page go to test-artifacts/dashboard/ (git-ignored), the phone's as phone-*.png.
import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  killLeftoverServers,
  REPO_ROOT,
  runCli,
  spawnServer,
  type SpawnedServer,
} from '../src/test-support/spawn-server.js';
import {
  axeViolations,
  clippedSelects,
  focused,
  inPage,
  inSight,
  sidewaysScroll,
  unlabelledControls,
} from './browser-checks.js';
import { ensureDashboardBuilt } from './ensure-dashboard-built.js';
import { CLEAR_ETH, LISTED_ETH, LISTED_ETH_ENTITY, writeDashboardLists } from './write-dashboard-lists.js';

const CHROMIUM = '/usr/bin/chromium';
const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts', 'dashboard');
const EMAIL = 'analyst@example.com';
const PASSWORD = 'a calm and long password';
const INVALID_ADDRESS = 'bc1notanaddress';
const SDN_TITLE = 'OFAC Specially Designated Nationals';
const CONSOLIDATED_TITLE = 'OFAC Consolidated (non-SDN) List';
const DESK = { width: 1280, height: 860 };
const PHONE = { width: 390, height: 844 };
const hasChromium = fs.existsSync(CHROMIUM);

if (!hasChromium)
  console.warn(`${CHROMIUM} not found: dashboard browser tests skipped (bash .ci/run installs it)`);

/** The little of the browser's window this file uses inside the page (it is type-checked without the DOM). */
interface BrowserWindow {
  getComputedStyle(el: unknown): { backgroundColor: string };
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const sessionToken = (page: Page) =>
  inPage<string>(page, `JSON.parse(localStorage.getItem('screening.session')).token`);

/** Scroll boxes whose keyboard stop does not (yet) match whether they scroll (ScrollBox updates after a resize). */
const unsettledScrollBoxes = (page: Page) =>
  inPage<string[]>(
    page,
    `[...document.querySelectorAll('.table-wrap')]
      .filter((b) => (b.scrollWidth > b.clientWidth + 1) !== (b.getAttribute('tabindex') === '0'))
      .map((b) => (b.getAttribute('aria-label') ?? b.textContent.slice(0, 40)) + ': ' + b.scrollWidth + ' > ' + b.clientWidth)`,
  );

describe.skipIf(!hasChromium)('dashboard in a browser', () => {
  let server: SpawnedServer;
  let context: BrowserContext;
  let page: Page;
  let dataDir: string;
  let listsDir: string;
  let profileDir: string;
  let apiKey = '';
  const scriptErrors: string[] = [];
  /** A webhook endpoint on loopback: it refuses the first POST (500) and accepts every later one. */
  const receiver = {
    server: null as http.Server | null,
    url: '',
    received: [] as { body: string; signature: string }[],
  };

  const shot = async (name: string) => {
    // From the top: a page scrolled to a focused field would show the sticky header part-way down.
    await inPage(page, 'window.scrollTo(0, 0)');
    await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true });
  };
  /** The same screenshot in the dark scheme, as dark-<name>.png. */
  const darkShot = async (name: string) => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await shot(`dark-${name}`);
    await page.emulateMedia({ colorScheme: 'light' });
  };
  const expectAccessibleForm = async () => expect(await unlabelledControls(page)).toEqual([]);
  const nav = (label: string) =>
    page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: label });

  /**
   * The page as it is now, at desk and phone widths in the light and dark schemes: no axe-core violation, and on
   * the phone no sideways scrolling. `phone` names a screenshot taken at phone width. Back at the desk, light, after.
   */
  const checkEverywhere = async (state: string, phone?: string) => {
    const problems: string[] = [];
    for (const size of [DESK, PHONE]) {
      await page.setViewportSize(size);
      await expect.poll(() => unsettledScrollBoxes(page)).toEqual([]);
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        const where = `${state}, ${size.width} px, ${scheme}`;
        for (const v of await axeViolations(page)) problems.push(`${where}: ${v}`);
        for (const c of await clippedSelects(page)) problems.push(`${where}: select cut short: ${c}`);
        const sideways = await sidewaysScroll(page);
        if (sideways.excess > 0)
          problems.push(
            `${where}: ${sideways.excess} px wider than the screen (${sideways.sticking.join(', ')})`,
          );
      }
      if (size === PHONE && phone) {
        await page.emulateMedia({ colorScheme: 'light' });
        await shot(phone);
      }
    }
    await page.setViewportSize(DESK);
    await page.emulateMedia({ colorScheme: 'light' });
    expect(problems).toEqual([]);
  };

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    await ensureDashboardBuilt();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-data-'));
    listsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-lists-'));
    profileDir = fs.mkdtempSync(path.join(os.tmpdir(), 'dashboard-chromium-'));
    const slugs = writeDashboardLists(listsDir);
    receiver.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        receiver.received.push({ body, signature: String(req.headers['screening-signature'] ?? '') });
        res.writeHead(receiver.received.length === 1 ? 500 : 200).end();
      });
    });
    await new Promise<void>((r) => receiver.server!.listen(0, '127.0.0.1', r));
    receiver.url = `http://127.0.0.1:${(receiver.server.address() as { port: number }).port}/hook`;
    server = await spawnServer({
      DATA_DIR: dataDir,
      LISTS_DIR: listsDir,
      SCREENING_LISTS: slugs.join(','),
      // Lists come from LISTS_DIR at start; no scheduled downloads from publishers.
      SCREENING_REFRESH_INTERVAL_MINUTES: '0',
      SCREENING_BULK_WORKER: 'false',
      // Focus is checked over many screenings in a row; the default budget of 60 a minute is not under test here.
      SCREENING_RATE_LIMIT_PER_MINUTE: '1000',
      // Webhooks go to a receiver on loopback; a refused delivery waits (10 minutes) until Retry sends it now.
      SCREENING_WEBHOOK_ALLOW_LOOPBACK: 'true',
      SCREENING_WEBHOOK_RETRY_BASE_MS: '600000',
      SCREENING_WEBHOOK_POLL_MS: '200',
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
      viewport: DESK,
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
    await new Promise((r) => (receiver.server ? receiver.server.close(r) : r(undefined)));
    await killLeftoverServers();
    for (const d of [dataDir, listsDir, profileDir]) if (d) fs.rmSync(d, { recursive: true, force: true });
  });

  it('a visitor is sent to sign-in, signs up, and lands on name screening', async () => {
    await page.goto('/history');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/sign-in');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/history');
    await expectAccessibleForm();
    // The checks can fail: an unlabelled field, a page wider than a phone and a select cut short are all caught.
    // (Styled through the CSSOM: the page's Content-Security-Policy refuses inline style attributes.)
    await inPage(
      page,
      `(() => {
        const planted = document.createElement('input');
        planted.id = 'planted';
        planted.style.width = '600px';
        planted.style.maxWidth = 'none';
        document.querySelector('form').append(planted);
        const narrow = document.createElement('select');
        narrow.setAttribute('aria-label', 'Planted');
        narrow.style.width = '60px';
        narrow.append(new Option('A choice far too long for its box'));
        document.querySelector('form').append(narrow);
      })()`,
    );
    await page.setViewportSize(PHONE);
    expect((await axeViolations(page)).some((v) => v.startsWith('label '))).toBe(true);
    expect((await sidewaysScroll(page)).excess).toBeGreaterThan(0);
    expect(await clippedSelects(page)).toEqual(['Planted: A choice far too long for its box']);
    await page.setViewportSize(DESK);
    await inPage(page, `document.getElementById('planted').remove()`);
    await inPage(page, `document.querySelector('select[aria-label="Planted"]').remove()`);
    await checkEverywhere('sign-in', 'phone-sign-in');
    await shot('01-sign-in');

    // A failed sign-in says so, and the message does not follow the visitor to "Create an account".
    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('alert').waitFor();
    await checkEverywhere('sign-in refused');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create an account' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);

    await page.getByLabel('Email').fill(EMAIL);
    await page.getByLabel('Password').fill(PASSWORD);
    await checkEverywhere('sign-up');
    await shot('02-sign-up');
    await page.getByRole('button', { name: 'Create account' }).click();
    // Back where the visitor was going.
    await page.getByRole('heading', { name: 'History', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/history');
    await page.getByText('No records match these filters.').waitFor();
    await checkEverywhere('history, empty');
    await nav('Names').click();
    await page.getByRole('heading', { name: 'Screen names' }).waitFor();
    await expect.poll(() => page.title()).toBe('Screen names · Screening');
    await checkEverywhere('names, empty form');
  });

  it('keyboard: the first Tab reaches the skip link, which moves focus to the content', async () => {
    // A new tab of the same session: a fresh page load, with no focus history from earlier clicks.
    const tab = await context.newPage();
    try {
      await tab.goto('/screen/names');
      await tab.getByRole('heading', { name: 'Screen names' }).waitFor();
      await tab.keyboard.press('Tab');
      expect((await focused(tab)).text).toBe('Skip to content');
      await tab.keyboard.press('Enter');
      expect((await focused(tab)).id).toBe('main');
      // Moving to another page puts focus on its content, not on the link that was pressed.
      await tab.getByRole('link', { name: 'History' }).focus();
      await tab.keyboard.press('Enter');
      await tab.getByRole('heading', { name: 'History', level: 1 }).waitFor();
      expect((await focused(tab)).id).toBe('main');
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
    // The new key takes focus, ready to copy.
    await expect.poll(async () => (await focused(page)).text).toMatch(/^Key “Onboarding service” created/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Key copied to the clipboard.').waitFor();
    expect(await inPage<string>(page, 'navigator.clipboard.readText()')).toBe(apiKey);
    await expectAccessibleForm();
    await checkEverywhere('keys, key created');
    await shot('03-keys-created');

    const row = page.getByRole('row', { name: /Onboarding service/ });
    const prefix = ((await row.getByRole('cell').nth(1).textContent()) ?? '').replace('…', '');
    expect(apiKey.startsWith(prefix)).toBe(true);
    await expect.poll(() => row.getByRole('cell').nth(3).textContent()).toBe('Never');
    // The hint says the server's rule: anyone may set a limit up to the default (the default itself included);
    // above it is for administrators.
    await page
      .getByText('You may set any limit up to the default; only administrators may set one above it.')
      .waitFor();

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
    await checkEverywhere('keys, two keys', 'phone-keys');
    // On a phone every key's Revoke button is in sight.
    await page.setViewportSize(PHONE);
    expect(await inSight(page.getByRole('button', { name: 'Revoke Old laptop' }))).toBe(true);
    await page.setViewportSize(DESK);

    await page.getByRole('button', { name: 'Revoke Old laptop' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke “Old laptop”?' });
    await dialog.waitFor();
    await checkEverywhere('keys, revoke confirmation');
    await shot('04-keys-revoke-confirm');
    // Cancel (focused first, so Enter is safe) keeps the key.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByRole('button', { name: 'Revoke Old laptop' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Revoke Old laptop' }).click();
    await dialog.getByRole('button', { name: 'Revoke key' }).click();
    await page.getByRole('button', { name: 'Revoke Old laptop' }).waitFor({ state: 'detached' });
    await page.getByText('Revoked keys (1)').click();
    await checkEverywhere('keys, revoked keys open');
    const res = await fetch(`${server.url}/api/v2/search`, {
      method: 'POST',
      headers: { 'x-api-key': oldKey, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'x' }),
    });
    expect(res.status).toBe(401);
  });

  it('screens a pasted list of names: grouped by name with summary, score bar and explanation', async () => {
    await nav('Names').click();
    await page.getByLabel('Names', { exact: true }).fill('Rustam Karimov\nJane Nobody\nKARIMOV, Rustam\n???');
    await page.getByLabel('Search type').selectOption('standard_match');
    await page.getByRole('button', { name: 'Screen', exact: true }).click();
    const results = page.getByRole('region', { name: 'Results' });
    await results.waitFor();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'with matches' }).textContent())
      .toMatch(/4 names · 2 with matches · 1 clear · 1 not screened/);
    // Focus is on the results heading.
    expect((await focused(page)).id).toBe('names-results');

    const karimov = page.getByRole('article', { name: 'Rustam Karimov', exact: true });
    expect(await karimov.getByText(/^\d+ match(es)?$/).textContent()).toMatch(/match/);
    const firstMatch = karimov.getByRole('row').nth(1);
    expect(await firstMatch.textContent()).toMatch(/ofac_(sdn|consolidated)/);
    const meter = firstMatch.getByRole('meter', { name: 'Match score' });
    expect(Number(await meter.getAttribute('aria-valuenow'))).toBeGreaterThan(80);
    await expect
      .poll(() => page.getByRole('article', { name: 'Jane Nobody' }).getByText('Clear').count())
      .toBe(1);
    // A name with nothing to screen is said to be not screened, never clear.
    const unscreened = page.getByRole('article', { name: '???' });
    await unscreened.getByText('Not screened', { exact: true }).waitFor();
    expect(await unscreened.getByText('Clear', { exact: true }).count()).toBe(0);
    expect(await unscreened.textContent()).toContain('no letters or digits to screen');
    // "KARIMOV, Rustam" on its own line is one name, reordered (commas split bulk names), and said so.
    await page.getByText('“KARIMOV, Rustam” as “Rustam KARIMOV”').waitFor();
    await page.getByRole('article', { name: 'Rustam KARIMOV', exact: true }).waitFor();

    await firstMatch.getByText('Explain').click();
    await firstMatch.getByText(/Compared with the listed name/).waitFor();
    expect(await firstMatch.getByRole('table', { name: 'Token pairs' }).textContent()).toMatch(/rustam/i);
    // The weights are explained in a line.
    await firstMatch.getByText(/Weight: how much the word counts towards the score/).waitFor();
    await checkEverywhere('names, results with an explanation', 'phone-names');
    await shot('05-names-results');

    // On a phone, the deciding cells of a match are in sight, not past the edge of a scrolling table.
    await page.setViewportSize(PHONE);
    for (const cell of [firstMatch.getByRole('button').first(), meter, firstMatch.getByText('Explain')])
      expect(await inSight(cell)).toBe(true);
    await page.setViewportSize(DESK);

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const csv = fs.readFileSync((await (await download).path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe('search_term,total_matches,id,name,list,source_uid,match_score,error');
    expect(lines).toContain('Jane Nobody,0,,,,,,');
    expect(lines).toContain('???,0,,,,,,no letters or digits to screen');
    expect(lines.some((l) => l.startsWith('Rustam Karimov,') && l.includes('ofac_sdn:7002'))).toBe(true);
  });

  it('a name too long is refused before sending, counted from 1 with the limit stated', async () => {
    const names = page.getByLabel('Names', { exact: true });
    const before = await names.inputValue();
    await names.fill(`Jane Nobody\n${'A'.repeat(513)}`);
    await page.getByRole('button', { name: 'Screen', exact: true }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toMatch(/^Name 2 \(“A{40}…”\) is longer than 512 characters \(513\); at most 512\.$/);
    await checkEverywhere('names, a name too long');
    await names.fill(before);
  });

  it('opens an entry from a match: records per list by title, fields in words; Escape closes it', async () => {
    const karimov = page.getByRole('article', { name: 'Rustam Karimov', exact: true });
    const nameButton = karimov.getByRole('row').nth(1).getByRole('button').first();
    const listedName = (await nameButton.textContent()) ?? '';
    await nameButton.click();
    const dialog = page.getByRole('dialog', { name: listedName });
    await dialog.waitFor();
    const sdn = dialog.getByRole('region', { name: `${SDN_TITLE} records` });
    await sdn.waitFor();
    await dialog.getByRole('region', { name: `${CONSOLIDATED_TITLE} records` }).waitFor();
    const text = (await sdn.textContent()) ?? '';
    expect(text).toMatch(/UID\s*7002/);
    expect(text).toMatch(/SDN type\s*Individual/);
    expect(text).toContain('SYRIA');
    // How the record was read is not the listed party's business; an unset flag says nothing.
    expect(text).not.toMatch(/published.format/i);
    expect(text).not.toMatch(/remarks.(truncated|cut short)/i);
    await checkEverywhere('entry details', 'phone-entry-details');
    await shot('06-entry-details');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // Focus returns to the match it was opened from.
    expect((await focused(page)).text).toBe(listedName);
  });

  it('checks wallets: listed first, an invalid address never clear, the entity opening entry details', async () => {
    await nav('Wallets').click();
    await page.getByLabel('Addresses').fill(`${CLEAR_ETH}\n${INVALID_ADDRESS}\n${LISTED_ETH.toLowerCase()}`);
    await page.getByRole('button', { name: 'Check' }).click();
    await page.getByRole('region', { name: 'Results' }).waitFor();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'screened' }).textContent())
      .toMatch(/3 screened · 1 listed · 1 clear · 1 invalid \(not screened\)/);
    expect((await focused(page)).id).toBe('wallet-results');
    const rows = page.getByRole('table', { name: /Wallet results/ }).getByRole('row');
    const first = rows.nth(1);
    expect(await first.textContent()).toMatch(/^Listed/);
    expect(await first.textContent()).toContain(LISTED_ETH.toLowerCase());
    expect(await first.textContent()).toMatch(new RegExp(`${LISTED_ETH_ENTITY}.*ofac_sdn.*ETH`));
    expect(await rows.nth(2).textContent()).toMatch(
      new RegExp(`^Invalid${INVALID_ADDRESS}.*invalid address`),
    );
    expect(await rows.nth(3).textContent()).toMatch(/^Clear/);
    expect(
      await page
        .getByRole('table', { name: /Wallet results/ })
        .getByText('Clear')
        .count(),
    ).toBe(1);
    await expectAccessibleForm();
    await checkEverywhere('wallets, results', 'phone-wallets');
    await shot('07-wallets');
    // On a phone the entity behind a listed address is in sight.
    await page.setViewportSize(PHONE);
    expect(await inSight(first.getByRole('button', { name: LISTED_ETH_ENTITY }))).toBe(true);
    await page.setViewportSize(DESK);
    await first.getByRole('button', { name: LISTED_ETH_ENTITY }).click();
    const dialog = page.getByRole('dialog', { name: LISTED_ETH_ENTITY });
    await dialog.getByRole('region', { name: `${SDN_TITLE} records` }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });
  });

  it('adverse media: every option on the form, and a server without a provider says who can fix it', async () => {
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
    // Each choice listed once: the default is not offered again under its own name.
    const options = (label: string) =>
      page.getByLabel(label, { exact: true }).locator('option').allTextContents();
    expect(await options('Mode')).toEqual(['Adverse (default)', 'General']);
    expect(await options('Search depth')).toEqual(['Basic (default)', 'Advanced', 'Fast', 'Ultra-fast']);
    await page.getByLabel('Topic').selectOption('general');
    await page.getByLabel('Country').fill('Syria');
    await expectAccessibleForm();
    await checkEverywhere('adverse media, every option', 'phone-adverse-media');
    // On a phone the time window stays inside its panel.
    await page.setViewportSize(PHONE);
    const panel = await page.locator('form.panel').boundingBox();
    const fieldset = await page.getByRole('group', { name: 'Time window' }).boundingBox();
    expect(fieldset!.x + fieldset!.width).toBeLessThanOrEqual(panel!.x + panel!.width);
    // "The last [month]" reads as one choice: its select sits on the same line as its radio button.
    const theLast = await page.getByRole('radio', { name: 'The last' }).boundingBox();
    const range = await page.getByLabel('Time range', { exact: true }).boundingBox();
    expect(range!.y).toBeLessThan(theLast!.y + theLast!.height);
    expect(range!.x).toBeGreaterThan(theLast!.x);
    await page.setViewportSize(DESK);

    await page.getByRole('button', { name: 'Screen', exact: true }).click();
    const notice = page.getByRole('status').filter({ hasText: 'not set up' });
    await notice.getByText('Adverse media screening is not set up on this server.').waitFor();
    expect(await notice.textContent()).toMatch(/administrator/);
    expect(await notice.textContent()).toMatch(/trying again will not help/);
    expect(await notice.textContent()).not.toMatch(/try again later/i);
    await checkEverywhere('adverse media, not set up', 'phone-adverse-media-unavailable');
    await shot('08-adverse-media-unavailable');

    // A provider that did not answer is another matter: trying again later may help, and the page says so.
    await page.route('**/api/v2/adverse-media-search', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'the search provider could not be reached' }),
      }),
    );
    await page.getByRole('button', { name: 'Screen', exact: true }).click();
    const down = page.getByRole('status').filter({ hasText: 'did not answer' });
    await down.getByText('The news search did not answer, so nothing was screened.').waitFor();
    expect(await down.textContent()).toMatch(
      /the search provider could not be reached.*Try again in a few minutes/,
    );
    await checkEverywhere('adverse media, provider not answering');
    await page.unroute('**/api/v2/adverse-media-search');
  });

  const SCORED = {
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
  };

  it('adverse media: renders the scored response, risk first, with a degraded analysis made visible', async () => {
    // The search provider and model are another part's concern; here the browser is handed a response of
    // the spec's shape to check how it is shown.
    await page.route('**/api/v2/adverse-media-search', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(SCORED) }),
    );
    await page.getByRole('button', { name: 'Screen', exact: true }).click();
    const risk = page.getByRole('region', { name: 'High risk' });
    await risk.waitFor();
    // The results take focus.
    expect((await focused(page)).text).toMatch(/^High risk/);
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
    await checkEverywhere('adverse media, scored', 'phone-adverse-media-scored');
    await shot('09-adverse-media-scored');
    await page.unroute('**/api/v2/adverse-media-search');
  });

  it('reads the history in outcomes: what was screened, what it found, the call in words', async () => {
    await nav('History').click();
    const table = page.getByRole('table', { name: /Usage records/ });
    await table.waitFor();
    const rows = table.locator('tbody > tr');
    // Screening calls only, newest first: adverse media (503), bulk wallets, bulk names, the key's single name.
    // The catalog read by the entry details dialog stays out.
    await expect.poll(() => rows.count()).toBe(4);
    expect(await table.textContent()).not.toMatch(/List catalog read|Error 401/);
    const cells = (n: number, label: string) =>
      rows.nth(n).locator(`td[data-label="${label}"]`).textContent();
    expect(await cells(0, 'Screened')).toBe('Rustam Karimov');
    expect(await cells(0, 'Outcome')).toBe('Error 503 · unavailable');
    expect(await cells(0, 'Call')).toMatch(/^Adverse media screening/);
    expect(await cells(1, 'Screened')).toBe(`${CLEAR_ETH} and 2 more`);
    expect(await cells(1, 'Outcome')).toBe('1 listed');
    expect(await cells(1, 'Call')).toBe('Wallets screening (bulk)');
    expect(await cells(1, 'By')).toBe('Dashboard');
    expect(await cells(2, 'Screened')).toBe('Rustam Karimov and 3 more');
    expect(await cells(2, 'Outcome')).toMatch(/^\d+ matches$/);
    expect(await cells(2, 'Call')).toBe('Names screening (bulk)standard match');
    // The key's own call (a refused call with the revoked key belongs to no one).
    const byKey = rows.filter({ hasText: 'Onboarding service' });
    expect(await byKey.count()).toBe(1);
    expect(await byKey.locator('td[data-label="Outcome"]').textContent()).toMatch(/^\d+ match(es)?$/);
    expect(await byKey.locator('td[data-label="Call"]').textContent()).toBe('Name screeningfuzzy search');
    expect(await table.textContent()).not.toContain('/api/');

    // A hit never wears an HTTP error's colour, in either scheme.
    const background = (n: number) =>
      rows
        .nth(n)
        .locator('td[data-label="Outcome"] .badge')
        .evaluate((el) => (globalThis as unknown as BrowserWindow).getComputedStyle(el).backgroundColor);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      expect(await background(2)).not.toBe(await background(0));
    }
    await page.emulateMedia({ colorScheme: 'light' });

    await rows.nth(2).getByRole('button', { name: 'Details' }).click();
    const detail = table.locator('tr.record-detail');
    expect(await detail.textContent()).toMatch(/POST \/api\/v2\/bulk-search · HTTP 200/);
    expect(await detail.getByRole('figure', { name: 'Request' }).textContent()).toContain('Rustam Karimov');
    expect(await detail.getByRole('figure', { name: 'Response' }).textContent()).toContain('search_term');
    await expectAccessibleForm();
    await checkEverywhere('history, a record open', 'phone-history');
    await shot('10-history');
    // On a phone what was screened and what it found are in sight.
    await page.setViewportSize(PHONE);
    for (const label of ['Screened', 'Outcome'])
      expect(await inSight(rows.nth(0).locator(`td[data-label="${label}"]`))).toBe(true);
    await page.setViewportSize(DESK);

    // Every call, on request: the catalog read shows, with its HTTP status.
    await page.getByLabel('Calls').selectOption({ label: 'Every call, list catalog reads too' });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?endpoint=all');
    await expect.poll(() => table.textContent()).toMatch(/List catalog read/);

    await page.getByLabel('Calls').selectOption({ label: 'Wallets screening (bulk)' });
    await page.getByLabel('HTTP status').selectOption('200');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect
      .poll(() => new URL(page.url()).search)
      .toBe('?endpoint=%2Fapi%2Fv2%2Fbulk-wallet-search&status=200');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await cells(0, 'Call')).toBe('Wallets screening (bulk)');
    // Filters live in the address: a reload keeps them.
    await page.reload();
    await expect.poll(() => page.getByLabel('Calls').inputValue()).toBe('/api/v2/bulk-wallet-search');
    await expect.poll(() => rows.count()).toBe(1);
    await checkEverywhere('history, filtered');
    await shot('11-history-filtered');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csv = fs.readFileSync((await (await download).path())!, 'utf8');
    const lines = csv.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,created_at,endpoint,method,search_type,status,duration_ms,api_key_id,request_id,outcome,outcome_count,subject,subject_count,additional_call_info,request,response',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`/api/v2/bulk-wallet-search`);
    expect(lines[1]).toContain(`,matches,1,${CLEAR_ETH},3,`);
    await page.getByRole('button', { name: 'Reset' }).click();
  });

  // Evidence (issue 18): a history row's printable evidence page.
  it("opens a record's evidence from the history: versions, engine, chain position, printable", async () => {
    await nav('History').click();
    const table = page.getByRole('table', { name: /Usage records/ });
    await table.waitFor();
    const rows = table.locator('tbody > tr');
    await expect.poll(() => rows.count()).toBe(4);
    // The bulk names call (third newest): it ran against the carried lists.
    await rows
      .nth(2)
      .getByRole('link', { name: /^Evidence of the call at / })
      .click();
    await page.getByRole('heading', { name: 'Screening evidence', level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/history/evidence');
    const versions = page.getByRole('table', { name: /List versions this screening ran against/ });
    await versions.waitFor();
    expect(await versions.textContent()).toContain('ofac_sdn');
    expect(await page.locator('main').textContent()).toMatch(
      /Screened against \d+ list versions? with matching engine/,
    );
    expect(await page.locator('main').textContent()).toMatch(
      /Intact.*Batch \d+ of the usage chain; its records match its hash/,
    );
    expect(await page.locator('main').textContent()).toMatch(/[0-9a-f]{64}/);
    expect(await page.getByRole('figure', { name: 'Request' }).textContent()).toContain('Rustam Karimov');
    await checkEverywhere('evidence', 'phone-evidence');
    await shot('11b-evidence');
    // Printed, the page is the evidence alone: no navigation, no buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.site-header').isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Print' }).isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    await page.getByRole('link', { name: '← History' }).click();
    await table.waitFor();
  });

  it('shows the list catalog: refreshed when, and how old the data is, said apart; problems stand out', async () => {
    await nav('Lists').click();
    const table = page.getByRole('table', { name: 'List catalog' });
    await table.waitFor();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'lists' }).textContent())
      .toMatch(
        new RegExp(
          `^2 lists · 4 records · all refreshed in the last [^;]+; oldest data: (${escape(SDN_TITLE)}|${escape(CONSOLIDATED_TITLE)}), dated 2026-11-20`,
        ),
      );
    const sdn = table.getByRole('row', { name: /ofac_sdn/ });
    expect(await sdn.locator('td[data-label="Status"]').textContent()).toBe('Refreshed');
    expect(await sdn.locator('td[data-label="Freshness"]').textContent()).toMatch(
      /^Refreshed (just now|\d+ min ago); data dated 2026-11-20/,
    );
    expect(await sdn.locator('td[data-label="Records"]').textContent()).toBe('3');
    await checkEverywhere('lists', 'phone-lists');
    await shot('12-lists');
    // On a phone the data date is in sight.
    await page.setViewportSize(PHONE);
    expect(await inSight(sdn.locator('td[data-label="Freshness"]'))).toBe(true);
    await page.setViewportSize(DESK);

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
          last_success_at: null,
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
    // The button reads the catalog again; it does not refresh the lists, and says so.
    await page.getByRole('button', { name: 'Reload catalog' }).click();
    await page.getByText('3 need attention').waitFor();
    const bodyRows = table.locator('tbody > tr');
    expect(await bodyRows.nth(0).getAttribute('class')).toBe('row-failed');
    expect(await bodyRows.nth(0).textContent()).toMatch(/eu_consolidated.*Failed.*Never loaded.*HTTP 500/);
    expect(await bodyRows.nth(1).getAttribute('class')).toBe('row-held_for_review');
    expect(await bodyRows.nth(1).textContent()).toMatch(
      /uk_sanctions.*Held for review.*12,828 records: −2,137 \+0 ~0\) is held for review: removes 2137 of 14965.*accepts or rejects version 0190aaaa/,
    );
    expect(await bodyRows.nth(2).textContent()).toMatch(
      /un_consolidated.*Stale.*Last good refresh.*download timed out.*previous version/,
    );
    await page.getByText(/answers 503 until every carried list has loaded/).waitFor();
    await checkEverywhere('lists, two need attention');
    await shot('13-lists-attention');
    await page.unroute('**/api/v2/lists');
  });

  it('screens a name with qualifiers: checked before sending, each check explained, a contradiction clears it', async () => {
    let sent = 0;
    const count = (r: { url(): string }) => {
      if (r.url().endsWith('/api/v2/bulk-search')) sent++;
    };
    page.on('request', count);
    await nav('Names').click();
    await page.getByLabel('Names', { exact: true }).fill('Rustam Karimov');
    await page.getByLabel('Search type').selectOption('standard_match');
    const birth = page.getByLabel('Date of birth');
    const countries = page.getByLabel('Countries');
    const kind = page.getByLabel('Kind of party');
    const screen = page.getByRole('button', { name: 'Screen', exact: true });
    // A date the API would refuse is refused here, in its words, and nothing is sent.
    await birth.fill('1952-13');
    await screen.click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Date of birth must be a date written YYYY, YYYY-MM or YYYY-MM-DD (got “1952-13”).');
    expect(sent).toBe(0);
    await birth.fill('');

    // Karimov's listings give an address in Syria: France contradicts (-15), the match stays above 80, lowered.
    await countries.fill('France');
    await screen.click();
    const karimov = page.getByRole('article', { name: 'Rustam Karimov', exact: true });
    await page.getByText(/^Qualifiers applied to every name: country France\./).waitFor();
    const firstMatch = karimov.getByRole('row').nth(1);
    const score = Number(
      await firstMatch.getByRole('meter', { name: 'Match score' }).getAttribute('aria-valuenow'),
    );
    expect(score).toBeGreaterThanOrEqual(80);
    expect(score).toBeLessThanOrEqual(85);
    await firstMatch.getByText('Explain').click();
    const checks = firstMatch.getByRole('table', { name: 'Qualifier checks' });
    expect(await checks.locator('tbody > tr').allTextContents()).toEqual([
      'Countrycontradicts (-15 points)FR against the listed SY',
    ]);
    await firstMatch.getByText(/Qualifiers checked: name score \d+(\.\d)?, -15 points\./).waitFor();
    await checkEverywhere('names, qualifiers explained');
    await shot('05b-names-qualifiers');

    // A vessel as well (-30): no listing of Karimov reaches the threshold any more.
    await kind.selectOption('vessel');
    await screen.click();
    await page.getByText(/^Qualifiers applied to every name: country France · kind vessel\./).waitFor();
    await expect.poll(() => karimov.getByText('Clear', { exact: true }).count()).toBe(1);
    expect(sent).toBe(2);

    // A country the server does not know is its 400, shown as it says it.
    await countries.fill('Atlantis');
    await kind.selectOption('');
    await screen.click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/unknown country 'Atlantis'/);
    await countries.fill('');
    page.off('request', count);
  });

  it("screens a CSV of names with each row's own qualifiers: sent as records, a contradicting birth year clears", async () => {
    await nav('Names').click();
    await page.getByLabel('Search type').selectOption('standard_match');
    const upload = page.getByLabel('Or upload a CSV');
    const screen = page.getByRole('button', { name: 'Screen', exact: true });
    const olena = page.getByRole('article', { name: 'Olena Fixtureva', exact: true });
    const csv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });
    /** Screens what the box holds; the bulk-search body sent. */
    const screenAndSend = async () => {
      const request = page.waitForRequest((r) => r.url().endsWith('/api/v2/bulk-search'));
      await screen.click();
      return (await request).postDataJSON() as Record<string, unknown>;
    };

    // The same names without a birth date: Olena Fixtureva (born 1962 on the list) matches, sent as `names`.
    await upload.setInputFiles(csv('plain.csv', 'name,birth_date\nOlena Fixtureva,\nJane Nobody,\n'));
    await page.getByText('2 names · 2 names read from plain.csv.').waitFor();
    const plain = await screenAndSend();
    expect(plain.names).toBe('Olena Fixtureva, Jane Nobody');
    expect(plain).not.toHaveProperty('records');
    await expect.poll(() => olena.getByRole('meter', { name: 'Match score' }).count()).toBeGreaterThan(0);
    expect(await olena.getByText('Clear', { exact: true }).count()).toBe(0);

    // A bad cell is refused before sending, naming its row and column.
    let sent = 0;
    const count = (r: { url(): string }) => {
      if (r.url().endsWith('/api/v2/bulk-search')) sent++;
    };
    page.on('request', count);
    await upload.setInputFiles(
      csv('bad.csv', 'name,entity_type\nJane Nobody,person\nOlena Fixtureva,ship\n'),
    );
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe(
        "Row 3, column “entity_type”: entity_type must be one of person, entity, vessel, aircraft (got 'ship').",
      );
    expect(sent).toBe(0);
    page.off('request', count);

    // With a contradicting birth year in her row, she is sent as a record with it and falls under the threshold.
    await upload.setInputFiles(
      csv('born.csv', 'Name,Birth Date,Country\nOlena Fixtureva,1990,\nJane Nobody,,\n'),
    );
    await page.getByText('2 names · 2 names read from born.csv, 1 with its own qualifiers.').waitFor();
    const born = await screenAndSend();
    expect(born).not.toHaveProperty('names');
    expect(born.records).toEqual([{ name: 'Olena Fixtureva', birth_date: '1990' }, { name: 'Jane Nobody' }]);
    await page.getByText(/^1 name screened with qualifiers from born\.csv\./).waitFor();
    await expect.poll(() => olena.getByText('Clear', { exact: true }).count()).toBe(1);
    await checkEverywhere('names, a CSV with qualifiers');
    await shot('05c-names-csv-qualifiers');

    // Editing the box after the upload drops the file's qualifiers, and says so.
    await page.getByLabel('Names', { exact: true }).fill('Olena Fixtureva');
    await page.getByText('Edited: the qualifiers from born.csv no longer apply.', { exact: false }).waitFor();
    const edited = await screenAndSend();
    expect(edited.names).toBe('Olena Fixtureva');
    await expect.poll(() => olena.getByRole('meter', { name: 'Match score' }).count()).toBeGreaterThan(0);
  });

  it('imports customers from a CSV: progress, rows set aside or refused with their row, search, add one', async () => {
    await nav('Customers').click();
    await page.getByRole('heading', { name: 'Customers', level: 1 }).waitFor();
    await page.getByText('No customers yet: import a CSV or add one.').waitFor();
    await expectAccessibleForm();
    await checkEverywhere('customers, empty');

    // Row 4 has no name (set aside before sending); row 6 has nothing to screen (refused by the server, the
    // rest of its call sent again).
    const csv = [
      'name,reference,country,segment',
      'Rustam Karimov,c-1,SY,retail',
      'Jane Nobody,c-2,GB,retail',
      ',c-3,,',
      'Olena Fixtureva,c-4,,private',
      '???,c-5,,',
    ].join('\r\n');
    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page
      .getByText('4 customers read from customers.csv · 1 row set aside · columns not read: segment')
      .waitFor();
    await page.getByRole('button', { name: 'Import 4 customers' }).click();
    await page
      .getByText('Imported 3 of 4 customers · 1 row refused by the server. New matches are in Alerts.')
      .waitFor();
    expect(
      await page.getByRole('progressbar', { name: 'Screening and storing customers' }).getAttribute('value'),
    ).toBe('4');
    const problems = page.getByRole('table', { name: 'Rows not imported' });
    expect(await problems.locator('tbody > tr').allTextContents()).toEqual([
      '4(empty)name is empty',
      '6???name: no letters or digits to screen',
    ]);
    const table = page.getByRole('table', { name: /Customers, oldest first/ });
    await expect
      .poll(() => table.locator('td[data-label="Name"]').allTextContents())
      .toEqual(['Rustam Karimov', 'Jane Nobody', 'Olena Fixtureva']);
    // The country column is read as a qualifier (Karimov's agrees with his listings: his alerts stand).
    expect(await table.locator('td[data-label="Qualifiers"]').allTextContents()).toEqual([
      'country SY',
      'country GB',
      '—',
    ]);
    await checkEverywhere('customers, imported', 'phone-customers');
    await shot('17-customers-imported');
    await darkShot('17-customers-imported');
    // On a phone a customer's name and reference are in sight.
    await page.setViewportSize(PHONE);
    for (const label of ['Name', 'Reference'])
      expect(await inSight(table.locator(`td[data-label="${label}"]`).first())).toBe(true);
    await page.setViewportSize(DESK);

    await page.getByLabel('Name contains').fill('olena');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?name=olena');
    await expect
      .poll(() => table.locator('td[data-label="Name"]').allTextContents())
      .toEqual(['Olena Fixtureva']);
    await page.getByRole('button', { name: 'Show all' }).click();
    await expect.poll(() => table.locator('tbody > tr').count()).toBe(3);

    await page.getByLabel('Name', { exact: true }).fill('Jane Added');
    await page.getByLabel('Reference (optional)').fill('c-9');
    await page.getByRole('button', { name: 'Add and screen' }).click();
    await page.getByText('“Jane Added” added and screened. Any matches are in Alerts.').waitFor();
    await expect.poll(() => table.locator('tbody > tr').count()).toBe(4);
    await checkEverywhere('customers, one added');

    // Qualifiers kept with a customer: a date refused before sending; Karimov as a French vessel raises no alert
    // (the alerts inbox below still holds three).
    await page.getByLabel('Name', { exact: true }).fill('Rustam Karimov');
    await page.getByLabel('Reference (optional)').fill('c-10');
    await page.getByLabel('Date of birth').fill('07/10/1952');
    await page.getByRole('button', { name: 'Add and screen' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Date of birth must be a date written YYYY, YYYY-MM or YYYY-MM-DD (got “07/10/1952”).');
    await page.getByLabel('Date of birth').fill('');
    await page.getByLabel('Countries').fill('FR');
    await page.getByLabel('Kind of party').selectOption('vessel');
    await page.getByRole('button', { name: 'Add and screen' }).click();
    await page.getByText('“Rustam Karimov” added and screened. Any matches are in Alerts.').waitFor();
    await expect.poll(() => table.locator('tbody > tr').count()).toBe(5);
    expect(await table.locator('td[data-label="Qualifiers"]').last().textContent()).toBe(
      'country FR · kind vessel',
    );
    await checkEverywhere('customers, one added with qualifiers');
  });

  it('alerts inbox: open first, the customer beside the listed record, a decision needing a reason, the history', async () => {
    await nav('Alerts').click();
    const table = page.getByRole('table', { name: /Alerts, those waiting/ });
    await table.waitFor();
    // Rustam Karimov is on both lists, Olena Fixtureva on one; Jane Nobody and Jane Added on none.
    await page.getByText('3 open alerts').waitFor();
    expect(await table.locator('td[data-label="Status"]').allTextContents()).toEqual([
      'Open',
      'Open',
      'Open',
    ]);
    const customers = await table.locator('td[data-label="Customer"]').allTextContents();
    expect(customers.sort()).toEqual(['Olena Fixturevac-4', 'Rustam Karimovc-1', 'Rustam Karimovc-1']);
    expect(await table.textContent()).toContain(SDN_TITLE);
    await checkEverywhere('alerts, inbox', 'phone-alerts');
    await shot('18-alerts-inbox');
    await darkShot('18-alerts-inbox');
    await page.setViewportSize(PHONE);
    const olenaRow = table.locator('tbody > tr').filter({ hasText: 'Olena Fixtureva' });
    for (const label of ['Customer', 'Status'])
      expect(await inSight(olenaRow.locator(`td[data-label="${label}"]`))).toBe(true);
    await page.setViewportSize(DESK);

    await olenaRow.getByRole('link', { name: /^Review Olena Fixtureva/ }).click();
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent()).toMatch(/^Olena Fixtureva and .*FIXTUREVA/i);
    // Opening an alert puts focus on it.
    expect((await focused(page)).text).toMatch(/^Olena Fixtureva and/);
    const customer = page.getByRole('region', { name: 'Your customer' });
    const listed = page.getByRole('region', { name: 'Listed record' });
    expect(await customer.textContent()).toMatch(/NameOlena Fixtureva.*Referencec-4/);
    expect(await listed.textContent()).toMatch(new RegExp(`${escape(SDN_TITLE)}.*entry 7003.*UID\\s*7003`));
    expect(await listed.textContent()).toContain('UKRAINE-EO13660');
    const why = page.getByRole('region', { name: 'Why it matched' });
    expect(await why.textContent()).toMatch(/at or above the threshold of 80 \(standard match\)/);
    expect(await why.getByRole('table', { name: 'Token pairs' }).textContent()).toMatch(/olena/i);
    // The listed party's facts, as the list publishes them.
    expect(await why.textContent()).toMatch(/Listed kind of party\s*person/);
    // Side by side on a desk, one above the other on a phone.
    const [c, l] = [await customer.boundingBox(), await listed.boundingBox()];
    expect(Math.abs(c!.y - l!.y)).toBeLessThan(2);
    expect(l!.x).toBeGreaterThan(c!.x + c!.width - 1);
    await page.setViewportSize(PHONE);
    const [cp, lp] = [await customer.boundingBox(), await listed.boundingBox()];
    expect(lp!.y).toBeGreaterThanOrEqual(cp!.y + cp!.height);
    await page.setViewportSize(DESK);

    // Clearing and confirming wait for a reason; escalating does not.
    const clear = page.getByRole('button', { name: 'Clear: not the listed party' });
    const confirm = page.getByRole('button', { name: 'Confirm match' });
    expect(await clear.isDisabled()).toBe(true);
    expect(await confirm.isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Escalate' }).isDisabled()).toBe(false);
    await page.getByLabel('Reason').fill('   ');
    expect(await clear.isDisabled()).toBe(true);
    await checkEverywhere('alert, open', 'phone-alert-open');
    await shot('19-alert-open');
    await page.getByLabel('Reason').fill('Different date of birth: 1990 against 1962 on the list');
    expect(await clear.isDisabled()).toBe(false);
    await clear.click();
    await page.getByText('Recorded: Cleared.').waitFor();
    expect(await page.locator('.alert-head .badge').textContent()).toBe('Cleared');
    const history = page.getByRole('list').filter({ hasText: 'Raised as Open' });
    const lines = history.getByRole('listitem');
    await expect.poll(() => lines.count()).toBe(2);
    expect(await lines.nth(0).textContent()).toMatch(/Raised as Open.*Screening service.*new match/);
    expect(await lines.nth(1).textContent()).toMatch(
      new RegExp(
        `Open → Cleared.*${escape(EMAIL)}.*“Different date of birth: 1990 against 1962 on the list”`,
      ),
    );
    // The history takes focus, and the reason box is empty for the next decision.
    expect((await focused(page)).text).toBe('History');
    expect(await page.getByLabel('Reason').inputValue()).toBe('');
    await checkEverywhere('alert, cleared', 'phone-alert-cleared');
    await shot('20-alert-cleared');
    await darkShot('20-alert-cleared');
    // A reload opens the same alert: it lives in the address.
    await page.reload();
    await expect.poll(() => page.locator('.alert-head .badge').textContent()).toBe('Cleared');

    await page.getByRole('link', { name: '← Back to the alerts' }).click();
    await page.getByText('2 open alerts').waitFor();
    expect(await table.textContent()).not.toContain('Olena Fixtureva');
    await page.getByLabel('Status').selectOption('cleared');
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?status=cleared');
    await expect
      .poll(() => table.locator('td[data-label="Customer"]').allTextContents())
      .toEqual(['Olena Fixturevac-4']);
    await page.getByLabel('Status').selectOption('any');
    await page.getByLabel('List').selectOption({ label: CONSOLIDATED_TITLE });
    await page.getByRole('button', { name: 'Apply filters' }).click();
    await expect.poll(() => table.textContent()).toMatch(/Rustam Karimov.*OFAC Consolidated/);
    expect(await table.locator('tbody > tr').count()).toBe(1);
    await checkEverywhere('alerts, filtered');
    await page.getByRole('button', { name: 'Reset' }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('');
  });

  it('webhooks: the secret shown once, deliveries with their attempts, and Retry', async () => {
    await nav('Webhooks').click();
    await page.getByText('No endpoints yet.').waitFor();
    await page.getByLabel('Address').fill(receiver.url);
    for (const e of ['alert.created', 'alert.reopened', 'alert.delisted'])
      expect(await page.getByRole('checkbox', { name: new RegExp(escape(e)) }).isChecked()).toBe(true);
    expect(await page.getByRole('checkbox', { name: /list\.updated/ }).isChecked()).toBe(false);
    await expectAccessibleForm();
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const secretBox = page.getByLabel('Signing secret', { exact: true });
    await secretBox.waitFor();
    const secret = await secretBox.inputValue();
    expect(secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    await page.getByText('Copy the secret now: you will not see it again.').waitFor();
    await expect.poll(async () => (await focused(page)).text).toMatch(/^Endpoint added: its signing secret/);
    await page.getByRole('button', { name: 'Copy' }).click();
    await page.getByText('Secret copied to the clipboard.').waitFor();
    expect(await inPage<string>(page, 'navigator.clipboard.readText()')).toBe(secret);
    const endpoints = page.getByRole('table', { name: 'Your endpoints' });
    expect(await endpoints.textContent()).toContain(receiver.url);
    await checkEverywhere('webhooks, secret shown', 'phone-webhooks-secret');
    await shot('21-webhooks-secret');
    await page.getByRole('button', { name: 'I have stored it' }).click();
    expect(await page.content()).not.toContain(secret);
    await page.reload();
    await endpoints.waitFor();
    expect(await page.content()).not.toContain(secret);

    // A new customer on both lists: two alert.created events. The receiver refuses the first POST (500), so
    // one delivery waits to retry; the other is delivered.
    const res = await fetch(`${server.url}/api/v2/subjects`, {
      method: 'POST',
      headers: { 'x-api-key': apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ subjects: [{ name: 'Rustam Karimov', reference: 'c-20' }] }),
    });
    expect(res.status).toBe(200);
    await expect.poll(() => receiver.received.length, { timeout: 15_000 }).toBe(2);
    await page.getByRole('button', { name: `Deliveries to ${receiver.url}` }).click();
    const deliveries = page.getByRole('table', { name: /Deliveries, newest first/ });
    await deliveries.waitFor();
    const rows = deliveries.locator('tbody > tr');
    expect(await rows.count()).toBe(2);
    const waiting = rows.filter({ hasText: 'Waiting to retry' });
    await expect.poll(() => waiting.count()).toBe(1);
    expect(await waiting.locator('td[data-label="Attempts"]').textContent()).toMatch(
      /^HTTP 500 in \d[\d,]* ms/,
    );
    expect(await waiting.locator('td[data-label="Next retry"]').textContent()).not.toBe('—');
    const delivered = rows.filter({ hasText: 'Delivered' });
    expect(await delivered.locator('td[data-label="Attempts"]').textContent()).toMatch(/^HTTP 200 in/);
    expect(await deliveries.textContent()).toContain('alert.created');
    await checkEverywhere('webhooks, deliveries', 'phone-webhooks');
    await shot('22-webhooks-deliveries');
    await darkShot('22-webhooks-deliveries');
    await page.setViewportSize(PHONE);
    expect(await inSight(waiting.getByRole('button', { name: /^Retry now/ }))).toBe(true);
    await page.setViewportSize(DESK);

    await waiting.getByRole('button', { name: /^Retry now/ }).click();
    await page.getByText(/is being sent again/).waitFor();
    await expect.poll(() => receiver.received.length).toBe(3);
    await expect
      .poll(async () => {
        await page.getByRole('button', { name: 'Reload deliveries' }).click();
        return rows.filter({ hasText: 'Delivered' }).count();
      })
      .toBe(2);
    const retried = rows.filter({ hasText: /HTTP 500.*HTTP 200/ });
    expect(await retried.count()).toBe(1);
    // The secret shown once is the one that signs the deliveries.
    for (const r of receiver.received) {
      const [t, v1] = /t=(\d+),v1=([0-9a-f]+)/.exec(r.signature)!.slice(1);
      expect(createHmac('sha256', secret).update(`${t}.${r.body}`).digest('hex')).toBe(v1);
    }
  });

  it('focus lands on the results after every screening, by keyboard or by click', async () => {
    await nav('Names').click();
    await page.getByLabel('Names', { exact: true }).fill('Rustam Karimov\nJane Nobody');
    const button = page.getByRole('button', { name: 'Screen', exact: true });
    const usageLine = page.getByText(/^Usage record /);
    for (let i = 0; i < 24; i++) {
      const before = (await usageLine.count()) ? await usageLine.textContent() : null;
      if (i % 2) {
        await button.focus();
        await page.keyboard.press('Enter');
      } else await button.click();
      await expect.poll(() => usageLine.textContent()).not.toBe(before);
      // Focus moves in the same update that shows the results: no waiting for it.
      expect((await focused(page)).id, `names screening ${i + 1}`).toBe('names-results');
    }

    await nav('Wallets').click();
    await page.getByLabel('Addresses').fill(LISTED_ETH);
    const check = page.getByRole('button', { name: 'Check' });
    for (let i = 0; i < 8; i++) {
      const before = (await usageLine.count()) ? await usageLine.textContent() : null;
      if (i % 2) {
        await check.focus();
        await page.keyboard.press('Enter');
      } else await check.click();
      await expect.poll(() => usageLine.textContent()).not.toBe(before);
      expect((await focused(page)).id, `wallet screening ${i + 1}`).toBe('wallet-results');
    }

    await nav('Adverse media').click();
    let served = 0;
    await page.route('**/api/v2/adverse-media-search', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ ...SCORED, summary: { returned: 2, name_verified: ++served } }),
      }),
    );
    for (let i = 1; i <= 6; i++) {
      const screen = page.getByRole('button', { name: 'Screen', exact: true });
      if (i % 2) {
        await screen.focus();
        await page.keyboard.press('Enter');
      } else await screen.click();
      await page.getByText(`2 returned · ${i} name the subject`).waitFor();
      expect((await focused(page)).text, `adverse media screening ${i}`).toMatch(/^High risk/);
    }
    await page.unroute('**/api/v2/adverse-media-search');
  });

  it('compares two names: score against the threshold, the explanation, and each side’s qualifiers checked', async () => {
    await nav('Compare').click();
    await page.getByRole('heading', { name: 'Compare two names', level: 1 }).waitFor();
    await expectAccessibleForm();
    const compare = page.getByRole('button', { name: 'Compare', exact: true });
    await compare.click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Enter Name A.');

    await page.getByLabel('Name A').fill('Rustam Karimov');
    await page.getByLabel('Name B').fill('KARIMOV, Rustam');
    await page.getByLabel('Search type').selectOption('standard_match');
    await compare.click();
    const result = page.getByRole('region', { name: 'Result' });
    const summary = result.getByRole('status');
    await expect
      .poll(() => summary.textContent())
      .toMatch(/^Match.*at or above the threshold of 80 \(standard match\)$/);
    expect((await focused(page)).id).toBe('compare-result');
    expect(await result.getByRole('table', { name: 'Token pairs' }).textContent()).toMatch(/karimov/i);

    // A person (A) against a vessel (B): the kind contradicts (-30) and the pair no longer matches.
    const side = (s: 'A' | 'B') => page.getByRole('group', { name: `What you know of ${s} (optional)` });
    await side('A').getByLabel('Kind of party').selectOption('person');
    await side('B').getByLabel('Kind of party').selectOption('vessel');
    // A side's date the API would refuse is refused here, naming the side.
    await side('B').getByLabel('Date of birth').fill('1952-02-30');
    await compare.click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe('Side B: Date of birth must be a date written YYYY, YYYY-MM or YYYY-MM-DD (got “1952-02-30”).');
    await side('B').getByLabel('Date of birth').fill('');
    await compare.click();
    await expect
      .poll(() => summary.textContent())
      .toMatch(/^No match.*below the threshold of 80 \(standard match\)$/);
    expect(
      await result.getByRole('table', { name: 'Qualifier checks' }).locator('tbody > tr').allTextContents(),
    ).toEqual(['Kind of partycontradicts (-30 points)a person against a listed vessel']);
    expect(
      Number(await result.getByRole('meter', { name: 'Match score' }).getAttribute('aria-valuenow')),
    ).toBeLessThan(80);
    await checkEverywhere('compare, qualifiers explained', 'phone-compare');
    await shot('19b-compare');
  });

  it('effectiveness: admins only; recall and alert-rate charts with their tables, printable', async () => {
    await nav('Effectiveness').click();
    await page.getByRole('heading', { name: 'Screening effectiveness', level: 1 }).waitFor();
    await expect.poll(() => page.title()).toBe('Effectiveness · Screening');
    await expectAccessibleForm();
    await checkEverywhere('effectiveness, empty form');
    await page.getByLabel('Names per manipulation').fill('5');
    await page.getByLabel('Clean names').fill('20');
    await page.getByRole('button', { name: 'Run report' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Only an admin may run the effectiveness report' })
      .waitFor();
    const admin = await runCli(['users', 'set-admin', '--email', EMAIL], {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
    });
    expect(admin.code, admin.stderr).toBe(0);
    await page.getByRole('button', { name: 'Run report' }).click();
    await page.getByRole('heading', { name: 'Report, seed 1' }).waitFor();
    await page.getByRole('img', { name: /^Recall by manipulation and search type/ }).waitFor();
    await page.getByRole('img', { name: /^Alert rate by search type/ }).waitFor();
    const recall = page.getByRole('table', { name: 'Recall by manipulation' });
    // A heading row and one row per manipulation, each with a share (or n/a) per search type.
    expect(await recall.getByRole('row').count()).toBe(8);
    expect(await recall.getByRole('row', { name: /^typo/ }).textContent()).toMatch(/(\d+\.\d%|n\/a)/);
    const alerts = page.getByRole('table', { name: 'Alert rate by search type' });
    expect(await alerts.getByRole('row').count()).toBe(5);
    const first = await recall.textContent();
    await checkEverywhere('effectiveness report', 'phone-effectiveness');
    await shot('13b-effectiveness');
    // The same seed gives the same report.
    await page.getByRole('button', { name: 'Run report' }).click();
    await page.getByRole('button', { name: 'Run report' }).waitFor();
    expect(await recall.textContent()).toBe(first);
    // Printed, the report stands alone: no navigation, form or buttons.
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('navigation', { name: 'Pages' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Run report' }).isVisible()).toBe(false);
    expect(await recall.isVisible()).toBe(true);
    await page.emulateMedia({ media: 'screen' });
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
    await checkEverywhere('session ended');
    await shot('14-session-ended');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Screen names' }).waitFor();
    expect(await page.getByLabel('Names', { exact: true }).inputValue()).toBe('Olena Fixtureva');
    await page.getByRole('button', { name: 'Screen', exact: true }).click();
    await page.getByRole('article', { name: 'Olena Fixtureva' }).waitFor();
  });

  it('works on a phone-sized screen', async () => {
    await page.setViewportSize(PHONE);
    await page.getByRole('article', { name: 'Olena Fixtureva' }).waitFor();
    expect((await sidewaysScroll(page)).excess).toBe(0);
    await shot('15-phone-names');
    await nav('History').click();
    await page.getByRole('table', { name: /Usage records/ }).waitFor();
    expect((await sidewaysScroll(page)).excess).toBe(0);
    await shot('16-phone-history');
    await page.goto('/no-such-page');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.setViewportSize(DESK);
    await checkEverywhere('page not found');
  });

  it('signs out: back to sign-in, the token revoked and drafts forgotten', async () => {
    await nav('Names').click();
    const token = await sessionToken(page);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByText('You have signed out.').waitFor();
    expect(await inPage(page, `localStorage.getItem('screening.session')`)).toBeNull();
    expect(
      await inPage(page, `Object.keys(sessionStorage).filter((k) => k.startsWith('screening.draft.'))`),
    ).toEqual([]);
    const res = await fetch(`${server.url}/api/keys`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
    await checkEverywhere('signed out');
  });

  it('raised no script errors and broke no content security policy along the way', () => {
    expect(scriptErrors).toEqual([]);
  });
});
