/* Arena and buffer implementation; see arena.h. */
#include "arena.h"

#include <stdlib.h>
#include <string.h>

struct h5_arena_chunk {
    h5_arena_chunk *next;
    size_t size;  /* usable bytes after the header */
    size_t used;
};

#define H5_CHUNK_MIN ((size_t)64 * 1024)
#define H5_HDR ((sizeof(h5_arena_chunk) + 15) & ~(size_t)15)

void h5_arena_init(h5_arena *a) { memset(a, 0, sizeof *a); }

static void free_list(h5_arena_chunk *c) {
    while (c) {
        h5_arena_chunk *n = c->next;
        free(c);
        c = n;
    }
}

void h5_arena_reset(h5_arena *a) {
    /* Keep only the largest chunk; return the rest to the system so that
     * one huge document does not pin its memory forever. */
    h5_arena_chunk *keep = NULL, *c = a->head;
    while (c) {
        h5_arena_chunk *n = c->next;
        if (!keep || c->size > keep->size) {
            if (keep) free(keep);
            keep = c;
        } else {
            free(c);
        }
        c = n;
    }
    free_list(a->spare);
    a->spare = NULL;
    a->used_bytes = 0;
    if (keep) {
        keep->next = NULL;
        keep->used = 0;
        a->used_bytes = keep->size + H5_HDR;
    }
    a->head = keep;
    a->failed = false;
}

void h5_arena_free(h5_arena *a) {
    free_list(a->head);
    free_list(a->spare);
    memset(a, 0, sizeof *a);
}

void *h5_arena_alloc(h5_arena *a, size_t size) {
    size = (size + 7) & ~(size_t)7;
    h5_arena_chunk *c = a->head;
    if (c && c->size - c->used >= size) {
        void *p = (char *)c + H5_HDR + c->used;
        c->used += size;
        return p;
    }
    if (a->failed) return NULL;
    size_t want = c ? c->size * 2 : H5_CHUNK_MIN;
    if (want > ((size_t)16 << 20)) want = (size_t)16 << 20;
    if (want < size) want = size;
    if (size > SIZE_MAX - H5_HDR || (a->limit && a->used_bytes + want + H5_HDR > a->limit)) {
        a->failed = true;
        return NULL;
    }
    h5_arena_chunk *n = malloc(H5_HDR + want);
    if (!n) {
        a->failed = true;
        return NULL;
    }
    a->used_bytes += H5_HDR + want;
    n->size = want;
    n->used = size;
    /* A big one-off block goes behind the current chunk so the current
     * chunk's free space is still used. */
    if (c && size > c->size - c->used && want == size && c->size - c->used > 256) {
        n->next = c->next;
        c->next = n;
    } else {
        n->next = c;
        a->head = n;
    }
    return (char *)n + H5_HDR;
}

void *h5_arena_calloc(h5_arena *a, size_t size) {
    void *p = h5_arena_alloc(a, size);
    if (p) memset(p, 0, size);
    return p;
}

h5_char *h5_arena_dup(h5_arena *a, const h5_char *s, size_t n) {
    h5_char *p = h5_arena_alloc(a, n * sizeof(h5_char) + 1);
    if (p && n) memcpy(p, s, n * sizeof(h5_char));
    return p;
}

void h5_buf_free(h5_buf *b) {
    free(b->data);
    b->data = NULL;
    b->len = b->cap = 0;
}

bool h5_buf_reserve(h5_buf *b, size_t extra) {
    if (b->cap - b->len >= extra) return true;
    if (extra > (SIZE_MAX / sizeof(h5_char)) / 2 - b->len) return false;
    size_t cap = b->cap ? b->cap : 64;
    while (cap - b->len < extra) cap *= 2;
    h5_char *d = realloc(b->data, cap * sizeof(h5_char));
    if (!d) return false;
    b->data = d;
    b->cap = cap;
    return true;
}

bool h5_buf_append(h5_buf *b, const h5_char *s, size_t n) {
    if (!h5_buf_reserve(b, n)) return false;
    if (n) memcpy(b->data + b->len, s, n * sizeof(h5_char));
    b->len += n;
    return true;
}

bool h5_buf_push_cp(h5_buf *b, uint32_t cp) {
    if (cp < 0x10000) return h5_buf_push(b, (h5_char)cp);
    if (!h5_buf_reserve(b, 2)) return false;
    cp -= 0x10000;
    b->data[b->len++] = (h5_char)(0xD800 + (cp >> 10));
    b->data[b->len++] = (h5_char)(0xDC00 + (cp & 0x3FF));
    return true;
}
