/*
 * Native driver for the html5lib tokenizer tests (html5lib-tests/tokenizer).
 *
 *   tokenizer_test PATH...   (directories: every *.test file in them)
 *
 * Every test runs once per initial state, twice: with the whole input in one
 * feed() and with the input fed one code unit at a time.  Tokens (adjacent
 * characters coalesced) and errors (code, line, col) must both match.
 * Prints `FAIL <file> :: <description> [<state>] (<chunking>)` for each
 * failure and ends with `tokenizer: N passed, M failed`; exit status 1 on
 * any failure.
 *
 * Errors are compared as a list in order; when that fails, both lists are
 * compared sorted by (line, col, code), since the tests do not always fix
 * the order of errors reported at the same point (those runs pass and are
 * counted on a separate line).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "decoders.h"
#include "json.h"
#include "position.h"
#include "tokenizer.h"

/* ------------------------------------------------------------------------ */
/* A growable byte string.                                                   */

typedef struct {
    char *s;
    size_t len, cap;
} sbuf;

static void sb_put(sbuf *b, const char *s, size_t n) {
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n + 1) cap *= 2;
        char *p = realloc(b->s, cap);
        if (!p) {
            fprintf(stderr, "out of memory\n");
            exit(2);
        }
        b->s = p;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = 0;
}
static void sb_puts(sbuf *b, const char *s) { sb_put(b, s, strlen(s)); }

/* A JSON string literal for UTF-16 text: printable ASCII as is, everything
 * else as \uXXXX (so lone surrogates show). */
static void sb_json_str(sbuf *b, const h5_char *s, size_t n) {
    sb_puts(b, "\"");
    for (size_t i = 0; i < n; i++) {
        h5_char c = s[i];
        char tmp[8];
        if (c >= 0x20 && c < 0x7F && c != '"' && c != '\\') {
            tmp[0] = (char)c;
            sb_put(b, tmp, 1);
        } else {
            snprintf(tmp, sizeof tmp, "\\u%04X", c);
            sb_puts(b, tmp);
        }
    }
    sb_puts(b, "\"");
}

static char *utf8(const h5_char *s, size_t n) {
    char *o = malloc(3 * n + 1);
    if (!o) exit(2);
    size_t k = h5_utf16_to_utf8(s, n, (uint8_t *)o);
    o[k] = 0;
    return o;
}

/* ------------------------------------------------------------------------ */
/* Canonical token lists.                                                    */

typedef struct {
    h5_char *s;
    size_t len, cap;
} ubuf;

static void ub_put(ubuf *b, const h5_char *s, size_t n) {
    if (b->len + n > b->cap) {
        size_t cap = b->cap ? b->cap : 64;
        while (cap < b->len + n) cap *= 2;
        h5_char *p = realloc(b->s, cap * sizeof *p);
        if (!p) exit(2);
        b->s = p;
        b->cap = cap;
    }
    if (n) memcpy(b->s + b->len, s, n * sizeof *s);
    b->len += n;
}

typedef struct {
    h5_str name, value;
} attr_ref;

static int cmp_units(const h5_char *a, size_t an, const h5_char *b, size_t bn) {
    size_t n = an < bn ? an : bn;
    for (size_t i = 0; i < n; i++)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return an < bn ? -1 : an > bn ? 1 : 0;
}

static int cmp_attr(const void *x, const void *y) {
    const attr_ref *a = x, *b = y;
    return cmp_units(a->name.ptr, a->name.len, b->name.ptr, b->name.len);
}

/* Attributes as a JSON object with sorted keys (objects are unordered). */
static void sb_attrs(sbuf *b, attr_ref *attrs, size_t n) {
    qsort(attrs, n, sizeof *attrs, cmp_attr);
    sb_puts(b, "{");
    for (size_t i = 0; i < n; i++) {
        if (i) sb_puts(b, ",");
        sb_json_str(b, attrs[i].name.ptr, attrs[i].name.len);
        sb_puts(b, ":");
        sb_json_str(b, attrs[i].value.ptr, attrs[i].value.len);
    }
    sb_puts(b, "}");
}

typedef struct {
    sbuf out;          /* canonical tokens so far */
    ubuf chars;        /* pending coalesced character data */
    int eof_tokens;
    bool token_after_eof;
    bool nul_not_alone; /* a NUL inside a longer character token */
    /* errors */
    h5_error_code *codes;
    uint32_t *offsets;
    size_t nerrors, errors_cap;
} collector;

