/*
 * Offset -> (line, column) for parse errors and source locations.
 *
 * Offsets are UTF-16 code-unit offsets into the input as given (before the
 * newline normalisation of 13.2.3.5).  Line = 1 + the number of line breaks
 * (LF, CR, or CRLF counted once) that end before the offset; column = 1 + the
 * code units between the start of that line and the offset.  A line break
 * belongs to the line it ends, so an offset pointing at a CR or LF is on the
 * line before the break; an offset at the LF of a CRLF is on that line too.
 *
 * The index is built incrementally (feed the input in chunks, in order) and
 * holds one uint32_t per line: lookups are a binary search.
 */
#ifndef H5_POSITION_H
#define H5_POSITION_H

#include "h5.h"

typedef struct {
    uint32_t *starts;   /* starts[i] = offset where line i + 2 begins */
    size_t count, cap;
    uint32_t length;    /* code units fed so far */
    bool last_was_cr;   /* the last unit fed was a CR */
    bool failed;        /* an allocation failed (lookups are then wrong) */
} h5_line_index;

void h5_line_index_init(h5_line_index *li);
void h5_line_index_free(h5_line_index *li);
/* Forget the input but keep the memory. */
void h5_line_index_reset(h5_line_index *li);
/* Add the next chunk of input.  False (and li->failed) when out of memory. */
bool h5_line_index_feed(h5_line_index *li, const h5_char *s, size_t len);
/* One-based line and column of `offset` (which may equal the length). */
void h5_line_index_lookup(const h5_line_index *li, uint32_t offset, uint32_t *line, uint32_t *col);

#endif
