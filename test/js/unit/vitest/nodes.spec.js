// Run by test/js/unit/inspect.test.js through Vitest's command line (not by
// node --test: the name does not end in .test.js): Vitest's toEqual and
// toStrictEqual compare DOM-like nodes with isEqualNode.
import { expect, test } from 'vitest';
import { parse } from '../../../../js/node.js';

test('equal trees are equal', () => {
  expect(parse('<p class=x id=y>a<b>c</b><!--z-->').body).toEqual(parse('<!--other--><p id=y class=x>a<b>c</b><!--z-->').body);
  expect(parse('<!DOCTYPE html><p>x')).toStrictEqual(parse('<!DOCTYPE html><p>x'));
});

test('different trees are not', () => {
  expect(parse('<p>a<b>c</b>').body).not.toEqual(parse('<p>a<b>d</b>').body);
  expect(parse('<p class=x>').body).not.toEqual(parse('<p class=y>').body);
  expect(parse('<p>').body).not.toEqual(parse('<div>').body);
  expect(parse('<!DOCTYPE html><p>')).not.toEqual(parse('<p>'));
});

test('MARKER the failure shows the difference', () => {
  expect(parse('<p>a<b>c</b>').body).toEqual(parse('<p>a<b>d</b>').body);
});
