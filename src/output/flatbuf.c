/* The flat tree buffer writer; see flatbuf.h and docs/format.md. */
#include "flatbuf.h"

#include <stdlib.h>
#include <string.h>

/* The tree (dom.h) uses the format's numbers for node types, namespaces and
 * the flags it shares with it, so that records are written without a table. */
#define SAME(a, b) ((int)(a) == (int)(b))
_Static_assert(SAME(H5_NODE_ELEMENT, H5_FB_TYPE_ELEMENT) && SAME(H5_NODE_TEXT, H5_FB_TYPE_TEXT) &&
                   SAME(H5_NODE_PI, H5_FB_TYPE_PI) && SAME(H5_NODE_COMMENT, H5_FB_TYPE_COMMENT) &&
                   SAME(H5_NODE_DOCUMENT, H5_FB_TYPE_DOCUMENT) && SAME(H5_NODE_DOCTYPE, H5_FB_TYPE_DOCTYPE) &&
                   SAME(H5_NODE_FRAGMENT, H5_FB_TYPE_FRAGMENT),
               "node types");
_Static_assert(SAME(H5_NS_HTML, H5_FB_NS_HTML) && SAME(H5_NS_SVG, H5_FB_NS_SVG) && SAME(H5_NS_MATHML, H5_FB_NS_MATHML) &&
                   SAME(H5_NS_OTHER, H5_FB_NS_OTHER),
               "element namespaces");
_Static_assert(SAME(H5_ATTR_NS_NONE, H5_FB_ANS_NONE) && SAME(H5_ATTR_NS_XLINK, H5_FB_ANS_XLINK) &&
                   SAME(H5_ATTR_NS_XML, H5_FB_ANS_XML) && SAME(H5_ATTR_NS_XMLNS, H5_FB_ANS_XMLNS),
               "attribute namespaces");
_Static_assert(SAME(H5_NODE_FLAG_SELF_CLOSING, H5_FB_NODE_SELF_CLOSING) &&
                   SAME(H5_NODE_FLAG_IMPLICIT, H5_FB_NODE_IMPLICIT),
               "node flags");
_Static_assert(SAME(H5_SHADOW_CLOSED, H5_FB_SHADOW_CLOSED) && SAME(H5_SHADOW_DELEGATES_FOCUS, H5_FB_SHADOW_DELEGATES_FOCUS) &&
                   SAME(H5_SHADOW_CLONABLE, H5_FB_SHADOW_CLONABLE) && SAME(H5_SHADOW_SERIALIZABLE, H5_FB_SHADOW_SERIALIZABLE) &&
                   SAME(H5_SHADOW_SLOT_MANUAL, H5_FB_SHADOW_SLOT_MANUAL) &&
                   SAME(H5_SHADOW_KEEP_REGISTRY_NULL, H5_FB_SHADOW_KEEP_REGISTRY_NULL),
               "shadow root bits");
_Static_assert(SAME(H5_ATOM_COUNT, H5_FLATBUF_ATOM_COUNT), "src/common/atoms.h and src/common/abi.h come from one atoms.txt");

h5_flatbuf_options h5_flatbuf_options_default(void) {
    h5_flatbuf_options o;
    memset(&o, 0, sizeof o);
    o.scripting = true;
    return o;
}

void h5_flatbuf_init(h5_flatbuf *fb) { memset(fb, 0, sizeof *fb); }

void h5_flatbuf_free(h5_flatbuf *fb) {
    free(fb->data);
    free(fb->tstack);
    free(fb->names);
    free(fb->name_hashes);
    free(fb->name_offs);
    free(fb->ids);
    free(fb->chars);
    free(fb->slots);
    memset(fb, 0, sizeof *fb);
}

void h5_flatbuf_drop(h5_flatbuf *fb) {
    free(fb->data);
    fb->data = NULL;
    fb->len = fb->cap = 0;
}

/* ---- byte order ------------------------------------------------------- */

static inline bool host_is_le(void) {
    const uint16_t one = 1;
    uint8_t b;
    memcpy(&b, &one, 1);
    return b == 1;
}

static inline uint32_t swap32(uint32_t v) {
    return (v >> 24) | ((v >> 8) & 0xFF00u) | ((v << 8) & 0xFF0000u) | (v << 24);
}

/* Words are stored through uint32_t pointers into the malloc'd (hence
 * aligned) buffer; every section offset is a multiple of 4. */
static inline uint32_t to_le(uint32_t v) { return host_is_le() ? v : swap32(v); }
#define from_le to_le

/* ---- hashing ---------------------------------------------------------- */

#define FNV_OFFSET 2166136261u
#define FNV_PRIME 16777619u

static uint32_t hash_units(const h5_char *s, size_t n) {
    uint32_t h = FNV_OFFSET;
    for (size_t i = 0; i < n; i++) {
        h ^= s[i];
        h *= FNV_PRIME;
    }
    return h;
}


