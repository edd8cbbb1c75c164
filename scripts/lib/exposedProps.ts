/**
 * The props contract between consumers and the remotes' exposed modules, in TypeScript's terms.
 *
 * - A release declares the props each exposed module takes (`exposedPropsOf`, run by the release
 *   command over `src/exposes/<Module>.tsx`), written out as a self-contained type
 *   (`{ productId: string }`), and publishes them as type declarations beside its manifest
 *   (`types/index.d.ts`: `declare module 'mfe-cart/AddToCart' { export type Props = …}`).
 * - Consumers declare what they pass: the shell each module it loads with any (`RemoteModuleProps`
 *   in shell/src/federation/remoteModules.ts, which its own code is compiled against), a remote
 *   what its pages pass the modules of others they embed (`EmbeddedModuleProps` in its
 *   src/embeds.ts). A release records its own uses in its contract.json (`uses`), so a live
 *   consumer is held to what its build passes, not to what this checkout says.
 * - `checkExposedTypes` compiles each consumer's use against a release's published types and
 *   refuses a release whose module no longer takes what a consumer passes (a prop it needs that
 *   is not given, one whose type changed, one given that it no longer takes), naming the module,
 *   the prop and the consumer. It runs both ways: a provider's new release against the live
 *   consumers, and a consumer's new release against the live providers' types. The edge never
 *   runs this (it has no compiler at run time): the release and compose commands do, before a
 *   release goes live.
 */
import path from 'node:path';
import ts from 'typescript';
import type { Problem } from '@storefront/edge/composition-rules';
import { ROOT } from '@storefront/edge/packages';
import { REMOTE_MODULES } from 'shell/remote-modules';

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

/** One consumer's use of a module: who passes it ("the shell", "mfe-product@1.0.9") and the props it passes, written out. */
export interface ModuleUse {
  by: string;
  props: string;
}

/** Every use of each module, keyed "<remote>/<Module>". */
export type ModuleUses = Record<string, ModuleUse[]>;

/** What a remote's pages pass the modules of others they embed, as its working copy says ("mfe-cart/AddToCart" → props); none without an embeds file. */
export function embeddedUsesOf(remoteDir: string): Record<string, string> {
  const file = path.join(remoteDir, EMBED_USES_FILE);
  return ts.sys.fileExists(file) ? shellModuleUses(file, 'EmbeddedModuleProps') : {};
}

/** A remote of a composition as a consumer of others' modules: the uses its release recorded in its contract, if it did. */
export interface Consumer {
  remote: string;
  version?: string;
  uses?: Readonly<Record<string, string>>;
}

/**
 * Every consumer's use of the modules it loads: the shell's, and each remote's use of the modules
 * of others its pages embed. A released remote's uses are those its release recorded (what that
 * build passes, which is what runs); one released before releases recorded them, or a working
 * build, is read from this checkout's src/embeds.ts. Without `consumers`: every remote as this
 * checkout has it. A module two consumers use is held to both: a release must take what each passes.
 */
export function moduleUses(consumers?: readonly Consumer[]): ModuleUses {
  const uses: ModuleUses = {};
  const add = (by: string, found: Readonly<Record<string, string>>) => {
    for (const [module, props] of Object.entries(found)) (uses[module] ??= []).push({ by, props });
  };
  add('the shell', shellModuleUses());
  for (const consumer of consumers ?? Object.keys(REMOTE_MODULES).map((remote) => ({ remote }) as Consumer)) {
    const name = consumer.version ? `${consumer.remote}@${consumer.version}` : consumer.remote;
    if (consumer.uses) add(name, consumer.uses);
    else add(consumer.version ? `${name} (as this checkout's ${EMBED_USES_FILE} has it)` : name, embeddedUsesOf(path.join(ROOT, consumer.remote)));
  }
  return uses;
}

/** Where a release publishes the type declarations of its exposed modules, beside its manifest. */
export const DECLARATIONS_PATH = 'types/index.d.ts';

/**
 * The type declarations a release publishes of its exposed modules: one ambient module per exposed
 * module, "<remote>/<Module>", whose default export takes `Props`. Consumers (and release managers'
 * checks) compile their use of a module against them.
 */
export function declarationsOf(remote: string, version: string, props: Readonly<Record<string, string>>): string {
  const lines = [
    `// The props ${remote}@${version}'s exposed modules take, written by its release command.`,
    "// A library's types and @storefront/shared's are `unknown` here: both sides take those from the one shared singleton.",
  ];
  for (const [module, type] of Object.entries(props)) {
    const name = /^[A-Za-z_$][\w$]*$/.test(module) ? module : 'Exposed';
    lines.push(`declare module '${remote}/${module}' {`, `  export type Props = ${type};`, `  const ${name}: (props: Props) => unknown;`, `  export default ${name};`, '}');
  }
  return `${lines.join('\n')}\n`;
}

