// The view of adops's MCP App, run by the host in a sandboxed frame after the ext-apps SDK (appsSdk). It
// shows a change that waits for the owner (before and after, what it may spend, who asked, where the
// owner decides) and a performance report as tables. It holds no secret and decides nothing: the owner
// approves in the console, which the link opens through the host.

const { App } = appsSdk;
const root = document.getElementById('root');
const app = new App({ name: 'adops results', version: '1.0.0' });

function element(tag, attributes, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes ?? {})) node.setAttribute(name, value);
  for (const child of children) node.append(child ?? '');
  return node;
}

function shown(value) {
  if (value === null || value === undefined) return '—';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

const HEADINGS = {
  pending: "Waiting for the owner's approval",
  approved: 'Approved, being applied',
  applied: 'Approved and applied',
  rejected: 'Rejected by the owner: nothing was made',
  expired: 'Expired undecided: nothing was made',
  drifted: 'Not made: the campaign changed meanwhile',
  failed: 'Not made: the platform refused it',
};

/** An ISO time as a person reads it, to the minute, in UTC as stored. */
function when(iso) {
  return iso ? `${iso.slice(0, 16).replace('T', ' ')} UTC` : '—';
}

function signed(delta, currency) {
  return delta === null ? 'not known (no daily budget to judge by)' : `${delta} ${currency}`;
}

function approvalCard(approval) {
  const { change } = approval;
  // What the change moves; every field when it names none (a read-only field set twice, say).
  const all = [...new Set([...Object.keys(change.before), ...Object.keys(change.after)])];
  const moved = all.filter((field) => shown(change.before[field]) !== shown(change.after[field]));
  const fields = moved.length > 0 ? moved : all;
  const rows = fields.map((field) =>
    element(
      'tr',
      {},
      element('th', { scope: 'row' }, field.replaceAll('_', ' ')),
      element('td', {}, shown(change.before[field])),
      element('td', {}, shown(change.after[field])),
    ),
  );
  const link = element(
    'a',
    { href: approval.approve_url, class: 'action' },
    'Open the approval in the console',
  );
  link.addEventListener('click', (event) => {
    event.preventDefault();
    void app.openLink({ url: approval.approve_url });
  });
  const facts = [
    ['Asked by', approval.requested_by],
    ['Why it waits', approval.reason],
    ['Account', change.account ?? '—'],
    approval.status === 'pending'
      ? ['Decide by', when(approval.expires_at)]
      : ['Decided', when(approval.decided_at)],
  ];
  return element(
    'article',
    { 'aria-labelledby': 'heading' },
    element('h1', { id: 'heading' }, HEADINGS[approval.status] ?? approval.status),
    element('p', { class: 'what' }, change.what),
    element(
      'table',
      {},
      element('caption', {}, `${change.object}: before and after`),
      element(
        'thead',
        {},
        element(
          'tr',
          {},
          element('th', { scope: 'col' }, 'Field'),
          element('th', { scope: 'col' }, 'Before'),
          element('th', { scope: 'col' }, 'After'),
        ),
      ),
      element('tbody', {}, ...rows),
    ),
    element(
      'dl',
      { class: 'money' },
      element('dt', {}, 'A day'),
      element('dd', {}, signed(change.projected_daily_delta, change.currency)),
      element('dt', {}, `Until ${change.period_end}`),
      element('dd', {}, signed(change.projected_period_delta, change.currency)),
    ),
    element(
      'dl',
      {},
      ...facts.flatMap(([term, value]) => [element('dt', {}, term), element('dd', {}, value)]),
    ),
    approval.status === 'pending' ? link : '',
  );
}

const LEVELS = [
  ['campaigns', 'Campaigns'],
  ['ad_groups', 'Ad groups'],
  ['ads', 'Ads'],
];

function percent(value) {
  return value === null ? '—' : `${(value * 100).toFixed(2)}%`;
}

const COLUMNS = [
  'Status',
  'Spend',
  'Impressions',
  'Clicks',
  'Conversions',
  'CTR',
  'Avg. CPC',
  'Cost / conv.',
];

function metricCells(row) {
  const values = [
    row.status ?? '',
    shown(row.spend),
    String(row.impressions),
    String(row.clicks),
    String(row.conversions),
    percent(row.ctr),
    row.average_cpc === null ? '—' : row.average_cpc,
    row.cost_per_conversion === null ? '—' : row.cost_per_conversion,
  ];
  // The label goes with each cell, for the narrow layout that shows a row as a card.
  return values.map((value, index) => element('td', { 'data-label': COLUMNS[index] }, value));
}

function performanceTable(report) {
  const [key, label] = LEVELS.find(([name]) => Array.isArray(report[name])) ?? LEVELS[0];
  const rows = report[key] ?? [];
  return element(
    'article',
    { 'aria-labelledby': 'heading' },
    element('h1', { id: 'heading' }, `${label}, ${report.period.start} to ${report.period.end}`),
    element(
      'table',
      { class: 'report' },
      element('caption', {}, `Account ${report.account_id}, amounts in ${report.currency}, by spend`),
      element(
        'thead',
        {},
        element('tr', {}, ...['Name', ...COLUMNS].map((text) => element('th', { scope: 'col' }, text))),
      ),
      element(
        'tbody',
        {},
        ...rows.map((row) =>
          element('tr', {}, element('th', { scope: 'row' }, row.name), ...metricCells(row)),
        ),
      ),
      element(
        'tfoot',
        {},
        element('tr', {}, element('th', { scope: 'row' }, 'Total'), ...metricCells(report.totals)),
      ),
    ),
  );
}

function textOf(result) {
  const block = (result.content ?? []).find((item) => item.type === 'text');
  return element('p', {}, block?.text ?? '');
}

function render(result) {
  const structured = result.structuredContent;
  const view = structured?.approval
    ? approvalCard(structured.approval)
    : structured?.totals && structured?.period
      ? performanceTable(structured)
      : textOf(result);
  root.replaceChildren(view);
}

app.ontoolresult = render;
await app.connect();
