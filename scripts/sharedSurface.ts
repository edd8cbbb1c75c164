/**
 * `npm run shared:surface`: writes shared/public-surface.txt, the public surface of
 * @storefront/shared that every team builds on. For each entry point of shared/package.json's
 * `exports`, every exported name with its kind and its type as the TypeScript compiler sees it,
 * one per line, sorted. The file is checked in, and scripts/sharedSurface.test.ts fails when
 * shared's surface no longer matches it: a change to it is a change to every team's contract.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOT = path.resolve(__dirname, '..');
const SHARED = path.join(ROOT, 'shared');
export const SURFACE_FILE = path.join(SHARED, 'public-surface.txt');

type ExportTarget = string | Record<string, string>;

/** An entry point: its subpath, and the TypeScript source its types come from (none for a plain file). */
interface EntryPoint {
  subpath: string;
  source?: string;
  file?: string;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function entryPoints(): EntryPoint[] {
  const { exports } = JSON.parse(readFileSync(path.join(SHARED, 'package.json'), 'utf8')) as { exports: Record<string, ExportTarget> };
  return Object.entries(exports)
    .map(([subpath, target]): EntryPoint => {
      if (typeof target === 'string') return { subpath, file: target };
      const source = target.types ?? target['storefront-source'];
      if (!source) throw new Error(`shared/package.json: exports["${subpath}"] names no types`);
      return { subpath, source };
    })
    .sort((a, b) => compare(a.subpath, b.subpath));
}

const TYPE_FORMAT = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope | ts.TypeFormatFlags.WriteClassExpressionAsTypeLiteral;

/** A compiler over shared's own entry sources with shared's compiler options: what the entries reach, and no tests. */
function createProgram(sources: string[]): ts.Program {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(SHARED, 'tsconfig.json'), {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error('shared/tsconfig.json could not be read');
  return ts.createProgram({ rootNames: sources, options: { ...parsed.options, noEmit: true } });
}

/** One meaning of one exported name. */
interface SurfaceLine {
  name: string;
  kind: string;
  type: string;
}

/** Property names as TypeScript would write them: quoted unless an identifier. */
function propertyName(name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name);
}

class SurfacePrinter {
  constructor(private readonly checker: ts.TypeChecker) {}

  /** A type as one line, with no path of this machine in it. */
  text(type: ts.Type, flags = TYPE_FORMAT): string {
    return this.checker
      .typeToString(type, undefined, flags)
      .replace(/import\("([^"]*)"\)/g, (_match, file: string) => `import("${portablePath(file)}")`)
      .replace(/\s+/g, ' ');
  }

  private typeParameters(parameters: readonly ts.TypeParameter[] | undefined): string {
    if (!parameters?.length) return '';
    const each = parameters.map((parameter) => {
      const constraint = parameter.getConstraint();
      const fallback = parameter.getDefault();
      return `${this.text(parameter)}${constraint ? ` extends ${this.text(constraint)}` : ''}${fallback ? ` = ${this.text(fallback)}` : ''}`;
    });
    return `<${each.join(', ')}> `;
  }

  /** An object type's members, as a type literal: its own and inherited properties, signatures and index signatures. */
  private members(type: ts.Type, only?: (property: ts.Symbol) => boolean): string {
    const parts: string[] = [];
    for (const signature of type.getCallSignatures()) parts.push(this.checker.signatureToString(signature, undefined, TYPE_FORMAT));
    for (const signature of type.getConstructSignatures()) parts.push(`new ${this.checker.signatureToString(signature, undefined, TYPE_FORMAT)}`);
    for (const info of this.checker.getIndexInfosOfType(type)) {
      parts.push(`${info.isReadonly ? 'readonly ' : ''}[key: ${this.text(info.keyType)}]: ${this.text(info.type)}`);
    }
    const properties = this.checker.getPropertiesOfType(type).filter((property) => !only || only(property));
    for (const property of [...properties].sort((a, b) => compare(a.name, b.name))) {
      const optional = property.flags & ts.SymbolFlags.Optional ? '?' : '';
      const readonly = property.declarations?.some((declaration) => ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Readonly) ? 'readonly ' : '';
      parts.push(`${readonly}${propertyName(property.name)}${optional}: ${this.text(this.checker.getTypeOfSymbol(property))}`);
    }
    return parts.length ? `{ ${parts.join('; ')} }` : '{}';
  }

