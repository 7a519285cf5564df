import type { Page } from 'playwright-core';

/**
 * Controls a person cannot name: inputs and selects without a label, buttons and links without text.
 * Evaluated in the page, as a string because the tests are typed without the DOM library.
 */
export function unlabelledControls(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('input, select, textarea, button, a[href], summary')]
    .filter((el) => el.type !== 'hidden')
    .filter((el) => {
      if (el.matches('input, select, textarea')) return el.labels.length === 0 && !el.getAttribute('aria-label');
      return (el.textContent ?? '').trim() === '' && !el.getAttribute('aria-label');
    })
    .map((el) => el.outerHTML.slice(0, 120))`);
}

/** How far the page is wider than the window: 0 when nothing makes the reader scroll sideways. */
export function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate('document.documentElement.scrollWidth - window.innerWidth');
}

/** The captions of tables wider than their box: a reader would scroll them sideways inside the page. */
export function clippedTables(page: Page): Promise<string[]> {
  return page.evaluate(`[...document.querySelectorAll('.table-wrap')]
    .filter((wrap) => wrap.scrollWidth > wrap.clientWidth)
    .map((wrap) => wrap.querySelector('caption')?.textContent ?? wrap.outerHTML.slice(0, 80))`);
}
