/**
 * Which team owns each browser spec: the team whose pages or feature the spec exercises runs it
 * with `npm test -w <team> -- --e2e` (scripts/teamTest.ts). Every spec in e2e/specs has exactly
 * one owner, and every owner is a team (scripts/teamTest.test.ts fails otherwise), so a new spec
 * is never left out of every team's loop. Specs about the whole composed store (the frame, the
 * edge, loading and hydration, releases, cross-page checks) belong to the shell, the host.
 */

/** The teams that own a remote or the host: each is a workspace with its own `npm test`. */
export const TEAMS = ['mfe-catalog', 'mfe-product', 'mfe-cart', 'mfe-account', 'shell'] as const;
export type Team = (typeof TEAMS)[number];

/** Spec file name (in e2e/specs) → the team that owns it. */
export const SPEC_OWNERS: Record<string, Team> = {
  // The cart, wishlist and checkout.
  'cartAmounts.spec.ts': 'mfe-cart',
  'cartTabs.spec.ts': 'mfe-cart',
  'checkout.spec.ts': 'mfe-cart',
  'checkoutReview.spec.ts': 'mfe-cart',
  'cartControl.spec.ts': 'mfe-cart',
  'cartRelease.spec.ts': 'mfe-cart',
  // The product page.
  'product.spec.ts': 'mfe-product',
  // Home, the shop and search.
  'catalog.spec.ts': 'mfe-catalog',
  'searchTypos.spec.ts': 'mfe-catalog',
  'searchEngines.spec.ts': 'mfe-catalog',
  'catalogueImport.spec.ts': 'mfe-catalog',
  // Accounts, sign-in, order look-up and the operators' pages.
  'account.spec.ts': 'mfe-account',
  'accountSettings.spec.ts': 'mfe-account',
  'signInCode.spec.ts': 'mfe-account',
  'operator.spec.ts': 'mfe-account',
  'operatorCatalogue.spec.ts': 'mfe-account',
  'exposure.spec.ts': 'mfe-account',
  // The host: header, footer, layout, the shell's own pages, composition, releases, the edge,
  // loading, server render and hydration, and the checks across every page.
  'shell.spec.ts': 'shell',
  'layout.spec.ts': 'shell',
  'layoutSpots.spec.ts': 'shell',
  'disclosures.spec.ts': 'shell',
  'hydration.spec.ts': 'shell',
  'serverRender.spec.ts': 'shell',
  'shopperPages.spec.ts': 'shell',
  'loading.spec.ts': 'shell',
  'transitions.spec.ts': 'shell',
  'budgets.spec.ts': 'shell',
  'releases.spec.ts': 'shell',
  'releaseSafety.spec.ts': 'shell',
  'canary.spec.ts': 'shell',
  'environments.spec.ts': 'shell',
  'resilience.spec.ts': 'shell',
  'standalone.spec.ts': 'shell',
  'storefront.spec.ts': 'shell',
  'edge.spec.ts': 'shell',
  'composedIn.spec.ts': 'shell',
  'accessibility.spec.ts': 'shell',
};

/** The specs a team owns, sorted. */
export function specsOf(team: Team, owners: Readonly<Record<string, string>> = SPEC_OWNERS): string[] {
  return Object.keys(owners)
    .filter((spec) => owners[spec] === team)
    .sort();
}

/**
 * What is wrong with an ownership map, given the specs on disk and the teams that exist: a spec
 * owned by nobody, an owner that is no team, an entry for a spec that is gone. Empty when right.
 */
export function ownershipProblems(specs: readonly string[], owners: Readonly<Record<string, string>>, teams: readonly string[]): string[] {
  const problems: string[] = [];
  for (const spec of [...specs].sort()) {
    if (!Object.hasOwn(owners, spec)) problems.push(`${spec} is owned by no team: add it to SPEC_OWNERS in scripts/lib/specOwners.ts`);
  }
  for (const [spec, team] of Object.entries(owners).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!teams.includes(team)) problems.push(`${spec} is owned by "${team}", which is not a team (${teams.join(', ')})`);
    if (!specs.includes(spec)) problems.push(`${spec} is in SPEC_OWNERS but not in e2e/specs: remove it or fix its name`);
  }
  return problems;
}