/* ---- scratch memory ---------------------------------------------------- */

static size_t scratch_bytes(const h5_flatbuf *fb) {
    return fb->cap + fb->tstack_cap * sizeof *fb->tstack +
           fb->names_cap * (sizeof *fb->names + sizeof *fb->name_hashes + sizeof *fb->name_offs) +
           fb->ids_cap * sizeof *fb->ids + fb->chars_cap * sizeof *fb->chars +
           fb->slots_cap * 2 * sizeof *fb->slots;
}

/* Would growing by `more` bytes exceed the test limit? */
static bool over_limit(const h5_flatbuf *fb, size_t more) {
    return fb->limit && scratch_bytes(fb) + more > fb->limit;
}

static bool grow_tstack(h5_flatbuf *fb) {
    size_t cap = fb->tstack_cap ? fb->tstack_cap * 2 : 16;
    if (cap > SIZE_MAX / sizeof *fb->tstack || over_limit(fb, (cap - fb->tstack_cap) * sizeof *fb->tstack))
        return false;
    const h5_node **p = realloc((void *)fb->tstack, cap * sizeof *p);
    if (!p) return false;
    fb->tstack = p;
    fb->tstack_cap = cap;
    return true;
}

static bool grow_names(h5_flatbuf *fb) {
    size_t cap = fb->names_cap ? fb->names_cap * 2 : 32;
    size_t per = sizeof *fb->names + sizeof *fb->name_hashes + sizeof *fb->name_offs;
    if (cap > SIZE_MAX / per || over_limit(fb, (cap - fb->names_cap) * per)) return false;
    h5_str *n = realloc(fb->names, cap * sizeof *n);
    if (!n) return false;
    fb->names = n;
    uint32_t *h = realloc(fb->name_hashes, cap * sizeof *h);
    if (!h) return false;
    fb->name_hashes = h;
    uint32_t *o = realloc(fb->name_offs, cap * sizeof *o);
    if (!o) return false;
    fb->name_offs = o;
    fb->names_cap = cap;
    return true;
}

/* A failed allocation, where a name id or an offset is returned. */
#define NAME_OOM UINT32_MAX

/* Append a name id of the first pass (ids). */
static bool push_id(h5_flatbuf *fb, uint32_t id) {
    if (id == NAME_OOM) return false;
    if (fb->ids_len == fb->ids_cap) {
        size_t cap = fb->ids_cap ? fb->ids_cap * 2 : 256;
        if (cap > SIZE_MAX / sizeof *fb->ids || over_limit(fb, (cap - fb->ids_cap) * sizeof *fb->ids)) return false;
        uint32_t *p = realloc(fb->ids, cap * sizeof *p);
        if (!p) return false;
        fb->ids = p;
        fb->ids_cap = cap;
    }
    fb->ids[fb->ids_len++] = id;
    return true;
}

/* Append a copy of n units to chars; returns its offset there, or
 * NAME_OOM. */
static uint32_t push_chars(h5_flatbuf *fb, const h5_char *s, size_t n) {
    if (fb->chars_len >= NAME_OOM) return NAME_OOM;
    if (n > fb->chars_cap - fb->chars_len) {
        size_t cap = fb->chars_cap ? fb->chars_cap : 256;
        while (cap - fb->chars_len < n) {
            if (cap > SIZE_MAX / 2 / sizeof *fb->chars) return NAME_OOM;
            cap *= 2;
        }
        if (over_limit(fb, (cap - fb->chars_cap) * sizeof *fb->chars)) return NAME_OOM;
        h5_char *p = realloc(fb->chars, cap * sizeof *p);
        if (!p) return NAME_OOM;
        fb->chars = p;
        fb->chars_cap = cap;
    }
    uint32_t at = (uint32_t)fb->chars_len;
    if (n) memcpy(fb->chars + at, s, n * sizeof *s);
    fb->chars_len += n;
    return at;
}

/* The name hash table: slots_cap slots of two words {generation, index+1}.
 * A slot is in use when its generation is the current one, so a new write
 * starts with an empty table without clearing it. */
static bool rehash(h5_flatbuf *fb, size_t cap) {
    if (cap > SIZE_MAX / (2 * sizeof(uint32_t)) || over_limit(fb, cap * 2 * sizeof(uint32_t)))
        return false;
    uint32_t *s = calloc(cap, 2 * sizeof *s);
    if (!s) return false;
    free(fb->slots);
    fb->slots = s;
    fb->slots_cap = cap;
    fb->generation = 1;
    for (size_t i = 0; i < fb->names_len; i++) {
        size_t j = fb->name_hashes[i] & (cap - 1);
        while (s[2 * j] == fb->generation) j = (j + 1) & (cap - 1);
        s[2 * j] = fb->generation;
        s[2 * j + 1] = (uint32_t)i + 1;
    }
    return true;
}

