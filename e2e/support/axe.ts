import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { AxeResults, Result, RunOptions } from 'axe-core';

type AxeGlobal = { run(context: Document, options: RunOptions): Promise<AxeResults> };

// WCAG 2.2 AA as axe-core tags it (2.0, 2.1 and 2.2 rules at levels A and AA).
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const BLOCKING = new Set(['serious', 'critical']);

// A page of one document (every page of the shop but the video dialog's): axe-core is put into the document
// once and run there; a later scan of the same document (the app moves between pages without reloading) runs
// it again without sending and compiling its 550 kB of source anew. 0.3-0.6 s a scan instead of 1.1-1.5 s
// through AxeBuilder, which injects it at every scan, on this machine. The scan's steps in the page (the
// transitions' end, the scroll to the top and back, axe, the theme check) are one call into the page, not
// five: each call is a round trip between the journey's process and Chromium, and a run makes 220 scans.
// A page with frames: @axe-core/playwright in legacy mode runs axe in each frame Playwright reaches and
// combines the results (without legacy mode it opens a blank page per scan to combine them). It declares
// engines node >= 22.12 but runs fine on Node 20.
// Both run the WCAG tags and detail only violations. (`options()` replaces the builder's options, the tags of
// `withTags()` among them: it comes first.)
interface Scan {
  results: AxeResults;
  /** the elements of MUI components without the shop's theme */
  unthemed: string[];
}

async function analyze(page: Page): Promise<Scan> {
  if (page.frames().length > 1) return analyzeFrames(page);
  const scanned = await inPageStep<Scan | null>(page, { step: 'scan', tags: WCAG_TAGS });
  if (scanned) return scanned;
  await page.evaluate((source) => window.eval(source), await axeSource());
  const again = await inPageStep<Scan | null>(page, { step: 'scan', tags: WCAG_TAGS });
  if (!again) throw new Error('axe-core did not load into the page');
  return again;
}

/** A page with frames: axe through @axe-core/playwright between the settling and the theme check. */
async function analyzeFrames(page: Page): Promise<Scan> {
  const scrollTo = await inPageStep<number>(page, { step: 'settle' });
  let results: AxeResults;
  try {
    results = await new AxeBuilder({ page })
      .options({ resultTypes: ['violations'] })
      .withTags(WCAG_TAGS)
      .setLegacyMode(true)
      .analyze();
  } catch (error) {
    await inPageStep(page, { step: 'theme', scrollTo }).catch(() => {});
    throw error;
  }
  return { results, unthemed: await inPageStep<string[]>(page, { step: 'theme', scrollTo }) };
}

type InPageStep = { step: 'scan'; tags: string[] } | { step: 'settle' } | { step: 'theme'; scrollTo: number };

/** One step in the page (inPage), its answer typed as the step's. */
const inPageStep = <T>(page: Page, arg: InPageStep): Promise<T> =>
  page.evaluate<Scan | number | string[] | null, InPageStep>(inPage, arg) as Promise<T>;

/**
 * The scan's steps in the page, kept self-contained (Playwright serialises it). `scan` does them all and
 * answers null when axe-core is not in the document yet:
 * - settle: waits for the page's finite CSS transitions and animations to end (a menu fading in, a dialog
 *   sliding up): axe measures colours as they are at the scan, and a half-faded text fails the contrast rule;
 *   endless ones (a loading pulse) are not waited for, nor anything past 5 s. Then scrolls to the top (answers
 *   the scroll it left): a target that a step left half under the sticky header (a click scrolls its element
 *   into view) is "partially obscured" for axe's target-size rule at that scroll only; the header keeps clear
 *   of a focused control by the root's scroll-padding-top (layout.css), which keyboard-purchase.spec checks on
 *   every control.
 * - theme: puts the scroll back, then looks for MUI components without the shop's theme. The shop provides its
 *   MUI theme only around the parts that render MUI components (decision 062): one rendered outside them falls
 *   back to MUI's default theme, whose typography ("Roboto", "Helvetica", "Arial") and primary blue (#1976d2)
 *   appear nowhere in the shop's own styles. Answers a description of the first five elements found.
 */
