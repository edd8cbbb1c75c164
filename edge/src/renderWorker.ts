/**
 * A render thread (renderThreads.ts): the shell's server bundle and the remotes' server containers
 * loaded here, off the edge's event loop, drawing each page it is sent. The composition's live
 * versions load before it says it is ready, and are followed as the composition changes.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { ShellServerBundle } from '../../shared/src/ssr/contract';
import { servedComposition } from './composition';
import type { RenderThreadData, ToRenderThread, FromRenderThread } from './renderThreads';
import { renderPage, ServerRemotes } from './serverRender';

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('renderWorker.ts runs as a worker thread (renderThreads.ts)');
  const { shellBundle, composition, timeoutMs } = workerData as RenderThreadData;
  // A promise of its exports: its shared modules are ready first (webpack.common.ts's serverConfig).
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the shell's own build, read once per thread
  const shell = (await require(shellBundle)) as ShellServerBundle;
  const remotes = new ServerRemotes(shell);
  const following = remotes.follow(async () => (await servedComposition(undefined, composition)).remotes);
  await following.ready;
  const send = (message: FromRenderThread) => port.postMessage(message);
  port.on('message', (message: ToRenderThread) => {
    renderPage(message.request, { shell, loadRemoteBundle: remotes.bundle, timeoutMs })
      .catch((error: unknown) => {
        console.error(`[edge] a render thread failed to draw ${message.request.pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return null;
      })
      .then((page) => send({ type: 'page', id: message.id, page }));
  });
  send({ type: 'ready' });
}

main().catch((error: unknown) => {
  console.error(`[edge] a render thread could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
