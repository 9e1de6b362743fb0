/*
 * Offset -> (line, column), test support: the drivers compare the positions
 * of parse errors with html5lib's.  (The product computes lines in JS, from
 * the string it holds: js/core/records.js, Locator.)
 *
 * Offsets are UTF-16 code-unit offsets into the input as given (before the
 * newline normalisation of 13.2.3.5).  Line = 1 + the number of line breaks
 * (LF, CR, or CRLF counted once) that end before the offset; column = 1 + the
 * code units between the start of that line and the offset.  A line break
 * belongs to the line it ends, so an offset pointing at a CR or LF is on the
 * line before the break; an offset at the LF of a CRLF is on that line too.
 */
#ifndef H5_POSITION_H
#define H5_POSITION_H

#include "h5.h"

typedef struct {
    uint32_t *starts;   /* starts[i] = offset where line i + 2 begins */
    size_t count;
} h5_line_index;

/* Index the line starts of s[0, len).  False when out of memory. */
bool h5_line_index_build(h5_line_index *li, const h5_char *s, size_t len);
void h5_line_index_free(h5_line_index *li);
/* One-based line and column of `offset` (which may equal the length). */
void h5_line_index_lookup(const h5_line_index *li, uint32_t offset, uint32_t *line, uint32_t *col);

#endif