/* Id of a non-atom name: H5_ATOM_COUNT + its index in this write's name
 * table, where it is added if new; NAME_OOM when that fails. */
static uint32_t local_name(h5_flatbuf *fb, h5_str name) {
    uint32_t h = hash_units(name.ptr, name.len);
    if (fb->slots_cap) {
        size_t mask = fb->slots_cap - 1;
        for (size_t j = h & mask;; j = (j + 1) & mask) {
            const uint32_t *slot = fb->slots + 2 * j;
            if (slot[0] != fb->generation) break;
            uint32_t i = slot[1] - 1;
            if (fb->name_hashes[i] == h && fb->names[i].len == name.len &&
                (name.len == 0 || memcmp(fb->names[i].ptr, name.ptr, name.len * sizeof(h5_char)) == 0))
                return (uint32_t)H5_ATOM_COUNT + i;
        }
    }
    if (fb->names_len == fb->names_cap && !grow_names(fb)) return NAME_OOM;
    if ((fb->names_len + 1) * 2 > fb->slots_cap && !rehash(fb, fb->slots_cap ? fb->slots_cap * 2 : 64))
        return NAME_OOM;
    size_t i = fb->names_len++;
    fb->names[i] = name;
    fb->name_hashes[i] = h;
    size_t mask = fb->slots_cap - 1;
    size_t j = h & mask;
    while (fb->slots[2 * j] == fb->generation) j = (j + 1) & mask;
    fb->slots[2 * j] = fb->generation;
    fb->slots[2 * j + 1] = (uint32_t)i + 1;
    return (uint32_t)(H5_ATOM_COUNT + i);
}

static bool atom_is(unsigned atom, h5_str s) {
    if (atom >= H5_ATOM_COUNT || h5_atom_len((h5_atom)atom) != s.len) return false;
    const char *p = h5_atom_name((h5_atom)atom);
    for (size_t i = 0; i < s.len; i++)
        if (s.ptr[i] != (unsigned char)p[i]) return false;
    return true;
}

/* The name id of `name`: the atom `hint` when it names it exactly, else an
 * atom found by lookup (when `lookup` or a hint was given: element atoms are
 * of the lowercased name, so "foreignObject" carries the atom of
 * "foreignobject"), else a local name. */
static uint32_t name_id(h5_flatbuf *fb, h5_str name, unsigned hint, bool lookup) {
    if (name.len == 0) return H5_ATOM_NONE; /* atom 0 names "" */
    if (hint && atom_is(hint, name)) return hint;
    if ((hint || lookup) && name.len <= H5_ATOM_MAX_LEN) {
        h5_atom a = h5_atom_lookup(name.ptr, name.len);
        if (a) return a;
    }
    return local_name(fb, name);
}

/* Element names.  dom.h: an element's atom is that of its lowercased tag
 * name as tokenized, which for an HTML element is its name exactly (its
 * id, without a look at the name); foreign names may differ in case
 * ("foreignObject"), so those are checked. */
static inline bool element_is_atom(const h5_node *n) {
    return n->atom && n->ns == H5_NS_HTML && n->atom < H5_ATOM_COUNT;
}
static inline uint32_t element_name_id(h5_flatbuf *fb, const h5_node *n) {
    return name_id(fb, n->name, n->atom, false);
}

/* Attribute names.  dom.h: an attribute's atom is that of its name exactly. */
static inline bool attr_is_atom(const h5_attr *a) { return a->atom && a->atom < H5_ATOM_COUNT; }

/* ---- the walk ---------------------------------------------------------- */

/* Pre-order over `root`'s subtree, where an element's template contents
 * come right after it and before its children. */
typedef struct {
    h5_flatbuf *fb;
    const h5_node *root;
    size_t tlen;
    bool oom;
    bool entered_content; /* the node returned last is a template's contents */
} walker;

/* The node after `n`.  *left = how many nodes were finished (n and then
 * ancestors) before reaching it; the returned node's parent is the parent
 * of the last node finished, or n itself when *left is 0.  NULL at the end
 * (or on OOM, with w->oom set). */
static const h5_node *walk_next(walker *w, const h5_node *n, uint32_t *left) {
    w->entered_content = false;
    if (n->type == H5_NODE_ELEMENT && n->template_content) {
        if (w->tlen == w->fb->tstack_cap && !grow_tstack(w->fb)) {
            w->oom = true;
            return NULL;
        }
        w->fb->tstack[w->tlen++] = n;
        w->entered_content = true;
        *left = 0;
        return n->template_content;
    }
    if (n->first_child) {
        *left = 0;
        return n->first_child;
    }
    uint32_t k = 0;
    for (;;) {
        k++;
        if (n == w->root) break;
        if (w->tlen && w->fb->tstack[w->tlen - 1]->template_content == n) {
            const h5_node *t = w->fb->tstack[--w->tlen];
            if (t->first_child) {
                *left = k;
                return t->first_child;
            }
            n = t;
            continue;
        }
        if (n->next_sibling) {
            *left = k;
            return n->next_sibling;
        }
        n = n->parent;
        if (!n) break; /* malformed tree: treat as the end */
    }
    *left = k;
    return NULL;
}