/**
 * A release's published types: its declarations file, or for a release from before releases
 * published one, declarations written from the props its contract declared; none for a release
 * that declared neither (not judged on its props).
 */
export function releaseTypes(remote: string, version: string, declarations: string | null | undefined, exposedProps: Readonly<Record<string, string>> | undefined): string | undefined {
  if (declarations) return declarations;
  return exposedProps ? declarationsOf(remote, version, exposedProps) : undefined;
}

/** A release as the checks read it: its contract and the declarations it publishes, as fetched. */
export interface ReadRelease {
  remote: string;
  version: string;
  contract?: { uses?: Readonly<Record<string, string>>; exposedProps?: Readonly<Record<string, string>> } | null;
  declarations?: string | null;
}

/** A read release as a consumer of others' modules (moduleUses). */
export function asConsumer({ remote, version, contract }: ReadRelease): Consumer {
  return { remote, version, ...(contract?.uses ? { uses: contract.uses } : {}) };
}

/** A read release as a provider of modules (checkExposedTypes): its published types, if any. */
export function asProvider({ remote, version, contract, declarations }: ReadRelease): Provider {
  return { remote, version, types: releaseTypes(remote, version, declarations, contract?.exposedProps) };
}

/** The modules a declarations file declares ("mfe-cart/AddToCart"). */
function declaredModules(declarations: string): Set<string> {
  const source = ts.createSourceFile('/types.d.ts', declarations, ts.ScriptTarget.ES2022);
  return new Set(source.statements.filter(ts.isModuleDeclaration).flatMap((statement) => (ts.isStringLiteral(statement.name) ? [statement.name.text] : [])));
}

/** One consumer's use of a module ("<remote>/<Module>"), to compile against the module's published types. */
interface Pairing {
  module: string;
  use: ModuleUse;
}

interface Misfit {
  module: string;
  by: string[];
  props: string[];
  reason: string;
}

/** The props a diagnostic names: "Property 'productId' is missing…", or the keys in "…not assignable to type '"onClose"'". */
function propsNamed(text: string, takesAll: boolean): string[] {
  const properties = [...text.matchAll(/[Pp]roperty '([^']+)'/g)].map((match) => match[1] as string);
  // Only the "takes all" line's type is the keys a consumer passes that the module does not take.
  const extra = takesAll ? (/is not assignable to type '((?:"[^"]*"(?: \| )?)+)'/.exec(text)?.[1] ?? '') : '';
  const keys = [...extra.matchAll(/"([^"]*)"/g)].map((match) => match[1] as string);
  return [...new Set([...properties, ...keys].map((name) => name.replace(/^"(.*)"$/, '$1')))];
}

/**
 * Which uses the published types no longer fit, by module, with the props concerned and the
 * compiler's reason; and a declarations file that does not compile, by remote. Compiled in memory
 * against ES5's library only, resolving nothing outside the files given (a release's declarations
 * are read, never trusted to name other files).
 */
function misfits(pairings: readonly Pairing[], declarations: Readonly<Record<string, string>>): { misfits: Misfit[]; broken: Record<string, string> } {
  if (pairings.length === 0) return { misfits: [], broken: {} };
  const lines: string[] = [];
  const lineOf: { line: number; pairing: Pairing; takesAll: boolean }[] = [];
  pairings.forEach((pairing, index) => {
    lines.push(`type Use${index} = ${pairing.use.props};`, `type Offer${index} = import('${pairing.module}').Props;`, `declare const use${index}: Use${index};`);
    lineOf.push({ line: lines.length, pairing, takesAll: false });
    lines.push(`export const fits${index}: Offer${index} = use${index};`);
    lineOf.push({ line: lines.length, pairing, takesAll: true });
    // A prop a consumer passes that the module no longer takes is lost on the way: refused too.
    lines.push(`export const takesAll${index}: [Exclude<keyof Use${index}, keyof Offer${index}>] extends [never] ? true : Exclude<keyof Use${index}, keyof Offer${index}> = true;`);
  });
  const fileName = '/exposed-props-check.ts';
  const files = new Map<string, string>([[fileName, lines.join('\n')], ...Object.entries(declarations).map(([remote, text]) => [`/published-types/${remote}.d.ts`, text] as [string, string])]);
  const options: ts.CompilerOptions = { strict: true, noEmit: true, noResolve: true, target: ts.ScriptTarget.ES2022, lib: ['lib.es5.d.ts'], types: [] };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const getSourceFile = host.getSourceFile.bind(host);
  host.readFile = (name) => files.get(name) ?? readFile(name);
  host.fileExists = (name) => files.has(name) || ts.sys.fileExists(name);
  host.getSourceFile = (name, language) => {
    const text = files.get(name);
    return text === undefined ? getSourceFile(name, language) : ts.createSourceFile(name, text, language);
  };
  const program = ts.createProgram({ rootNames: [...files.keys()], options, host });
  const found = new Map<string, { module: string; by: Set<string>; props: Set<string>; reasons: string[] }>();
  const broken: Record<string, string> = {};
  for (const diagnostic of [...program.getSyntacticDiagnostics(), ...program.getSemanticDiagnostics()]) {
    const reason = ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
    const published = /^\/published-types\/(.+)\.d\.ts$/.exec(diagnostic.file?.fileName ?? '')?.[1];
    if (published) {
      broken[published] ??= reason;
      continue;
    }
    if (diagnostic.file?.fileName !== fileName || diagnostic.start === undefined) continue;
    const line = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line;
    const at = [...lineOf].reverse().find((entry) => entry.line <= line);
    if (!at) continue;
    const entry = found.get(at.pairing.module) ?? { module: at.pairing.module, by: new Set<string>(), props: new Set<string>(), reasons: [] };
    entry.by.add(at.pairing.use.by);
    for (const prop of propsNamed(reason, at.takesAll)) entry.props.add(prop);
    const named = propsNamed(reason, at.takesAll);
    entry.reasons.push(
      at.takesAll
        ? `${at.pairing.use.by} passes ${named.map((prop) => `'${prop}'`).join(', ')}, which it no longer takes`
        : reason.replace(/\b(Use|Offer)\d+\b/g, (_, kind: string) => (kind === 'Use' ? `what ${at.pairing.use.by} passes` : 'what the release takes')),
    );
    found.set(at.pairing.module, entry);
  }
  return {
    misfits: [...found.values()].map(({ module, by, props, reasons }) => ({ module, by: [...by].sort(), props: [...props].sort(), reason: [...new Set(reasons)].join('; ') })),
    broken,
  };
}

