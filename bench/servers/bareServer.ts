/**
 * The ceiling: a bare node:http server answering each benchmarked request with the bytes the api
 * gave for it, recorded beforehand (argv[2]: a JSON file of { method, path, status, type, body }).
 * Run as its own process, like the api, so it has a core of its own.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

interface Recorded {
  method: string;
  path: string;
  status: number;
  type: string;
  body: string;
}

const [file, port] = process.argv.slice(2);
if (!file || !port) throw new Error('usage: bareServer.ts <recorded.json> <port>');
const answers = new Map((JSON.parse(readFileSync(file, 'utf8')) as Recorded[]).map((item) => [`${item.method} ${item.path}`, { ...item, bytes: Buffer.from(item.body) }]));

http
  .createServer((req, res) => {
    const answer = answers.get(`${req.method} ${req.url}`) ?? (req.url === '/health' ? { status: 200, type: 'application/json', bytes: Buffer.from('{}') } : undefined);
    req.resume();
    req.on('end', () => {
      if (!answer) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(answer.status, { 'Content-Type': answer.type, 'Content-Length': answer.bytes.length });
      res.end(answer.bytes);
    });
  })
  .listen(Number(port), '127.0.0.1');
