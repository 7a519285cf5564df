/** A page's visible text: tags dropped, `<wbr>` too, so `agents_<wbr>stopped` reads as one word. */
export function textOf(page: string): string {
  return page
    .replace(/<wbr>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ');
}

/** The rows of the table whose caption is `caption`, each as its cells' text joined by `|`. */
export function tableRows(page: string, caption: string): string[] {
  const table = page.split(`${caption}</caption>`)[1]?.split('</tbody>')[0] ?? '';
  return [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
    (row[1] ?? '')
      .split(/<\/t[dh]>/)
      .map((cell) => textOf(cell).trim())
      .filter(Boolean)
      .join('|'),
  );
}
