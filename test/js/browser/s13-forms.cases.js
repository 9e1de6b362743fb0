// Form controls of issue 18 (an audit's gaps): willValidate, the positive
// and non-negative reflected numbers, valueAsNumber / valueAsDate,
// progress and meter, the output / textarea / option setters, and the
// select's and HTMLOptionsCollection's writes.  Each case is a script body
// run as `(d) => ...` over a document of `html`; the JSON of what it returns
// (or the name of what it threw) is `expected`: Chromium 156's answer,
// which test/js/browser/s13-forms.test.js checks in Chromium and
// test/js/unit/s13-forms.test.js on parse() trees.  KNOWN_DIFFERENCES:
// the standard's answer (ours) where Chromium departs from it.
//
// Not a test file itself (node --test does not pick up *.cases.js).

const CONTROLS = '<!DOCTYPE html><form id=f>' +
  '<input id=text><input id=hidden type=hidden><input id=reset type=reset><input id=button type=button><input id=image type=image>' +
  '<input id=submit type=submit><input id=ro readonly><input id=dis disabled><input id=file type=file>' +
  '<button id=b1></button><button id=b2 type=reset></button><button id=b3 type=button></button><button id=b4 type=bogus></button>' +
  '<output id=out></output><fieldset id=fs><input id=infs></fieldset><object id=obj></object><select id=sel></select>' +
  '<textarea id=ta></textarea><textarea id=taro readonly></textarea><datalist><input id=indl><select id=seldl></select></datalist>' +
  '<fieldset disabled><legend><input id=inlegend></legend><input id=infsdis></fieldset>' +
  '<input id=req required><input id=reqhidden type=hidden required><input id=reqro readonly required></form>';

const ids = "[...d.querySelectorAll('[id]')].filter((e) => e.localName !== 'form')";

