import minifyCss from './minifyCssLoader';

function run(source: string): string {
  return minifyCss.call({ resourcePath: 'test.css' }, source);
}

describe('minifyCssLoader', () => {
  it('drops comments and spaces, keeping every rule in its place', () => {
    const styles = run(`
      /* the card */
      .card { color: #ffffff;  margin: 0px 0px 0px 0px; }
      @media (min-width: 992px) {
        .card { color: red; }
      }
      .card { color: rgba(15, 23, 42, 0.06); }
    `);
    expect(styles).toBe('.card{color:#fff;margin:0}@media (min-width:992px){.card{color:red}}.card{color:rgba(15,23,42,.06)}');
  });

  it('leaves custom properties, url() and @import to css-loader as written', () => {
    const styles = run(`@import "./base.css";\n:root { --sf-ink: #111827; }\n.star { background: url("data:image/svg+xml,%3Csvg%3E") repeat-x 0 0 / 18px 18px; color: var(--sf-ink); }`);
    // Not inlined: css-loader resolves the import ("base.css" is relative to it, as "./base.css").
    expect(styles).toBe('@import url(base.css);:root{--sf-ink:#111827}.star{background:url("data:image/svg+xml,%3Csvg%3E") repeat-x 0 0/18px 18px;color:var(--sf-ink)}');
  });

  it('fails on what it could not read, naming the file, rather than ship its guess', () => {
    // clean-css would drop .price with the bad declaration before it; a browser keeps it.
    expect(() => run('.card { color red; } .price { color: green; }')).toThrow(/^test\.css: Invalid selector 'color red;/);
    expect(() => run('.card { color: red; }}')).toThrow(/^test\.css: Unexpected '}'/);
  });
});