static void flush_chars(collector *c) {
    if (!c->chars.len) return;
    if (c->out.len) sb_puts(&c->out, ",");
    sb_puts(&c->out, "[\"Character\",");
    sb_json_str(&c->out, c->chars.s, c->chars.len);
    sb_puts(&c->out, "]");
    c->chars.len = 0;
}

static void on_token(void *ctx, h5_token *tok) {
    collector *c = ctx;
    if (c->eof_tokens) c->token_after_eof = true;
    if (tok->type == H5_TOKEN_CHARACTER) {
        if (tok->data.len > 1)
            for (size_t i = 0; i < tok->data.len; i++)
                if (tok->data.ptr[i] == 0) c->nul_not_alone = true;
        ub_put(&c->chars, tok->data.ptr, tok->data.len);
        return;
    }
    flush_chars(c);
    if (tok->type == H5_TOKEN_EOF) {
        c->eof_tokens++;
        return;
    }
    sbuf *b = &c->out;
    if (b->len) sb_puts(b, ",");
    switch (tok->type) {
    case H5_TOKEN_DOCTYPE:
        sb_puts(b, "[\"DOCTYPE\",");
        if (tok->has_name) sb_json_str(b, tok->name.ptr, tok->name.len);
        else sb_puts(b, "null");
        sb_puts(b, ",");
        if (tok->has_public_id) sb_json_str(b, tok->public_id.ptr, tok->public_id.len);
        else sb_puts(b, "null");
        sb_puts(b, ",");
        if (tok->has_system_id) sb_json_str(b, tok->system_id.ptr, tok->system_id.len);
        else sb_puts(b, "null");
        sb_puts(b, tok->force_quirks ? ",false]" : ",true]");
        break;
    case H5_TOKEN_START_TAG: {
        sb_puts(b, "[\"StartTag\",");
        sb_json_str(b, tok->name.ptr, tok->name.len);
        sb_puts(b, ",");
        attr_ref *a = malloc((tok->nattrs + 1) * sizeof *a);
        if (!a) exit(2);
        for (size_t i = 0; i < tok->nattrs; i++) {
            a[i].name = tok->attrs[i].name;
            a[i].value = tok->attrs[i].value;
        }
        sb_attrs(b, a, tok->nattrs);
        free(a);
        sb_puts(b, tok->self_closing ? ",true]" : "]");
        break;
    }
    case H5_TOKEN_END_TAG:
        sb_puts(b, "[\"EndTag\",");
        sb_json_str(b, tok->name.ptr, tok->name.len);
        sb_puts(b, "]");
        break;
    case H5_TOKEN_COMMENT:
        sb_puts(b, "[\"Comment\",");
        sb_json_str(b, tok->data.ptr, tok->data.len);
        sb_puts(b, "]");
        break;
    case H5_TOKEN_PROCESSING_INSTRUCTION:
        sb_puts(b, "[\"ProcessingInstruction\",");
        sb_json_str(b, tok->name.ptr, tok->name.len);
        sb_puts(b, ",");
        sb_json_str(b, tok->data.ptr, tok->data.len);
        sb_puts(b, "]");
        break;
    default:
        sb_puts(b, "[\"?\"]");
        break;
    }
}

static void on_error(void *ctx, h5_error_code code, uint32_t offset) {
    collector *c = ctx;
    if (c->nerrors == c->errors_cap) {
        size_t cap = c->errors_cap ? c->errors_cap * 2 : 16;
        c->codes = realloc(c->codes, cap * sizeof *c->codes);
        c->offsets = realloc(c->offsets, cap * sizeof *c->offsets);
        if (!c->codes || !c->offsets) exit(2);
        c->errors_cap = cap;
    }
    c->codes[c->nerrors] = code;
    c->offsets[c->nerrors] = offset;
    c->nerrors++;
}

/* ------------------------------------------------------------------------ */
/* Expected values.                                                          */

/* doubleEscaped: turn each \uHHHH into the code unit. */
static void unescape(const h5_char *s, size_t n, ubuf *out) {
    out->len = 0;
    for (size_t i = 0; i < n; i++) {
        if (s[i] == '\\' && i + 5 < n && s[i + 1] == 'u') {
            unsigned u = 0;
            size_t k = 2;
            for (; k < 6; k++) {
                h5_char d = s[i + k];
                int v = d >= '0' && d <= '9' ? d - '0' : (d | 0x20) >= 'a' && (d | 0x20) <= 'f' ? (d | 0x20) - 'a' + 10 : -1;
                if (v < 0) break;
                u = u * 16 + (unsigned)v;
            }
            if (k == 6) {
                h5_char c = (h5_char)u;
                ub_put(out, &c, 1);
                i += 5;
                continue;
            }
        }
        ub_put(out, s + i, 1);
    }
}