  /** What a name exports: the symbol it stands for, and whether only its type is exported. */
  private resolve(exported: ts.Symbol): { symbol: ts.Symbol; typeOnly: boolean } {
    const typeOnly = exported.declarations?.some((declaration) => ts.isTypeOnlyImportOrExportDeclaration(declaration)) ?? false;
    const symbol = exported.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(exported) : exported;
    return { symbol, typeOnly };
  }

  /** One line per meaning of an exported name (a value, a type, or both). */
  lines(exported: ts.Symbol): SurfaceLine[] {
    const { symbol, typeOnly } = this.resolve(exported);
    const name = exported.name;
    const { flags } = symbol;
    const lines: SurfaceLine[] = [];
    const declared = this.checker.getDeclaredTypeOfSymbol(symbol);
    if (flags & ts.SymbolFlags.Class) {
      const instance = declared as ts.InterfaceType;
      const ownMember = (property: ts.Symbol) => property.declarations?.some((declaration) => declaration.parent === symbol.valueDeclaration) ?? false;
      const statics = this.members(this.checker.getTypeOfSymbol(symbol), (property) => property.name !== 'prototype' && ownMember(property));
      lines.push({ name, kind: 'class', type: `${this.typeParameters(instance.typeParameters)}${statics} & instance ${this.members(declared, ownMember)}` });
    } else if (flags & ts.SymbolFlags.Enum) {
      const members = [...(symbol.exports?.values() ?? [])].map((member) => `${member.name} = ${this.text(this.checker.getTypeOfSymbol(member))}`);
      lines.push({ name, kind: 'enum', type: `{ ${members.join(', ')} }` });
    } else {
      if (!typeOnly && flags & ts.SymbolFlags.Value) lines.push({ name, kind: valueKind(symbol), type: this.text(this.checker.getTypeOfSymbol(symbol)) });
      if (flags & ts.SymbolFlags.Interface) {
        lines.push({ name, kind: 'interface', type: `${this.typeParameters((declared as ts.InterfaceType).typeParameters)}${this.members(declared)}` });
      }
      if (flags & ts.SymbolFlags.TypeAlias) {
        const parameters = symbol.declarations?.find(ts.isTypeAliasDeclaration)?.typeParameters?.map((node) => this.checker.getTypeAtLocation(node) as ts.TypeParameter);
        lines.push({ name, kind: 'type', type: `${this.typeParameters(parameters)}${this.text(declared, TYPE_FORMAT | ts.TypeFormatFlags.InTypeAlias)}` });
      }
    }
    if (lines.length === 0) lines.push({ name, kind: flags & ts.SymbolFlags.Module ? 'namespace' : 'unknown', type: this.text(this.checker.getTypeOfSymbol(symbol)) });
    return lines;
  }

