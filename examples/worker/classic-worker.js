// The same worker as a classic script (`new Worker(url)` without
// `{ type: 'module' }`, or a bundler's default iife worker): no static
// import and no top-level await there, but a dynamic import() works, and
// the handler is set at once, so no message is lost.
const html5 = import('../../js/index.js').then(async (lib) => {
  await lib.init();
  return lib;
});

self.onmessage = async ({ data: { id, html, options } }) => {
  try {
    const { parseToBuffer } = await html5;
    const buffer = parseToBuffer(html, options);
    self.postMessage({ id, buffer }, [buffer]);
  } catch (error) {
    self.postMessage({ id, error: `${error.name}: ${error.message}` });
  }
};
