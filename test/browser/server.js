// A tiny static file server for the browser tests (node:http, no
// dependencies).  Serves directories under URL prefixes on 127.0.0.1 at a
// random port, with the MIME types a browser insists on (application/wasm
// for instantiateStreaming, text/javascript for module scripts and workers).
import { createServer } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import { extname, join, resolve, sep } from 'node:path';

const MIME = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.cjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
  '.css': 'text/css',
  '.txt': 'text/plain; charset=utf-8',
  '.tsv': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

/**
 * @param {Array<[string, string]>} mounts [urlPrefix, directory] pairs; the
 *   longest matching prefix wins.  Prefixes start and end with '/'.
 * @returns {Promise<{ origin: string, requests: string[], close(): Promise<void> }>}
 */
export async function startServer(mounts) {
  const table = mounts
    .map(([prefix, dir]) => [prefix, resolve(dir)])
    .sort((a, b) => b[0].length - a[0].length);
  const requests = [];
  const sockets = new Set();

  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    let path;
    try {
      path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    } catch {
      res.writeHead(400).end();
      return;
    }
    const mount = table.find(([prefix]) => path.startsWith(prefix));
    if (!mount) {
      res.writeHead(404).end();
      return;
    }
    const [prefix, dir] = mount;
    const file = resolve(join(dir, path.slice(prefix.length)));
    if (file !== dir && !file.startsWith(dir + sep)) { // no escaping the mount
      res.writeHead(403).end();
      return;
    }
    let st;
    try {
      st = statSync(file);
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${path}`);
      return;
    }
    if (!st.isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' }).end(`not a file: ${path}`);
      return;
    }
    res.writeHead(200, {
      'content-type': MIME[extname(file).toLowerCase()] ?? 'application/octet-stream',
      'content-length': st.size,
      'cache-control': 'no-store',
    });
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    createReadStream(file).pipe(res);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', ok);
  });
  const { port } = server.address();
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close() {
      for (const s of sockets) s.destroy();
      return new Promise((ok) => server.close(() => ok()));
    },
  };
}
