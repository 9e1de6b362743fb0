/*
 * HTML fragment serialisation over the flat tree buffer (see serialize.h).
 *
 * HTML Standard 13.3 "Serializing HTML fragments", the HTML fragment
 * serialization algorithm, for a node (step numbers of the standard):
 *
 *   1. If the node serializes as void (an HTML element whose local name is
 *      one of area base basefont bgsound br col embed frame hr img input
 *      keygen link meta param source track wbr), return "".
 *   3. If the node is a template element, use its template contents.
 *   5. For each child, in tree order, append:
 *      - Element: "<" tag name, then for each attribute " " its serialized
 *        name (local name; "xml:", "xmlns:" (except for xmlns itself) or
 *        "xlink:" + local name for the XML, XMLNS and XLink namespaces),
 *        '="', the value escaped in attribute mode, '"'; then ">".  If it
 *        serializes as void, continue; else its serialization (recursively)
 *        and "</" tag name ">".  The tag name is the local name for HTML,
 *        SVG and MathML elements (the buffer stores the adjusted case).
 *      - Text: the data verbatim if the parent is a style, script, xmp,
 *        iframe, noembed, noframes or plaintext element, or a noscript
 *        element with scripting enabled; else the data escaped.
 *      - Comment: "<!--" data "-->".
 *      - ProcessingInstruction: "<?" target " " data "?>" (whatwg/html PR
 *        12654, 2026: the "?" keeps data that ends in "?" intact on the
 *        next parse; empty data gives "<?target ?>").
 *      - DocumentType: "<!DOCTYPE " name ">".
 *   4. (Between the start tag and the children.)  If the node is a shadow
 *      host whose shadow root is chosen (serializableShadowRoots and its
 *      serializable set, or in shadowRoots; here h5_serializer.shadow_roots
 *      says which): '<template shadowrootmode="' mode '"', then
 *      ' shadowrootdelegatesfocus=""', ' shadowrootserializable=""',
 *      ' shadowrootslotassignment="manual"', ' shadowrootclonable=""' and
 *      ' shadowrootcustomelementregistry=""' for the flags that are set
 *      (the last: the root keeps a null registry, which differs from a
 *      document's global one), ">", the shadow root's serialization and
 *      "</template>".
 *
 *   Escaping a string: "&" -> "&amp;", U+00A0 -> "&nbsp;", "<" -> "&lt;",
 *   ">" -> "&gt;", and in attribute mode also '"' -> "&quot;".
 *
 * The recursion of step 5 is an explicit stack: the records are in pre-order
 * with each node's subtree end, so the walk is a loop over indexes that
 * opens elements and closes them when the index reaches their end.
 */
#include "serialize.h"

#include <stdlib.h>
#include <string.h>

#include "atoms.h"
#include "flatbuf.h"

/* ---- reading the buffer ---------------------------------------------------- */

static inline bool host_is_le(void) {
    const uint16_t one = 1;
    uint8_t b;
    memcpy(&b, &one, 1);
    return b == 1;
}

