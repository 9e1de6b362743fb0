/*
 * Encoding sniffing (spec 13.2.3.2), changing the encoding while parsing
 * (13.2.3.4), and the Encoding Standard's "get an encoding" (4.2) and "BOM
 * sniff" (see encoding.h).
 */
#include "encoding.h"

#include <string.h>

const char *h5_encoding_name(h5_encoding e) {
    return (unsigned)e < H5_ENC_COUNT ? h5_encoding_names[e] : NULL;
}

/* ---- Encoding Standard 4.2 "get an encoding" ----------------------------- */

/* ASCII whitespace (Infra): TAB, LF, FF, CR, SPACE; the prescan's
 * "0x09, 0x0A, 0x0C, 0x0D, 0x20" are the same bytes. */
static bool is_ascii_ws(unsigned c) { return c == 0x09 || c == 0x0A || c == 0x0C || c == 0x0D || c == 0x20; }

/* The longest label ("iso-10646-ucs-2", "csisolatinhebrew", ...) is short;
 * anything longer fails without a search. */
#define LABEL_MAX 32

/* The lowercase label `l` (ASCII) looked up in the table, one label after
 * the other (it is sorted: the walk stops at the first label after `l`).
 * Called once per <meta> charset or encoding option, not per character. */
static h5_encoding lookup_label(const char *l, size_t n) {
    const char *m = h5_encoding_label_chars;
    for (size_t i = 0; i < h5_encoding_label_count; i++) {
        size_t ml = strlen(m);
        int c = memcmp(l, m, n < ml ? n : ml);
        if (c == 0) c = n < ml ? -1 : n > ml ? 1 : 0;
        if (c == 0) return (h5_encoding)h5_encoding_label_ids[i];
        if (c < 0) break;
        m += ml + 1;
    }
    return H5_ENC_NONE;
}

h5_encoding h5_get_encoding(h5_str label) {
    size_t s = 0, e = label.len;
    while (s < e && is_ascii_ws(label.ptr[s])) s++;
    while (e > s && is_ascii_ws(label.ptr[e - 1])) e--;
    if (e == s || e - s > LABEL_MAX) return H5_ENC_NONE;
    char l[LABEL_MAX];
    for (size_t i = s; i < e; i++) {
        h5_char c = label.ptr[i];
        if (c >= 0x80) return H5_ENC_NONE; /* all labels are ASCII */
        l[i - s] = (char)h5_to_lower(c);
    }
    return lookup_label(l, e - s);
}

h5_encoding h5_get_encoding_bytes(const uint8_t *label, size_t len) {
    /* Only the bytes inside the surrounding whitespace can be a label. */
    while (len > 0 && is_ascii_ws(*label)) label++, len--;
    while (len > 0 && is_ascii_ws(label[len - 1])) len--;
    if (len > LABEL_MAX) return H5_ENC_NONE;
    h5_char units[LABEL_MAX];
    for (size_t i = 0; i < len; i++) units[i] = label[i];
    return h5_get_encoding((h5_str){units, len});
}

/* ---- Encoding Standard 6 "BOM sniff" ------------------------------------ */

h5_encoding h5_bom_sniff(const uint8_t *b, size_t len, size_t *bom_len) {
    *bom_len = 0;
    if (len >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF) {
        *bom_len = 3;
        return H5_ENC_UTF_8;
    }
    if (len >= 2 && b[0] == 0xFE && b[1] == 0xFF) {
        *bom_len = 2;
        return H5_ENC_UTF_16BE;
    }
    if (len >= 2 && b[0] == 0xFF && b[1] == 0xFE) {
        *bom_len = 2;
        return H5_ENC_UTF_16LE;
    }
    return H5_ENC_NONE;
}

/* ---- 2.x "extracting a character encoding from a meta element" --------- */

h5_encoding h5_meta_charset(h5_str content) {
    const h5_char *s = content.ptr;
    size_t n = content.len, pos = 0;
    for (;;) {
        /* Loop: find the first seven characters after position that are an
         * ASCII case-insensitive match for "charset". */
        size_t i = pos;
        for (; i + 7 <= n; i++) {
            static const char cs[] = "charset";
            size_t k = 0;
            while (k < 7 && h5_to_lower(s[i + k]) == cs[k]) k++;
            if (k == 7) break;
        }
        if (i + 7 > n) return H5_ENC_NONE;
        pos = i + 7;
        /* Skip any ASCII whitespace that immediately follows "charset". */
        while (pos < n && is_ascii_ws(s[pos])) pos++;
        /* Not "=": move position to just before that character and loop. */
        if (pos >= n || s[pos] != '=') continue;
        pos++;
        while (pos < n && is_ascii_ws(s[pos])) pos++;
        if (pos >= n) return H5_ENC_NONE;
        h5_char q = s[pos];
        if (q == '"' || q == '\'') {
            size_t end = pos + 1;
            while (end < n && s[end] != q) end++;
            if (end >= n) return H5_ENC_NONE; /* an unmatched quote */
            return h5_get_encoding((h5_str){s + pos + 1, end - pos - 1});
        }
        size_t end = pos;
        while (end < n && !is_ascii_ws(s[end]) && s[end] != ';') end++;
        return h5_get_encoding((h5_str){s + pos, end - pos});
    }
}

