/**
 * The props contract between the shell and the remotes' exposed modules, in TypeScript's terms.
 *
 * - A release declares the props each exposed module takes (`exposedPropsOf`, run by the release
 *   command over `src/exposes/<Module>.tsx`), written out as a self-contained type
 *   (`{ productId: string }`), and publishes them in its contract.json (`exposedProps`).
 * - The shell declares what it passes each module it loads with any (`RemoteModuleProps` in
 *   shell/src/federation/remoteModules.ts, which its own code is compiled against), read the same
 *   way (`shellModuleUses`).
 * - `checkExposedProps` compiles each use against a candidate release's props and refuses a release
 *   whose module no longer takes what the shell passes (a prop it needs that the shell does not
 *   give, one whose type changed, one the shell gives that it no longer takes), naming the module
 *   and the prop. The edge never runs this (it has no compiler at run time): release managers'
 *   commands do, before a release goes live.
 */
import path from 'node:path';
import ts from 'typescript';
import type { Problem } from '../../edge/src/compositionRules';
import { ROOT } from '../../edge/src/packages';
import { REMOTE_MODULES } from '../../shell/src/federation/remoteModules';

/** How deep a type is written out; deeper parts are `unknown` (accepted as anything). */
const MAX_DEPTH = 4;

/** A type written out structurally, without names from elsewhere: primitives, literals, unions, objects, functions, arrays. */
function describe(checker: ts.TypeChecker, type: ts.Type, depth = 0): string {
  if (depth > MAX_DEPTH) return 'unknown';
  const flags = type.flags;
  if (flags & (ts.TypeFlags.String | ts.TypeFlags.Number | ts.TypeFlags.Boolean | ts.TypeFlags.BigInt | ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void | ts.TypeFlags.Never | ts.TypeFlags.Unknown | ts.TypeFlags.Any)) {
    return checker.typeToString(type);
  }
  if (flags & (ts.TypeFlags.StringLiteral | ts.TypeFlags.NumberLiteral | ts.TypeFlags.BooleanLiteral)) return checker.typeToString(type);
  if (type.isUnion()) {
    // `boolean` is `true | false` inside a union: written once.
    const parts = type.types.map((part) => describe(checker, part, depth + 1));
    const merged = parts.includes('true') && parts.includes('false') ? [...parts.filter((part) => part !== 'true' && part !== 'false'), 'boolean'] : parts;
    return [...new Set(merged)].join(' | ');
  }
  if (type.isIntersection()) return type.types.map((part) => `(${describe(checker, part, depth + 1)})`).join(' & ');
  if (checker.isArrayType(type)) {
    const [element] = checker.getTypeArguments(type as ts.TypeReference);
    return element ? `(${describe(checker, element, depth + 1)})[]` : 'unknown[]';
  }
  // A library's own types (React's nodes, events, elements) are not the remotes' contract: accepted as they are.
  const declaration = type.getSymbol()?.declarations?.[0];
  if (declaration && declaration.getSourceFile().fileName.includes('/node_modules/')) return 'unknown';
  // Nor are shared's (a Product): both sides take them from the one @storefront/shared singleton,
  // whose versions compose checks on their own (the shared-singleton rule).
  if (declaration && declaration.getSourceFile().fileName.includes('/shared/src/')) return 'unknown';
  const signatures = type.getCallSignatures();
  if (signatures.length > 0 && type.getProperties().length === 0) {
    const signature = signatures[0] as ts.Signature;
    const parameters = signature.getParameters().map((parameter) => {
      const parameterType = checker.getTypeOfSymbol(parameter);
      const optional = (parameter.flags & ts.SymbolFlags.Optional) !== 0 || (parameter.valueDeclaration && ts.isParameter(parameter.valueDeclaration) && parameter.valueDeclaration.questionToken !== undefined);
      return `${parameter.getName()}${optional ? '?' : ''}: ${describe(checker, parameterType, depth + 1)}`;
    });
    return `((${parameters.join(', ')}) => ${describe(checker, signature.getReturnType(), depth + 1)})`;
  }
  if (flags & ts.TypeFlags.Object) {
    const members = checker.getPropertiesOfType(type).map((property) => {
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
      // An optional property's own type, without the `undefined` the checker adds to it.
      const propertyType = optional ? checker.getNonNullableType(checker.getTypeOfSymbol(property)) : checker.getTypeOfSymbol(property);
      const name = property.getName();
      return `${/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name)}${optional ? '?' : ''}: ${describe(checker, propertyType, depth + 1)}`;
    });
    return `{ ${members.join('; ')}${members.length > 0 ? ' ' : ''}}`;
  }
  return 'unknown';
}

