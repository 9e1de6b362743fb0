/*
 * Memory for one parse: a chunked bump arena plus growable buffers.
 *
 * Every allocation can fail.  A failure is sticky: it sets `failed` on the
 * arena (and buffers report it through their return value) and the stage that
 * owns the arena stops work at its next check and reports H5_ERR_OOM.  Nothing
 * aborts, nothing longjmps, so the wasm module stays usable after a failure.
 *
 * `limit` caps the bytes an arena's chunks may hold for the current parse
 * (0 = no cap); the tests use it to exercise the out-of-memory paths.
 *
 * Chunks: the first chunk of a parse has 64 KiB, each further one twice the
 * previous up to 1 MiB, and a block larger than 256 KiB gets a chunk of its
 * own size.  So the memory held but unused is at most the free end of the
 * current chunk (< 1 MiB) plus, per earlier chunk, a tail smaller than the
 * block that did not fit into it (< 256 KiB, in practice a few bytes).
 * h5_arena_reset keeps up to 16 standard chunks for the next parse, which
 * asks for the same sizes in the same order, and frees the rest.
 */
#ifndef H5_ARENA_H
#define H5_ARENA_H

#include "h5.h"

typedef struct h5_arena_chunk h5_arena_chunk;

typedef struct {
    h5_arena_chunk *head;   /* chunk being filled; earlier chunks follow */
    h5_arena_chunk *spare;  /* chunks kept by h5_arena_reset, by size */
    size_t used_bytes;      /* bytes in the chunks of this parse (head list) */
    size_t next_size;       /* size of the next standard chunk (0 = first) */
    size_t limit;           /* 0 = unlimited */
    bool failed;            /* sticky: an allocation failed */
} h5_arena;

void h5_arena_init(h5_arena *a);
/* Forget every allocation but keep some memory for the next parse. */
void h5_arena_reset(h5_arena *a);
void h5_arena_free(h5_arena *a);
/* 8-byte aligned, uninitialised.  NULL (and a->failed) on failure. */
void *h5_arena_alloc(h5_arena *a, size_t size);
void *h5_arena_calloc(h5_arena *a, size_t size);
/* Grow the block `p` of `old_size` bytes to `new_size` bytes in place.
 * Works only for the arena's most recent allocation when its chunk has
 * room; false otherwise (nothing changes, a->failed is not set). */
bool h5_arena_extend(h5_arena *a, void *p, size_t old_size, size_t new_size);
/* Copy `n` code units into the arena. */
h5_char *h5_arena_dup(h5_arena *a, const h5_char *s, size_t n);

/* A growable array of code units (malloc'd, reused between tokens). */
typedef struct {
    h5_char *data;
    size_t len;
    size_t cap;
} h5_buf;

void h5_buf_free(h5_buf *b);
/* Ensure room for `extra` more units; false on failure (data kept). */
bool h5_buf_reserve(h5_buf *b, size_t extra);
static inline bool h5_buf_push(h5_buf *b, h5_char c) {
    if (b->len == b->cap && !h5_buf_reserve(b, 1)) return false;
    b->data[b->len++] = c;
    return true;
}
bool h5_buf_append(h5_buf *b, const h5_char *s, size_t n);
/* Append a code point (h5_encode_cp: astral ones as a surrogate pair). */
bool h5_buf_push_cp(h5_buf *b, uint32_t cp);
static inline h5_str h5_buf_str(const h5_buf *b) { h5_str s = { b->data, b->len }; return s; }

#endif
