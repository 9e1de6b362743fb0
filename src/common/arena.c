/* Arena and buffer implementation; see arena.h. */
#include "arena.h"

#include <stdlib.h>
#include <string.h>

struct h5_arena_chunk {
    h5_arena_chunk *next;
    size_t size;  /* usable bytes after the header */
    size_t used;
};

#define H5_CHUNK_MIN ((size_t)64 * 1024)   /* first chunk of a parse */
#define H5_CHUNK_MAX ((size_t)1024 * 1024) /* largest standard chunk */
#define H5_BLOCK_OWN (H5_CHUNK_MAX / 4)    /* larger blocks get their own chunk */
#define H5_KEEP 16                         /* standard chunks kept by reset */
#define H5_HDR ((sizeof(h5_arena_chunk) + 15) & ~(size_t)15)

void h5_arena_init(h5_arena *a) { memset(a, 0, sizeof *a); }

static void free_list(h5_arena_chunk *c) {
    while (c) {
        h5_arena_chunk *n = c->next;
        free(c);
        c = n;
    }
}

/* Standard chunk sizes: MIN << k, up to MAX. */
static bool is_standard(size_t size) {
    return size >= H5_CHUNK_MIN && size <= H5_CHUNK_MAX && (size & (size - 1)) == 0;
}

void h5_arena_reset(h5_arena *a) {
    /* Move the standard chunks of this parse to the spare list, which stays
     * sorted by size: the next parse takes them back in the order it asks
     * for sizes (64 KiB, 128 KiB, ..., 1 MiB, 1 MiB, ...). */
    h5_arena_chunk *c = a->head;
    while (c) {
        h5_arena_chunk *n = c->next;
        if (is_standard(c->size)) {
            h5_arena_chunk **at = &a->spare;
            while (*at && (*at)->size < c->size) at = &(*at)->next;
            c->next = *at;
            *at = c;
        } else {
            free(c);
        }
        c = n;
    }
    /* Keep the smallest H5_KEEP: exactly what a parse of up to that many
     * chunks needs again.  One huge document does not pin all its memory. */
    h5_arena_chunk **at = &a->spare;
    for (int k = 0; *at && k < H5_KEEP; k++) at = &(*at)->next;
    free_list(*at);
    *at = NULL;
    a->head = NULL;
    a->used_bytes = 0;
    a->next_size = 0;
    a->failed = false;
}

void h5_arena_free(h5_arena *a) {
    free_list(a->head);
    free_list(a->spare);
    memset(a, 0, sizeof *a);
}

/* A chunk with `size` usable bytes: a spare one of exactly that size, else
 * a new one.  NULL (and a->failed) on failure or over the limit. */
static h5_arena_chunk *get_chunk(h5_arena *a, size_t size) {
    if (size > SIZE_MAX - H5_HDR || (a->limit && (a->used_bytes > a->limit || size + H5_HDR > a->limit - a->used_bytes))) {
        a->failed = true;
        return NULL;
    }
    h5_arena_chunk *n = NULL;
    for (h5_arena_chunk **at = &a->spare; *at && (*at)->size <= size; at = &(*at)->next) {
        if ((*at)->size == size) {
            n = *at;
            *at = n->next;
            break;
        }
    }
    if (!n) {
        n = malloc(H5_HDR + size);
        if (!n) {
            a->failed = true;
            return NULL;
        }
        n->size = size;
    }
    a->used_bytes += H5_HDR + size;
    return n;
}

static void *alloc_slow(h5_arena *a, size_t size) {
    if (a->failed) return NULL;
    h5_arena_chunk *c = a->head;
    if (size > H5_BLOCK_OWN) {
        /* Its own chunk, behind the current one, whose free space is still
         * used by the blocks that follow. */
        h5_arena_chunk *n = get_chunk(a, size);
        if (!n) return NULL;
        n->used = size;
        if (c) {
            n->next = c->next;
            c->next = n;
        } else {
            n->next = NULL;
            a->head = n;
        }
        return (char *)n + H5_HDR;
    }
    size_t want = a->next_size ? a->next_size : H5_CHUNK_MIN;
    while (want < size) want *= 2; /* size <= H5_BLOCK_OWN < H5_CHUNK_MAX */
    h5_arena_chunk *n = get_chunk(a, want);
    if (!n) return NULL;
    a->next_size = want < H5_CHUNK_MAX ? want * 2 : H5_CHUNK_MAX;
    n->used = size;
    n->next = c;
    a->head = n;
    return (char *)n + H5_HDR;
}

void *h5_arena_alloc(h5_arena *a, size_t size) {
    if (size > SIZE_MAX - 7) {
        a->failed = true;
        return NULL;
    }
    size = (size + 7) & ~(size_t)7;
    h5_arena_chunk *c = a->head;
    if (c && c->size - c->used >= size) {
        void *p = (char *)c + H5_HDR + c->used;
        c->used += size;
        return p;
    }
    return alloc_slow(a, size);
}

void *h5_arena_calloc(h5_arena *a, size_t size) {
    void *p = h5_arena_alloc(a, size);
    if (p) memset(p, 0, size);
    return p;
}

bool h5_arena_extend(h5_arena *a, void *p, size_t old_size, size_t new_size) {
    h5_arena_chunk *c = a->head;
    if (!c || old_size > SIZE_MAX - 7 || new_size > SIZE_MAX - 7) return false;
    old_size = (old_size + 7) & ~(size_t)7;
    new_size = (new_size + 7) & ~(size_t)7;
    char *base = (char *)c + H5_HDR;
    /* The most recent block ends where the chunk's free space starts. */
    if (c->used < old_size || (char *)p != base + (c->used - old_size)) return false;
    if (new_size <= old_size) return true;
    if (new_size - old_size > c->size - c->used) return false;
    c->used += new_size - old_size;
    return true;
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
    if (!h5_buf_reserve(b, H5_CP_UNITS)) return false;
    b->len += h5_encode_cp(cp, b->data + b->len);
    return true;
}
