// Child process: tokenizing a generated stream far larger than memory.
//
//   node bench/lib/stream-memory.js '{"megabytes":1024}'
//
// Generates `megabytes` MB of HTML (a page's worth of varied markup,
// repeated) in 64 KB chunks and feeds them to createTokenizer(), counting the
// tokens and dropping them.  Reports the bytes, tokens, time and the
// process's peak RSS (getrusage maxrss): the stream never exists whole, so
// the peak is what the tokenizer and the chunks take (issue 20: < 200 MB for
// 1 GB).
import { progress, reply } from './stats.js';

const { megabytes = 1024 } = JSON.parse(process.argv[2] ?? '{}');
const { createTokenizer } = await import('html5-wasm');

const UNIT = '<div class="item" id="n{i}"><a href="/x?a=1&amp;b=2">link {i}</a> text &copy; &#x1F600; caf\u00e9\r\n' +
  '<!-- comment --><img src="a.png" alt=\'x\'><script>if (a < b) x = "</div>";</script></div>\n';
const CHUNK_BYTES = 65536;
let chunk = '';
for (let i = 0; chunk.length < CHUNK_BYTES; i++) chunk += UNIT.replaceAll('{i}', String(i));
const bytes = new TextEncoder().encode(chunk).subarray(0, CHUNK_BYTES); // bytes: decoding is part of the job

const total = megabytes * 1e6;
const t = createTokenizer();
let tokens = 0;
let fed = 0;
const t0 = performance.now();
while (fed < total) {
  tokens += t.write(bytes).length;
  fed += bytes.length;
  if ((fed & ((64 << 20) - 1)) < CHUNK_BYTES) progress(`stream memory: ${(fed / 1e6).toFixed(0)} MB`);
}
tokens += t.end().length;
const ms = performance.now() - t0;
reply({ bytes: fed, tokens, ms, peakRss: process.resourceUsage().maxRSS * 1024 });
