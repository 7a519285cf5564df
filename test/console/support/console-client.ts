export interface ConsoleResponse {
  status: number;
  headers: Headers;
  text: string;
  location: string | null;
}

/** The value of the first hidden `_csrf` field of a page. */
export function csrfTokenOf(html: string): string {
  const token = /name="_csrf" value="([^"]+)"/.exec(html)?.[1];
  if (!token) throw new Error('the page has no form token');
  return token;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};

/** The hidden fields of the page's form posting to `action` (the form token among them), as a browser sends them. */
export function hiddenFieldsOf(html: string, action: string): Record<string, string> {
  const form = html.split(`action="${action}"`)[1]?.split('</form>')[0];
  if (form === undefined) throw new Error(`the page has no form posting to ${action}`);
  const fields: Record<string, string> = {};
  for (const match of form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    fields[match[1] ?? ''] = (match[2] ?? '').replace(
      /&(amp|lt|gt|quot|#39);/g,
      (entity) => ENTITIES[entity] ?? entity,
    );
  }
  return fields;
}

/**
 * A browser-less visitor of the console: keeps its cookies, follows no redirects, posts forms. Free of
 * vitest, so the benches sign in with it too; a step that goes wrong throws.
 */
export class ConsoleClient {
  readonly baseUrl: string;
  readonly cookies = new Map<string, string>();

  constructor(baseUrl: string) {
    this.baseUrl = baseUrl;
  }

  async request(method: string, path: string, init: RequestInit = {}): Promise<ConsoleResponse> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0) {
      headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(`${this.baseUrl}${path}`, { ...init, method, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      if (/Max-Age=0/i.test(cookie)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return {
      status: response.status,
      headers: response.headers,
      text: await response.text(),
      location: response.headers.get('location'),
    };
  }

  get(path: string): Promise<ConsoleResponse> {
    return this.request('GET', path);
  }

  /** Posts a form as a browser does, with exactly the given fields (a list: a field sent once per value). */
  post(path: string, fields: Record<string, string | string[]>, headers: Record<string, string> = {}) {
    const entries = Object.entries(fields).flatMap(([name, value]) =>
      (Array.isArray(value) ? value : [value]).map((one): [string, string] => [name, one]),
    );
    return this.request('POST', path, {
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      body: new URLSearchParams(entries).toString(),
    });
  }

  /** Loads `pagePath`, then submits its form posting to `action`, hidden fields included, as a person would. */
  async submit(pagePath: string, action: string, fields: Record<string, string | string[]>) {
    const page = await this.get(pagePath);
    if (page.status !== 200)
      throw new Error(`GET ${pagePath} answered ${page.status}: ${page.text.slice(0, 1000)}`);
    return this.post(action, { ...hiddenFieldsOf(page.text, action), ...fields });
  }

  /**
   * The page a form's 303 leads to, as a browser opens it after posting (post/redirect/get); throws when
   * the form answered anything else, with what it said.
   */
  async follow(answer: ConsoleResponse | Promise<ConsoleResponse>): Promise<ConsoleResponse> {
    const posted = await answer;
    if (posted.status !== 303 || !posted.location) {
      throw new Error(`the form answered ${posted.status}, not 303: ${posted.text.slice(0, 1000)}`);
    }
    return this.get(posted.location);
  }

  async signUp(email: string, password: string): Promise<void> {
    const answer = await this.submit('/signup', '/signup', { email, password });
    if (answer.status !== 303 || answer.location !== '/') {
      throw new Error(
        `sign-up answered ${answer.status} to ${answer.location}: ${answer.text.slice(0, 1000)}`,
      );
    }
  }

  async signIn(email: string, password: string): Promise<ConsoleResponse> {
    return this.submit('/login', '/login', { email, password });
  }
}

/** Calls a tool over the REST door, the way an agent holding the key would. */
export async function callTool(
  baseUrl: string,
  key: string,
  tool: string,
  args: Record<string, unknown> = {},
) {
  const response = await fetch(`${baseUrl}/api/v1/tools/${tool}/execute`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ arguments: args }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

export function uniqueEmail(label: string): string {
  return `${label}-${Math.random().toString(36).slice(2, 10)}@example.com`;
}

export const PASSWORD = 'correct horse battery staple';
