import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { waitForStillAnimations } from '@homeward/tools/headless-chromium';
import type { run as AxeRun } from 'axe-core';
import type { Page } from 'playwright-core';

/**
 * axe-core's browser build, evaluated in the page through DevTools: the app's Content-Security-
 * Policy governs scripts the page loads, not what the test runner evaluates, so nothing is loosened
 * for the scan (a script tag would be refused, and counted as a violation by the journey).
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What every screen is held to: WCAG 2.0 and 2.1 at A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

/** Only these fail a journey; moderate and minor findings are advice. */
const FAILING_IMPACTS = ['serious', 'critical'];

export interface AccessibilityViolation {
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  /** One CSS selector path per offending element, with what axe says is wrong with it. */
  nodes: { target: string; failure: string }[];
}

/** The screens each page has passed `expectAccessible` on (route patterns, see `screenPath`). */
const checkedScreens = new WeakMap<Page, Set<string>>();

/**
 * The route pattern of an address: its path with ids replaced (`/citizens/:id`), so one check
 * covers a screen however many of its records a journey opens.
 */
export function screenPath(url: string): string {
  return new URL(url).pathname.replace(
    /\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi,
    '/:id',
  );
}

/** The screens a page has been checked on so far. */
export function screensChecked(page: Page): ReadonlySet<string> {
  return checkedScreens.get(page) ?? new Set();
}

/**
 * Runs axe on the page as it is now (or on the part `within` selects, such as an open dialog) and
 * returns the serious and critical violations. axe is evaluated once per page load.
 */
export async function findAccessibilityViolations(
  page: Page,
  within?: string,
): Promise<AccessibilityViolation[]> {
  await waitForStillAnimations(page); // colours are measured as a person sees them
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(
    async ({ tags, failing, scope }) => {
      const axe = (window as unknown as { axe: { run: typeof AxeRun } }).axe;
      const results = await axe.run(scope ? { include: [scope] } : document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
      });
      return results.violations
        .filter((violation) => failing.includes(violation.impact ?? ''))
        .map((violation) => ({
          rule: violation.id,
          impact: violation.impact ?? 'unknown',
          help: violation.help,
          helpUrl: violation.helpUrl,
          nodes: violation.nodes.map((node) => ({
            target: node.target.join(' '),
            failure: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
          })),
        }));
    },
    { tags: AXE_TAGS, failing: FAILING_IMPACTS, scope: within },
  );
}

/** A readable list of violations: rule, impact, what it asks for, and each offending element. */
export function describeViolations(violations: AccessibilityViolation[]): string {
  return violations
    .map((violation) =>
      [
        `- ${violation.rule} (${violation.impact}): ${violation.help} <${violation.helpUrl}>`,
        ...violation.nodes.map((node) => `    ${node.target}\n      ${node.failure}`),
      ].join('\n'),
    )
    .join('\n');
}

/**
 * Fails unless the screen has no serious or critical accessibility violation. Call it once the
 * screen has settled (its heading or data shown); pass `within` to check an open dialog, which
 * hides the screen behind it from assistive technology. The screen counts as checked for the
 * journey's coverage check (`journeyPage`).
 */
export async function expectAccessible(page: Page, screen: string, within?: string): Promise<void> {
  const violations = await findAccessibilityViolations(page, within);
  if (violations.length > 0) {
    throw new Error(
      `${violations.length} serious or critical accessibility violation(s) on ${screen} (${page.url()}):\n` +
        describeViolations(violations),
    );
  }
  if (!within) {
    const screens = checkedScreens.get(page) ?? new Set<string>();
    screens.add(screenPath(page.url()));
    checkedScreens.set(page, screens);
  }
}
