import { escapeHtml, html } from './html';

describe('html', () => {
  it('escapes every value put into it, so text never becomes markup', () => {
    const name = `<script>alert("x")</script> & 'co'`;
    expect(html`<p>Hi ${name}</p>`.value).toBe('<p>Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</p>');
    expect(html`<a href="${'https://shop.example.co.za/x?a=1&b="2"'}">`.value).toBe('<a href="https://shop.example.co.za/x?a=1&amp;b=&quot;2&quot;">');
  });

  it('keeps its own fragments and lists as they are, and leaves out nothing-values', () => {
    const items = ['<a>', 'b'].map((item) => html`<li>${item}</li>`);
    expect(html`<ul>${items}</ul>${null}${undefined}${false}${0}`.value).toBe('<ul><li>&lt;a&gt;</li><li>b</li></ul>0');
  });

  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
  });
});
