// Form controls of issue 18 on parse() trees: the cases of
// test/js/browser/s13-forms.cases.js give Chromium 156's answers (checked in
// Chromium by test/js/browser/s13-forms.test.js), or the standard's where
// Chromium departs from it (KNOWN_DIFFERENCES).  Plus what a browser
// cannot compare: decode() trees, TypeScript-visible shapes, the read path.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { decode, parse, parseToBuffer } from '../../../js/node.js';
import { CASES, KNOWN_DIFFERENCES } from '../browser/s13-forms.cases.js';

function run(c, doc) {
  const fn = new Function('d', c.body);
  try {
    return JSON.stringify(fn(doc));
  } catch (e) {
    return `threw ${e?.name}`;
  }
}

describe('form controls (issue 18): the answers of Chromium or of the standard', () => {
  for (const c of CASES) {
    test(c.name, () => {
      assert.equal(run(c, parse(c.html)), c.expected, 'parse()');
      assert.equal(run(c, decode(parseToBuffer(c.html))), c.expected, 'decode()');
    });
  }
  for (const c of KNOWN_DIFFERENCES) {
    test(`${c.name} (the standard; Chromium differs)`, () => assert.equal(run(c, parse(c.html)), c.expected));
  }
});

describe('form controls (issue 18): details', () => {
  test('willValidate agrees with :valid / :invalid after changes', () => {
    const doc = parse('<form><input required id=a><textarea required readonly id=b></textarea><fieldset><select required id=c><option value="">x</select></fieldset></form>');
    const els = ['a', 'b', 'c'].map((id) => doc.getElementById(id));
    const agree = () => els.every((e) => e.willValidate === (e.matches(':valid') || e.matches(':invalid')));
    assert.ok(agree());
    assert.deepEqual(els.map((e) => e.willValidate), [true, false, true]);
    doc.querySelector('fieldset').disabled = true;
    els[1].readOnly = false;
    assert.deepEqual(els.map((e) => e.willValidate), [true, true, false]);
    assert.ok(agree());
  });

  test('valueAsNumber and valueAsDate are read-only here (no setters: TypeError, the value unchanged)', () => {
    const doc = parse('<input type=number value=3><input type=date value=2024-01-02>');
    const [n, d] = doc.querySelectorAll('input');
    assert.throws(() => { n.valueAsNumber = 4; }, TypeError);
    assert.throws(() => { d.valueAsDate = new Date(0); }, TypeError);
    assert.deepEqual([n.value, n.valueAsNumber, d.value, d.valueAsDate.toISOString()], ['3', 3, '2024-01-02', '2024-01-02T00:00:00.000Z']);
  });

  test('valueAsNumber follows the dirty value', () => {
    const e = parse('<input type=time value=01:00>').querySelector('input');
    e.value = '00:00:01.5';
    assert.equal(e.valueAsNumber, 1500);
    e.type = 'text';
    assert.ok(Number.isNaN(e.valueAsNumber));
  });

  test('the options writes change the tree (live collection and serialization)', () => {
    const doc = parse('<select id=s><option>a</select>');
    const sel = doc.getElementById('s');
    const opts = sel.options;
    opts.length = 3;
    assert.equal(opts.length, 3);
    opts[0] = null;
    assert.equal(doc.body.innerHTML, '<select id="s"><option></option><option></option></select>');
    assert.throws(() => { opts.foo = 1; }, TypeError); // other writes are refused
    assert.deepEqual(Object.keys(opts), ['0', '1']);
  });
  test('dates before year 100 are the proleptic Gregorian years as written (not 1900-1999)', () => {
    // Expected values from Python's datetime: 0050-03-01 is -60584198400000 ms from 1970-01-01;
    // 0004-01-01 was a Thursday, so year 4 has a week 53 starting on 0004-12-27; 1904 has none.
    const doc = parse('<input type=date value=0050-03-01><input type=week value=0004-W53><input type=week value=1904-W53>');
    const [d, w, w2] = doc.querySelectorAll('input');
    assert.equal(d.valueAsNumber, -60584198400000);
    assert.equal(w.value, '0004-W53');
    assert.equal(w.valueAsDate.toISOString(), '0004-12-27T00:00:00.000Z');
    assert.equal(w2.value, '');
  });
});
