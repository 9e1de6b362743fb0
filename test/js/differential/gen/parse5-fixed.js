// parse5 with its known deviations from the HTML standard fixed: the
// reference of the differential test.  The installed parse5 is copied to a
// temporary directory and each fix is applied as an exact text replacement
// in its dist files; a fix whose text is no longer found (parse5 changed)
// throws, so the list is re-checked when parse5 is upgraded.
//
// Every fix was found by the differential generator, confirmed against the
// standard (shared/spec/whatwg-html-parsing-en.txt, or the whatwg/html
// commit named when the standard changed after parse5 8.1.1) and, where
// Chromium follows the standard there, against Chromium; see FIXES.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * id: short name; why: the deviation; example: a job (html, optional
 * context [localName, ns] and scripting) where stock parse5 is wrong;
 * file + edits (and file2 + edits2): [find, replace] pairs of exact text, find
 * occurring exactly once.
 */
export const FIXES = [
  {
    id: 'template-table-scope',
    example: { html: '<table><template><td></table>x' },
    why: 'template is a boundary of "has an element in table scope" (spec 13.2.4.2); parse5 8.1.1 ' +
      'only stops at html and table, so e.g. </table> inside <table><template> closes the table: ' +
      '"<table><template><td></table>x", "<table><td><template><td><caption>"',
    file: 'parser/open-element-stack.js',
    edits: [
      ['KEY_CLASSES[$.HTML] |= TABLE_SCOPE;', 'KEY_CLASSES[$.HTML] |= TABLE_SCOPE;\nKEY_CLASSES[$.TEMPLATE] |= TABLE_SCOPE;'],
      ['boundary = Math.max(this.keyTops[$.TABLE], this.keyTops[$.HTML]);',
        'boundary = Math.max(this.keyTops[$.TABLE], this.keyTops[$.HTML], this.keyTops[$.TEMPLATE]);'],
    ],
  },
  {
    id: 'nul-run-in-foreign-content',
    example: { html: '<svg>\0\0' },
    why: 'in foreign content every U+0000 becomes one U+FFFD (13.2.6.5); parse5 turns a run of NULs ' +
      'into a single U+FFFD: "<svg>\\0\\0" gives one U+FFFD instead of two',
    file: 'parser/index.js',
    edits: [['token.chars = unicode.REPLACEMENT_CHARACTER;', 'token.chars = unicode.REPLACEMENT_CHARACTER.repeat(token.chars.length);']],
  },
  {
    id: 'noscript-context-without-scripting',
    example: { html: '<a', context: ['noscript', 'html'], scripting: false },
    why: 'fragment parsing (13.4): the tokenizer starts in RAWTEXT for a noscript context only "if the ' +
      'scripting flag is enabled"; parse5 always does: "<a" in <noscript> without scripting gives text "<a"',
    file: 'parser/index.js',
    edits: [[
      '            case $.NOFRAMES:\n            case $.NOSCRIPT: {\n                this.tokenizer.state = TokenizerMode.RAWTEXT;\n                break;\n            }',
      '            case $.NOFRAMES: {\n                this.tokenizer.state = TokenizerMode.RAWTEXT;\n                break;\n            }\n' +
      '            case $.NOSCRIPT: {\n                if (this.options.scriptingEnabled) this.tokenizer.state = TokenizerMode.RAWTEXT;\n                break;\n            }',
    ]],
  },
  {
    id: 'svg-fedropshadow',
    example: { html: '<svg><fedropshadow>' },
    why: 'the SVG tag name adjustment table (13.2.6.5) maps fedropshadow to feDropShadow; parse5 lacks it',
    file: 'common/foreign-content.js',
    edits: [["    'feDistantLight',\n", "    'feDistantLight',\n    'feDropShadow',\n"]],
  },
  {
    id: 'cdata-in-integration-points',
    example: { html: '<svg><desc><![CDATA[x]]>' },
    why: 'markup declaration open state: a CDATA section is allowed when the adjusted current node is ' +
      'not in the HTML namespace (13.2.5.42), integration points included; parse5 makes it a bogus ' +
      'comment inside <mi>/<ms>/<foreignObject>/<desc>/<annotation-xml>: "<svg><desc><![CDATA[x]]>"',
    file: 'parser/index.js',
    edits: [[
      '        this.tokenizer.inForeignNode =\n',
      '        this.tokenizer.cdataAllowed = !isHTML && current !== undefined;\n        this.tokenizer.inForeignNode =\n',
    ]],
    // Pending character tokens are flushed first: the tree builder must see
    // them (they may reconstruct an HTML formatting element, which changes
    // the adjusted current node) before the check, as in the spec.
    file2: 'tokenizer/index.js',
    edits2: [['            if (this.inForeignNode) {\n                this.state = State.CDATA_SECTION;',
      '            this._emitCurrentCharacterToken(this.currentLocation);\n            if (this.cdataAllowed) {\n                this.state = State.CDATA_SECTION;']],
  },
  {
    id: 'row-end-tbody-tfoot-thead',
    example: { html: '<table><tr></tfoot><td>' },
    why: 'in row, </tbody> </tfoot> </thead> are ignored unless that element is in table scope (13.2.6.4.14); ' +
      'parse5 tests "it or a tr" (|| for &&), so "<table><tr></tfoot><td>" closes the row',
    file: 'parser/index.js',
    edits: [['if (p.openElements.hasInTableScope(token.tagID) || p.openElements.hasInTableScope($.TR)) {',
      'if (p.openElements.hasInTableScope(token.tagID) && p.openElements.hasInTableScope($.TR)) {']],
  },
  {
    id: 'form-end-tag-node-in-scope',
    why: '</form> without a template open acts only "if the stack of open elements has node in scope", ' +
      'node being the form element pointer\'s element (13.2.6.4.7); parse5 checks for any form element ' +
      'in scope, so a </form> whose pointer names a form that is not open (inserted and popped in a ' +
      'table) still generates implied end tags: "<form><table></form><form></table><li></form>x"',
    example: { html: '<form><table></form><form></table><li></form>x' },
    file: 'parser/index.js',
    edits: [['if ((formElement || inTemplate) && p.openElements.hasInScope($.FORM)) {',
      'if (inTemplate ? p.openElements.hasInScope($.FORM) : formElement !== null && p.openElements.contains(formElement) && p.openElements.hasInScope($.FORM, formElement)) {']],
  },
  {
    id: 'table-text-in-template',
    example: { html: '<template><tr><s><colgroup>\n' },
    why: 'in table: a character token goes to "in table text" "if the current node is table, tbody, ' +
      'template, tfoot, thead, or tr" (13.2.6.4.9); parse5 (and Chromium 156) leave out template, so ' +
      'whitespace there reconstructs formatting elements: "<template><tr><s><colgroup> "',
    file: 'parser/index.js',
    edits: [['if (p.openElements.currentTagId !== undefined && TABLE_STRUCTURE_TAGS.has(p.openElements.currentTagId)) {',
      'if (p.openElements.currentTagId !== undefined && (TABLE_STRUCTURE_TAGS.has(p.openElements.currentTagId) || p.openElements.currentTagId === $.TEMPLATE)) {']],
  },
  {
    id: 'search-is-special',
    example: { html: '<nobr><search><nobr>' },
    why: 'search is in the "special" category (13.2.4.3), which matters to the adoption agency ' +
      '(furthest block) and "any other end tag"; parse5 (and Chromium 156) lack it: "<nobr><search><nobr>"',
    file: 'common/html.js',
    edits: [['        $.SCRIPT,\n        $.SECTION,\n', '        $.SCRIPT,\n        $.SEARCH,\n        $.SECTION,\n']],
  },
  {
    id: 'form-parsing-template-contents',
    example: { html: '<template><table><form>' },
    why: 'the standard changed after parse5 8.1.1 (whatwg/html PR 12911, 2026): the <form> rules of "in body" ' +
      'and "in table" test "parsing template contents" (a template on the stack, or a template context ' +
      'element) where they tested "a template element on the stack", and "in table" then inserts the ' +
      'form (and pops it) instead of ignoring it: "<template><table><form>" keeps the form in the ' +
      'template contents (Chromium 156 too)',
    file: 'parser/index.js',
    edits: [
      ['function formStartTagInBody(p, token) {\n    const inTemplate = p.openElements.tmplCount > 0;',
        'function formStartTagInBody(p, token) {\n    const inTemplate = parsingTemplateContents(p);'],
      ['function formEndTagInBody(p) {\n    const inTemplate = p.openElements.tmplCount > 0;',
        'function formEndTagInBody(p) {\n    const inTemplate = parsingTemplateContents(p);'],
      ['function formStartTagInTable(p, token) {\n    if (!p.formElement && p.openElements.tmplCount === 0) {\n        p._insertElement(token, NS.HTML);\n        p.formElement = p.openElements.current;\n        p.openElements.pop();\n    }\n}',
        'function parsingTemplateContents(p) {\n    return p.openElements.tmplCount > 0 || (p.fragmentContextID === $.TEMPLATE && p.treeAdapter.getNamespaceURI(p.fragmentContext) === NS.HTML);\n}\n' +
        'function formStartTagInTable(p, token) {\n    const inTemplate = parsingTemplateContents(p);\n    if (!p.formElement || inTemplate) {\n        p._insertElement(token, NS.HTML);\n        if (!inTemplate) p.formElement = p.openElements.current;\n        p.openElements.pop();\n    }\n}'],
    ],
  },
  {
    id: 'frameset-ok-after-head',
    example: { html: '<head><template></template></head><p><frameset>' },
    why: 'the standard changed after parse5 8.1.1 (whatwg/html PR 12908, 2026): "after head" sets the ' +
      'frameset-ok flag to "ok" when it inserts the body for anything else, so a <template> in the head ' +
      'no longer prevents a later <frameset>: "<head><template></template></head><p><frameset>" (Chromium 156 too)',
    file: 'parser/index.js',
    edits: [['function tokenAfterHead(p, token) {\n    p._insertFakeElement(TN.BODY, $.BODY);\n',
      'function tokenAfterHead(p, token) {\n    p._insertFakeElement(TN.BODY, $.BODY);\n    p.framesetOk = true;\n']],
  },
  {
    id: 'doctype-empty-system-id',
    example: { html: '<!DOCTYPE html PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" ""><p><table>' },
    why: 'the standard changed after parse5 8.1.1 (whatwg/html PR 12084, commit e7318c5e, 2026): for the ' +
      'HTML 4.01 Frameset and Transitional public identifiers an empty system identifier counts as a ' +
      'missing one (quirks mode, not limited-quirks), as Chromium and WebKit always did',
    file: 'common/doctype.js',
    edits: [
      ["let prefixes = systemId === null ? QUIRKS_MODE_NO_SYSTEM_ID_PUBLIC_ID_PREFIXES",
        "let prefixes = !systemId ? QUIRKS_MODE_NO_SYSTEM_ID_PUBLIC_ID_PREFIXES"],
      ["systemId === null ? LIMITED_QUIRKS_PUBLIC_ID_PREFIXES",
        "!systemId ? LIMITED_QUIRKS_PUBLIC_ID_PREFIXES"],
    ],
  },
];

