// hast-util-from-parse5 takes the object format.  Checked with @types/node
// (tsconfig.platform.json): its vfile dependency needs the global URL type,
// which html5-wasm's own types do not.  See esm.mts.
import { fromParse5 } from 'hast-util-from-parse5';
import { parse, parseFragment } from 'html5-wasm';
import type { Root } from 'hast';

const root = fromParse5(parse('<p>x', { format: 'object', sourceCodeLocationInfo: true }));
const fragment = fromParse5(parseFragment('<td>x', { format: 'object', context: 'tr' }));
const tree: Root | undefined = root.type === 'root' ? root : undefined;
// @ts-expect-error -- Argument of type 'Document' is not assignable to parameter
fromParse5(parse('<p>x'));

export { fragment, tree };
