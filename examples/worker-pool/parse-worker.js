// One worker of the pool (pool.js): parses with html5-wasm and transfers the
// flat tree buffer back.  parseToBuffer() returns an ArrayBuffer this thread
// owns; listing it in postMessage's transfer list moves it to the main
// thread without a copy (here it is detached afterwards).  Each worker has
// its own wasm instance, loaded on its first parse ('html5-wasm/buffer': the parser without the DOM).
import { parentPort } from 'node:worker_threads';
import { parseToBuffer } from 'html5-wasm/buffer';

parentPort.on('message', ({ id, input, options }) => {
  let buffer;
  try {
    buffer = parseToBuffer(input, options);
  } catch (error) {
    parentPort.postMessage({ id, error }); // a TypeError/RangeError arrives as one
    return;
  }
  parentPort.postMessage({ id, buffer }, [buffer]); // transferred, not copied
});
parentPort.postMessage({ ready: true }); // the script has loaded (pool.js: a worker that dies later is replaced)