const dist = dirname(fileURLToPath(import.meta.resolve('parse5')));
const dirs = [];
process.on('exit', () => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function edit(root, file, edits, id) {
  const path = join(root, file);
  let src = readFileSync(path, 'utf8');
  for (const [find, replace] of edits) {
    const at = src.indexOf(find);
    if (at < 0 || src.indexOf(find, at + 1) >= 0) {
      throw new Error(`parse5 fix '${id}' no longer applies to ${file} (parse5 changed: check whether it is fixed upstream): ${JSON.stringify(find.slice(0, 80))}`);
    }
    src = src.slice(0, at) + replace + src.slice(at + find.length);
  }
  writeFileSync(path, src);
}

/**
 * A parse5 module with the fixes `ids` applied (default: all).  Each call
 * makes a fresh copy (a separate module instance).
 */
export async function loadFixedParse5(ids = FIXES.map((f) => f.id)) {
  const root = mkdtempSync(join(tmpdir(), 'h5-parse5-fixed-'));
  dirs.push(root);
  cpSync(dist, root, { recursive: true });
  writeFileSync(join(root, 'package.json'), '{ "type": "module" }\n');
  // parse5's own dependency, resolved as parse5 resolves it (from the project)
  for (const f of ['serializer/index.js', 'tokenizer/index.js']) {
    const p = join(root, f);
    writeFileSync(p, readFileSync(p, 'utf8').replace(/from '(entities\/[a-z]+)'/g, (_, spec) => `from '${import.meta.resolve(spec)}'`));
  }
  for (const id of ids) {
    const fix = FIXES.find((f) => f.id === id);
    if (!fix) throw new Error(`unknown parse5 fix ${id}`);
    edit(root, fix.file, fix.edits, id);
    if (fix.file2) edit(root, fix.file2, fix.edits2, id);
  }
  return import(pathToFileURL(join(root, 'index.js')).href);
}