/* The string value of `v` (unescaped when doubleEscaped). */
static h5_str expected_str(const json_value *v, bool dbl, ubuf *tmp) {
    h5_str r = {v->str, v->len};
    if (dbl) {
        unescape(v->str, v->len, tmp);
        r.ptr = tmp->s;
        r.len = tmp->len;
    }
    return r;
}

/* Canonical form of the expected output; false when malformed. */
static bool expected_tokens(const json_value *output, bool dbl, sbuf *b) {
    ubuf chars = {0}, tmp = {0}, tmp2 = {0};
    bool ok = output && output->type == JSON_ARRAY;
    for (size_t i = 0; ok && i < output->count; i++) {
        const json_value *t = output->items[i];
        if (t->type != JSON_ARRAY || t->count < 1 || t->items[0]->type != JSON_STRING) {
            ok = false;
            break;
        }
        const json_value *kind = t->items[0];
        if (json_is_str(kind, "Character")) {
            if (t->count < 2 || t->items[1]->type != JSON_STRING) {
                ok = false;
                break;
            }
            h5_str s = expected_str(t->items[1], dbl, &tmp);
            ub_put(&chars, s.ptr, s.len);
            continue;
        }
        if (chars.len) {
            if (b->len) sb_puts(b, ",");
            sb_puts(b, "[\"Character\",");
            sb_json_str(b, chars.s, chars.len);
            sb_puts(b, "]");
            chars.len = 0;
        }
        if (b->len) sb_puts(b, ",");
        if (json_is_str(kind, "DOCTYPE") && t->count == 5) {
            sb_puts(b, "[\"DOCTYPE\"");
            for (size_t k = 1; k < 4; k++) {
                sb_puts(b, ",");
                if (t->items[k]->type == JSON_STRING) {
                    h5_str s = expected_str(t->items[k], dbl, &tmp);
                    sb_json_str(b, s.ptr, s.len);
                } else {
                    sb_puts(b, "null");
                }
            }
            sb_puts(b, t->items[4]->boolean ? ",true]" : ",false]");
        } else if (json_is_str(kind, "StartTag") && t->count >= 3 && t->items[2]->type == JSON_OBJECT) {
            sb_puts(b, "[\"StartTag\",");
            h5_str s = expected_str(t->items[1], dbl, &tmp);
            sb_json_str(b, s.ptr, s.len);
            sb_puts(b, ",");
            const json_value *o = t->items[2];
            attr_ref *a = malloc((o->count + 1) * sizeof *a);
            ubuf *vals = calloc(o->count * 2 + 1, sizeof *vals);
            if (!a || !vals) exit(2);
            for (size_t k = 0; k < o->count; k++) {
                a[k].name = expected_str(o->keys[k], dbl, &vals[2 * k]);
                a[k].value = expected_str(o->items[k], dbl, &vals[2 * k + 1]);
            }
            sb_attrs(b, a, o->count);
            for (size_t k = 0; k < o->count * 2; k++) free(vals[k].s);
            free(vals);
            free(a);
            bool sc = t->count >= 4 && t->items[3]->type == JSON_BOOL && t->items[3]->boolean;
            sb_puts(b, sc ? ",true]" : "]");
        } else if ((json_is_str(kind, "EndTag") && t->count >= 2) || (json_is_str(kind, "Comment") && t->count >= 2) ||
                   (json_is_str(kind, "ProcessingInstruction") && t->count >= 3)) {
            /* The kind, then its strings: a name, data, or a target and data. */
            const char *name = json_is_str(kind, "EndTag") ? "EndTag" : json_is_str(kind, "Comment") ? "Comment" : "ProcessingInstruction";
            size_t nstr = json_is_str(kind, "ProcessingInstruction") ? 2 : 1;
            sb_puts(b, "[\"");
            sb_puts(b, name);
            sb_puts(b, "\"");
            for (size_t k = 1; k <= nstr; k++) {
                h5_str s = expected_str(t->items[k], dbl, &tmp);
                sb_puts(b, ",");
                sb_json_str(b, s.ptr, s.len);
            }
            sb_puts(b, "]");
        } else {
            ok = false;
        }
    }
    if (ok && chars.len) {
        if (b->len) sb_puts(b, ",");
        sb_puts(b, "[\"Character\",");
        sb_json_str(b, chars.s, chars.len);
        sb_puts(b, "]");
    }
    free(chars.s);
    free(tmp.s);
    free(tmp2.s);
    return ok;
}

