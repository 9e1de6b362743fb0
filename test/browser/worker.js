// Module worker for the browser tests: loads html5-wasm itself (init()
// fetches dist/html5.wasm relative to js/core/loader.js), parses with
// parseToBuffer() and transfers the ArrayBuffer back to the page, then
// reports whether its own reference was detached by the transfer.
import { init, isReady, parseToBuffer } from '../../js/index.js';

let isModuleWorker = true; // a classic worker could not have run the import above
self.onmessage = async ({ data }) => {
  const { id } = data;
  try {
    if (data.type === 'init') {
      await init();
      self.postMessage({ id, type: 'ready', ready: isReady(), isModuleWorker, name: self.name });
      return;
    }
    const buffer = parseToBuffer(data.html, { scriptingEnabled: false });
    const byteLength = buffer.byteLength;
    self.postMessage({ id, type: 'tree', buffer, byteLength }, [buffer]);
    self.postMessage({ id, type: 'sent', byteLengthAfter: buffer.byteLength, detached: buffer.detached ?? null });
  } catch (e) {
    self.postMessage({ id, type: 'error', message: `${e?.name ?? 'Error'}: ${e?.message ?? e}` });
  }
};
