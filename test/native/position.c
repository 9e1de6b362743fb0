/* Line index (test support); see position.h. */
#include "position.h"

#include <stdlib.h>

/* A line starts after every LF, and after every CR not followed by LF. */
static bool starts_line(const h5_char *s, size_t len, size_t i) {
    return s[i] == '\n' || (s[i] == '\r' && (i + 1 == len || s[i + 1] != '\n'));
}

bool h5_line_index_build(h5_line_index *li, const h5_char *s, size_t len) {
    size_t n = 0;
    for (size_t i = 0; i < len; i++) n += starts_line(s, len, i);
    li->count = 0;
    li->starts = malloc((n ? n : 1) * sizeof *li->starts);
    if (!li->starts) return false;
    for (size_t i = 0; i < len; i++)
        if (starts_line(s, len, i)) li->starts[li->count++] = (uint32_t)i + 1;
    return true;
}

void h5_line_index_free(h5_line_index *li) {
    free(li->starts);
    li->starts = NULL;
    li->count = 0;
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
