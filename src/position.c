/* Line index; see position.h. */
#include "position.h"

#include <stdlib.h>
#include <string.h>

void h5_line_index_init(h5_line_index *li) { memset(li, 0, sizeof *li); }

void h5_line_index_free(h5_line_index *li) {
    free(li->starts);
    memset(li, 0, sizeof *li);
}

void h5_line_index_reset(h5_line_index *li) {
    li->count = 0;
    li->length = 0;
    li->last_was_cr = false;
    li->failed = false;
}

static bool push_start(h5_line_index *li, uint32_t start) {
    if (li->count == li->cap) {
        size_t cap = li->cap ? li->cap * 2 : 64;
        uint32_t *n = realloc(li->starts, cap * sizeof *n);
        if (!n) {
            li->failed = true;
            return false;
        }
        li->starts = n;
        li->cap = cap;
    }
    li->starts[li->count++] = start;
    return true;
}

bool h5_line_index_feed(h5_line_index *li, const h5_char *s, size_t len) {
    uint32_t base = li->length;
    bool cr = li->last_was_cr;
    for (size_t i = 0; i < len; i++) {
        h5_char c = s[i];
        if (c > '\r') {
            cr = false;
            continue;
        }
        if (c == '\n') {
            if (cr) {
                /* CRLF is one line break: the line starts after the LF. */
                li->starts[li->count - 1] = base + (uint32_t)i + 1;
            } else if (!push_start(li, base + (uint32_t)i + 1)) {
                return false;
            }
            cr = false;
        } else if (c == '\r') {
            if (!push_start(li, base + (uint32_t)i + 1)) return false;
            cr = true;
        } else {
            cr = false;
        }
    }
    li->last_was_cr = cr;
    li->length = base + (uint32_t)len;
    return true;
}

void h5_line_index_lookup(const h5_line_index *li, uint32_t offset, uint32_t *line, uint32_t *col) {
    /* Number of line starts <= offset. */
    size_t lo = 0, hi = li->count;
    while (lo < hi) {
        size_t m = lo + (hi - lo) / 2;
        if (li->starts[m] <= offset) lo = m + 1;
        else hi = m;
    }
    uint32_t start = lo ? li->starts[lo - 1] : 0;
    *line = (uint32_t)lo + 1;
    *col = offset - start + 1;
}