/* ---- writing ----------------------------------------------------------- */

static void put_units(uint8_t *dst, const h5_char *src, size_t n) {
    if (!n) return;
    if (host_is_le()) {
        memcpy(dst, src, n * sizeof(h5_char));
    } else {
        for (size_t i = 0; i < n; i++) {
            dst[2 * i] = (uint8_t)(src[i] & 0xFF);
            dst[2 * i + 1] = (uint8_t)(src[i] >> 8);
        }
    }
}

typedef struct {
    uint8_t *strings;  /* string section */
    uint32_t pos;      /* next free unit */
} string_writer;

static uint32_t put_str(string_writer *sw, const h5_char *s, size_t n) {
    uint32_t off = sw->pos;
    put_units(sw->strings + (size_t)off * 2, s, n);
    sw->pos += (uint32_t)n;
    return off;
}

/* Where the input lies (flatbuf.h: `source`, or the `spans` of a streamed
 * parse's kept input), sorted by address; `last` is the span of the last
 * string found, where the next one most likely lies (tree order is mostly
 * input order). */
typedef struct {
    const h5_source_span *spans;
    size_t n;
    size_t last;
} source_map;

/* The input offset of [s, s + n) when it lies in span `sp` (compared as
 * addresses: `s` may point into another object), else H5_FLATBUF_NONE. */
static inline uint32_t span_offset(const h5_source_span *sp, const h5_char *s, size_t n) {
    uintptr_t p = (uintptr_t)s, b = (uintptr_t)sp->ptr;
    if (p < b || n > sp->len || (p - b) / sizeof(h5_char) > sp->len - n) return H5_FLATBUF_NONE;
    return (uint32_t)(sp->offset + (p - b) / sizeof(h5_char));
}

/* Out of line: its code would otherwise be repeated where each string is
 * looked up (the module's size, wasm/). */
#if defined(__GNUC__) || defined(__clang__)
#define FB_OUT_OF_LINE __attribute__((noinline))
#else
#define FB_OUT_OF_LINE
#endif

/* Of several spans, the last one that starts at or before `s` (the span
 * of the last string found missed). */
static FB_OUT_OF_LINE uint32_t search_spans(source_map *m, const h5_char *s, size_t n) {
    size_t lo = 0, hi = m->n;
    while (hi - lo > 1) {
        size_t mid = lo + (hi - lo) / 2;
        if ((uintptr_t)m->spans[mid].ptr <= (uintptr_t)s) lo = mid;
        else hi = mid;
    }
    uint32_t o = span_offset(&m->spans[lo], s, n);
    if (o != H5_FLATBUF_NONE) m->last = lo;
    return o;
}

/* The input offset of [s, s + n) when it lies in the input, else
 * H5_FLATBUF_NONE.  The span of the last string found (the only one of a
 * one-shot parse's input) is tried here, the others out of line: a
 * streamed parse's strings mostly lie in the span of the one before. */
static inline uint32_t source_offset(source_map *m, const h5_char *s, size_t n) {
    if (!n || m->n == 0) return H5_FLATBUF_NONE;
    uint32_t o = span_offset(&m->spans[m->last], s, n);
    return o != H5_FLATBUF_NONE || m->n == 1 ? o : search_spans(m, s, n);
}

/* Units a string takes in the string section: none when it is a source
 * reference. */
static inline uint64_t data_units(source_map *m, const h5_char *s, size_t n) {
    return source_offset(m, s, n) == H5_FLATBUF_NONE ? (uint64_t)n : 0;
}

/* A string of the tree: a source reference when it lies in the input,
 * else appended to the string section. */
static inline uint32_t put_data(string_writer *sw, source_map *m, const h5_char *s, size_t n) {
    uint32_t o = source_offset(m, s, n);
    return o != H5_FLATBUF_NONE ? (H5_FLATBUF_SOURCE_REF | o) : put_str(sw, s, n);
}

/* A reused buffer may be this much more than twice the size needed. */
#define H5_FB_SLACK ((uint64_t)64 * 1024)

static inline uint32_t align4(uint64_t v) { return (uint32_t)((v + 3) & ~(uint64_t)3); }

/* ---- the passes, a batch of nodes at a time ------------------------------ */

/* Each pass runs over the tree in batches of FB_BATCH nodes, a call each, so
 * that a wasm engine, which replaces a function's code between calls (never
 * during one), runs most of a large tree's first write in optimized code. */
#define FB_BATCH 2048u

typedef struct {
    h5_flatbuf *fb;
    source_map *sm;
    walker *w;
    const h5_node *n; /* the next node, NULL at the end */
    uint64_t nnodes, nattrs, units;
} pass1;

