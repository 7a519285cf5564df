import { FetchRefused } from './guarded-agent.ts';

/**
 * The URL if its scheme, credentials and port pass (https only, no user name or password, an allowed
 * port); the address is checked when the socket opens. For every URL the service fetches or posts to.
 */
export function checkedFetchUrl(text: string, ports: readonly number[]): URL {
  const url = URL.parse(text);
  if (!url) throw new FetchRefused('the URL is not valid');
  if (url.protocol !== 'https:')
    throw new FetchRefused(`only https URLs are fetched (got ${url.protocol.replace(/:$/, '')})`);
  if (url.username !== '' || url.password !== '')
    throw new FetchRefused('the URL must not contain a user name or password');
  const port = url.port === '' ? 443 : Number(url.port);
  if (!ports.includes(port))
    throw new FetchRefused(`port ${port} is not allowed (allowed: ${ports.join(', ')})`);
  url.hash = '';
  return url;
}
