import { html, type Interpolation, SafeHtml } from './html.ts';

/**
 * A column of a data table. A `fold` column is one a phone can do without: on a narrow screen its cells
 * are hidden and their values move, each after its column's label, to a detail line under the row, so
 * the columns that matter keep the width and nothing scrolls sideways.
 */
export interface Column {
  label: string;
  fold?: boolean;
  /** Figures and money: right-aligned, in digits of one width, so a column's amounts line up. */
  numeric?: boolean;
}

export interface Cell {
  content: Interpolation;
  /** Classes of the cell, such as `status-active`. */
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
  /** Classes of the table besides the fold mechanism's, such as `tiers`. */
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
  const attributes = classes(column.fold && 'fold', column.numeric && 'num', one.className);
  return one.rowHeader
    ? html`<th scope="row"${attributes}>${one.content}</th>`
    : html`<td${attributes}>${one.content}</td>`;
}

/** The folded cells of a row as one line, shown in their place on a narrow screen only. */
function foldDetail(columns: readonly Column[], row: Row): SafeHtml {
  const items = columns.flatMap((column, i) => {
    const value = row.cells[i];
    if (!column.fold || value === undefined) return [];
    const content = isCell(value) ? value.content : value;
    return [html`<span class="fold-item"><span class="fold-label">${column.label}:</span> ${content}</span>`];
  });
  if (items.length === 0) return html``;
  const spaced = items.map((item, i) => (i === 0 ? item : html` ${item}`));
  return html`<tr class="fold-detail"><td colspan="${columns.length}">${spaced}</td></tr>`;
}

/** A table that fits its width: fold columns give way on a phone (see Column), in a box that never clips. */
export function dataTable(options: DataTableOptions): SafeHtml {
  const head = options.columns.map(
    (column) =>
      html`<th scope="col"${classes(column.fold && 'fold', column.numeric && 'num')}>${column.label}</th>`,
  );
  const rows = options.rows.map(
    (row) =>
      html`<tr${row.current ? html` class="current" aria-current="true"` : ''}>
  ${options.columns.map((column, i) => cell(column, row.cells[i]))}
</tr>${foldDetail(options.columns, row)}`,
  );
  return html`<div class="table-wrap"><table${classes(options.className)}>
<caption${options.showCaption ? '' : html` class="visually-hidden"`}>${options.caption}</caption>
<thead><tr>${head}</tr></thead>
<tbody>${rows}</tbody>
</table></div>`;
}