/* ---- 13.2.3.2 "prescan a byte stream to determine its encoding" -------- */

typedef struct {
    const uint8_t *b;
    size_t len, pos;
    /* The attribute got by get_attribute: code units of the bytes (ASCII
     * lowercased), as the algorithm builds its strings. */
    h5_char name[H5_PRESCAN_BYTES], value[H5_PRESCAN_BYTES];
    size_t name_len, value_len;
} prescan;

/* Result of get_attribute: an attribute, none, or out of bytes (which aborts
 * the whole prescan). */
enum { ATTR_NONE, ATTR_GOT, ATTR_EOF };


/* "get an attribute" (13.2.3.2). */
static int get_attribute(prescan *p) {
    const uint8_t *b = p->b;
#define NEED() \
    if (p->pos >= p->len) return ATTR_EOF
    NEED();
    while (is_ascii_ws(b[p->pos]) || b[p->pos] == '/') {
        p->pos++;
        NEED();
    }
    if (b[p->pos] == '>') return ATTR_NONE;
    p->name_len = p->value_len = 0;
    /* Attribute name. */
    for (;;) {
        uint8_t c = b[p->pos];
        if (c == '=' && p->name_len > 0) {
            p->pos++;
            goto value;
        }
        if (is_ascii_ws(c)) break; /* spaces */
        if (c == '/' || c == '>') return ATTR_GOT;
        p->name[p->name_len++] = (h5_char)h5_to_lower(c);
        p->pos++;
        NEED();
    }
    /* Spaces. */
    while (is_ascii_ws(b[p->pos])) {
        p->pos++;
        NEED();
    }
    if (b[p->pos] != '=') return ATTR_GOT;
    p->pos++;
value:
    NEED();
    while (is_ascii_ws(b[p->pos])) {
        p->pos++;
        NEED();
    }
    uint8_t c = b[p->pos];
    if (c == '"' || c == '\'') {
        for (;;) {
            p->pos++;
            NEED();
            if (b[p->pos] == c) {
                p->pos++;
                return ATTR_GOT;
            }
            p->value[p->value_len++] = (h5_char)h5_to_lower(b[p->pos]);
        }
    }
    if (c == '>') return ATTR_GOT;
    p->value[p->value_len++] = (h5_char)h5_to_lower(c);
    p->pos++;
    for (;;) {
        NEED();
        c = b[p->pos];
        if (is_ascii_ws(c) || c == '>') return ATTR_GOT;
        p->value[p->value_len++] = (h5_char)h5_to_lower(c);
        p->pos++;
    }
#undef NEED
}

static bool name_is(const prescan *p, const char *ascii) {
    return h5_str_eq_ascii((h5_str){p->name, p->name_len}, ascii);
}

/* "get an XML encoding" (13.2.3.2), on the same bytes as the prescan. */
static h5_encoding get_xml_encoding(const uint8_t *b, size_t len) {
    if (len < 5 || memcmp(b, "<?xml", 5) != 0) return H5_ENC_NONE;
    /* xmlDeclarationEnd: without a '>' there is no declaration.  (The
     * steps do not use it further: the search for "encoding" and its
     * quotes is not bounded by it.) */
    if (!memchr(b, '>', len)) return H5_ENC_NONE;
    size_t pos = 0;
    for (;; pos++) {
        if (pos + 8 > len) return H5_ENC_NONE;
        if (memcmp(b + pos, "encoding", 8) == 0) break;
    }
    pos += 8;
    while (pos < len && b[pos] <= 0x20) pos++;
    if (pos >= len || b[pos] != '=') return H5_ENC_NONE;
    pos++;
    while (pos < len && b[pos] <= 0x20) pos++;
    if (pos >= len) return H5_ENC_NONE;
    uint8_t q = b[pos];
    if (q != '"' && q != '\'') return H5_ENC_NONE;
    pos++;
    size_t end = pos;
    while (end < len && b[end] != q) end++;
    if (end >= len) return H5_ENC_NONE;
    for (size_t i = pos; i < end; i++)
        if (b[i] <= 0x20) return H5_ENC_NONE;
    h5_encoding e = h5_get_encoding_bytes(b + pos, end - pos);
    if (e == H5_ENC_UTF_16BE || e == H5_ENC_UTF_16LE) e = H5_ENC_UTF_8;
    return e;
}

