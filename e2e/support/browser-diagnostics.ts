import type { Page } from 'playwright-core';

/** How many of the page's last events a failed journey prints. */
const KEPT = 60;

/** An address without its query and fragment: a sign-in callback's code or state never reaches the log. */
function withoutQuery(url: string): string {
  return url.replace(/[?#].*$/, '');
}

/** A step of a journey as vitest's `afterAll` hands its suite over: only what is read here. */
export interface FinishedSuite {
  tasks?: { name: string; result?: { state?: string } }[];
}

/**
 * Keeps the page's last console errors and warnings, uncaught errors, failed requests and API
 * answers of 400 and more, each with its time. When a journey failed, `report` prints them with
 * the address the page was on, so a failure that only CI's load brings out tells what the browser
 * saw (a request that never left, an error thrown) instead of just a timeout.
 */
export function recordBrowserDiagnostics(page: Page) {
  const lines: string[] = [];
  const keep = (line: string) => {
    lines.push(`${new Date().toISOString()} ${line}`);
    if (lines.length > KEPT) lines.shift();
  };
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning')
      keep(`console.${message.type()}: ${message.text().slice(0, 500)}`);
  });
  page.on('pageerror', (error) => keep(`page error: ${error.message.slice(0, 500)}`));
  page.on('requestfailed', (request) =>
    keep(
      `request failed: ${request.method()} ${withoutQuery(request.url())} (${request.failure()?.errorText ?? '?'})`,
    ),
  );
  page.on('response', (response) => {
    if (response.status() >= 400)
      keep(`answer ${response.status()}: ${response.request().method()} ${withoutQuery(response.url())}`);
  });
  return {
    /** Prints the recorded events when a step of `suite` failed; nothing otherwise. */
    report(suite: FinishedSuite | undefined): void {
      const failed = (suite?.tasks ?? []).filter((task) => task.result?.state === 'fail');
      if (failed.length === 0) return;
      const where = page.isClosed() ? '(page closed)' : withoutQuery(page.url());
      console.warn(
        [
          `browser diagnostics for the failed step(s) ${failed.map((task) => `"${task.name}"`).join(', ')}`,
          `page at ${where}; its last events:`,
          ...(lines.length > 0 ? lines : ['(none recorded)']),
        ].join('\n'),
      );
    },
  };
}