typedef struct {
    char code[96];
    uint32_t line, col;
} err_item;

static int cmp_err(const void *x, const void *y) {
    const err_item *a = x, *b = y;
    if (a->line != b->line) return a->line < b->line ? -1 : 1;
    if (a->col != b->col) return a->col < b->col ? -1 : 1;
    return strcmp(a->code, b->code);
}

static void sb_errors(sbuf *b, const err_item *e, size_t n) {
    for (size_t i = 0; i < n; i++) {
        char tmp[160];
        snprintf(tmp, sizeof tmp, "%s%s@%u:%u", i ? ", " : "", e[i].code, e[i].line, e[i].col);
        sb_puts(b, tmp);
    }
}

static bool same_errors(const err_item *a, size_t an, const err_item *b, size_t bn) {
    if (an != bn) return false;
    for (size_t i = 0; i < an; i++)
        if (cmp_err(&a[i], &b[i]) != 0) return false;
    return true;
}

/* ------------------------------------------------------------------------ */
/* Running tests.                                                            */

static const struct {
    const char *name;
    h5_tokenizer_state state;
} k_states[] = {
    {"Data state", H5_STATE_DATA},
    {"PLAINTEXT state", H5_STATE_PLAINTEXT},
    {"RCDATA state", H5_STATE_RCDATA},
    {"RAWTEXT state", H5_STATE_RAWTEXT},
    {"Script data state", H5_STATE_SCRIPT_DATA},
    {"CDATA section state", H5_STATE_CDATA_SECTION},
};

typedef struct {
    size_t passed, failed, sorted_errors, not_applicable;
} totals;

static void collector_free(collector *c) {
    free(c->out.s);
    free(c->chars.s);
    free(c->codes);
    free(c->offsets);
}

/* The test's "processingInstructions": true (ours, not html5lib's): run
 * with h5_tokenizer_options.processing_instructions (the 2026 standard);
 * the html5lib tests run without (the tokenizer as they were written for). */
static bool pi_mode;

