// A module worker that parses HTML off the main thread and transfers the
// flat tree buffer back (zero-copy): the main thread decodes it without
// loading the wasm module at all.
//
// The message handler is set at once, while the module is evaluated: a
// message posted right after `new Worker()` arrives before html5.wasm has
// loaded, and a handler set only after `await init()` would never see it.
// init() is idempotent: every call returns the same loading promise, so
// messages that arrive early wait for it and are answered in order.
import { init, parseToBuffer } from '../../js/index.js'; // in an app: from 'html5-wasm' through a bundler

self.onmessage = async ({ data: { id, html, options } }) => {
  try {
    await init(); // loads ../../dist/html5.wasm relative to js/index.js, once
    const buffer = parseToBuffer(html, options);
    self.postMessage({ id, buffer }, [buffer]); // transferred, not copied
  } catch (error) {
    self.postMessage({ id, error: `${error.name}: ${error.message}` });
  }
};