/** A release whose modules are checked: its published types (releaseTypes), if any. */
export interface Provider {
  remote: string;
  version: string;
  types: string | undefined;
}

/**
 * Whether releases' modules still take what their consumers pass them (moduleUses): each module
 * the shell knows a remote for (REMOTE_MODULES) that the release's published types declare, with
 * each consumer's props, or none when no consumer passes any. A release with no published types is
 * not checked here. `only`: keep just the problems that involve this consumer or provider (a
 * release judged against the live composition answers for itself, not for what is live already).
 */
export function checkExposedTypes(providers: readonly Provider[], uses: Readonly<ModuleUses>, only?: string): Problem[] {
  const pairings: Pairing[] = [];
  const declarations: Record<string, string> = {};
  const versions = new Map<string, string>();
  for (const { remote, version, types } of providers) {
    if (!types) continue;
    declarations[remote] = types;
    versions.set(remote, version);
    const declared = declaredModules(types);
    const loaded: readonly string[] = (REMOTE_MODULES as Record<string, readonly string[]>)[remote] ?? [];
    for (const module of loaded) {
      const key = `${remote}/${module}`;
      if (!declared.has(key)) continue;
      for (const use of uses[key] ?? [{ by: 'the shell', props: '{}' }]) pairings.push({ module: key, use });
    }
  }
  const { misfits: found, broken } = misfits(pairings, declarations);
  const brokenProblems = Object.entries(broken).map(([remote, reason]) => ({
    remote,
    rule: 'exposed-props' as const,
    message: `${remote}@${versions.get(remote)}'s published types (${DECLARATIONS_PATH}) do not compile: ${reason}`,
    fix: `release ${remote} again with npm run release -w ${remote}, which writes them`,
  }));
  const problems = found.map(({ module, by, props, reason }) => {
    const [remote = '', name = ''] = module.split('/');
    return {
      remote,
      rule: 'exposed-props' as const,
      message: `${name}${props.length > 0 ? ` (${props.join(', ')})` : ''}: ${remote}@${versions.get(remote)}'s ${name} no longer takes what its consumers pass it (${by.join(', ')}): ${reason}`,
      fix: `keep ${name} taking what its consumers pass (the shell's RemoteModuleProps in shell/src/federation/remoteModules.ts, a remote's EmbeddedModuleProps in its ${EMBED_USES_FILE}) in ${remote}, or release consumers that pass the new ones first`,
      by,
    };
  });
  const involved = (problem: { remote: string; by?: string[] }) => only === undefined || problem.remote === only.split('@')[0] || (problem.by ?? []).some((by) => by === only || by.startsWith(`${only} `));
  return [...brokenProblems, ...problems].filter(involved).map(({ remote, rule, message, fix }) => ({ remote, rule, message, fix }));
}

/** One release's modules against uses (the compose check's view of a single candidate): see checkExposedTypes. */
export function checkExposedProps(remote: string, version: string, offered: Readonly<Record<string, string>> | undefined, uses: Readonly<ModuleUses>): Problem[] {
  return checkExposedTypes([{ remote, version, types: releaseTypes(remote, version, undefined, offered) }], uses);
}
