/**
 * The page's contexts an island carries into its own React root. An island (an embed the server
 * drew, taken over as a root of its own: ./embedder.ts) is outside the page's tree, so it would not
 * see the page's router: its links would not navigate in the page, and it would not know the
 * address. The slot reads these where it stands in the page and the host provides them again
 * around the island, drawing it afresh whenever one changes (the shopper moved to another page).
 */
import { use, type ContextType, type ReactNode } from 'react';
import { UNSAFE_LocationContext, UNSAFE_NavigationContext, UNSAFE_RouteContext } from 'react-router-dom';

/** The values, in a fixed order; compare them one by one. */
export type IslandContexts = readonly [
  navigation: ContextType<typeof UNSAFE_NavigationContext>,
  location: ContextType<typeof UNSAFE_LocationContext>,
  route: ContextType<typeof UNSAFE_RouteContext>,
];

/** The page's router as it is where the slot stands. */
export function useIslandContexts(): IslandContexts {
  return [use(UNSAFE_NavigationContext), use(UNSAFE_LocationContext), use(UNSAFE_RouteContext)];
}

export const sameIslandContexts = (a: IslandContexts, b: IslandContexts) => a.every((value, index) => Object.is(value, b[index]));

/** `children` with the page's router around them, as in the page. */
export function WithIslandContexts({ value, children }: { value: IslandContexts; children: ReactNode }) {
  const [navigation, location, route] = value;
  return (
    <UNSAFE_NavigationContext value={navigation}>
      <UNSAFE_LocationContext value={location}>
        <UNSAFE_RouteContext value={route}>{children}</UNSAFE_RouteContext>
      </UNSAFE_LocationContext>
    </UNSAFE_NavigationContext>
  );
}