/* Advance p->pos to the first '>' at or after `from`; false if none. */
static bool skip_to_gt(prescan *p, size_t from) {
    const uint8_t *gt = from < p->len ? memchr(p->b + from, '>', p->len - from) : NULL;
    if (!gt) return false;
    p->pos = (size_t)(gt - p->b);
    return true;
}

static h5_encoding prescan_run(prescan *p) {
    const uint8_t *b = p->b;
    size_t len = p->len;
    /* Prescan for UTF-16 XML declarations. */
    if (len >= 6 && memcmp(b, "<\0?\0x\0", 6) == 0) return H5_ENC_UTF_16LE;
    if (len >= 6 && memcmp(b, "\0<\0?\0x", 6) == 0) return H5_ENC_UTF_16BE;
    for (p->pos = 0; p->pos < len; p->pos++) {
        size_t at = p->pos;
        if (b[at] != '<') continue;
        size_t rest = len - at;
        if (rest >= 4 && memcmp(b + at, "<!--", 4) == 0) {
            /* To the first '>' preceded by two '-' (which may be those of
             * "<!--"), i.e. the end of a "-->". */
            size_t i = at + 4;
            for (;; i++) {
                if (i >= len) return H5_ENC_NONE;
                if (b[i] == '>' && b[i - 1] == '-' && b[i - 2] == '-') break;
            }
            p->pos = i;
            continue;
        }
        if (rest >= 6 && (b[at + 1] | 0x20) == 'm' && (b[at + 2] | 0x20) == 'e' &&
            (b[at + 3] | 0x20) == 't' && (b[at + 4] | 0x20) == 'a' &&
            (is_ascii_ws(b[at + 5]) || b[at + 5] == '/')) {
            p->pos = at + 5;
            bool seen_http_equiv = false, seen_content = false, seen_charset = false;
            bool got_pragma = false;
            int need_pragma = -1; /* null */
            bool charset_set = false;
            h5_encoding charset = H5_ENC_NONE;
            for (;;) {
                int r = get_attribute(p);
                if (r == ATTR_EOF) return H5_ENC_NONE;
                if (r == ATTR_NONE) break;
                /* Names other than these three do not matter, so the
                 * attribute list only needs to remember these. */
                if (name_is(p, "http-equiv")) {
                    if (seen_http_equiv) continue;
                    seen_http_equiv = true;
                    if (h5_str_eq_ascii((h5_str){p->value, p->value_len}, "content-type")) got_pragma = true;
                } else if (name_is(p, "content")) {
                    if (seen_content) continue;
                    seen_content = true;
                    h5_encoding e = h5_meta_charset((h5_str){p->value, p->value_len});
                    if (e != H5_ENC_NONE && !charset_set) {
                        charset = e;
                        charset_set = true;
                        need_pragma = 1;
                    }
                } else if (name_is(p, "charset")) {
                    if (seen_charset) continue;
                    seen_charset = true;
                    charset = h5_get_encoding((h5_str){p->value, p->value_len});
                    charset_set = true;
                    need_pragma = 0;
                }
            }
            /* Processing. */
            if (need_pragma == -1 || (need_pragma == 1 && !got_pragma) || charset == H5_ENC_NONE) {
                /* next byte: p->pos is at the '>' (or where the attributes
                 * ended), the loop moves past it */
                continue;
            }
            if (charset == H5_ENC_UTF_16BE || charset == H5_ENC_UTF_16LE) charset = H5_ENC_UTF_8;
            if (charset == H5_ENC_X_USER_DEFINED) charset = H5_ENC_WINDOWS_1252;
            return charset;
        }
        if (rest >= 2 && (h5_is_ascii_alpha(b[at + 1]) ||
                          (rest >= 3 && b[at + 1] == '/' && h5_is_ascii_alpha(b[at + 2])))) {
            /* A tag: to the next whitespace or '>', then its attributes. */
            size_t i = at + 1;
            while (i < len && !is_ascii_ws(b[i]) && b[i] != '>') i++;
            if (i >= len) return H5_ENC_NONE;
            p->pos = i;
            for (;;) {
                int r = get_attribute(p);
                if (r == ATTR_EOF) return H5_ENC_NONE;
                if (r == ATTR_NONE) break;
            }
            continue;
        }
        if (rest >= 2 && (b[at + 1] == '!' || b[at + 1] == '/' || b[at + 1] == '?')) {
            if (!skip_to_gt(p, at + 1)) return H5_ENC_NONE;
            continue;
        }
        /* Any other byte: nothing. */
        if (rest < 2) return H5_ENC_NONE; /* a lone '<' at the end: out of bytes */
    }
    return H5_ENC_NONE;
}

