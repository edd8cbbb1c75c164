import injectCss from './injectCssLoader';

function run(source: string): string {
  return injectCss.call({ resourcePath: 'card.css' }, source);
}

describe('injectCssLoader', () => {
  /** A head holding `nodes`, which `insertBefore` changes as the DOM's does (null: at the end). */
  function headOf(nodes: { tag: string; textContent: string }[]) {
    return {
      querySelector: (selector: string) => (selector === 'style[data-server-rendered]' ? (nodes.find((node) => node.tag === 'server-style') ?? null) : null),
      insertBefore: (node: { tag: string; textContent: string }, before: { tag: string } | null) => {
        nodes.splice(before ? nodes.indexOf(before as (typeof nodes)[number]) : nodes.length, 0, node);
        return node;
      },
    };
  }

  it('puts the stylesheet, exactly as written, in a <style> at the end of the head', () => {
    const nodes: { tag: string; textContent: string }[] = [];
    const document = { createElement: (tag: string) => ({ tag, textContent: '' }), head: headOf(nodes) };
    const stylesheet = '.card{background:url("data:image/svg+xml,%3Csvg%3E")}.card::after{content:"\\201C</style>"}';
    new Function('document', run(stylesheet))(document);
    expect(nodes).toEqual([{ tag: 'style', textContent: stylesheet }]);
  });

  it('puts it ahead of the server’s copy of the page’s styles while that is there, in the order the stylesheets come', () => {
    const nodes = [{ tag: 'server-style', textContent: '.all{}' }];
    const document = { createElement: (tag: string) => ({ tag, textContent: '' }), head: headOf(nodes) };
    new Function('document', run('.shared{}'))(document);
    new Function('document', run('.shop{}'))(document);
    expect(nodes.map((node) => node.textContent)).toEqual(['.shared{}', '.shop{}', '.all{}']);
  });

  it('refuses what only css-loader resolves, naming the file', () => {
    expect(() => run('@import url(base.css);.card{color:red}')).toThrow(/^card\.css: "@import" needs css-loader/);
    expect(() => run('.card{background:url(./card.png)}')).toThrow(/^card\.css: "url\(" needs css-loader/);
    expect(() => run(".card{background:url( 'icons.svg#star' )}")).toThrow(/needs css-loader/);
  });
});
