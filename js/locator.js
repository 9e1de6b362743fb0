// The one line index: UTF-16 offsets → 1-based line and column, for source
// locations (js/records.js) and parse errors (js/errors.js, decode.js's
// readErrors).  The C core reports offsets only; lines are counted here, in
// the string the caller gave.

/**
 * Maps UTF-16 offsets to 1-based line and column (lines end at LF, CRLF or
 * a lone CR, as parse5 counts them; an offset at a line break is on the line
 * the break ends).  Without the source only offsets are reported.
 */
export class Locator {
  constructor(source) {
    this.hasLines = typeof source === 'string';
    this.starts = null;
    this.hint = 0;
    this.line = 0;
    this.col = 0;
    if (this.hasLines) {
      const starts = [0];
      let i = source.indexOf('\n');
      while (i >= 0) {
        starts.push(i + 1);
        i = source.indexOf('\n', i + 1);
      }
      if (source.indexOf('\r') >= 0) {
        for (let j = source.indexOf('\r'); j >= 0; j = source.indexOf('\r', j + 1)) {
          if (source.charCodeAt(j + 1) !== 10) starts.push(j + 1);
        }
        starts.sort((a, b) => a - b);
      }
      this.starts = starts;
    }
  }
  // Sets this.line / this.col for `offset`.
  at(offset) {
    const s = this.starts;
    let h = this.hint;
    if (!(s[h] <= offset && (h + 1 === s.length || offset < s[h + 1]))) {
      let lo = 0;
      let hi = s.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >>> 1;
        if (s[mid] <= offset) lo = mid;
        else hi = mid - 1;
      }
      h = this.hint = lo;
    }
    this.line = h + 1;
    this.col = offset - s[h] + 1;
  }
  /** { startLine, startCol, startOffset, endLine, endCol, endOffset } */
  span(start, end) {
    if (!this.hasLines) return { startOffset: start, endOffset: end };
    this.at(start);
    const sl = this.line;
    const sc = this.col;
    this.at(end);
    return { startLine: sl, startCol: sc, startOffset: start, endLine: this.line, endCol: this.col, endOffset: end };
  }
}
