/*
 * HTML fragment serialisation straight from a flat tree buffer ("H5WT",
 * docs/format.md): the algorithm of HTML Standard 13.3 "Serializing HTML
 * fragments" (now in the "HTML writing" part of the standard,
 * #serialising-html-fragments), over the records the parser wrote.
 *
 *   h5_buf out = {0};
 *   if (h5_serialize_flatbuf(fb.data, fb.len, 0, false, &out) == H5_OK)
 *       use(out.data, out.len);          // UTF-16 code units
 *   h5_buf_free(&out);
 *
 * - inner (outer == false): the node's children, as innerHTML does; for an
 *   HTML <template>, its template contents; an HTML void element and leaf
 *   nodes give "".
 * - outer (outer == true): the node itself and its subtree (outerHTML); for
 *   a Document or DocumentFragment (no markup of their own): their children,
 *   i.e. the doctype and everything else.
 *
 * Escaping (spec "escaping a string"): text: & NBSP < >; attribute values:
 * & NBSP " < > -- the living standard escapes < and > in attribute values
 * since 2025 (against mutation XSS), as parse5 8 (entities 9 escapeAttribute)
 * and the html5lib-tests serializer cases do.  Text whose parent is an HTML style,
 * script, xmp, iframe, noembed, noframes or plaintext element (noscript too
 * when the buffer's SCRIPTING flag is set) is written verbatim.
 *
 * Iterative (any depth), no global state.  The buffer is not trusted: every
 * header field, section bound, index and string reference is checked before
 * it is used, and a buffer that does not describe a tree gives
 * H5_ERR_INVALID, never a read out of bounds.  Only the records of the
 * serialised subtree are read, so serialising a small node of a large
 * buffer costs time proportional to the node.  `buf` needs no alignment.
 *
 * `out` is cleared first; on success out->data[0..out->len) is the result,
 * on failure out->len is 0.  H5_ERR_OOM: an allocation failed.
 */
#ifndef H5_SERIALIZE_H
#define H5_SERIALIZE_H

#include "arena.h"
#include "h5.h"

h5_status h5_serialize_flatbuf(const uint8_t *buf, size_t len, uint32_t node_index, bool outer, h5_buf *out);

/* As h5_serialize_flatbuf, with the scripting flag chosen by the caller:
 * scripting < 0 uses the buffer's SCRIPTING flag, 0 off, > 0 on. */
h5_status h5_serialize_flatbuf_ex(const uint8_t *buf, size_t len, uint32_t node_index, bool outer, int scripting,
                                  h5_buf *out);

/* For many calls (e.g. one per node): a serialiser that keeps its scratch
 * memory between calls, so that a call costs only
 * the work on its node.
 *
 *   h5_serializer z;
 *   h5_serializer_init(&z);
 *   ... h5_serializer_run(&z, buf, len, i, false, -1, &out) ...
 *   h5_serializer_free(&z);
 */
typedef struct {
    uint32_t *stack;     /* open elements (private) */
    size_t stack_cap;
    /* Shadow roots (docs/format.md) written as declarative templates, as
     * getHTML() does (HTML 13.3, the HTML fragment serialization algorithm,
     * step 4): H5_SER_SHADOW_NONE (innerHTML, the default),
     * H5_SER_SHADOW_SERIALIZABLE (serializableShadowRoots: those whose
     * serializable is set) or H5_SER_SHADOW_ALL.  Set before a run. */
    int shadow_roots;
} h5_serializer;

enum { H5_SER_SHADOW_NONE = 0, H5_SER_SHADOW_SERIALIZABLE = 1, H5_SER_SHADOW_ALL = 2 };

void h5_serializer_init(h5_serializer *z);
void h5_serializer_free(h5_serializer *z);
h5_status h5_serializer_run(h5_serializer *z, const uint8_t *buf, size_t len, uint32_t node_index, bool outer,
                            int scripting, h5_buf *out);

#endif
