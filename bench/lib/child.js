// Runs a benchmark child process (a fresh `node`) and returns the JSON it
// replies with (a line "@@result {...}" on stdout; see stats.js reply()).
// The child's stderr (progress, warnings) passes through.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = dirname(fileURLToPath(import.meta.url));

export function runChild(script, args = [], { nodeFlags = [] } = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...nodeFlags, join(HERE, script), ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d) => { out += d; });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const line = out.split('\n').find((l) => l.startsWith('@@result '));
      if (code !== 0 || !line) {
        const rest = out.split('\n').filter((l) => !l.startsWith('@@result ')).join('\n').trim();
        reject(new Error(`${script} ${args.join(' ')} failed (${signal ?? `exit ${code}`})${rest ? `:\n${rest}` : ''}`));
        return;
      }
      resolvePromise(JSON.parse(line.slice('@@result '.length)));
    });
  });
}
