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
      // The Copy after an id is text-sized on purpose: it sits in a line of text, not a row of controls.
      .filter((el) => el.type !== 'hidden' && el.type !== 'checkbox' && el.type !== 'radio' && !el.classList.contains('copy-id'))
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

/**
 * Words a table cell or a label splits over lines: every piece of a word between underscores, hyphens, dots,
 * slashes or `@` (where a code, a tool name or an address may break) must sit on one line. Ids (digit
 * runs, long hexadecimal runs) and e-mail addresses (`.address`, which break anywhere by design) are
 * left out; a date (`time .day`) must sit whole on one line. Each as
 * `word (page's table caption)`.
 */
export function wordsBrokenInCells(page: Page): Promise<string[]> {
  return page.evaluate(`(() => {
    const found = [];
    for (const cell of document.querySelectorAll('main td, main th, main label')) {
      if (cell.closest('.address') || cell.getBoundingClientRect().width === 0) continue;
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        // A closed disclosure's content is not shown: its words cannot split on screen.
        if (node.parentElement.closest('.address, .visually-hidden, details:not([open]) > :not(summary)')) continue;
        for (const match of node.data.matchAll(/[^\\s_\\-./@:,;()]+/g)) {
          if (/^[0-9a-f]{16,}$/i.test(match[0]) || /^\\d+$/.test(match[0]) || match[0].length < 2) continue;
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) {
            const caption = cell.closest('table')?.querySelector('caption')?.textContent ?? '';
            found.push(match[0] + ' (' + caption.trim().slice(0, 40) + ')');
          }
        }
      }
    }
    // A date is one piece: "2026-" over "12-04" reads as two numbers.
    for (const day of document.querySelectorAll('main time .day')) {
      const tops = new Set([...day.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (tops.size > 1) found.push(day.textContent + ' (a date)');
    }
    return found;
  })()`);
}
