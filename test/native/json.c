/* Small JSON parser; see json.h. */
#include "json.h"

#include <stdlib.h>
#include <string.h>

#include "decoders.h"

typedef struct {
    const char *s;
    size_t len, pos;
    bool failed;
} json_parser;

#define JSON_MAX_DEPTH 512

static void skip_ws(json_parser *p) {
    while (p->pos < p->len) {
        char c = p->s[p->pos];
        if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
        p->pos++;
    }
}

static json_value *new_value(json_parser *p, json_type type) {
    json_value *v = calloc(1, sizeof *v);
    if (!v) p->failed = true;
    else v->type = type;
    return v;
}

static bool push_item(json_value ***arr, size_t *count, size_t *cap, json_value *v) {
    if (*count == *cap) {
        size_t n = *cap ? *cap * 2 : 4;
        json_value **a = realloc(*arr, n * sizeof *a);
        if (!a) return false;
        *arr = a;
        *cap = n;
    }
    (*arr)[(*count)++] = v;
    return true;
}

static int hex_digit(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

static json_value *parse_string(json_parser *p) {
    /* p->s[p->pos] == '"' */
    p->pos++;
    /* UTF-16 never needs more units than the UTF-8 source has bytes. */
    size_t start = p->pos;
    size_t end = start;
    while (end < p->len && p->s[end] != '"') end += p->s[end] == '\\' ? 2 : 1;
    if (end >= p->len) {
        p->failed = true;
        return NULL;
    }
    json_value *v = new_value(p, JSON_STRING);
    if (!v) return NULL;
    v->str = malloc((end - start + 1) * sizeof(h5_char));
    if (!v->str) {
        free(v);
        p->failed = true;
        return NULL;
    }
    size_t o = 0;
    while (p->pos < end) {
        unsigned char c = (unsigned char)p->s[p->pos];
        if (c == '\\') {
            char e = p->s[p->pos + 1];
            p->pos += 2;
            switch (e) {
            case '"': v->str[o++] = '"'; break;
            case '\\': v->str[o++] = '\\'; break;
            case '/': v->str[o++] = '/'; break;
            case 'b': v->str[o++] = '\b'; break;
            case 'f': v->str[o++] = '\f'; break;
            case 'n': v->str[o++] = '\n'; break;
            case 'r': v->str[o++] = '\r'; break;
            case 't': v->str[o++] = '\t'; break;
            case 'u': {
                unsigned u = 0;
                for (int i = 0; i < 4; i++) {
                    int d = p->pos < end ? hex_digit(p->s[p->pos]) : -1;
                    if (d < 0) {
                        p->failed = true;
                        json_free(v);
                        return NULL;
                    }
                    u = u * 16 + (unsigned)d;
                    p->pos++;
                }
                v->str[o++] = (h5_char)u;
                break;
            }
            default:
                p->failed = true;
                json_free(v);
                return NULL;
            }
        } else if (c < 0x80) {
            v->str[o++] = c;
            p->pos++;
        } else {
            /* A run of non-ASCII UTF-8 bytes. */
            size_t q = p->pos;
            while (q < end && (unsigned char)p->s[q] >= 0x80) q++;
            o += h5_utf8_to_utf16((const uint8_t *)p->s + p->pos, q - p->pos, v->str + o);
            p->pos = q;
        }
    }
    v->len = o;
    p->pos = end + 1;
    return v;
}

static json_value *parse_value(json_parser *p, int depth);

static json_value *parse_container(json_parser *p, int depth, bool object) {
    p->pos++;
    json_value *v = new_value(p, object ? JSON_OBJECT : JSON_ARRAY);
    if (!v) return NULL;
    size_t cap = 0, kcap = 0, kcount = 0;
    skip_ws(p);
    if (p->pos < p->len && p->s[p->pos] == (object ? '}' : ']')) {
        p->pos++;
        return v;
    }
    for (;;) {
        skip_ws(p);
        if (object) {
            if (p->pos >= p->len || p->s[p->pos] != '"') goto fail;
            json_value *k = parse_string(p);
            if (!k) goto fail;
            if (!push_item(&v->keys, &kcount, &kcap, k)) {
                json_free(k);
                goto fail;
            }
            skip_ws(p);
            if (p->pos >= p->len || p->s[p->pos] != ':') goto fail;
            p->pos++;
        }
        json_value *item = parse_value(p, depth + 1);
        if (!item) goto fail;
        if (!push_item(&v->items, &v->count, &cap, item)) {
            json_free(item);
            goto fail;
        }
        skip_ws(p);
        if (p->pos >= p->len) goto fail;
        char c = p->s[p->pos++];
        if (c == ',') continue;
        if (c == (object ? '}' : ']')) break;
        goto fail;
    }
    if (object && kcount != v->count) goto fail;
    return v;
fail:
    if (object && kcount > v->count) {
        /* A key without its value: free it here. */
        json_free(v->keys[kcount - 1]);
        kcount--;
    }
    p->failed = true;
    json_free(v);
    return NULL;
}

static bool match_word(json_parser *p, const char *w) {
    size_t n = strlen(w);
    if (p->len - p->pos < n || memcmp(p->s + p->pos, w, n) != 0) return false;
    p->pos += n;
    return true;
}

static json_value *parse_value(json_parser *p, int depth) {
    if (depth > JSON_MAX_DEPTH) {
        p->failed = true;
        return NULL;
    }
    skip_ws(p);
    if (p->pos >= p->len) {
        p->failed = true;
        return NULL;
    }
    char c = p->s[p->pos];
    if (c == '"') return parse_string(p);
    if (c == '[') return parse_container(p, depth, false);
    if (c == '{') return parse_container(p, depth, true);
    if (match_word(p, "null")) return new_value(p, JSON_NULL);
    if (match_word(p, "true")) {
        json_value *v = new_value(p, JSON_BOOL);
        if (v) v->boolean = true;
        return v;
    }
    if (match_word(p, "false")) return new_value(p, JSON_BOOL);
    if (c == '-' || (c >= '0' && c <= '9')) {
        char buf[64];
        size_t n = 0;
        while (p->pos < p->len && n < sizeof buf - 1 && strchr("+-0123456789.eE", p->s[p->pos]))
            buf[n++] = p->s[p->pos++];
        buf[n] = 0;
        json_value *v = new_value(p, JSON_NUMBER);
        if (v) v->number = strtod(buf, NULL);
        return v;
    }
    p->failed = true;
    return NULL;
}

json_value *json_parse(const char *text, size_t len, size_t *error_offset) {
    json_parser p = {text, len, 0, false};
    json_value *v = parse_value(&p, 0);
    if (v) {
        skip_ws(&p);
        if (p.pos != p.len) {
            json_free(v);
            v = NULL;
        }
    }
    if (!v && error_offset) *error_offset = p.pos;
    return v;
}

void json_free(json_value *v) {
    if (!v) return;
    free(v->str);
    if (v->type == JSON_ARRAY || v->type == JSON_OBJECT) {
        for (size_t i = 0; i < v->count; i++) json_free(v->items[i]);
        if (v->keys)
            for (size_t i = 0; i < v->count; i++) json_free(v->keys[i]);
    }
    free(v->items);
    free(v->keys);
    free(v);
}

bool json_is_str(const json_value *v, const char *s) {
    if (!v || v->type != JSON_STRING) return false;
    h5_str str = {v->str, v->len};
    return h5_str_eq_ascii(str, s);
}

const json_value *json_get(const json_value *obj, const char *key) {
    if (!obj || obj->type != JSON_OBJECT) return NULL;
    for (size_t i = 0; i < obj->count; i++)
        if (json_is_str(obj->keys[i], key)) return obj->items[i];
    return NULL;
}