  /**
   * Long types that the compiler writes out in full wherever they appear (a store's type, an api
   * slice's), each with the name it is exported by: a type alias by its name, a constant as
   * `typeof` it. Longest first, so a type inside another is named after the larger one is.
   */
  abbreviations(exported: readonly ts.Symbol[]): Abbreviation[] {
    const found: Abbreviation[] = [];
    for (const symbolExported of exported) {
      const { symbol, typeOnly } = this.resolve(symbolExported);
      const name = symbolExported.name;
      if (symbol.flags & ts.SymbolFlags.TypeAlias) found.push({ name, text: this.text(this.checker.getDeclaredTypeOfSymbol(symbol)), replacement: name });
      else if (!typeOnly && symbol.flags & ts.SymbolFlags.Variable) found.push({ name, text: this.text(this.checker.getTypeOfSymbol(symbol)), replacement: `typeof ${name}` });
    }
    return found.filter(({ text }) => text.length >= ABBREVIATE_FROM).sort((a, b) => b.text.length - a.text.length || compare(a.name, b.name));
  }
}

/** Types shorter than this are written out. */
const ABBREVIATE_FROM = 120;

interface Abbreviation {
  /** The exported name, whose own lines keep the type written out. */
  name: string;
  text: string;
  replacement: string;
}

function isIdentifierCharacter(character: string | undefined): boolean {
  return character !== undefined && /[\w$]/.test(character);
}

/** The type with each abbreviation's text replaced by its name, where it stands as a whole type. */
export function abbreviate(type: string, abbreviations: readonly Abbreviation[], ownName: string): string {
  let result = type;
  for (const { name, text, replacement } of abbreviations) {
    if (name === ownName) continue;
    let from = 0;
    for (let at = result.indexOf(text, from); at !== -1; at = result.indexOf(text, from)) {
      const whole =
        (!isIdentifierCharacter(text[0]) || !isIdentifierCharacter(result[at - 1])) &&
        (!isIdentifierCharacter(text[text.length - 1]) || !isIdentifierCharacter(result[at + text.length]));
      if (whole) {
        result = result.slice(0, at) + replacement + result.slice(at + text.length);
        from = at + replacement.length;
      } else from = at + 1;
    }
  }
  return result;
}

function valueKind(symbol: ts.Symbol): string {
  if (symbol.flags & ts.SymbolFlags.Function) return 'function';
  const declaration = symbol.valueDeclaration;
  if (declaration && (ts.isVariableDeclaration(declaration) || ts.isBindingElement(declaration))) {
    const nodeFlags = ts.getCombinedNodeFlags(declaration);
    return nodeFlags & ts.NodeFlags.Const ? 'const' : nodeFlags & ts.NodeFlags.Let ? 'let' : 'var';
  }
  if (symbol.flags & ts.SymbolFlags.Module) return 'namespace';
  return 'value';
}

/** A path relative to the repository (or its node_modules), whichever machine it was made on. */
function portablePath(file: string): string {
  const modules = file.lastIndexOf('/node_modules/');
  if (modules !== -1) return file.slice(modules + '/node_modules/'.length);
  return path.isAbsolute(file) ? path.relative(ROOT, file).split(path.sep).join('/') : file;
}

/** The report: a header, then each entry point's exports. */
export function sharedSurface(): string {
  const entries = entryPoints();
  const sources = entries.flatMap(({ source }) => (source ? [path.join(SHARED, source)] : []));
  const program = createProgram(sources);
  const checker = program.getTypeChecker();
  const printer = new SurfacePrinter(checker);
  const exportsOf = new Map<EntryPoint, readonly ts.Symbol[]>();
  for (const entry of entries) {
    if (!entry.source) continue;
    const file = program.getSourceFile(path.join(SHARED, entry.source));
    if (!file) throw new Error(`shared/${entry.source} (exports["${entry.subpath}"]) is not there`);
    const moduleSymbol = checker.getSymbolAtLocation(file);
    exportsOf.set(entry, moduleSymbol ? checker.getExportsOfModule(moduleSymbol) : []);
  }
  const main = entries.find((entry) => entry.subpath === '.');
  const abbreviations = printer.abbreviations((main && exportsOf.get(main)) ?? []);
  const out = [
    '# The public surface of @storefront/shared: every entry point of shared/package.json "exports", each',
    '# exported name as `name: kind: type`, one line per meaning. A long type equal to a type or constant',
    '# that "." exports is written by its name (`RootState`, `AppStore`; a constant as `typeof` it).',
    '# Generated by `npm run shared:surface`; do not edit. A change here is a change to every team’s',
    '# contract (docs/teams.md).',
  ];
  for (const entry of entries) {
    out.push('');
    const exported = exportsOf.get(entry);
    if (!exported) {
      out.push(`## ${entry.subpath} → ${entry.file} (a file, not a module)`);
      continue;
    }
    out.push(`## ${entry.subpath} → ${entry.source}`);
    const lines = exported
      .flatMap((symbol) => printer.lines(symbol))
      .map(({ name, kind, type }) => `${name}: ${kind}: ${abbreviate(type, abbreviations, name)}`)
      .sort(compare);
    out.push(...(lines.length ? lines : ['(no exports: imported for its effect)']));
  }
  return `${out.join('\n')}\n`;
}

/** A differing line as the reader needs it: whole when short, else around where it starts to differ. */
function clip(line: string, from: number): string {
  const WIDTH = 240;
  if (line.length <= WIDTH) return line;
  const start = Math.max(0, Math.min(from - 40, line.length - WIDTH));
  return `${start > 0 ? '…' : ''}${line.slice(start, start + WIDTH)}${start + WIDTH < line.length ? '…' : ''}`;
}

interface ReportLine {
  section: string;
  order: number;
  line: string;
}

/** Each export's line with the entry point it is under. */
function reportLines(report: string): ReportLine[] {
  let section = '';
  let order = 0;
  const lines: ReportLine[] = [];
  for (const line of report.split('\n')) {
    if (line.startsWith('## ')) {
      section = line;
      order++;
    } else if (line !== '' && !line.startsWith('#')) lines.push({ section, order, line });
  }
  return lines;
}

/** `name: kind:`, which a changed export keeps. */
function head(line: string): string {
  return line.split(': ', 2).join(': ');
}

function commonPrefixLength(a: string, b: string): number {
  let length = 0;
  while (length < a.length && a[length] === b[length]) length++;
  return length;
}

/**
 * Undefined when the checked-in report is the surface now; else what to do, and the first exports
 * that differ under their entry points (`-` checked in, `+` now): a changed export shows as both.
 */
export function surfaceDifference(checkedIn: string, now: string, shown = 8): string | undefined {
  if (checkedIn === now) return undefined;
  const before = reportLines(checkedIn);
  const after = reportLines(now);
  const keys = (lines: ReportLine[]) => new Set(lines.map(({ section, line }) => `${section}\n${line}`));
  const [beforeKeys, afterKeys] = [keys(before), keys(after)];
  const changes = [
    ...before.filter(({ section, line }) => !afterKeys.has(`${section}\n${line}`)).map((entry) => ({ ...entry, sign: '-', others: after })),
    ...after.filter(({ section, line }) => !beforeKeys.has(`${section}\n${line}`)).map((entry) => ({ ...entry, sign: '+', others: before })),
  ].sort((a, b) => a.order - b.order || compare(head(a.line), head(b.line)) || Number(a.sign === '+') - Number(b.sign === '+'));
  const lines: string[] = [];
  let section = '';
  for (const change of changes.slice(0, shown)) {
    if (change.section !== section) lines.push(`  ${(section = change.section) || '(before any entry point)'}`);
    const counterpart = change.others.find((other) => other.section === change.section && head(other.line) === head(change.line));
    lines.push(`  ${change.sign} ${clip(change.line, counterpart ? commonPrefixLength(change.line, counterpart.line) : 0)}`);
  }
  if (changes.length > shown) lines.push(`  … and ${changes.length - shown} more`);
  if (changes.length === 0) lines.push('  (only the header or the order of the lines differs)');
  return [
    "@storefront/shared's public surface is not what shared/public-surface.txt says.",
    'Run `npm run shared:surface` and review the change in git as a change to every team’s contract:',
    'an added export is additive; a removed or renamed export, or a changed type, can break a remote',
    'built against the old surface (docs/teams.md). The first differences (- checked in, + now):',
    ...lines,
  ].join('\n');
}

if (require.main === module) {
  const started = Date.now();
  writeFileSync(SURFACE_FILE, sharedSurface());
  console.log(`wrote ${path.relative(ROOT, SURFACE_FILE)} in ${((Date.now() - started) / 1000).toFixed(1)} s: review any change as a change to every team's contract`);
}
