import { html, type Interpolation, SafeHtml } from './html.ts';

/**
 * A column of a data table. On a narrow screen each row is a card (console.css): its first cell the
 * card's title, each other cell a line under its column's label. A `fold` column is a detail: its cells
 * run together in small type at the foot of the card, so a card stays a few lines tall.
 */
export interface Column {
  label: string;
  fold?: boolean;
  /** Figures and money: right-aligned, in digits of one width, so a column's amounts line up. */
  numeric?: boolean;
  /** Buttons and confirmations: in a card, the last line, its whole width, without a label. */
  controls?: boolean;
}

export interface Cell {
  content: Interpolation;
  /** Classes of the cell, such as `status-failed` for a count of errors. */
  className?: string;
  /** The cell names its row (`<th scope="row">`). */
  rowHeader?: boolean;
}

export interface Row {
  /** One a column, in the columns' order: content alone, or a Cell for a class or a row header. */
  cells: ReadonlyArray<Cell | Interpolation>;
  /** The owner's own row among others (their plan): highlighted, and `aria-current` for screen readers. */
  current?: boolean;
}

export interface DataTableOptions {
  /** What the table holds, for screen readers (and on screen when `showCaption`). */
  caption: Interpolation;
  showCaption?: boolean;
  columns: readonly Column[];
  rows: readonly Row[];
  /** Classes of the table besides `stacked` (its cards on a phone), such as `tiers`. */
  className?: string;
}

function isCell(value: Cell | Interpolation): value is Cell {
  return typeof value === 'object' && value !== null && !(value instanceof SafeHtml) && !Array.isArray(value);
}

function classes(...names: Array<string | false | undefined>): SafeHtml {
  const list = names.filter(Boolean).join(' ');
  return list ? html` class="${list}"` : html``;
}

function cell(column: Column, value: Cell | Interpolation): SafeHtml {
  const one: Cell = isCell(value) ? value : { content: value };
  // The label a card shows before the value, where the header row is out of sight.
  const attributes = html`${classes(column.fold && 'fold', column.numeric && 'num', column.controls && 'controls', one.className)} data-label="${column.label}"`;
  // One box for the value, whatever it holds: a card sets it beside its label.
  return one.rowHeader
    ? html`<th scope="row"${attributes}><div class="value">${one.content}</div></th>`
    : html`<td${attributes}><div class="value">${one.content}</div></td>`;
}

/** A table that fits its width: on a phone its rows are cards (see Column), in a box that never clips. */
export function dataTable(options: DataTableOptions): SafeHtml {
  const head = options.columns.map(
    (column) =>
      html`<th scope="col"${classes(column.fold && 'fold', column.numeric && 'num', column.controls && 'controls')}>${column.label}</th>`,
  );
  const rows = options.rows.map(
    (row) =>
      html`<tr${row.current ? html` class="current" aria-current="true"` : ''}>
  ${options.columns.map((column, i) => cell(column, row.cells[i]))}
</tr>`,
  );
  return html`<div class="table-wrap"><table${classes('stacked', options.className)}>
<caption${options.showCaption ? '' : html` class="visually-hidden"`}>${options.caption}</caption>
<thead><tr>${head}</tr></thead>
<tbody>${rows}</tbody>
</table></div>`;
}
