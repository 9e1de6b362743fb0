// A module worker that parses HTML off the main thread and transfers the
// flat tree buffer back (zero-copy): the main thread decodes it without
// loading the wasm module at all.
import { init, parseToBuffer } from '../../js/index.js';

const ready = init(); // loads ../../dist/html5.wasm relative to js/loader.js

self.onmessage = async (event) => {
  await ready;
  const { id, html, options } = event.data;
  try {
    const buffer = parseToBuffer(html, options);
    self.postMessage({ id, buffer }, [buffer]);
  } catch (error) {
    self.postMessage({ id, error: `${error.name}: ${error.message}` });
  }
};