/** A program over `files` with the options of the tsconfig.json in `dir`. */
function programFor(dir: string, files: readonly string[]): ts.Program {
  const configPath = path.join(dir, 'tsconfig.json');
  const read = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  if (read.error) throw new Error(`${configPath}: ${ts.flattenDiagnosticMessageText(read.error.messageText, '\n')}`);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, dir);
  return ts.createProgram({ rootNames: [...files], options: { ...parsed.options, noEmit: true } });
}

/**
 * The props each of a remote's exposed modules takes, written out (its default export's first
 * parameter; `{}` for one that takes none). `remoteDir`: the remote's workspace; each module is
 * `src/exposes/<Module>.tsx`.
 */
export function exposedPropsOf(remoteDir: string, modules: readonly string[]): Record<string, string> {
  const files = modules.map((module) => path.join(remoteDir, 'src', 'exposes', `${module}.tsx`));
  const program = programFor(remoteDir, files);
  const checker = program.getTypeChecker();
  const props: Record<string, string> = {};
  for (const [index, module] of modules.entries()) {
    const file = files[index] as string;
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${path.relative(ROOT, file)} is missing: an exposed module is src/exposes/<Module>.tsx`);
    const moduleSymbol = checker.getSymbolAtLocation(source);
    const exported = moduleSymbol ? checker.getExportsOfModule(moduleSymbol).find((symbol) => symbol.getName() === 'default') : undefined;
    if (!exported) throw new Error(`${path.relative(ROOT, file)} has no default export`);
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const signature = checker.getTypeOfSymbol(target).getCallSignatures()[0];
    const parameter = signature?.getParameters()[0];
    props[module] = parameter ? describe(checker, checker.getTypeOfSymbol(parameter)) : '{}';
  }
  return props;
}

/** Where the shell declares what it passes the modules it loads (`RemoteModuleProps`). */
export const SHELL_USES_FILE = path.join(ROOT, 'shell', 'src', 'federation', 'remoteModules.ts');

/**
 * Where a remote declares what its pages pass the modules of other remotes they embed
 * (`EmbeddedModuleProps`: the product page's use of the cart's AddToCart).
 */
export const EMBED_USES_FILE = 'src/embeds.ts';

/**
 * What the shell passes each module it loads with props ("mfe-product/QuickView" → its props,
 * written out). Its file imports nothing: compiled alone, against ES5's library, in a moment.
 */
export function shellModuleUses(file = SHELL_USES_FILE, declaration = 'RemoteModuleProps'): Record<string, string> {
  const program = ts.createProgram({ rootNames: [file], options: { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es5.d.ts'], types: [] } });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  const moduleSymbol = source ? checker.getSymbolAtLocation(source) : undefined;
  const declared = moduleSymbol ? checker.getExportsOfModule(moduleSymbol).find((symbol) => symbol.getName() === declaration) : undefined;
  if (!declared) throw new Error(`${path.relative(ROOT, file)} exports no ${declaration}`);
  const uses: Record<string, string> = {};
  for (const property of checker.getPropertiesOfType(checker.getDeclaredTypeOfSymbol(declared))) {
    uses[property.getName()] = describe(checker, checker.getTypeOfSymbol(property));
  }
  return uses;
}

/**
 * Every consumer's use of the modules it loads: the shell's, and each remote's use of the modules
 * of others its pages embed (its src/embeds.ts), keyed "<remote>/<Module>". A module two consumers
 * use is held to both: a release must take what each passes.
 */
export function moduleUses(): Record<string, string[]> {
  const uses: Record<string, string[]> = {};
  const add = (found: Record<string, string>) => {
    for (const [module, use] of Object.entries(found)) (uses[module] ??= []).push(use);
  };
  add(shellModuleUses());
  for (const remote of Object.keys(REMOTE_MODULES)) {
    const file = path.join(ROOT, remote, EMBED_USES_FILE);
    if (ts.sys.fileExists(file)) add(shellModuleUses(file, 'EmbeddedModuleProps'));
  }
  return uses;
}

/** One module the shell passes props to, and the props a release's module takes. */
interface Pairing {
  module: string;
  use: string;
  offered: string;
}

/** The props a diagnostic names: "Property 'productId' is missing…", or the keys in "…not assignable to type '"onClose"'". */
function propsNamed(text: string): string[] {
  const properties = [...text.matchAll(/[Pp]roperty '([^']+)'/g)].map((match) => match[1] as string);
  const extra = /is not assignable to type '((?:"[^"]*"(?: \| )?)+)'/.exec(text)?.[1] ?? '';
  const keys = [...extra.matchAll(/"([^"]*)"/g)].map((match) => match[1] as string);
  return [...new Set([...properties, ...keys].map((name) => name.replace(/^"(.*)"$/, '$1')))];
}

/**
 * Which of the shell's uses of a remote's modules the release's props no longer fit, each with the
 * props concerned and the compiler's reason. Compiled in memory against ES5's library only.
 */
export function misfits(pairings: readonly Pairing[]): { module: string; props: string[]; reason: string }[] {
  if (pairings.length === 0) return [];
  const lines: string[] = [];
  const lineOf: { line: number; pairing: Pairing }[] = [];
  pairings.forEach((pairing, index) => {
    lines.push(`type Use${index} = ${pairing.use};`, `type Offer${index} = ${pairing.offered};`, `declare const use${index}: Use${index};`);
    lineOf.push({ line: lines.length, pairing });
    lines.push(`export const fits${index}: Offer${index} = use${index};`);
    lineOf.push({ line: lines.length, pairing });
    // A prop the shell passes that the module no longer takes is lost on the way: refused too.
    lines.push(`export const takesAll${index}: [Exclude<keyof Use${index}, keyof Offer${index}>] extends [never] ? true : Exclude<keyof Use${index}, keyof Offer${index}> = true;`);
  });
  const fileName = '/exposed-props-check.ts';
  const text = lines.join('\n');
  const options: ts.CompilerOptions = { strict: true, noEmit: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es5.d.ts'], types: [] };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => (name === fileName ? text : readFile(name));
  host.fileExists = (name) => name === fileName || ts.sys.fileExists(name);
  host.getSourceFile = (name, language) => (name === fileName ? ts.createSourceFile(name, text, language) : getSourceFile(name, language));
  const program = ts.createProgram({ rootNames: [fileName], options, host });
  const found = new Map<string, { module: string; props: Set<string>; reasons: string[] }>();
  for (const diagnostic of program.getSemanticDiagnostics()) {
    if (diagnostic.file?.fileName !== fileName || diagnostic.start === undefined) continue;
    const line = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line;
    const at = [...lineOf].reverse().find((entry) => entry.line <= line);
    if (!at) continue;
    const reason = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    const entry = found.get(at.pairing.module) ?? { module: at.pairing.module, props: new Set<string>(), reasons: [] };
    for (const prop of propsNamed(reason)) entry.props.add(prop);
    entry.reasons.push(reason.replace(/\b(Use|Offer)\d+\b/g, (_, kind: string) => (kind === 'Use' ? 'what its consumers pass' : 'what the release takes')));
    found.set(at.pairing.module, entry);
  }
  return [...found.values()].map(({ module, props, reasons }) => ({ module, props: [...props].sort(), reason: reasons.join('; ') }));
}

/**
 * Whether a release's modules still take what their consumers pass them (moduleUses): each module the shell loads
 * from it (REMOTE_MODULES), with the props `uses` names (shellModuleUses, keyed
 * "<remote>/<Module>") or none. `offered`: the props its contract declares (none: a release built
 * before they were declared, not checked here).
 */
export function checkExposedProps(remote: string, version: string, offered: Readonly<Record<string, string>> | undefined, uses: Readonly<Record<string, string | readonly string[]>>): Problem[] {
  if (!offered) return [];
  // Every module the shell loads from it: one RemoteModuleProps does not name is given no props.
  const loaded: readonly string[] = (REMOTE_MODULES as Record<string, readonly string[]>)[remote] ?? [];
  const pairings = loaded.flatMap((module) => {
    const props = offered[module];
    if (props === undefined) return [];
    const used = uses[`${remote}/${module}`] ?? '{}';
    return (typeof used === 'string' ? [used] : used).map((use) => ({ module, use, offered: props }));
  });
  return misfits(pairings).map(({ module, props, reason }) => ({
    remote,
    rule: 'exposed-props',
    message: `${module}${props.length > 0 ? ` (${props.join(', ')})` : ''}: ${remote}@${version}'s ${module} no longer takes what its consumers pass it: ${reason}`,
    fix: `keep ${module} taking what its consumers pass (the shell's RemoteModuleProps in shell/src/federation/remoteModules.ts, a remote's EmbeddedModuleProps in its ${EMBED_USES_FILE}) in ${remote}, or release consumers that pass the new ones first`,
  }));
}