/* Pass 1 over up to FB_BATCH nodes (h5_flatbuf_write). */
static FB_OUT_OF_LINE h5_status pass1_batch(pass1 *p) {
    h5_flatbuf *const fb = p->fb;
    source_map *const sm = p->sm;
    walker *const w = p->w;
    const h5_node *n = p->n;
    uint64_t nnodes = p->nnodes, nattrs = p->nattrs, units = p->units;
    for (uint32_t b = 0; n && b < FB_BATCH; b++) {
        nnodes++;
        switch (n->type) {
        case H5_NODE_ELEMENT:
            if (!element_is_atom(n) && !push_id(fb, element_name_id(fb, n))) return H5_ERR_OOM;
            nattrs += n->nattrs;
            for (uint32_t i = 0; i < n->nattrs; i++) {
                const h5_attr *a = &n->attrs[i];
                if (!attr_is_atom(a) && !push_id(fb, name_id(fb, a->name, 0, false))) return H5_ERR_OOM;
                units += data_units(sm, a->value.ptr, a->value.len);
            }
            break;
        case H5_NODE_TEXT:
        case H5_NODE_COMMENT:
            units += data_units(sm, n->data, n->data_len);
            break;
        case H5_NODE_PI:
            if (!push_id(fb, name_id(fb, n->name, 0, true))) return H5_ERR_OOM;
            units += data_units(sm, n->data, n->data_len);
            break;
        case H5_NODE_DOCTYPE:
            if (!push_id(fb, name_id(fb, n->name, 0, true)) ||
                push_chars(fb, n->public_id.ptr, n->public_id.len) == NAME_OOM ||
                push_chars(fb, n->system_id.ptr, n->system_id.len) == NAME_OOM)
                return H5_ERR_OOM;
            units += (uint64_t)n->public_id.len + n->system_id.len;
            break;
        default:
            break;
        }
        uint32_t left;
        n = walk_next(w, n, &left);
        if (w->oom) return H5_ERR_OOM;
    }
    p->n = n;
    p->nnodes = nnodes;
    p->nattrs = nattrs;
    p->units = units;
    return H5_OK;
}

typedef struct {
    h5_flatbuf *fb;
    source_map *sm;
    walker *w;
    string_writer *sw;
    uint32_t *nodes, *attrs, *nlocs, *alocs;
    const h5_node *n; /* the next node, NULL at the end */
    uint32_t count, parent, attr_next;
    size_t next_id, next_char; /* in ids and chars */
    bool is_content;
} pass2;

