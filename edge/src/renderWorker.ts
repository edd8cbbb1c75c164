/**
 * A render thread (renderThreads.ts): the shell's server bundle and the remotes' server containers
 * loaded here, off the edge's event loop, drawing each page it is sent. The composition's live
 * versions load before it says it is ready, and are followed as the edge's thread says they change
 * (this thread never reads the composition store).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { FromRenderThread, ToRenderThread } from './renderThreads';
import { takeRenderFailures } from './renderFailures';
import { loadRenderer, type RendererSource } from './serverRender';

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('renderWorker.ts runs as a worker thread (renderThreads.ts)');
  const { draw, setLive } = await loadRenderer(workerData as RendererSource);
  const send = (message: FromRenderThread) => port.postMessage(message);
  port.on('message', (message: ToRenderThread) => {
    if (message.type === 'live') {
      setLive(message.remotes);
      return;
    }
    // Reached after its time (the thread was behind): the page has gone to the browser already.
    const drawn = Date.now() >= message.deadline ? Promise.resolve(null) : draw(message.request);
    drawn
      .catch((error: unknown) => {
        console.error(`[edge] a render thread failed to draw ${message.request.pathname}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
        return null;
      })
      .then((page) => send({ type: 'page', id: message.id, page, failures: takeRenderFailures() }));
  });
  send({ type: 'ready' });
}

main().catch((error: unknown) => {
  console.error(`[edge] a render thread could not start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exit(1);
});