export const CASES = [
  // 1. willValidate: barred from constraint validation (HTML 4.10.21.1), and :valid / :invalid agree.
  { name: 'willValidate of each control', expected: '["text:true","hidden:false","reset:false","button:false","image:false","submit:true","ro:false","dis:false","file:true","b1:true","b2:false","b3:false","b4:true","out:false","fs:false","infs:true","obj:false","sel:true","ta:true","taro:false","indl:false","seldl:false","inlegend:true","infsdis:false","req:true","reqhidden:false","reqro:false"]',
    html: CONTROLS,
    body: `return ${ids}.map((e) => e.id + ':' + e.willValidate);` },
  { name: ':valid / :invalid only on candidates', expected: '["text:valid","hidden:-","reset:-","button:-","image:-","submit:valid","ro:-","dis:-","file:valid","b1:valid","b2:-","b3:-","b4:valid","out:-","fs:valid","infs:valid","obj:-","sel:valid","ta:valid","taro:-","indl:-","seldl:-","inlegend:valid","infsdis:-","req:invalid","reqhidden:-","reqro:-"]',
    html: CONTROLS,
    body: `return ${ids}.map((e) => e.id + ':' + (e.matches(':valid') ? 'valid' : e.matches(':invalid') ? 'invalid' : '-'));` },
  { name: 'willValidate follows disabled, readonly and type changes', expected: '[false,false,false,true,false,false]',
    html: CONTROLS,
    body: "const r = []; const t = d.getElementById('text'); t.disabled = true; r.push(t.willValidate); t.disabled = false; t.readOnly = true; r.push(t.willValidate); t.readOnly = false; t.type = 'hidden'; r.push(t.willValidate); t.type = 'number'; r.push(t.willValidate); const b = d.getElementById('b1'); b.type = 'reset'; r.push(b.willValidate); d.getElementById('fs').disabled = true; r.push(d.getElementById('infs').willValidate); return r;" },

  { name: ':invalid, :in-range and :placeholder-shown follow values set from JS (the dirty value)', expected: '[[false,true,false,false,false,false],[true,false,true,true,true,true]]',
    html: '<input id=a required value=x><input id=b type=number min=5 value=7><input id=c placeholder=p value=z><textarea id=t required placeholder=q>w</textarea>',
    body: "const [a, b, c, t] = ['a', 'b', 'c', 't'].map((x) => d.getElementById(x)); const m = () => [a.matches(':invalid'), b.matches(':in-range'), b.matches(':out-of-range'), c.matches(':placeholder-shown'), t.matches(':invalid'), t.matches(':placeholder-shown')]; const r = [m()]; a.value = ''; b.value = '3'; c.value = ''; t.value = ''; r.push(m()); return r;" },

  { name: ':checked and :indeterminate follow option.selected, select.value and indeterminate set from JS', expected: '[[false,true,false,true],[true,false,true,true],[false,false,false,false]]',
    html: '<select id=s><option id=a>a<option id=b selected>b</select><select id=m multiple><option id=c>c</select><input type=checkbox id=i><select id=n><option id=d>d</select>',
    body: "const g = (x) => d.getElementById(x); const m = () => [g('a').matches(':checked'), g('b').matches(':checked'), g('c').matches(':checked'), g('d').matches(':checked')]; const r = [m()]; g('a').selected = true; g('c').selected = true; g('i').indeterminate = true; r.push([...m().slice(0, 3), g('i').matches(':indeterminate')]); g('s').value = 'zz'; g('n').selectedIndex = -1; g('m').value = 'nope'; g('i').indeterminate = false; r.push([g('a').matches(':checked'), g('d').matches(':checked'), g('c').matches(':checked'), g('i').matches(':indeterminate')]); return r;" },

  // 2. Reflected numbers: limited to only positive numbers (with fallback), non-negative.
  { name: 'textarea rows / cols set to 0, to a negative and past 2^31', expected: '[[2,20,"2","20"],[2,20,"2","20"],[2,20,"2","20"],[7,7,"7","7"],[3,3,"3","3"],[2,20,"2","20"],[2,20,"2","20"]]',
    html: '<textarea rows=5 cols=9></textarea>',
    body: "const t = d.querySelector('textarea'); const r = []; for (const v of [0, -1, 2147483648, 7, '3', NaN, 4294967295]) { t.rows = v; t.cols = v; r.push([t.rows, t.cols, t.getAttribute('rows'), t.getAttribute('cols')]); } return r;" },
  { name: 'textarea rows / cols from the attribute', expected: '[[2,12],[2,20]]',
    html: '<textarea rows=0 cols=" 12px"></textarea><textarea rows=-3 cols=x></textarea>',
    body: "return [...d.querySelectorAll('textarea')].map((t) => [t.rows, t.cols]);" },
  { name: 'input size set to 0 and others', expected: '[20,7,"IndexSizeError",20,"20",20,"20",3,"3"]',
    html: '<input size=0><input size=7>',
    body: "const [a, b] = d.querySelectorAll('input'); const r = [a.size, b.size]; for (const v of [0, -1, 2147483648, 3]) { try { b.size = v; r.push(b.size, b.getAttribute('size')); } catch (e) { r.push(e.name); } } return r;" },
  { name: 'select size', expected: '[0,0,3,0,"0",0,"0",0,"0",5,"5"]',
    html: '<select size=0></select><select size=-2></select><select size=3></select>',
    body: "const s = [...d.querySelectorAll('select')]; const r = s.map((e) => e.size); for (const v of [0, -1, 2147483648, 5]) { s[2].size = v; r.push(s[2].size, s[2].getAttribute('size')); } return r;" },
  { name: 'maxLength / minLength', expected: '[5,-1,0,0,2,2,"IndexSizeError","IndexSizeError","IndexSizeError","IndexSizeError",-1,-1,0,0,2,2,"IndexSizeError","IndexSizeError","IndexSizeError","IndexSizeError"]',
    html: '<input maxlength=5 minlength=-1><textarea maxlength=x minlength=" -3"></textarea>',
    body: "const r = []; for (const e of d.querySelectorAll('input, textarea')) { r.push(e.maxLength, e.minLength); for (const v of [0, 2, -1, 2147483648]) { try { e.maxLength = v; r.push(e.maxLength); } catch (x) { r.push(x.name); } try { e.minLength = v; r.push(e.minLength); } catch (x) { r.push(x.name); } } } return r;" },

  // 3. valueAsNumber / valueAsDate.
  { name: 'valueAsNumber of every type', expected: '[["number",150],["range",30],["date",1709164800000],["date",-60576249600000],["month",652],["month",-1],["week",1704067200000],["week",1609113600000],["week",1609718400000],["time",45000000],["time",1500],["time",86399999],["datetime-local",1709618820000],["datetime-local",1],["text",null],["number",null],["date",null],["text",null],["checkbox",null],["hidden",null]]',
   
    html: '<input type=number value=1.5e2><input type=range value=30><input type=date value=2024-02-29><input type=date value=0050-06-01>' +
      '<input type=month value=2024-05><input type=month value=1969-12><input type=week value=2024-W01><input type=week value=2020-W53><input type=week value=2021-W01>' +
      '<input type=time value=12:30><input type=time value=00:00:01.5><input type=time value=23:59:59.999>' +
      '<input type=datetime-local value="2024-03-05 06:07"><input type=datetime-local value=1970-01-01T00:00:00.001>' +
      '<input type=text value=3><input type=number value=x><input type=date value=2023-02-29><input><input type=checkbox value=1><input type=hidden value=2>',
    body: "return [...d.querySelectorAll('input')].map((e) => [e.type, e.valueAsNumber]);" },
  { name: 'valueAsDate of every type', expected: '[["date",1709164800000],["month",1714521600000],["week",1709510400000],["time",45015250],["datetime-local",null],["number",null],["date",null],["text",null]]',
   
    html: '<input type=date value=2024-02-29><input type=month value=2024-05><input type=week value=2024-W10><input type=time value=12:30:15.25>' +
      '<input type=datetime-local value=2024-03-05T06:07><input type=number value=3><input type=date><input type=text value=2024-01-01>',
    body: "return [...d.querySelectorAll('input')].map((e) => [e.type, e.valueAsDate === null ? null : e.valueAsDate.getTime()]);" },

  { name: 'date and time values: sanitization', expected: '["2020-W53","","","","","2024-02-29","","","2024-01-01T00:00","","12345-01-01"]',
    html: '<input type=week value=2020-W53><input type=week value=2021-W53><input type=week value=2021-W00><input type=month value=0000-01><input type=date value=2023-02-29><input type=date value=2024-02-29>' +
      '<input type=time value=24:00><input type=time value=23:59:60><input type=datetime-local value="2024-01-01 00:00"><input type=datetime-local value=2024-01-01T25:00><input type=date value=12345-01-01>',
    body: "return [...d.querySelectorAll('input')].map((e) => e.value);" },

  // 4. progress and meter.
  { name: 'progress value / max / position', expected: '[[0,1,-1],[3,10,0.3],[10,10,1],[0,1,0],[0,1,0],[1,1,1],[1,1,1]]',
   
    html: '<progress></progress><progress value=3 max=10></progress><progress value=12 max=10></progress><progress value=-2></progress><progress value=x max=0></progress><progress value=" 0.5e1abc" max=-4></progress><progress value=1 max=1e400></progress>',
    body: "return [...d.querySelectorAll('progress')].map((e) => [e.value, e.max, e.position]);" },
  { name: 'progress setters', expected: '["2","2","0.25","0.25","0","0.25","7","7","1e+21","1e+21","TypeError","TypeError","TypeError","TypeError"]',
   
    html: '<progress></progress>',
    body: "const e = d.querySelector('progress'); const r = []; for (const v of [2, 0.25, 0, '7', 1e21]) { try { e.value = v; r.push(e.getAttribute('value')); } catch (x) { r.push(x.name); } try { e.max = v; r.push(e.getAttribute('max')); } catch (x) { r.push(x.name); } } for (const v of [NaN, Infinity]) { try { e.value = v; r.push('ok'); } catch (x) { r.push(x.name); } try { e.max = v; r.push('ok'); } catch (x) { r.push(x.name); } } return r;" },
  { name: 'meter value / min / max / low / high / optimum', expected: '[[0,0,1,0,1,0.5],[4,1,4,1,4,2.5],[0.3,0,1,0.5,0.5,1],[5,5,5,5,5,5],[0,0,1,0.2,0.9,0]]',
   
    html: '<meter></meter><meter value=5 min=1 max=4></meter><meter value=0.3 low=0.5 high=0.2 optimum=2></meter><meter min=5 max=2 value=1 low=9 high=1></meter><meter value=x min=y max=z low=" 0.2" high=0.9 optimum=-1></meter>',
    body: "return [...d.querySelectorAll('meter')].map((e) => [e.value, e.min, e.max, e.low, e.high, e.optimum]);" },
  { name: 'meter setters', expected: "[[\"0.5\",\"TypeError\",\"0.5\",\"TypeError\",\"0.5\",\"TypeError\",\"0.5\",\"TypeError\",\"0.5\",\"TypeError\",\"0.5\",\"TypeError\"],\"<meter value=\\\"0.5\\\" min=\\\"0.5\\\" max=\\\"0.5\\\" low=\\\"0.5\\\" high=\\\"0.5\\\" optimum=\\\"0.5\\\"></meter>\"]",
   
    html: '<meter></meter>',
    body: "const e = d.querySelector('meter'); const r = []; for (const k of ['value', 'min', 'max', 'low', 'high', 'optimum']) { e[k] = 0.5; r.push(e.getAttribute(k)); try { e[k] = NaN; r.push('ok'); } catch (x) { r.push(x.name); } } return [r, e.outerHTML];" },

  // 5. Setters.
  { name: 'output value / defaultValue', expected: '["ab","ab","d","d","d","v","d","v","v","e","v","null","x"]',
   
    html: '<output>a<b>b</b></output><output>x</output>',
    body: "const [o, p] = d.querySelectorAll('output'); const r = [o.value, o.defaultValue]; o.defaultValue = 'd'; r.push(o.value, o.defaultValue, o.innerHTML); o.value = 'v'; r.push(o.value, o.defaultValue, o.innerHTML); o.defaultValue = 'e'; r.push(o.value, o.defaultValue, o.innerHTML); p.value = null; r.push(p.value, p.defaultValue); return r;" },
  { name: 'textarea defaultValue', expected: "[\"a\",\"a\",\"x\\r\\ny\",\"x\\ny\",\"x\\r\\ny\",\"z\",\"v\",\"null\"]",
   
    html: '<textarea>a</textarea>',
    body: "const t = d.querySelector('textarea'); const r = [t.defaultValue, t.value]; t.defaultValue = 'x\\r\\ny'; r.push(t.defaultValue, t.value, t.innerHTML); t.value = 'v'; t.defaultValue = 'z'; r.push(t.defaultValue, t.value); t.defaultValue = null; r.push(t.defaultValue); return r;" },
  { name: 'option text setter', expected: '["new text","  new   text  ","v","new text","null","null"]',
   
    html: '<select><option value=v>a<b>b</b></option><option>  two  words  </option></select>',
    body: "const [a, b] = d.querySelectorAll('option'); a.text = '  new   text  '; b.text = null; return [a.text, a.innerHTML, a.value, a.label, b.text, b.innerHTML];" },

  // 6. select and HTMLOptionsCollection writes.
  { name: 'HTMLOptionsCollection add / remove / length / index / selectedIndex', expected: "[\"<option></option><option>a</option><option>x</option><option id=\\\"ob\\\">b</option><optgroup></optgroup>\",4,\"<option>a</option><option id=\\\"ob\\\">b</option><optgroup></optgroup>\",5,\"<option>a</option><option id=\\\"ob\\\">b</option><optgroup></optgroup><option></option><option></option><option></option>\",1,\"<option>a</option><optgroup></optgroup>\",4,3,3,1,1,[\"TypeError\",\"TypeError\",\"NotFoundError\",\"TypeError\"]]",
   
    html: '<select><option>a<option id=ob>b</select>',
    body: "const sel = d.querySelector('select'); const o = sel.options; const x = d.createElement('option'); x.textContent = 'x';" +
      " o.add(x, o[1]); o.add(d.createElement('optgroup')); o.add(d.createElement('option'), 0); const r = [sel.innerHTML, o.length];" +
      " o.remove(0); o.remove(-1); o.remove(99); o.remove('1'); r.push(sel.innerHTML);" +
      " o.length = 5; r.push(o.length, sel.innerHTML); o.length = 1; r.push(o.length, sel.innerHTML);" +
      " o[3] = d.createElement('option'); r.push(o.length); o[0] = null; r.push(o.length); o.length = 100001; r.push(o.length);" +
      " o.selectedIndex = 1; r.push(sel.selectedIndex, o.selectedIndex); const errs = [];" +
      " for (const f of [() => o.add(sel), () => o.add(d.createElement('div')), () => o.add(d.createElement('option'), d.body), () => { o[1] = d.createElement('div'); }]) { try { f(); errs.push('ok'); } catch (e) { errs.push(e.name); } }" +
      " return [...r, errs];" },
  { name: 'select add / remove / length', expected: '["<option>a</option><option>n</option><option>b</option><option>c</option>",5,"<option></option><option>n</option><option>b</option><option>c</option>","<option></option><option>n</option>",4,"<option></option><option>n</option><option></option><option></option>","",4]',
   
    html: '<div><select><option>a<option>b<option>c</select></div>',
    body: "const sel = d.querySelector('select'); const r = []; const n = d.createElement('option'); n.text = 'n'; sel.add(n, 1); r.push(sel.innerHTML);" +
      " sel.add(d.createElement('option'), sel.options[0]); r.push(sel.length); sel.remove(1); r.push(sel.innerHTML); sel.length = 2; r.push(sel.innerHTML);" +
      " sel.length = 4; r.push(sel.length, sel.innerHTML); sel.remove(); r.push(d.querySelector('div').innerHTML, sel.length); return r;" },
  { name: 'options[i] = option replaces, past the end appends blanks', expected: '["<option>a</option><option>x</option>","<option>a</option><option>x</option><option></option><option></option><option>y</option>",5]',
   
    html: '<select><option>a<option>b</select>',
    body: "const sel = d.querySelector('select'); const o = sel.options; const x = d.createElement('option'); x.text = 'x'; o[1] = x; const r = [sel.innerHTML]; const y = d.createElement('option'); y.text = 'y'; o[4] = y; r.push(sel.innerHTML, o.length); return r;" },
  { name: 'options.length = n on an empty select; add with before an index past the end', expected: '["<option></option><option></option>","<option></option><option></option><option>x</option>","<option></option><option></option><option>x</option><option>y</option>"]',
   
    html: '<select></select>',
    body: "const sel = d.querySelector('select'); sel.options.length = 2; const r = [sel.innerHTML]; const x = d.createElement('option'); x.text = 'x'; sel.options.add(x, 9); r.push(sel.innerHTML); const y = d.createElement('option'); y.text = 'y'; sel.add(y, -1); r.push(sel.innerHTML); return r;" },
  { name: 'options.add(option, index) with that option in an optgroup', expected: '"<optgroup><option></option><option>a</option></optgroup><option>b</option>"',
    html: '<select><optgroup><option>a</optgroup><option>b</select>',
    body: "const sel = d.querySelector('select'); sel.options.add(d.createElement('option'), 0); return sel.innerHTML;" },
];

