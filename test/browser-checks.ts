// Checks the dashboard's browser tests run on a page: axe-core (injected from the dev dependency, through the
// DevTools protocol so the page's Content-Security-Policy stays as it is), the page fitting the screen's width,
// an element fully in sight, unlabelled form controls, and selects whose choice is cut short. Page code is written
// as strings: the tests are type-checked for Node, without the DOM library.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Locator, Page } from 'playwright-core';

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The rule sets the dashboard is held to. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'best-practice'] as const;

/** Evaluates a JavaScript expression in the page. */
export const inPage = <T>(page: Page, expression: string): Promise<T> =>
  page.evaluate(expression) as Promise<T>;

/** axe-core's violations on the page as it is now, one line each: rule, impact, and the elements it found. */
export async function axeViolations(page: Page): Promise<string[]> {
  if (!(await inPage<boolean>(page, `typeof window.axe === 'object'`))) await page.evaluate(AXE_SOURCE);
  return inPage<string[]>(
    page,
    `axe.run(document, { runOnly: { type: 'tag', values: ${JSON.stringify(AXE_TAGS)} }, resultTypes: ['violations'] })
      .then((r) => r.violations.map((v) =>
        v.id + ' (' + v.impact + '): ' + v.nodes.map((n) => n.target.join(' ') + ' ' + n.failureSummary.replace(/\\s+/g, ' ')).join(' | ')))`,
  );
}

/**
 * How far the page is wider than the window (0 when it fits), and the outermost elements reaching past its right
 * edge that no scrolling box of their own clips.
 */
export const sidewaysScroll = (page: Page) =>
  inPage<{ excess: number; sticking: string[] }>(
    page,
    `(() => {
      const clipped = (el) => {
        for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
          if (getComputedStyle(a).overflowX !== 'visible') return a.getBoundingClientRect().right <= window.innerWidth + 1;
        return false;
      };
      const out = [...document.querySelectorAll('body *')].filter(
        (el) => el.getBoundingClientRect().right > window.innerWidth + 1 && !clipped(el));
      return {
        excess: Math.max(0, document.documentElement.scrollWidth - window.innerWidth),
        sticking: out
          .filter((el) => !out.includes(el.parentElement))
          .map((el) => el.tagName.toLowerCase() + (el.className ? '.' + String(el.className).replace(/ /g, '.') : '') +
            ' (' + Math.round(el.getBoundingClientRect().right) + ' px)')
          .slice(0, 10),
      };
    })()`,
  );

/** True when the element is entirely within the window's width (so not hidden past a scrolling box's edge). */
export async function inSight(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = await locator.page().evaluate('window.innerWidth');
  return box !== null && box.width > 0 && box.x >= 0 && box.x + box.width <= (width as number) + 0.5;
}

/** Form controls that no label names (by <label>, aria-label or aria-labelledby). */
export const unlabelledControls = (page: Page) =>
  inPage<string[]>(
    page,
    `[...document.querySelectorAll('input, select, textarea')]
      .filter((el) => el.type !== 'hidden')
      .filter((el) => !el.labels?.length && !el.getAttribute('aria-label') && !el.getAttribute('aria-labelledby'))
      .map((el) => el.outerHTML.slice(0, 120))`,
  );

/** The element that has focus: its id, tag and text. */
export const focused = (page: Page) =>
  inPage<{ id: string; tag: string; text: string }>(
    page,
    `({ id: document.activeElement?.id ?? '', tag: document.activeElement?.tagName.toLowerCase() ?? '',
        text: document.activeElement?.textContent ?? '' })`,
  );

/**
 * Selects whose chosen option's text does not fit in them (the text is cut short). The room a select keeps for its
 * padding, border and drop-down arrow is read from the select itself, laid out for a moment at its natural width
 * (its widest option); the text is measured in the select's own font. Hidden selects are skipped.
 */
export const clippedSelects = (page: Page) =>
  inPage<string[]>(
    page,
    `(() => {
      const ctx = document.createElement('canvas').getContext('2d');
      return [...document.querySelectorAll('select')]
        .filter((s) => s.getClientRects().length > 0)
        .filter((s) => {
          const cs = getComputedStyle(s);
          ctx.font = cs.font;
          const text = (t) => ctx.measureText(t).width;
          const widest = Math.max(0, ...[...s.options].map((o) => text(o.text)));
          const width = s.getBoundingClientRect().width;
          const saved = [s.style.width, s.style.maxWidth, s.style.flex];
          Object.assign(s.style, { width: 'max-content', maxWidth: 'none', flex: 'none' });
          const chrome = s.getBoundingClientRect().width - widest;
          [s.style.width, s.style.maxWidth, s.style.flex] = saved;
          return text(s.options[s.selectedIndex]?.text ?? '') > width - chrome + 0.5;
        })
        .map((s) => (s.getAttribute('aria-label') || s.labels?.[0]?.textContent || s.id) + ': ' + (s.options[s.selectedIndex]?.text ?? ''));
    })()`,
  );
