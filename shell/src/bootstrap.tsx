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
  createRoot(container).render(<App store={store} />);
}

void start();
