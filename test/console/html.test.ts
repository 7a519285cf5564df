import { describe, expect, it } from 'vitest';
import { html } from '../../src/web/html.ts';

describe('the html template', () => {
  it('escapes every interpolated text, in content and in attributes', () => {
    const name = `"><script>alert('x')</script>&`;
    const out = html`<input value="${name}"><p>${name}</p>`.text;
    expect(out).toBe(
      '<input value="&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;"><p>&quot;&gt;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&amp;</p>',
    );
  });

  it('keeps nested fragments as they are, renders lists, and drops empty values', () => {
    const items = ['<a>', 'b'].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>${null}${undefined}${false}${0}`.text).toBe(
      '<ul><li>&lt;a&gt;</li><li>b</li></ul>0',
    );
  });
});
