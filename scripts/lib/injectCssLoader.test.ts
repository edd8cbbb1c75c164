import injectCss from './injectCssLoader';

function run(source: string): string {
  return injectCss.call({ resourcePath: 'card.css' }, source);
}

describe('injectCssLoader', () => {
  it('puts the stylesheet, exactly as written, in a <style> at the end of the head', () => {
    const appended: { tag: string; textContent: string }[] = [];
    const document = {
      createElement: (tag: string) => ({ tag, textContent: '' }),
      head: { appendChild: <Node extends { tag: string; textContent: string }>(node: Node) => (appended.push(node), node) },
    };
    const stylesheet = '.card{background:url("data:image/svg+xml,%3Csvg%3E")}.card::after{content:"\\201C</style>"}';
    new Function('document', run(stylesheet))(document);
    expect(appended).toEqual([{ tag: 'style', textContent: stylesheet }]);
  });

  it('refuses what only css-loader resolves, naming the file', () => {
    expect(() => run('@import url(base.css);.card{color:red}')).toThrow(/^card\.css: "@import" needs css-loader/);
    expect(() => run('.card{background:url(./card.png)}')).toThrow(/^card\.css: "url\(" needs css-loader/);
    expect(() => run(".card{background:url( 'icons.svg#star' )}")).toThrow(/needs css-loader/);
  });
});
