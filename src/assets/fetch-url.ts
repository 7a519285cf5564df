import { FetchRefused } from './guarded-agent.ts';

/**
 * The URL if its scheme, credentials and port pass (https only, no user name or password, an allowed
 * port); the address is checked when the socket opens. For every URL the service fetches or posts to.
 */
export function checkedFetchUrl(text: string, ports: readonly number[]): URL {
  const url = URL.parse(text);
  if (!url) throw new FetchRefused('the URL is not valid');
  if (url.protocol !== 'https:') {
    throw new FetchRefused(
      `only https URLs are fetched (got ${url.protocol.replace(/:$/, '')})`,
      'No setting allows plain http. To try a receiver on a laptop, serve it over https: with a ' +
        'self-signed certificate, name its authority in ADOPS_FETCH_CA_FILE.',
    );
  }
  if (url.username !== '' || url.password !== '')
    throw new FetchRefused('the URL must not contain a user name or password');
  const port = url.port === '' ? 443 : Number(url.port);
  if (!ports.includes(port)) {
    throw new FetchRefused(
      `port ${port} is not allowed (allowed: ${ports.join(', ')})`,
      `The allowed ports are set by ADOPS_FETCH_PORTS (now ${ports.join(',')}): the operator adds ${port} ` +
        `there, for example ADOPS_FETCH_PORTS=${[...ports, port].join(',')}, and restarts adops.`,
    );
  }
  url.hash = '';
  return url;
}