/* Little-endian u32 at p (any alignment). */
static inline uint32_t rd32(const uint8_t *p) {
    if (host_is_le()) {
        uint32_t v;
        memcpy(&v, p, 4);
        return v;
    }
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

#define NONE H5_FLATBUF_NONE
#define CONTENTS_FLAG (H5_FB_NODE_TEMPLATE_CONTENTS << H5_FB_INFO_FLAGS_SHIFT)
#define SHADOW_FLAG (H5_FB_NODE_SHADOW_ROOT << H5_FB_INFO_FLAGS_SHIFT)
#define TYPE_OF(info) ((info) & H5_FB_INFO_TYPE_MASK)
#define NS_OF(info) ((info) >> H5_FB_INFO_NS_SHIFT & H5_FB_INFO_NS_MASK)

typedef struct {
    const uint8_t *nodes;  /* node records */
    const uint8_t *attrs;  /* attribute records */
    const uint8_t *names;  /* name table */
    const h5_char *str;    /* string section, host order */
    uint32_t node_count, attr_count, name_count, units;
    bool scripting;
    int shadow_roots;      /* H5_SER_SHADOW_* */
    h5_buf *out;
    /* Stack of open elements: (element index, index where its contents end). */
    uint32_t *stack;
    size_t sp, stack_cap;
} ser;

static inline uint32_t node_word(const ser *s, uint32_t i, unsigned w) {
    return rd32(s->nodes + (size_t)i * (H5_FLATBUF_NODE_WORDS * 4) + w * 4);
}
static inline uint32_t attr_word(const ser *s, uint32_t k, unsigned w) {
    return rd32(s->attrs + (size_t)k * (H5_FLATBUF_ATTR_WORDS * 4) + w * 4);
}

/* A resolved name: ASCII (an atom) or UTF-16 units in the string section. */
typedef struct {
    const char *ascii;
    const h5_char *units;
    size_t len;
    unsigned atom; /* the atom spelling the name exactly, or H5_ATOM_NONE */
} name_ref;

/* classify: find the atom of a name-table name (needed only where the name
 * decides something: element names, XMLNS attributes). */
static bool resolve_name(const ser *s, uint32_t id, name_ref *n, bool classify) {
    n->ascii = NULL;
    n->units = NULL;
    n->len = 0;
    n->atom = H5_ATOM_NONE;
    if (id < (uint32_t)H5_ATOM_COUNT) {
        if (id == 0) return true;
        n->ascii = h5_atom_name((h5_atom)id);
        n->len = h5_atom_len((h5_atom)id);
        n->atom = id;
        return n->ascii != NULL;
    }
    uint32_t k = id - (uint32_t)H5_ATOM_COUNT;
    if (k >= s->name_count) return false;
    uint32_t off = rd32(s->names + (size_t)k * H5_FLATBUF_NAME_WORDS * 4),
             len = rd32(s->names + (size_t)k * H5_FLATBUF_NAME_WORDS * 4 + 4);
    if ((uint64_t)off + len > s->units) return false;
    n->units = s->str + off;
    n->len = len;
    /* A writer may spell an atom's name in its table: classify by spelling. */
    if (classify) n->atom = h5_atom_lookup(n->units, len);
    return true;
}

/* The atom of element i's name when i is an HTML element, else NONE; false
 * if the name id is invalid. */
static bool html_atom(const ser *s, uint32_t i, unsigned *atom) {
    uint32_t info = node_word(s, i, H5_FB_N_INFO);
    *atom = H5_ATOM_NONE;
    if (TYPE_OF(info) != H5_FB_TYPE_ELEMENT || NS_OF(info) != H5_FB_NS_HTML) return true;
    uint32_t id = node_word(s, i, H5_FB_N_NAME);
    if (id < (uint32_t)H5_ATOM_COUNT) {
        *atom = id;
        return true;
    }
    name_ref n;
    if (!resolve_name(s, id, &n, true)) return false;
    *atom = n.atom;
    return true;
}

static bool is_void(unsigned atom) {
    switch (atom) {
    case H5_ATOM_AREA: case H5_ATOM_BASE: case H5_ATOM_BASEFONT: case H5_ATOM_BGSOUND: case H5_ATOM_BR:
    case H5_ATOM_COL: case H5_ATOM_EMBED: case H5_ATOM_FRAME: case H5_ATOM_HR: case H5_ATOM_IMG:
    case H5_ATOM_INPUT: case H5_ATOM_KEYGEN: case H5_ATOM_LINK: case H5_ATOM_META: case H5_ATOM_PARAM:
    case H5_ATOM_SOURCE: case H5_ATOM_TRACK: case H5_ATOM_WBR:
        return true;
    default:
        return false;
    }
}

static bool is_raw_text_parent(unsigned atom, bool scripting) {
    switch (atom) {
    case H5_ATOM_STYLE: case H5_ATOM_SCRIPT: case H5_ATOM_XMP: case H5_ATOM_IFRAME: case H5_ATOM_NOEMBED:
    case H5_ATOM_NOFRAMES: case H5_ATOM_PLAINTEXT:
        return true;
    case H5_ATOM_NOSCRIPT:
        return scripting;
    default:
        return false;
    }
}

/* ---- writing -------------------------------------------------------------- */

/* Room for n more units (h5_buf_reserve only when the buffer must grow). */
static inline bool room(h5_buf *b, size_t n) { return b->cap - b->len >= n || h5_buf_reserve(b, n); }

static inline bool put_ascii(h5_buf *b, const char *a, size_t n) {
    if (!room(b, n)) return false;
    h5_char *d = b->data + b->len;
    for (size_t i = 0; i < n; i++) d[i] = (unsigned char)a[i];
    b->len += n;
    return true;
}
#define PUT_LIT(b, lit) put_ascii((b), (lit), sizeof(lit) - 1)

static inline bool put_units(h5_buf *b, const h5_char *u, size_t n) {
    if (!room(b, n)) return false;
    if (n) memcpy(b->data + b->len, u, n * sizeof(h5_char));
    b->len += n;
    return true;
}

static inline bool put_char(h5_buf *b, h5_char c) {
    if (!room(b, 1)) return false;
    b->data[b->len++] = c;
    return true;
}

static inline bool put_name(h5_buf *b, const name_ref *n) {
    return n->ascii ? put_ascii(b, n->ascii, n->len) : put_units(b, n->units, n->len);
}

enum { ESC_TEXT = 1, ESC_ATTR = 2 };

/* Append s[0..n) escaped.  Short strings are scanned up to their first
 * special character; a string with one, or a long one, is measured by a
 * branch-free pass (which the compiler vectorises) that sums the extra units
 * of the entities ("&amp;" +4, "&lt;" "&gt;" +3, "&quot;" "&nbsp;" +5).
 * Without special characters the text is one copy; otherwise the room is
 * reserved once and the runs between special characters are copied in bulk. */
static bool put_escaped(h5_buf *b, const h5_char *s, size_t n, unsigned mode) {
    /* Text mode: U+FFFF stands for "no quote" (counting one only over-reserves). */
    const h5_char quote = mode == ESC_ATTR ? (h5_char)0x22 : (h5_char)0xFFFF;
    /* Short strings (most text and attribute values): a scalar scan that
     * stops at the first special character. */
    size_t i0 = 0;
    if (n <= 64) {
        const uint64_t low = 1ull << '&' | 1ull << '<' | 1ull << '>' | (mode == ESC_ATTR ? 1ull << '"' : 0);
        while (i0 < n) {
            h5_char c = s[i0];
            if (c < 64 ? (low >> c) & 1u : c == 0xA0) break;
            i0++;
        }
        if (i0 == n) return put_units(b, s, n);
    }
    size_t extra = 0;
    for (size_t i = i0; i < n;) {
        /* Blocks small enough for a 32-bit sum: vector lanes stay narrow. */
        size_t m = n - i < 4096 ? n - i : 4096;
        uint32_t e = 0;
        for (size_t k = 0; k < m; k++) {
            uint32_t c = s[i + k];
            e += (uint32_t)(c == '&') * 4u + (uint32_t)((c == '<') | (c == '>')) * 3u +
                 (uint32_t)((c == 0xA0) | (c == quote)) * 5u;
        }
        extra += e;
        i += m;
    }
    if (extra == 0) return put_units(b, s, n);
    if (n > SIZE_MAX / 8 || !room(b, n + extra)) return false;
    h5_char *d = b->data + b->len;
    size_t run = 0;
    for (size_t i = i0; i < n; i++) {
        h5_char c = s[i];
        const char *e;
        size_t el;
        switch (c) {
        case '&': e = "&amp;"; el = 5; break;
        case '<': e = "&lt;"; el = 4; break;
        case '>': e = "&gt;"; el = 4; break;
        case 0xA0: e = "&nbsp;"; el = 6; break;
        case '"':
            if (mode != ESC_ATTR) continue;
            e = "&quot;";
            el = 6;
            break;
        default: continue;
        }
        if (i > run) {
            memcpy(d, s + run, (i - run) * sizeof(h5_char));
            d += i - run;
        }
        for (size_t k = 0; k < el; k++) *d++ = (unsigned char)e[k];
        run = i + 1;
    }
    if (n > run) {
        memcpy(d, s + run, (n - run) * sizeof(h5_char));
        d += n - run;
    }
    b->len = (size_t)(d - b->data);
    return true;
}

/* ---- the walk -------------------------------------------------------------- */

static bool push(ser *s, uint32_t el, uint32_t close_at) {
    if (s->sp == s->stack_cap) {
        size_t cap = s->stack_cap ? s->stack_cap * 2 : 64;
        if (cap > SIZE_MAX / (2 * sizeof(uint32_t))) return false;
        uint32_t *d = realloc(s->stack, cap * 2 * sizeof(uint32_t));
        if (!d) return false;
        s->stack = d;
        s->stack_cap = cap;
    }
    s->stack[2 * s->sp] = el;
    s->stack[2 * s->sp + 1] = close_at;
    s->sp++;
    return true;
}

/* Character data (text, comment, PI) of node i, bounds-checked. */
static bool node_data(const ser *s, uint32_t i, const h5_char **p, size_t *n) {
    uint32_t off = node_word(s, i, H5_FB_N_DATA_OFF), len = node_word(s, i, H5_FB_N_DATA_LEN);
    if ((uint64_t)off + len > s->units) return false;
    *p = s->str + off;
    *n = len;
    return true;
}

static h5_status start_tag(ser *s, uint32_t j, const name_ref *name) {
    h5_buf *b = s->out;
    if (!put_char(b, '<') || !put_name(b, name)) return H5_ERR_OOM;
    uint32_t first = node_word(s, j, H5_FB_N_ATTR_FIRST), count = node_word(s, j, H5_FB_N_ATTR_COUNT);
    if (first > s->attr_count || count > s->attr_count - first) return H5_ERR_INVALID;
    for (uint32_t k = first; k < first + count; k++) {
        name_ref an;
        uint32_t ns = attr_word(s, k, H5_FB_A_NS) & 0xFFu;
        if (!resolve_name(s, attr_word(s, k, H5_FB_A_NAME), &an, ns == H5_FB_ANS_XMLNS)) return H5_ERR_INVALID;
        uint32_t off = attr_word(s, k, H5_FB_A_VALUE_OFF), len = attr_word(s, k, H5_FB_A_VALUE_LEN);
        if ((uint64_t)off + len > s->units) return H5_ERR_INVALID;
        bool ok;
        switch (ns) {
        case H5_FB_ANS_XLINK: ok = PUT_LIT(b, " xlink:"); break;
        case H5_FB_ANS_XML: ok = PUT_LIT(b, " xml:"); break;
        case H5_FB_ANS_XMLNS: ok = an.atom == H5_ATOM_XMLNS ? PUT_LIT(b, " ") : PUT_LIT(b, " xmlns:"); break;
        default: ok = PUT_LIT(b, " "); break;
        }
        if (!ok || !put_name(b, &an) || !PUT_LIT(b, "=\"") || !put_escaped(b, s->str + off, len, ESC_ATTR) ||
            !put_char(b, '"'))
            return H5_ERR_OOM;
    }
    return put_char(b, '>') ? H5_OK : H5_ERR_OOM;
}

/* The shadow root right after host j (before `end`), or NONE; *send = its
 * end (j + 1 without one).  NONE too when it is not to be written
 * (h5_serializer.shadow_roots).  *bad on a malformed record. */
static uint32_t chosen_shadow(const ser *s, uint32_t j, uint32_t end, uint32_t *send, bool *bad) {
    uint32_t r = j + 1;
    *send = r;
    if (r >= end || !(node_word(s, r, H5_FB_N_INFO) & SHADOW_FLAG)) return NONE;
    *send = node_word(s, r, H5_FB_N_END);
    if (*send <= r || *send > end) {
        *bad = true;
        return NONE;
    }
    uint32_t bits = node_word(s, r, 5);
    if (s->shadow_roots == H5_SER_SHADOW_ALL ||
        (s->shadow_roots == H5_SER_SHADOW_SERIALIZABLE && (bits & H5_FB_SHADOW_SERIALIZABLE)))
        return r;
    return NONE;
}

/* Step 4's start tag of the declarative template for a shadow root. */
static bool put_shadow_start(h5_buf *b, uint32_t bits) {
    return PUT_LIT(b, "<template shadowrootmode=\"") &&
           (bits & H5_FB_SHADOW_CLOSED ? PUT_LIT(b, "closed\"") : PUT_LIT(b, "open\"")) &&
           (!(bits & H5_FB_SHADOW_DELEGATES_FOCUS) || PUT_LIT(b, " shadowrootdelegatesfocus=\"\"")) &&
           (!(bits & H5_FB_SHADOW_SERIALIZABLE) || PUT_LIT(b, " shadowrootserializable=\"\"")) &&
           (!(bits & H5_FB_SHADOW_SLOT_MANUAL) || PUT_LIT(b, " shadowrootslotassignment=\"manual\"")) &&
           (!(bits & H5_FB_SHADOW_CLONABLE) || PUT_LIT(b, " shadowrootclonable=\"\"")) &&
           (!(bits & H5_FB_SHADOW_KEEP_REGISTRY_NULL) || PUT_LIT(b, " shadowrootcustomelementregistry=\"\"")) &&
           put_char(b, '>');
}

/* Serialise the nodes of pre-order range [from, to): whole subtrees, in order.
 * The caller has checked from <= to <= node_count. */
static h5_status walk(ser *s, uint32_t from, uint32_t to) {
    h5_buf *b = s->out;
    uint32_t j = from;
    /* Reserve about what the range will take (its share of the strings plus
     * some markup per node); only a hint: growth handles the rest. */
    uint64_t est = (uint64_t)s->units * (to - from) / s->node_count + (uint64_t)(to - from) * 12;
    if (est < ((uint64_t)1 << 28)) (void)room(b, (size_t)est);
    for (;;) {
        /* Close the elements whose contents end here. */
        while (s->sp > 0 && j >= s->stack[2 * s->sp - 1]) {
            s->sp--;
            uint32_t el = s->stack[2 * s->sp];
            if (TYPE_OF(node_word(s, el, H5_FB_N_INFO)) == H5_FB_TYPE_FRAGMENT) {
                /* A shadow root written as a template (step 4): then the
                 * host's children. */
                if (!PUT_LIT(b, "</template>")) return H5_ERR_OOM;
                j = node_word(s, el, H5_FB_N_END);
                continue;
            }
            name_ref name;
            if (!resolve_name(s, node_word(s, el, H5_FB_N_NAME), &name, false)) return H5_ERR_INVALID;
            if (!PUT_LIT(b, "</") || !put_name(b, &name) || !put_char(b, '>')) return H5_ERR_OOM;
            j = node_word(s, el, H5_FB_N_END); /* after a template's children (not serialised) */
        }
        if (j >= to) return H5_OK;
        /* Every subtree must nest inside the innermost open one. */
        uint32_t bound = s->sp > 0 ? s->stack[2 * s->sp - 1] : to;
        uint32_t info = node_word(s, j, H5_FB_N_INFO);
        uint32_t end = node_word(s, j, H5_FB_N_END);
        if (end <= j || end > bound) return H5_ERR_INVALID;
        uint32_t type = TYPE_OF(info);
        if (type != H5_FB_TYPE_ELEMENT && type != H5_FB_TYPE_DOCUMENT && type != H5_FB_TYPE_FRAGMENT && end != j + 1) return H5_ERR_INVALID;
        switch (type) {
        case H5_FB_TYPE_ELEMENT: {
            name_ref name;
            if (!resolve_name(s, node_word(s, j, H5_FB_N_NAME), &name, true)) return H5_ERR_INVALID;
            h5_status st = start_tag(s, j, &name);
            if (st != H5_OK) return st;
            bool html = NS_OF(info) == H5_FB_NS_HTML;
            if (html && is_void(name.atom)) {
                j = end; /* no contents, no end tag */
                continue;
            }
            uint32_t close_at = end, next = j + 1;
            if (html && name.atom == H5_ATOM_TEMPLATE) {
                /* Its template contents, not its children. */
                if (next < end && (node_word(s, next, H5_FB_N_INFO) & CONTENTS_FLAG)) {
                    uint32_t cend = node_word(s, next, H5_FB_N_END);
                    if (cend <= next || cend > end) return H5_ERR_INVALID;
                    close_at = cend;
                    next++;
                } else {
                    close_at = next; /* no contents: empty */
                }
            } else {
                /* A shadow host: its shadow root precedes its children. */
                bool bad = false;
                uint32_t send, r = chosen_shadow(s, j, end, &send, &bad);
                if (bad) return H5_ERR_INVALID;
                next = send;
                if (r != NONE) {
                    if (!push(s, j, close_at) || !push(s, r, send)) return H5_ERR_OOM;
                    if (!put_shadow_start(b, node_word(s, r, 5))) return H5_ERR_OOM;
                    j = r + 1;
                    continue;
                }
            }
            if (!push(s, j, close_at)) return H5_ERR_OOM;
            j = next;
            continue;
        }
        case H5_FB_TYPE_TEXT: {
            const h5_char *p;
            size_t n;
            if (!node_data(s, j, &p, &n)) return H5_ERR_INVALID;
            bool raw = false;
            uint32_t parent = node_word(s, j, H5_FB_N_PARENT);
            if (parent != NONE) {
                unsigned atom;
                if (parent >= j || !html_atom(s, parent, &atom)) return H5_ERR_INVALID;
                raw = is_raw_text_parent(atom, s->scripting);
            }
            if (!(raw ? put_units(b, p, n) : put_escaped(b, p, n, ESC_TEXT))) return H5_ERR_OOM;
            break;
        }
        case H5_FB_TYPE_COMMENT: {
            const h5_char *p;
            size_t n;
            if (!node_data(s, j, &p, &n)) return H5_ERR_INVALID;
            if (!PUT_LIT(b, "<!--") || !put_units(b, p, n) || !PUT_LIT(b, "-->")) return H5_ERR_OOM;
            break;
        }
        case H5_FB_TYPE_PI: {
            const h5_char *p;
            size_t n;
            name_ref target;
            if (!node_data(s, j, &p, &n) || !resolve_name(s, node_word(s, j, H5_FB_N_NAME), &target, false)) return H5_ERR_INVALID;
            if (!PUT_LIT(b, "<?") || !put_name(b, &target) || !put_char(b, ' ') || !put_units(b, p, n) ||
                !PUT_LIT(b, "?>"))
                return H5_ERR_OOM;
            break;
        }
        case H5_FB_TYPE_DOCTYPE: {
            name_ref name;
            if (!resolve_name(s, node_word(s, j, H5_FB_N_NAME), &name, false)) return H5_ERR_INVALID;
            if (!PUT_LIT(b, "<!DOCTYPE ") || !put_name(b, &name) || !put_char(b, '>')) return H5_ERR_OOM;
            break;
        }
        case H5_FB_TYPE_DOCUMENT:
        case H5_FB_TYPE_FRAGMENT:
            /* Template contents met outside their template (an element
             * other than an HTML template carrying them), or a shadow root
             * not written: not children, skipped.  Any other document or fragment inside the range has
             * no markup of its own: its children follow. */
            if (info & (CONTENTS_FLAG | SHADOW_FLAG)) {
                j = end;
                continue;
            }
            break;
        default:
            return H5_ERR_INVALID;
        }
        j++;
    }
}

/* ---- entry points ------------------------------------------------------------ */

/* Section [off, off + count * size) must lie within the first `total` bytes,
 * after the header, 4-byte aligned. */
static bool section_ok(uint32_t off, uint32_t count, uint32_t size, uint32_t total) {
    return off % 4 == 0 && off >= H5_FLATBUF_HEADER_WORDS * 4 && (uint64_t)off + (uint64_t)count * size <= total;
}

void h5_serializer_init(h5_serializer *z) { memset(z, 0, sizeof *z); }

void h5_serializer_free(h5_serializer *z) {
    free(z->stack);
    memset(z, 0, sizeof *z);
}

h5_status h5_serializer_run(h5_serializer *z, const uint8_t *buf, size_t len, uint32_t node_index, bool outer,
                            int scripting, h5_buf *out) {
    if (!out) return H5_ERR_INVALID;
    out->len = 0;
    if (!z || !buf || len < H5_FLATBUF_HEADER_WORDS * 4) return H5_ERR_INVALID;
    uint32_t h[H5_FLATBUF_HEADER_WORDS];
    for (unsigned k = 0; k < H5_FLATBUF_HEADER_WORDS; k++) h[k] = rd32(buf + 4 * k);
    uint32_t total = h[H5_FB_H_TOTAL_BYTES];
    if (h[H5_FB_H_MAGIC] != H5_FLATBUF_MAGIC || h[H5_FB_H_VERSION] != H5_FLATBUF_VERSION || total > len ||
        h[H5_FB_H_ATOM_COUNT] != H5_FLATBUF_ATOM_COUNT || h[H5_FB_H_ATOM_HASH] != H5_FLATBUF_ATOM_HASH)
        return H5_ERR_INVALID;

    ser s;
    memset(&s, 0, sizeof s);
    s.stack = z->stack;
    s.stack_cap = z->stack_cap;
    s.node_count = h[H5_FB_H_NODE_COUNT];
    s.attr_count = h[H5_FB_H_ATTR_COUNT];
    s.name_count = h[H5_FB_H_NAME_COUNT];
    s.units = h[H5_FB_H_STRING_UNITS];
    uint32_t nodes_off = h[H5_FB_H_NODES_OFF], attrs_off = h[H5_FB_H_ATTRS_OFF];
    uint32_t names_off = h[H5_FB_H_NAMES_OFF], strings_off = h[H5_FB_H_STRINGS_OFF];
    if (s.node_count == 0 || !section_ok(nodes_off, s.node_count, H5_FLATBUF_NODE_WORDS * 4, total) ||
        !section_ok(attrs_off, s.attr_count, H5_FLATBUF_ATTR_WORDS * 4, total) ||
        !section_ok(names_off, s.name_count, H5_FLATBUF_NAME_WORDS * 4, total) ||
        !section_ok(strings_off, s.units, 2, total) || node_index >= s.node_count)
        return H5_ERR_INVALID;
    s.nodes = buf + nodes_off;
    s.attrs = buf + attrs_off;
    s.names = buf + names_off;
    s.scripting = scripting < 0 ? (h[H5_FB_H_FLAGS] & H5_FB_SCRIPTING) != 0 : scripting > 0;
    s.shadow_roots = z->shadow_roots;
    s.out = out;

    /* The strings as host-order code units: used in place when they are
     * (little-endian host, 2-byte aligned), else converted once. */
    h5_char *copy = NULL;
    const uint8_t *sb = buf + strings_off;
    if (host_is_le() && ((uintptr_t)sb & 1u) == 0) {
        s.str = (const h5_char *)(const void *)sb;
    } else {
        copy = malloc(s.units ? (size_t)s.units * sizeof(h5_char) : 1);
        if (!copy) return H5_ERR_OOM;
        for (uint32_t k = 0; k < s.units; k++) copy[k] = (h5_char)(sb[2 * k] | sb[2 * k + 1] << 8);
        s.str = copy;
    }

    h5_status st = H5_OK;
    uint32_t i = node_index;
    uint32_t info = node_word(&s, i, H5_FB_N_INFO), type = TYPE_OF(info);
    uint32_t end = node_word(&s, i, H5_FB_N_END);
    if (end <= i || end > s.node_count) {
        st = H5_ERR_INVALID;
    } else if (outer && type != H5_FB_TYPE_DOCUMENT && type != H5_FB_TYPE_FRAGMENT) {
        st = walk(&s, i, end);
    } else if (type == H5_FB_TYPE_ELEMENT || type == H5_FB_TYPE_DOCUMENT || type == H5_FB_TYPE_FRAGMENT) {
        /* The children (of an HTML template: of its contents). */
        uint32_t c = i, cend = end;
        unsigned atom = H5_ATOM_NONE;
        if (!html_atom(&s, i, &atom)) {
            st = H5_ERR_INVALID;
        } else if (is_void(atom)) {
            c = NONE; /* serializes as void: "" */
        } else if (atom == H5_ATOM_TEMPLATE) {
            c = i + 1;
            if (c < end && (node_word(&s, c, H5_FB_N_INFO) & CONTENTS_FLAG)) {
                cend = node_word(&s, c, H5_FB_N_END);
                if (cend <= c || cend > end) st = H5_ERR_INVALID;
            } else {
                c = NONE; /* no contents: "" */
            }
        }
        if (st == H5_OK && c != NONE) {
            uint32_t first = c + 1;
            /* A template's contents precede its children: skip them.  A
             * shadow host's shadow root too, unless it is written (step 4). */
            bool bad = false;
            uint32_t send, r = chosen_shadow(&s, c, cend, &send, &bad);
            if (bad) {
                st = H5_ERR_INVALID;
            } else if (r != NONE) {
                if (!put_shadow_start(out, node_word(&s, r, 5))) st = H5_ERR_OOM;
                if (st == H5_OK) st = walk(&s, r + 1, send);
                if (st == H5_OK && !PUT_LIT(out, "</template>")) st = H5_ERR_OOM;
                first = send;
            } else if (first < cend && (node_word(&s, first, H5_FB_N_INFO) & (CONTENTS_FLAG | SHADOW_FLAG))) {
                uint32_t fend = node_word(&s, first, H5_FB_N_END);
                if (fend <= first || fend > cend) st = H5_ERR_INVALID;
                first = fend;
            }
            if (st == H5_OK) st = walk(&s, first, cend);
        }
    }
    /* Text, comments, doctypes and PIs have no children: "". */

    /* Keep the stack for the next call. */
    z->stack = s.stack;
    z->stack_cap = s.stack_cap;
    free(copy);
    if (st != H5_OK) out->len = 0;
    return st;
}

h5_status h5_serialize_flatbuf_ex(const uint8_t *buf, size_t len, uint32_t node_index, bool outer, int scripting,
                                  h5_buf *out) {
    h5_serializer z;
    h5_serializer_init(&z);
    h5_status st = h5_serializer_run(&z, buf, len, node_index, outer, scripting, out);
    h5_serializer_free(&z);
    return st;
}

h5_status h5_serialize_flatbuf(const uint8_t *buf, size_t len, uint32_t node_index, bool outer, h5_buf *out) {
    return h5_serialize_flatbuf_ex(buf, len, node_index, outer, -1, out);
}