/* Pass 2 over up to FB_BATCH nodes: their records (h5_flatbuf_write). */
static FB_OUT_OF_LINE void pass2_batch(pass2 *p) {
    const h5_flatbuf *const fb = p->fb;
    source_map *const sm = p->sm;
    walker *const w = p->w;
    string_writer *const sw = p->sw;
    uint32_t *const nodes = p->nodes, *const attrs = p->attrs, *const nlocs = p->nlocs, *const alocs = p->alocs;
    const h5_node *n = p->n;
    uint32_t count = p->count, parent = p->parent, attr_next = p->attr_next;
    size_t next_id = p->next_id, next_char = p->next_char;
    bool is_content = p->is_content;
    for (uint32_t b = 0; n && b < FB_BATCH; b++) {
        const uint32_t i = count++;
        uint32_t *r = nodes + (size_t)i * H5_FLATBUF_NODE_WORDS;
        uint32_t nflags = n->flags & (H5_FB_NODE_SELF_CLOSING | H5_FB_NODE_IMPLICIT);
        if (n->flags & H5_NODE_FLAG_CLONED) nflags |= H5_FB_NODE_CLONED;
        if (n->flags & H5_NODE_FLAG_CDATA) nflags |= H5_FB_NODE_CDATA;
        /* The fragment that hangs off an element: a template's contents or
         * a host's shadow root (dom.h, template_content). */
        const uint32_t attached = (n->flags & H5_NODE_FLAG_SHADOW_ROOT) ? H5_FB_NODE_SHADOW_ROOT : H5_FB_NODE_TEMPLATE_CONTENTS;
        if (is_content && i != 0) nflags |= attached;
        /* Words 4-7 by type (docs/format.md, "Node records"). */
        uint32_t name = 0, w5 = 0, w6 = 0, w7 = 0;
        switch (n->type) {
        case H5_NODE_ELEMENT: {
            name = element_is_atom(n) ? n->atom : fb->ids[next_id++];
            w5 = attr_next;
            w6 = n->nattrs;
            w7 = H5_FLATBUF_NONE; /* last child, set as children are written */
            for (uint32_t k = 0; k < n->nattrs; k++, attr_next++) {
                const h5_attr *at = &n->attrs[k];
                uint32_t *ar = attrs + (size_t)attr_next * H5_FLATBUF_ATTR_WORDS;
                ar[H5_FB_A_NAME] = to_le(attr_is_atom(at) ? at->atom : fb->ids[next_id++]);
                ar[H5_FB_A_NS] = to_le(at->ns & 0xFFu);
                ar[H5_FB_A_VALUE_OFF] = to_le(put_data(sw, sm, at->value.ptr, at->value.len));
                ar[H5_FB_A_VALUE_LEN] = to_le((uint32_t)at->value.len);
                if (alocs) {
                    uint32_t *l = alocs + (size_t)attr_next * H5_FLATBUF_LOC_WORDS;
                    l[H5_FB_AL_NAME_START] = to_le(at->name_start);
                    l[H5_FB_AL_NAME_END] = to_le(at->name_end);
                    l[H5_FB_AL_VALUE_START] = to_le(at->value_start);
                    l[H5_FB_AL_VALUE_END] = to_le(at->value_end);
                }
            }
            break;
        }
        case H5_NODE_TEXT:
        case H5_NODE_COMMENT:
            w5 = put_data(sw, sm, n->data, n->data_len);
            w6 = n->data_len;
            break;
        case H5_NODE_PI:
            name = fb->ids[next_id++];
            w5 = put_data(sw, sm, n->data, n->data_len);
            w6 = n->data_len;
            break;
        case H5_NODE_DOCTYPE:
            name = fb->ids[next_id++];
            /* public id, then system id right after it, in one piece as
             * they lie in chars (which is NULL while nothing is in it) */
            w5 = sw->pos;
            if (n->public_id.len + n->system_id.len)
                put_str(sw, fb->chars + next_char, n->public_id.len + n->system_id.len);
            next_char += n->public_id.len + n->system_id.len;
            w6 = (uint32_t)n->public_id.len;
            w7 = (uint32_t)n->system_id.len;
            if (n->has_public_id) nflags |= H5_FB_NODE_HAS_PUBLIC_ID;
            if (n->has_system_id) nflags |= H5_FB_NODE_HAS_SYSTEM_ID;
            break;
        case H5_NODE_DOCUMENT:
            w6 = n->mode;
            w7 = H5_FLATBUF_NONE;
            break;
        case H5_NODE_FRAGMENT:
            if (n->flags & H5_NODE_FLAG_SHADOW_ROOT) w5 = n->shadow & H5_FB_SHADOW_ALL;
            w7 = H5_FLATBUF_NONE;
            break;
        default:
            break;
        }
        /* Sibling links: the parent's last child so far is our previous
         * sibling.  Template contents are no child of their template. */
        uint32_t prev = H5_FLATBUF_NONE;
        if (parent != H5_FLATBUF_NONE && !(nflags & (H5_FB_NODE_TEMPLATE_CONTENTS | H5_FB_NODE_SHADOW_ROOT))) {
            uint32_t *pr = nodes + (size_t)parent * H5_FLATBUF_NODE_WORDS;
            prev = from_le(pr[H5_FB_N_LAST_CHILD]);
            pr[H5_FB_N_LAST_CHILD] = to_le(i);
        }
        r[H5_FB_N_INFO] = to_le((uint32_t)n->type | ((uint32_t)(n->ns & H5_FB_INFO_NS_MASK) << H5_FB_INFO_NS_SHIFT) |
                                (nflags << H5_FB_INFO_FLAGS_SHIFT));
        r[H5_FB_N_PARENT] = to_le(parent);
        r[H5_FB_N_END] = to_le(i + 1); /* subtree end, fixed up when the subtree is left */
        r[H5_FB_N_PREV] = to_le(prev);
        r[H5_FB_N_NAME] = to_le(name);
        r[5] = to_le(w5);
        r[6] = to_le(w6);
        r[7] = to_le(w7);
        if (nlocs) {
            uint32_t *l = nlocs + (size_t)i * H5_FLATBUF_LOC_WORDS;
            const bool el = n->type == H5_NODE_ELEMENT;
            l[H5_FB_L_START] = to_le(n->start);
            l[H5_FB_L_START_TAG_END] = to_le(el ? n->start_tag_end : H5_FLATBUF_NONE);
            l[H5_FB_L_END_TAG_START] = to_le(el ? n->end_tag_start : H5_FLATBUF_NONE);
            l[H5_FB_L_END] = to_le(n->end);
        }

        uint32_t left;
        n = walk_next(w, n, &left);
        is_content = w->entered_content;
        if (left == 0) {
            parent = i;
        } else {
            uint32_t cur = i;
            for (uint32_t k = 0; k < left && cur != H5_FLATBUF_NONE; k++) {
                uint32_t *cr = nodes + (size_t)cur * H5_FLATBUF_NODE_WORDS;
                cr[H5_FB_N_END] = to_le(count);
                cur = from_le(cr[H5_FB_N_PARENT]);
            }
            parent = cur;
        }
    }
    *p = (pass2){ p->fb, sm, w, sw, nodes, attrs, nlocs, alocs, n, count, parent, attr_next, next_id, next_char, is_content };
}