async function inPage(arg: InPageStep): Promise<Scan | number | string[] | null> {
  const settle = async (): Promise<number> => {
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)));
    await Promise.race([
      Promise.allSettled(finite.map((a) => a.finished)),
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]);
    const y = window.scrollY;
    if (y) window.scrollTo({ top: 0, behavior: 'instant' });
    return y;
  };
  const theme = (scrollTo: number): string[] => {
    if (scrollTo) window.scrollTo({ top: scrollTo, behavior: 'instant' });
    // the shop's pages only: the back office (/admin) is another app, with react-admin's theme
    if (!document.querySelector('.app-root')) return [];
    const defaultBlue = 'rgb(25, 118, 210)';
    const muiDefaultFont = /^"?Roboto"?, "?Helvetica"?, "?Arial"?, sans-serif$/;
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      const style = getComputedStyle(el);
      const colours = [style.color, style.backgroundColor, style.borderTopColor, style.fill];
      if (muiDefaultFont.test(style.fontFamily) || colours.includes(defaultBlue)) {
        const classes =
          typeof el.className === 'string' ? el.className.split(/\s+/).slice(0, 3).join('.') : '';
        found.push(
          `${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''}: ${style.fontFamily} / ${style.color}`,
        );
        if (found.length === 5) break;
      }
    }
    return found;
  };
  if (arg.step === 'settle') return settle();
  if (arg.step === 'theme') return theme(arg.scrollTo);
  const axe = (window as unknown as { axe?: AxeGlobal }).axe;
  if (typeof axe?.run !== 'function') return null;
  const scrolledTo = await settle();
  let results: AxeResults;
  try {
    results = await axe.run(document, {
      runOnly: { type: 'tag', values: arg.tags },
      resultTypes: ['violations'],
    });
  } catch (error) {
    theme(scrolledTo);
    throw error;
  }
  return { results, unthemed: theme(scrolledTo) };
}

let source: Promise<string> | undefined;
function axeSource(): Promise<string> {
  source ??= import('axe-core').then((m) => m.default.source);
  return source;
}

/** The violations of the WCAG 2.2 AA rules axe finds on the page, of any impact. */
export async function violationsOn(page: Page): Promise<Result[]> {
  return (await analyze(page)).results.violations;
}

export function formatViolations(violations: Result[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) => `      - ${n.target.join(' ')}\n        ${n.failureSummary?.replace(/\n\s*/g, '; ') ?? ''}`,
        )
        .join('\n');
      const more = v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more` : '';
      return `  [${v.impact}] ${v.id}: ${v.help} (${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'})\n    ${v.helpUrl}\n${nodes}${more}`;
    })
    .join('\n');
}

/**
 * Scans the page with axe-core (WCAG 2.2 AA tags) and fails the test on any serious or critical violation.
 * Minor and moderate ones are attached to the report and printed, without failing. Checks too that every
 * MUI component on the page has the shop's theme.
 */
export async function expectAccessible(page: Page, label = page.url()): Promise<void> {
  await test.step(`axe: ${label}`, async () => {
    const { results, unthemed } = await analyze(page);
    const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
    const minor = results.violations.filter((v) => !BLOCKING.has(v.impact ?? ''));
    if (results.violations.length) {
      await test.info().attach(`axe ${label}`, {
        body: JSON.stringify(results.violations, null, 2),
        contentType: 'application/json',
      });
    }
    if (minor.length) console.log(`axe (not blocking) on ${label}:\n${formatViolations(minor)}`);
    expect(unthemed, `MUI components without the shop's theme on ${label}`).toEqual([]);
    expect(
      blocking.length,
      `axe found ${blocking.length} serious/critical accessibility violation(s) on ${label} (${page.url()}):\n${formatViolations(blocking)}`,
    ).toBe(0);
  });
}
