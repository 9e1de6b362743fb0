// Runs a native test built as a standalone WebAssembly program (WASI, as
// emcc -s STANDALONE_WASM=1 writes it) under Node, with the exit status of
// its main():   node test/native/run_wasm.mjs PROGRAM.wasm [ARGS...]
import { readFileSync } from 'node:fs';
import { WASI } from 'node:wasi';

const [file, ...args] = process.argv.slice(2);
const wasi = new WASI({ version: 'preview1', args: [file, ...args] });
const { instance } = await WebAssembly.instantiate(readFileSync(file), wasi.getImportObject());
process.exitCode = wasi.start(instance);
