// Compact reporter for `node --test`: the html5lib suites hold thousands of
// cases, so passing cases are counted, not listed.  Each top-level suite
// prints one line with its counts, every failure is printed in full (its
// suite path, name and error), and the run ends with the runner's usual
// summary lines (tests / suites / pass / fail / cancelled / skipped / todo).
import { inspect } from 'node:util';

export default async function* reporter(source) {
  const counts = { tests: 0, suites: 0, pass: 0, fail: 0, cancelled: 0, skipped: 0, todo: 0 };
  const suiteStats = new Map(); // top-level suite name -> {pass, fail, skipped}
  const stack = [];
  let start = Date.now();
  const diagnostics = [];

  for await (const { type, data } of source) {
    if (type === 'test:start') {
      stack[data.nesting] = data.name;
      stack.length = data.nesting + 1;
    } else if (type === 'test:pass' || type === 'test:fail') {
      const isSuite = data.details?.type === 'suite';
      const top = data.nesting === 0 ? data.name : stack[0];
      if (isSuite) {
        counts.suites++;
        if (data.nesting === 0) {
          const s = suiteStats.get(data.name) ?? { pass: 0, fail: 0, skipped: 0 };
          const ms = Math.round(data.details?.duration_ms ?? 0);
          const mark = type === 'test:pass' ? '✔' : '✖';
          yield `${mark} ${data.name}: ${s.pass} passed, ${s.fail} failed${s.skipped ? `, ${s.skipped} skipped` : ''} (${ms} ms)\n`;
        }
        if (type === 'test:fail' && data.details?.error?.failureType !== 'subtestsFailed') {
          counts.fail++;
          yield `✖ suite ${data.name}\n${indent(inspect(data.details.error, { depth: 4 }))}\n`;
        }
        continue;
      }
      counts.tests++;
      const s = suiteStats.get(top) ?? { pass: 0, fail: 0, skipped: 0 };
      suiteStats.set(top, s);
      if (data.skip || data.todo) {
        data.skip ? counts.skipped++ : counts.todo++;
        s.skipped++;
        yield `- skipped: ${stack.slice(0, data.nesting).concat(data.name).join(' > ')}${typeof data.skip === 'string' ? ` (${data.skip})` : ''}\n`;
      } else if (type === 'test:pass') {
        counts.pass++;
        s.pass++;
        if (data.nesting === 0) yield `✔ ${data.name} (${Math.round(data.details?.duration_ms ?? 0)} ms)\n`;
      } else {
        counts.fail++;
        s.fail++;
        const path = stack.slice(0, data.nesting).concat(data.name).join(' > ');
        const err = data.details?.error;
        const cause = err?.cause ?? err;
        yield `✖ FAIL ${path}\n${indent(cause?.message ?? inspect(cause, { depth: 4 }))}\n`;
      }
    } else if (type === 'test:diagnostic') {
      if (data.nesting === 0) diagnostics.push(data.message);
      else yield `ℹ ${data.message}\n`;
    } else if (type === 'test:stderr' || type === 'test:stdout') {
      yield data.message;
    }
  }
  const duration = diagnostics.find((d) => d.startsWith('duration_ms'));
  yield '\n';
  for (const k of ['tests', 'suites', 'pass', 'fail', 'cancelled', 'skipped', 'todo']) yield `ℹ ${k} ${counts[k]}\n`;
  yield `ℹ ${duration ?? `duration_ms ${Date.now() - start}`}\n`;
}

function indent(text) {
  return String(text).split('\n').map((l) => '    ' + l).join('\n');
}
