import '@storefront/shared/styles.css';
import './shell.css';
import { createStorefrontStore } from '@storefront/shared';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { fetchComposition } from './federation/composition';
import { registerComposition } from './federation/remoteComponent';

async function start() {
  const composition = await fetchComposition();
  registerComposition(composition);
  const store = createStorefrontStore({ config: composition.config ?? {} });
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container, {
    // A remote that fails is caught by its region's boundary, which shows the shopper a message;
    // one line in the log is enough (React's default prints a long error for every caught failure).
    onCaughtError: (error) => console.warn('[shell] a remote region failed and shows its fallback:', error instanceof Error ? error.message : error),
  }).render(<App store={store} preview={composition.preview} />);
}

void start();