static void run_one(h5_tokenizer *tk, const char *file, const char *desc, const char *state_name,
                    h5_tokenizer_state state, const h5_str *last_start_tag, const h5_char *input,
                    size_t input_len, size_t chunk, const char *expected_tokens_s,
                    const err_item *exp_errors, size_t exp_nerrors, totals *tot) {
    collector c;
    memset(&c, 0, sizeof c);
    h5_tokenizer_options o = {.on_token = on_token, .token_ctx = &c, .on_error = on_error, .error_ctx = &c,
                              .initial_state = state, .processing_instructions = pi_mode};
    if (last_start_tag) {
        o.last_start_tag = last_start_tag->ptr;
        o.last_start_tag_len = last_start_tag->len;
    }
    h5_tokenizer_reset(tk, &o);
    h5_status st = H5_OK;
    if (chunk == 0) {
        st = h5_tokenizer_feed(tk, input, input_len);
    } else {
        for (size_t i = 0; i < input_len && st == H5_OK; i += chunk) {
            size_t n = input_len - i < chunk ? input_len - i : chunk;
            st = h5_tokenizer_feed(tk, input + i, n);
        }
    }
    if (st == H5_OK) st = h5_tokenizer_finish(tk);
    flush_chars(&c);

    h5_line_index li;
    if (!h5_line_index_build(&li, input, input_len)) exit(2);
    err_item *act = calloc(c.nerrors + 1, sizeof *act);
    if (!act) exit(2);
    for (size_t i = 0; i < c.nerrors; i++) {
        snprintf(act[i].code, sizeof act[i].code, "%s", h5_error_name(c.codes[i]));
        h5_line_index_lookup(&li, c.offsets[i], &act[i].line, &act[i].col);
    }
    h5_line_index_free(&li);

    bool tokens_ok = st == H5_OK && strcmp(c.out.s ? c.out.s : "", expected_tokens_s) == 0 &&
                     c.eof_tokens == 1 && !c.token_after_eof && !c.nul_not_alone;
    bool errors_ok = same_errors(exp_errors, exp_nerrors, act, c.nerrors);
    bool sorted = false;
    if (!errors_ok && exp_nerrors == c.nerrors) {
        err_item *a = malloc((exp_nerrors + 1) * sizeof *a), *b = malloc((exp_nerrors + 1) * sizeof *b);
        if (!a || !b) exit(2);
        memcpy(a, exp_errors, exp_nerrors * sizeof *a);
        memcpy(b, act, exp_nerrors * sizeof *b);
        qsort(a, exp_nerrors, sizeof *a, cmp_err);
        qsort(b, exp_nerrors, sizeof *b, cmp_err);
        errors_ok = sorted = same_errors(a, exp_nerrors, b, exp_nerrors);
        free(a);
        free(b);
    }
    if (tokens_ok && errors_ok) {
        tot->passed++;
        if (sorted) {
            tot->sorted_errors++;
            if (getenv("H5_TEST_VERBOSE")) printf("SORTED %s :: %s [%s]\n", file, desc, state_name);
        }
    } else {
        tot->failed++;
        char chunking[32];
        if (chunk) snprintf(chunking, sizeof chunking, "chunked by %zu", chunk);
        else snprintf(chunking, sizeof chunking, "whole");
        printf("FAIL %s :: %s [%s] (%s)\n", file, desc, state_name, chunking);
        char *in8 = utf8(input, input_len);
        sbuf esc = {0};
        sb_json_str(&esc, input, input_len);
        printf("  input:    %s\n", esc.s);
        free(esc.s);
        free(in8);
        if (!tokens_ok) {
            printf("  expected: [%s]\n", expected_tokens_s);
            printf("  actual:   [%s]%s%s%s%s\n", c.out.s ? c.out.s : "", st != H5_OK ? " (status != OK)" : "",
                   c.eof_tokens != 1 ? " (EOF token count != 1)" : "",
                   c.token_after_eof ? " (token after EOF)" : "",
                   c.nul_not_alone ? " (NUL not in its own token)" : "");
        }
        if (!errors_ok) {
            sbuf e = {0}, a = {0};
            sb_errors(&e, exp_errors, exp_nerrors);
            sb_errors(&a, act, c.nerrors);
            printf("  expected errors: [%s]\n", e.s ? e.s : "");
            printf("  actual errors:   [%s]\n", a.s ? a.s : "");
            free(e.s);
            free(a.s);
        }
    }
    free(act);
    collector_free(&c);
}