h5_status h5_flatbuf_write(const h5_node *root, const h5_flatbuf_options *opts, h5_flatbuf *fb) {
    if (!root || !fb) return H5_ERR_INVALID;
    h5_flatbuf_options defaults = h5_flatbuf_options_default();
    if (!opts) opts = &defaults;
    if (opts->error_count && !opts->errors) return H5_ERR_INVALID;
    fb->len = 0;
    fb->names_len = fb->ids_len = fb->chars_len = 0;
    if (++fb->generation == 0) {
        if (fb->slots) memset(fb->slots, 0, fb->slots_cap * 2 * sizeof *fb->slots);
        fb->generation = 1;
    }

    /* Source references (flatbuf.h): only where an offset fits 31 bits. */
    const h5_char *src = opts->source && opts->source_len < H5_FLATBUF_SOURCE_REF ? opts->source : NULL;
    const size_t src_len = src ? opts->source_len : 0;
    h5_source_span whole = { src, src_len, 0 };
    source_map sm = { &whole, src ? 1 : 0, 0 };
    if (!src && opts->spans) {
        sm.spans = opts->spans;
        sm.n = opts->span_count;
    }

    /* Pass 1: count nodes, attributes and string units; intern names and
     * keep the id of every name that is not an atom outright (ids), and a
     * copy of the DOCTYPE ids (chars): pass 2 then reads no text from the
     * tree but the strings it copies (opts->source_in_buffer). */
    walker w = { fb, root, 0, false, false };
    pass1 p1 = { fb, &sm, &w, root, 0, 0, 0 };
    h5_status st = pass1_batch(&p1);
    while (st == H5_OK && p1.n) st = pass1_batch(&p1);
    if (st != H5_OK) return st;
    const uint64_t nnodes = p1.nnodes, nattrs = p1.nattrs;
    uint64_t units = p1.units;
    for (size_t i = 0; i < fb->names_len; i++) units += fb->names[i].len;
    /* The names' text, copied after the DOCTYPE ids. */
    for (size_t i = 0; i < fb->names_len; i++) {
        uint32_t at = push_chars(fb, fb->names[i].ptr, fb->names[i].len);
        if (at == NAME_OOM) return H5_ERR_OOM;
        fb->name_offs[i] = at;
    }
    for (size_t i = 0; i < fb->names_len; i++) fb->names[i].ptr = fb->chars + fb->name_offs[i];

    /* Layout. */
    const bool locs = opts->locations;
    const bool errs = opts->include_errors || opts->error_count;
    uint64_t off = (uint64_t)H5_FLATBUF_HEADER_WORDS * 4;
    const uint64_t nodes_off = off;
    off += nnodes * H5_FLATBUF_NODE_WORDS * 4;
    const uint64_t attrs_off = off;
    off += nattrs * H5_FLATBUF_ATTR_WORDS * 4;
    const uint64_t names_off = off;
    off += (uint64_t)fb->names_len * H5_FLATBUF_NAME_WORDS * 4;
    const uint64_t nlocs_off = locs ? off : 0;
    if (locs) off += nnodes * H5_FLATBUF_LOC_WORDS * 4;
    const uint64_t alocs_off = locs ? off : 0;
    if (locs) off += nattrs * H5_FLATBUF_LOC_WORDS * 4;
    const uint64_t errors_off = errs ? off : 0;
    if (errs) off += (uint64_t)opts->error_count * H5_FLATBUF_ERROR_WORDS * 4;
    const uint64_t strings_off = off;
    off += units * 2;
    const uint64_t total = align4(off);
    if (total > UINT32_MAX || nnodes >= H5_FLATBUF_NONE || units >= H5_FLATBUF_NONE)
        return H5_ERR_TOO_LARGE;
    if (total > SIZE_MAX) return H5_ERR_TOO_LARGE;

    /* Pass 1 gave the exact size: allocate that, once.  A buffer that is
     * big enough is reused unless it is more than twice the size needed
     * (then a huge tree's buffer would outlive it).  The block of the
     * source, when given, is written over whenever it is large enough (the
     * next write without source_in_buffer shrinks it if need be), else
     * freed after pass 2, which compares string addresses with it. */
    uint8_t *given = NULL;
    if (opts->source_in_buffer) {
        if (!src || fb->cap < total) {
            given = fb->data;
            const size_t given_cap = fb->cap;
            fb->data = NULL;
            fb->cap = 0;
            if (over_limit(fb, (size_t)total) || !(fb->data = malloc((size_t)total))) {
                fb->data = given;
                fb->cap = given_cap;
                return H5_ERR_OOM;
            }
            fb->cap = (size_t)total;
        }
    } else if (fb->cap < total || fb->cap / 2 > total + H5_FB_SLACK) {
        /* The old contents are not needed: free first to lower the peak. */
        free(fb->data);
        fb->data = NULL;
        fb->cap = 0;
        if (over_limit(fb, (size_t)total)) return H5_ERR_OOM;
        fb->data = malloc((size_t)total);
        if (!fb->data) return H5_ERR_OOM;
        fb->cap = (size_t)total;
    }

    uint8_t *const base = fb->data;
    uint32_t *const hdr = (uint32_t *)(void *)base;
    uint32_t *const nodes = (uint32_t *)(void *)(base + nodes_off);
    uint32_t *const attrs = (uint32_t *)(void *)(base + attrs_off);
    uint32_t *const names = (uint32_t *)(void *)(base + names_off);
    uint32_t *const nlocs = locs ? (uint32_t *)(void *)(base + nlocs_off) : NULL;
    uint32_t *const alocs = locs ? (uint32_t *)(void *)(base + alocs_off) : NULL;
    string_writer sw = { base + strings_off, 0 };

    /* Header. */
    uint32_t flags = 0;
    if (root->type == H5_NODE_DOCUMENT) {
        flags |= H5_FB_ROOT_DOCUMENT | ((uint32_t)(root->mode & H5_FB_MODE_MASK) << H5_FB_MODE_SHIFT);
    } else if (root->type == H5_NODE_FRAGMENT) {
        flags |= H5_FB_ROOT_FRAGMENT;
    } else {
        flags |= H5_FB_ROOT_OTHER;
    }
    if (locs) flags |= H5_FB_HAS_LOCATIONS;
    if (errs) flags |= H5_FB_HAS_ERRORS;
    if (opts->scripting) flags |= H5_FB_SCRIPTING;
    if (sm.n) flags |= H5_FB_SOURCE_REFS;
    const uint32_t h[H5_FLATBUF_HEADER_WORDS] = {
        H5_FLATBUF_MAGIC, H5_FLATBUF_VERSION, flags, H5_FLATBUF_ATOM_COUNT, H5_FLATBUF_ATOM_HASH,
        (uint32_t)nnodes, (uint32_t)nattrs, (uint32_t)fb->names_len, (uint32_t)units,
        (uint32_t)(errs ? opts->error_count : 0), (uint32_t)nodes_off, (uint32_t)attrs_off,
        (uint32_t)names_off, (uint32_t)nlocs_off, (uint32_t)alocs_off, (uint32_t)errors_off,
        (uint32_t)strings_off, (uint32_t)total,
        opts->encoding ? (uint32_t)opts->encoding | (uint32_t)(opts->confidence & H5_FB_ENC_CONFIDENCE_MASK) << H5_FB_ENC_CONFIDENCE_SHIFT : 0,
        0
    };
    for (unsigned i = 0; i < H5_FLATBUF_HEADER_WORDS; i++) hdr[i] = to_le(h[i]);

    /* Name table and its strings first in the string section. */
    for (size_t i = 0; i < fb->names_len; i++) {
        uint32_t o = put_str(&sw, fb->names[i].ptr, fb->names[i].len);
        names[H5_FLATBUF_NAME_WORDS * i] = to_le(o);
        names[H5_FLATBUF_NAME_WORDS * i + 1] = to_le((uint32_t)fb->names[i].len);
    }

    /* Errors. */
    if (errs && opts->error_count) {
        uint32_t *e = (uint32_t *)(void *)(base + errors_off);
        for (size_t i = 0; i < opts->error_count; i++) {
            e[H5_FLATBUF_ERROR_WORDS * i + H5_FB_E_CODE] = to_le(opts->errors[i].code);
            e[H5_FLATBUF_ERROR_WORDS * i + H5_FB_E_OFFSET] = to_le(opts->errors[i].offset);
        }
    }

    /* Pass 2: the records. */
    w.tlen = 0;
    pass2 p2 = { fb, &sm, &w, &sw, nodes, attrs, nlocs, alocs, root, 0, H5_FLATBUF_NONE, 0, 0, 0, false };
    pass2_batch(&p2);
    while (p2.n) pass2_batch(&p2);
    const uint32_t count = p2.count, parent = p2.parent;
    /* A malformed tree (a NULL parent link) can end the walk early: close
     * whatever is still open. */
    for (uint32_t cur = parent; cur != H5_FLATBUF_NONE && count;) {
        uint32_t *cr = nodes + (size_t)cur * H5_FLATBUF_NODE_WORDS;
        cr[H5_FB_N_END] = to_le(count);
        cur = from_le(cr[H5_FB_N_PARENT]);
    }
    /* Padding after the strings. */
    if (strings_off + (uint64_t)sw.pos * 2 < total)
        memset(base + strings_off + (size_t)sw.pos * 2, 0, (size_t)(total - strings_off - (uint64_t)sw.pos * 2));
    free(given);
    fb->len = (size_t)total;
    return H5_OK;
}