// The standard here, something else in Chromium 156 (docs/chromium-differences.md, "Forms").
export const KNOWN_DIFFERENCES = [
  // HTML 4.10.5.3.3: readonly does not apply to a checkbox (4.10.5: an
  // attribute that does not apply is ignored), so it is not barred;
  // Chromium bars every input with the attribute.
  { name: 'readonly checkbox and radio: willValidate, :invalid', html: '<input type=checkbox readonly required><input type=radio name=r readonly required>',
    body: "return [...d.querySelectorAll('input')].map((e) => [e.willValidate, e.matches(':invalid')]);",
    expected: '[[true,true],[true,true]]' },
  // HTML 4.10.5.3.1: maxLength and minLength reflect, limited to only
  // non-negative numbers, whatever the other is; Chromium throws
  // IndexSizeError for a maxLength below minLength (and the reverse).
  { name: 'maxLength below minLength', html: '<textarea minlength=3></textarea><input maxlength=2>',
    body: "const [t, i] = d.querySelectorAll('textarea, input'); t.maxLength = 1; i.minLength = 5; return [t.maxLength, i.minLength];",
    expected: '[1,5]' },
  // HTML 4.10.13: the value setter sets the best representation of the
  // number; Chromium clamps a negative one to 0 (the getter reads 0 either way).
  { name: 'progress.value = -1', html: '<progress></progress>',
    body: "const e = d.querySelector('progress'); e.value = -1; return [e.getAttribute('value'), e.value, e.position];",
    expected: '["-1",0,0]' },
  // HTML 2.7.4 add(): the parent is the reference node's parent, so an option
  // goes into the optgroup; Chromium does so for an index, but throws
  // NotFoundError for an option element in an optgroup.
  { name: 'options.add(option, before) with before an option in an optgroup', html: '<select><optgroup><option>a</optgroup><option>b</select>',
    body: "const sel = d.querySelector('select'); sel.options.add(d.createElement('option'), sel.options[0]); return sel.innerHTML;",
    expected: '"<optgroup><option></option><option>a</option></optgroup><option>b</option>"' },
  // HTML 2.7.4 add() step 3: element and before the same: nothing happens.
  { name: 'options.add(o, o) with o in an optgroup', html: '<select><optgroup><option>a</optgroup><option>b</select>',
    body: "const sel = d.querySelector('select'); const o = sel.options[0]; sel.options.add(o, o); return [sel.options.length, sel.innerHTML];",
    expected: '[2,"<optgroup><option>a</option></optgroup><option>b</option>"]' },
];
