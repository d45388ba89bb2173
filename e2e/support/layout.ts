import type { Page } from 'playwright-core';
import { waitForStillAnimations } from '@homeward/tools/headless-chromium';

/**
 * What a person would see cut off in a data grid: a column (with its header and buttons) that ends
 * beyond the table's right edge, a header title cut short, or a cell whose text is cut with an
 * ellipsis. `skipFields` leaves out columns of free text (names) that may be cut by design.
 */
export function cutOffInGrid(page: Page, gridTestId: string, skipFields: string[] = []): Promise<string[]> {
  return page.getByTestId(gridTestId).evaluate((root, skip) => {
    const problems: string[] = [];
    const scroller = root.querySelector('.MuiDataGrid-virtualScroller');
    if (!scroller) return ['no grid'];
    const edge = scroller.getBoundingClientRect().right;
    for (const header of Array.from(root.querySelectorAll('.MuiDataGrid-columnHeader'))) {
      const field = header.getAttribute('data-field') ?? '';
      const overflow = Math.round(header.getBoundingClientRect().right - edge);
      if (overflow > 0) problems.push(`column ${field} ends ${overflow} px beyond the table`);
      const title = header.querySelector('.MuiDataGrid-columnHeaderTitle');
      if (title && title.scrollWidth > title.clientWidth)
        problems.push(`header "${title.textContent}" is cut`);
    }
    for (const cell of Array.from(root.querySelectorAll('.MuiDataGrid-cell[data-field]'))) {
      if (skip.includes(cell.getAttribute('data-field') ?? '')) continue;
      if (cell.scrollWidth > cell.clientWidth) problems.push(`cell "${cell.textContent}" is cut`);
    }
    return problems;
  }, skipFields);
}

/**
 * How much wider than the window the page is (0 when nothing scrolls sideways), once the layout has
 * settled: after a resize the page re-renders for its new breakpoint and its drawers and toasts
 * slide, so it is measured after two frames and when no finite animation or transition runs.
 */
export async function sidewaysOverflow(page: Page): Promise<number> {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await waitForStillAnimations(page);
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}
