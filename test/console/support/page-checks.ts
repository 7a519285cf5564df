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

/**
 * Rows of controls whose heights differ: for each visible control (a field, a button, a link styled as
 * one, a confirmation's summary), the others in the same row of controls (a form's fields and buttons,
 * a card's actions, a table cell) whose top is on its line (within 4 px) and whose height differs by more
 * than a pixel. Each as `text (height) beside text (height)`.
 */
export function mixedHeightRows(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const controls = [...document.querySelectorAll('main input, main select, main button, main a.button, main details.confirm > summary')]
      .filter((el) => el.type !== 'hidden' && el.type !== 'checkbox' && el.type !== 'radio')
      .map((el) => ({ el, box: el.getBoundingClientRect(), row: el.closest('td, .actions, .field-row, .secret-row, .account, form') }))
      .filter(({ box }) => box.width > 0 && box.height > 0);
    const name = (el) => ((el.textContent || el.value || el.name || el.tagName).trim().slice(0, 30));
    const found = [];
    controls.forEach((a, i) => {
      for (const b of controls.slice(i + 1)) {
        const together = a.row === b.row || (a.row && b.row && (a.row.contains(b.row) || b.row.contains(a.row)));
        if (together && Math.abs(a.box.top - b.box.top) <= 4 && Math.abs(a.box.height - b.box.height) > 1) {
          found.push(name(a.el) + ' (' + Math.round(a.box.height) + ') beside ' + name(b.el) + ' (' + Math.round(b.box.height) + ')');
        }
      }
    });
    return found;
  })()`);
}
