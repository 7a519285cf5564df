/** LinkedIn's URNs: the ids of the Marketing API, written as `urn:li:<type>:<id>`. */

export const urn = {
  account: (id: string) => `urn:li:sponsoredAccount:${id}`,
  group: (id: string) => `urn:li:sponsoredCampaignGroup:${id}`,
  campaign: (id: string) => `urn:li:sponsoredCampaign:${id}`,
  organization: (id: string) => `urn:li:organization:${id}`,
  conversion: (id: string) => `urn:lla:llaPartnerConversion:${id}`,
} as const;

/** The id inside a URN (`urn:li:sponsoredCampaign:123` -> `123`); a bare id is returned as it is. */
export function idOf(value: string): string {
  const match = /^urn:[a-z]+:[A-Za-z]+:(.+)$/.exec(value);
  return match?.[1] ?? value;
}

/** A URN as one path segment: Rest.li 2.0 wants its reserved characters percent-encoded. */
export function pathSegment(value: string): string {
  return encodeURIComponent(value);
}

/** A Rest.li 2.0 compound key, like `(campaign:urn%3Ali%3A...,conversion:urn%3Alla%3A...)`. */
export function compoundKey(parts: Record<string, string>): string {
  const fields = Object.entries(parts).map(([name, value]) => `${name}:${encodeURIComponent(value)}`);
  return `(${fields.join(',')})`;
}

/**
 * A value inside a Rest.li 2.0 query parameter: percent-encoded, the characters Rest.li reads as
 * structure (`(`, `)`, `,`, `:`, `'`) included, so a name like "Spring (EU)" stays one value.
 */
export function restliValue(value: string): string {
  return encodeURIComponent(value).replace(
    /[()'!*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** A Rest.li 2.0 list in a query parameter, like `List(urn%3Ali%3AsponsoredCampaign%3A1)`. */
export function restliList(values: string[]): string {
  return `List(${values.map(restliValue).join(',')})`;
}

/** A `q=search` finder's criteria, `(name:(values:List(...)),status:(values:List(...)))`. */
export function restliSearch(criteria: Record<string, string[]>): string {
  const fields = Object.entries(criteria).map(([field, values]) => `${field}:(values:${restliList(values)})`);
  return `(${fields.join(',')})`;
}