static void run_file(h5_tokenizer *tk, const char *path, totals *tot) {
    const char *file = strrchr(path, '/');
    file = file ? file + 1 : path;
    FILE *f = fopen(path, "rb");
    if (!f) {
        printf("FAIL %s :: cannot open\n", file);
        tot->failed++;
        return;
    }
    sbuf text = {0};
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) sb_put(&text, buf, n);
    fclose(f);
    size_t err_at = 0;
    json_value *root = json_parse(text.s ? text.s : "", text.len, &err_at);
    free(text.s);
    if (!root) {
        printf("FAIL %s :: JSON syntax error at byte %zu\n", file, err_at);
        tot->failed++;
        return;
    }
    const json_value *xml = json_get(root, "xmlViolationTests");
    if (xml && xml->type == JSON_ARRAY) {
        printf("tokenizer: %s: %zu tests not applicable (infoset coercion not implemented)\n", file, xml->count);
        tot->not_applicable += xml->count;
        json_free(root);
        return;
    }
    const json_value *tests = json_get(root, "tests");
    if (!tests || tests->type != JSON_ARRAY) {
        printf("FAIL %s :: no \"tests\" array\n", file);
        tot->failed++;
        json_free(root);
        return;
    }
    for (size_t i = 0; i < tests->count; i++) {
        const json_value *t = tests->items[i];
        const json_value *desc_v = json_get(t, "description");
        char *desc = desc_v && desc_v->type == JSON_STRING ? utf8(desc_v->str, desc_v->len) : utf8(NULL, 0);
        const json_value *input_v = json_get(t, "input");
        const json_value *output_v = json_get(t, "output");
        const json_value *dbl_v = json_get(t, "doubleEscaped");
        bool dbl = dbl_v && dbl_v->type == JSON_BOOL && dbl_v->boolean;
        if (!input_v || input_v->type != JSON_STRING) {
            printf("FAIL %s :: %s (no input)\n", file, desc);
            tot->failed++;
            free(desc);
            continue;
        }
        ubuf input_buf = {0};
        h5_str input = expected_str(input_v, dbl, &input_buf);
        sbuf exp = {0};
        if (!expected_tokens(output_v, dbl, &exp)) {
            printf("FAIL %s :: %s (malformed output)\n", file, desc);
            tot->failed++;
            free(desc);
            free(exp.s);
            free(input_buf.s);
            continue;
        }
        /* Expected errors. */
        const json_value *errs = json_get(t, "errors");
        size_t nerr = errs && errs->type == JSON_ARRAY ? errs->count : 0;
        err_item *ee = calloc(nerr + 1, sizeof *ee);
        if (!ee) exit(2);
        for (size_t k = 0; k < nerr; k++) {
            const json_value *e = errs->items[k];
            const json_value *code = json_get(e, "code"), *line = json_get(e, "line"), *col = json_get(e, "col");
            char *code8 = code && code->type == JSON_STRING ? utf8(code->str, code->len) : utf8(NULL, 0);
            snprintf(ee[k].code, sizeof ee[k].code, "%s", code8);
            free(code8);
            ee[k].line = line && line->type == JSON_NUMBER ? (uint32_t)line->number : 0;
            ee[k].col = col && col->type == JSON_NUMBER ? (uint32_t)col->number : 0;
        }
        const json_value *lst = json_get(t, "lastStartTag");
        h5_str last_tag = {NULL, 0};
        bool has_last = lst && lst->type == JSON_STRING;
        if (has_last) {
            last_tag.ptr = lst->str;
            last_tag.len = lst->len;
        }
        const json_value *pi_v = json_get(t, "processingInstructions");
        pi_mode = pi_v && pi_v->type == JSON_BOOL && pi_v->boolean;
        const json_value *states = json_get(t, "initialStates");
        size_t nstates = states && states->type == JSON_ARRAY ? states->count : 1;
        for (size_t s = 0; s < nstates; s++) {
            const char *sname = "Data state";
            h5_tokenizer_state state = H5_STATE_DATA;
            if (states && states->type == JSON_ARRAY) {
                size_t k = 0, nk = sizeof k_states / sizeof k_states[0];
                for (; k < nk; k++)
                    if (json_is_str(states->items[s], k_states[k].name)) break;
                if (k == nk) {
                    printf("FAIL %s :: %s (unknown initial state)\n", file, desc);
                    tot->failed++;
                    continue;
                }
                sname = k_states[k].name;
                state = k_states[k].state;
            }
            run_one(tk, file, desc, sname, state, has_last ? &last_tag : NULL, input.ptr, input.len, 0,
                    exp.s ? exp.s : "", ee, nerr, tot);
            run_one(tk, file, desc, sname, state, has_last ? &last_tag : NULL, input.ptr, input.len, 1,
                    exp.s ? exp.s : "", ee, nerr, tot);
        }
        free(ee);
        free(exp.s);
        free(input_buf.s);
        free(desc);
    }
    json_free(root);
}

static int cmp_cstr(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

static void run_path(h5_tokenizer *tk, const char *path, totals *tot) {
    struct stat st;
    if (stat(path, &st) != 0) {
        printf("FAIL %s :: cannot stat\n", path);
        tot->failed++;
        return;
    }
    if (!S_ISDIR(st.st_mode)) {
        run_file(tk, path, tot);
        return;
    }
    DIR *d = opendir(path);
    if (!d) {
        printf("FAIL %s :: cannot open directory\n", path);
        tot->failed++;
        return;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        size_t l = strlen(e->d_name);
        if (l < 5 || strcmp(e->d_name + l - 5, ".test") != 0) continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 16;
            names = realloc(names, cap * sizeof *names);
            if (!names) exit(2);
        }
        size_t pl = strlen(path) + l + 2;
        names[n] = malloc(pl);
        if (!names[n]) exit(2);
        snprintf(names[n], pl, "%s/%s", path, e->d_name);
        n++;
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp_cstr);
    for (size_t i = 0; i < n; i++) {
        run_file(tk, names[i], tot);
        free(names[i]);
    }
    free(names);
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: %s PATH...\n", argv[0]);
        return 2;
    }
    h5_tokenizer *tk = h5_tokenizer_create();
    if (!tk) return 2;
    totals tot = {0, 0, 0, 0};
    for (int i = 1; i < argc; i++) run_path(tk, argv[i], &tot);
    h5_tokenizer_destroy(tk);
    if (tot.sorted_errors)
        printf("tokenizer: %zu runs matched errors only when sorted by position\n", tot.sorted_errors);
    printf("tokenizer: %zu passed, %zu failed\n", tot.passed, tot.failed);
    return tot.failed ? 1 : 0;
}