h5_encoding h5_prescan(const uint8_t *b, size_t len) {
    if (len > H5_PRESCAN_BYTES) len = H5_PRESCAN_BYTES;
    prescan p;
    p.b = b;
    p.len = len;
    p.pos = 0;
    h5_encoding e = prescan_run(&p);
    /* Aborted (out of bytes, or no declaration found before the end
     * condition): "get an XML encoding" on the same bytes. */
    if (e == H5_ENC_NONE) e = get_xml_encoding(b, len);
    return e;
}

/* ---- 13.2.3.2 "the encoding sniffing algorithm" ------------------------- */

bool h5_is_utf8_with_non_ascii(const uint8_t *b, size_t len) {
    bool non_ascii = false;
    size_t i = 0;
    while (i < len) {
        uint8_t c = b[i];
        if (c < 0x80) {
            i++;
            continue;
        }
        non_ascii = true;
        /* Encoding Standard 8.1.1 "UTF-8 decoder": lead byte ranges and the
         * bounds of the first continuation byte. */
        size_t need;
        uint8_t lo = 0x80, hi = 0xBF;
        if (c >= 0xC2 && c <= 0xDF) need = 1;
        else if (c >= 0xE0 && c <= 0xEF) {
            need = 2;
            if (c == 0xE0) lo = 0xA0;
            if (c == 0xED) hi = 0x9F;
        } else if (c >= 0xF0 && c <= 0xF4) {
            need = 3;
            if (c == 0xF0) lo = 0x90;
            if (c == 0xF4) hi = 0x8F;
        } else return false;
        if (len - i - 1 < need) return false;
        if (b[i + 1] < lo || b[i + 1] > hi) return false;
        for (size_t k = 2; k <= need; k++)
            if (b[i + k] < 0x80 || b[i + k] > 0xBF) return false;
        i += need + 1;
    }
    return non_ascii;
}

h5_sniff_result h5_sniff_encoding(const uint8_t *b, size_t len, h5_encoding transport,
                                  h5_encoding fallback, bool detect_utf8) {
    h5_sniff_result r = {H5_ENC_NONE, H5_CONFIDENCE_CERTAIN, 0, H5_SNIFF_BOM};
    if ((r.encoding = h5_bom_sniff(b, len, &r.bom_len)) != H5_ENC_NONE) return r;
    r.source = H5_SNIFF_TRANSPORT;
    if ((unsigned)transport < H5_ENC_COUNT && transport != H5_ENC_NONE) {
        r.encoding = transport;
        return r;
    }
    r.confidence = H5_CONFIDENCE_TENTATIVE;
    r.source = H5_SNIFF_PRESCAN;
    if ((r.encoding = h5_prescan(b, len)) != H5_ENC_NONE) return r;
    r.source = H5_SNIFF_DETECTED;
    r.encoding = H5_ENC_UTF_8;
    if (detect_utf8 && h5_is_utf8_with_non_ascii(b, len)) return r;
    r.source = H5_SNIFF_DEFAULT;
    r.encoding = (unsigned)fallback < H5_ENC_COUNT && fallback != H5_ENC_NONE ? fallback : H5_ENC_WINDOWS_1252;
    return r;
}

/* ---- 13.2.3.4 "change the encoding" ------------------------------------- */

h5_encoding h5_change_encoding(h5_encoding current, h5_encoding declared) {
    /* 1. The input is UTF-16: the declaration is ignored. */
    if (current == H5_ENC_UTF_16BE || current == H5_ENC_UTF_16LE) return H5_ENC_NONE;
    /* 2-3. */
    if (declared == H5_ENC_UTF_16BE || declared == H5_ENC_UTF_16LE) declared = H5_ENC_UTF_8;
    if (declared == H5_ENC_X_USER_DEFINED) declared = H5_ENC_WINDOWS_1252;
    /* 4. The same encoding: confidence certain. */
    if (declared == current || declared == H5_ENC_NONE) return H5_ENC_NONE;
    /* 5-6: parse again from the bytes with the declared encoding (a switch
     * "on the fly" is optional; a complete input is simply parsed again). */
    return declared;
}
