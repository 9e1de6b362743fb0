/* The XML5 parser's machinery below the tree builder and the namespace
 * steps (xml5_tree_builder.c, xml5_namespaces.c both use it): growing the
 * parser's arrays, and recording parse errors (seed 002, "parse errors";
 * docs/xml5.md lists the codes). */
#include <stdlib.h>

#include "xml5_parser_state.h"

bool x5_vec_grow(x5_parser *p, void **v, size_t *cap, size_t elem) {
    size_t ncap = *cap ? *cap * 2 : 16;
    if (ncap > SIZE_MAX / elem) {
        p->oom = true;
        return false;
    }
    void *nv = realloc(*v, ncap * elem);
    if (!nv) {
        p->oom = true;
        return false;
    }
    *v = nv;
    *cap = ncap;
    return true;
}

void x5_parse_error_at(x5_parser *p, x5_error_code code, uint32_t offset) {
    if (!X5_VEC_ROOM(p, p->errors)) return;
    p->errors.v[p->errors.len++] = (x5_parse_error){ (uint32_t)code, offset };
}

void x5_tree_error(x5_parser *p, x5_error_code code) {
    uint32_t pos = x5_tokenizer_position(p->tokenizer);
    x5_parse_error_at(p, code, pos ? pos - 1 : 0);
}
