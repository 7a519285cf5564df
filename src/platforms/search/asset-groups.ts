import type { AssetKind } from './queries.ts';
import type { Asset } from './types.ts';

/** The assets of a customer as discover_existing_assets answers them: grouped by kind, ids and text/size. */
export interface Grouped {
  images: Array<{
    id: string;
    name: string | null;
    url: string | null;
    width: number | null;
    height: number | null;
    file_size_bytes: number | null;
  }>;
  sitelinks: Array<{
    id: string;
    link_text: string;
    final_url: string | null;
    description1?: string;
    description2?: string;
  }>;
  callouts: Array<{ id: string; text: string }>;
  structured_snippets: Array<{ id: string; header: string; values: string[] }>;
  /** Sitelinks left out because their final URL is on another domain. */
  skipped: number;
}

const numberOrNull = (value: string | undefined) => (value === undefined ? null : Number(value));

/** Whether a URL is on the domain or one of its subdomains. */
function onDomain(url: string, domain: string): boolean {
  if (!URL.canParse(url)) return false;
  const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
  return host === domain || host.endsWith(`.${domain}`);
}

export function groupAssets(assets: Asset[], kinds: AssetKind[], domain: string | undefined): Grouped {
  const grouped: Grouped = { images: [], sitelinks: [], callouts: [], structured_snippets: [], skipped: 0 };
  for (const asset of assets) {
    const id = asset.id ?? '';
    if (asset.type === 'IMAGE' && kinds.includes('images')) {
      const size = asset.imageAsset?.fullSize;
      grouped.images.push({
        id,
        name: asset.name ?? null,
        url: size?.url ?? null,
        width: numberOrNull(size?.widthPixels),
        height: numberOrNull(size?.heightPixels),
        file_size_bytes: numberOrNull(asset.imageAsset?.fileSize),
      });
    } else if (asset.type === 'SITELINK' && kinds.includes('sitelinks')) {
      const urls = asset.finalUrls ?? [];
      if (domain && !urls.some((url) => onDomain(url, domain))) {
        grouped.skipped++;
        continue;
      }
      const link = asset.sitelinkAsset ?? {};
      grouped.sitelinks.push({
        id,
        link_text: link.linkText ?? '',
        final_url: urls[0] ?? null,
        ...(link.description1 && { description1: link.description1 }),
        ...(link.description2 && { description2: link.description2 }),
      });
    } else if (asset.type === 'CALLOUT' && kinds.includes('callouts')) {
      grouped.callouts.push({ id, text: asset.calloutAsset?.calloutText ?? '' });
    } else if (asset.type === 'STRUCTURED_SNIPPET' && kinds.includes('structured_snippets')) {
      const snippet = asset.structuredSnippetAsset ?? {};
      grouped.structured_snippets.push({ id, header: snippet.header ?? '', values: snippet.values ?? [] });
    }
  }
  return grouped;
}

const LABELS: Record<AssetKind, string> = {
  images: 'Images',
  sitelinks: 'Sitelinks',
  callouts: 'Callouts',
  structured_snippets: 'Structured snippets',
};

function kilobytes(bytes: number | null): string {
  return bytes === null ? '' : `, ${Math.round(bytes / 1000)} KB`;
}

export function describeAssets(
  customerId: string,
  name: string | undefined,
  kinds: AssetKind[],
  grouped: Grouped,
  total: number,
  domain: string | undefined,
): string {
  const lines = [
    `Google Ads account ${customerId}${name ? ` (${name})` : ''} has ${total} matching asset${total === 1 ? '' : 's'}.`,
  ];
  for (const kind of kinds) {
    const items: string[] =
      kind === 'images'
        ? grouped.images.map((i) =>
            `${i.id}: ${i.name ?? 'image'} ${i.width ?? '?'}x${i.height ?? '?'}${kilobytes(i.file_size_bytes)} ${i.url ?? ''}`.trim(),
          )
        : kind === 'sitelinks'
          ? grouped.sitelinks.map((s) => `${s.id}: "${s.link_text}" -> ${s.final_url ?? '(no final URL)'}`)
          : kind === 'callouts'
            ? grouped.callouts.map((c) => `${c.id}: "${c.text}"`)
            : grouped.structured_snippets.map((s) => `${s.id}: ${s.header}: ${s.values.join(', ')}`);
    lines.push(`${LABELS[kind]} (${items.length}):${items.length === 0 ? ' none' : ''}`);
    lines.push(...items.map((item) => `- ${item}`));
  }
  if (domain && kinds.includes('sitelinks') && grouped.skipped > 0) {
    lines.push(
      `${grouped.skipped} sitelink${grouped.skipped === 1 ? '' : 's'} on other domains than ${domain} left out.`,
    );
  }
  lines.push('Reuse these asset ids instead of uploading duplicates.');
  return lines.join('\n');
}
