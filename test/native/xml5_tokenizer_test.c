/*
 * Native driver for the xml5lib tokenizer tests (xml5lib-tests/tokenizer).
 *
 *   xml5_tokenizer_test DIR|FILE...   (a directory: every *.test file in it)
 *
 * Run on xml5lib-tests/tokenizer and on xml5_tokenizer_own.test (cases
 * xml5lib-tests lack: the XML declaration, the DOCTYPE internal subset,
 * preprocessing; its "XmlDeclaration" tokens are [version, encoding,
 * standalone], null when absent).
 *
 * Every test runs twice: the whole input in one feed(), and the input fed
 * one code unit at a time.  The tokens, with "ParseError" entries in their
 * places, must equal the test's "output" (adjacent characters coalesced on
 * both sides; attributes compared by name).  A test that cannot apply is
 * printed as `N/A <file> :: <description> (<reason>)` and counted apart.
 * Failures print `FAIL ...`; the last line is
 * `xml5 tokenizer: N passed, M failed, K not applicable`; exit status 1 on
 * any failure.
 *
 * The DOCTYPE tokens of the tests carry html5lib's fifth "correctness"
 * field (the force-quirks flag) on some tokens; XML has no quirks mode and
 * the XML5 draft no such flag, so that field is not compared (the count of
 * tokens that carry it is printed).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "test_files.h"
#include "xml5_tokenizer.h"

/* ------------------------------------------------------------------------ */
/* Canonical text of a token list: one JSON-like item per token.              */

static void put_str(FILE *f, const h5_char *s, size_t n);

/* ",<string>" or ",null" */
static void put_field(FILE *f, h5_str s, bool present) {
    fputc(',', f);
    if (present) put_str(f, s.ptr, s.len);
    else fputs("null", f);
}

static void put_str(FILE *f, const h5_char *s, size_t n) {
    fputc('"', f);
    for (size_t i = 0; i < n; i++) {
        if (s[i] >= 0x20 && s[i] < 0x7F && s[i] != '"' && s[i] != '\\') fputc(s[i], f);
        else fprintf(f, "\\u%04X", s[i]);
    }
    fputc('"', f);
}

typedef struct {
    h5_str name, value;
} attr_view;

static int cmp_attr(const void *a, const void *b) {
    const attr_view *x = a, *y = b;
    size_t n = x->name.len < y->name.len ? x->name.len : y->name.len;
    for (size_t i = 0; i < n; i++)
        if (x->name.ptr[i] != y->name.ptr[i]) return x->name.ptr[i] < y->name.ptr[i] ? -1 : 1;
    return (x->name.len > y->name.len) - (x->name.len < y->name.len);
}

static void put_attrs(FILE *f, attr_view *a, size_t n) {
    qsort(a, n, sizeof *a, cmp_attr);
    fputc('{', f);
    for (size_t i = 0; i < n; i++) {
        if (i) fputc(',', f);
        put_str(f, a[i].name.ptr, a[i].name.len);
        fputc(':', f);
        put_str(f, a[i].value.ptr, a[i].value.len);
    }
    fputc('}', f);
}

/* Characters wait here so that adjacent runs come out as one item. */
typedef struct {
    FILE *f;
    char *text;
    size_t text_size;
    h5_char *chars;
    size_t nchars, cap;
    size_t items, eof_tokens, after_eof;
} canon;

static void canon_item(canon *c) {
    if (c->items++) fputc(',', c->f);
}

static void canon_flush(canon *c) {
    if (!c->nchars) return;
    canon_item(c);
    fputs("[\"Character\",", c->f);
    put_str(c->f, c->chars, c->nchars);
    fputc(']', c->f);
    c->nchars = 0;
}

static void canon_chars(canon *c, const h5_char *s, size_t n) {
    if (!n) return; /* the empty run of an empty CDATA section */
    if (c->nchars + n > c->cap) {
        c->cap = (c->nchars + n) * 2;
        c->chars = realloc(c->chars, c->cap * sizeof *c->chars);
        if (!c->chars) exit(2);
    }
    memcpy(c->chars + c->nchars, s, n * sizeof *s);
    c->nchars += n;
}

static void canon_error(canon *c) {
    canon_flush(c);
    canon_item(c);
    fputs("\"ParseError\"", c->f);
}

static void canon_open(canon *c) {
    memset(c, 0, sizeof *c);
    c->f = open_memstream(&c->text, &c->text_size);
    if (!c->f) exit(2);
}
static char *canon_close(canon *c) {
    canon_flush(c);
    fclose(c->f);
    free(c->chars);
    return c->text;
}

/* ------------------------------------------------------------------------ */
/* What the tokenizer gives.                                                  */

static void on_token(void *ctx, const x5_token *tok) {
    canon *c = ctx;
    if (c->eof_tokens) c->after_eof++;
    if (tok->type == X5_TOKEN_CHARACTER) {
        canon_chars(c, tok->data.ptr, tok->data.len);
        return;
    }
    canon_flush(c);
    if (tok->type == X5_TOKEN_EOF) {
        c->eof_tokens++;
        return;
    }
    canon_item(c);
    static const char *const kinds[] = {
        [X5_TOKEN_START_TAG] = "StartTag", [X5_TOKEN_EMPTY_TAG] = "EmptyTag", [X5_TOKEN_END_TAG] = "EndTag",
        [X5_TOKEN_SHORT_END_TAG] = "ShortTag", [X5_TOKEN_COMMENT] = "Comment", [X5_TOKEN_PI] = "PI",
        [X5_TOKEN_XML_DECLARATION] = "XmlDeclaration", [X5_TOKEN_DOCTYPE] = "DOCTYPE",
    };
    FILE *f = c->f;
    fprintf(f, "[\"%s\"", (size_t)tok->type < sizeof kinds / sizeof *kinds ? kinds[tok->type] : "?");
    if (tok->type == X5_TOKEN_XML_DECLARATION) {
        put_field(f, tok->version, tok->has_version);
        put_field(f, tok->encoding, tok->has_encoding);
        put_field(f, tok->standalone, tok->has_standalone);
    } else if (tok->type == X5_TOKEN_COMMENT) put_field(f, tok->data, true);
    else put_field(f, tok->name, tok->type != X5_TOKEN_DOCTYPE || tok->has_name);
    if (tok->type == X5_TOKEN_PI) put_field(f, tok->data, true);
    if (tok->type == X5_TOKEN_DOCTYPE) {
        put_field(f, tok->public_id, tok->has_public_id);
        put_field(f, tok->system_id, tok->has_system_id);
    }
    if (tok->type == X5_TOKEN_START_TAG || tok->type == X5_TOKEN_EMPTY_TAG) {
        attr_view *a = calloc(tok->nattrs + 1, sizeof *a);
        if (!a) exit(2);
        for (size_t i = 0; i < tok->nattrs; i++) {
            a[i].name = tok->attrs[i].name;
            a[i].value = tok->attrs[i].value;
        }
        fputc(',', f);
        put_attrs(f, a, tok->nattrs);
        free(a);
    }
    fputc(']', f);
}

static void on_error(void *ctx, x5_error_code code, uint32_t offset) {
    (void)code;
    (void)offset;
    canon_error(ctx);
}

/* ------------------------------------------------------------------------ */
/* What the test expects.                                                     */

static size_t correctness_fields;

static bool is_str_or_null(const json_value *v) { return v && (v->type == JSON_STRING || v->type == JSON_NULL); }

static void put_json_str_or_null(FILE *f, const json_value *v) {
    if (v->type == JSON_NULL) fputs("null", f);
    else put_str(f, v->str, v->len);
}

/* NULL when the output has a form this driver does not know. */
static char *expected_canon(const json_value *out) {
    canon c;
    canon_open(&c);
    bool ok = out && out->type == JSON_ARRAY;
    for (size_t i = 0; ok && i < out->count; i++) {
        const json_value *t = out->items[i];
        if (json_is_str(t, "ParseError")) {
            canon_error(&c);
            continue;
        }
        if (t->type != JSON_ARRAY || t->count < 2 || t->items[0]->type != JSON_STRING) {
            ok = false;
            break;
        }
        const json_value *k = t->items[0];
        if (json_is_str(k, "Character") && t->items[1]->type == JSON_STRING) {
            canon_chars(&c, t->items[1]->str, t->items[1]->len);
            continue;
        }
        canon_flush(&c);
        canon_item(&c);
        FILE *f = c.f;
        if ((json_is_str(k, "StartTag") || json_is_str(k, "EmptyTag")) && t->count == 3 &&
            t->items[1]->type == JSON_STRING && t->items[2]->type == JSON_OBJECT) {
            const json_value *o = t->items[2];
            fprintf(f, "[\"%s\",", json_is_str(k, "StartTag") ? "StartTag" : "EmptyTag");
            put_str(f, t->items[1]->str, t->items[1]->len);
            fputc(',', f);
            attr_view *a = calloc(o->count + 1, sizeof *a);
            if (!a) exit(2);
            for (size_t j = 0; j < o->count; j++) {
                if (o->items[j]->type != JSON_STRING) ok = false;
                a[j].name.ptr = o->keys[j]->str;
                a[j].name.len = o->keys[j]->len;
                a[j].value.ptr = o->items[j]->str;
                a[j].value.len = o->items[j]->len;
            }
            if (ok) put_attrs(f, a, o->count);
            free(a);
        } else if ((json_is_str(k, "EndTag") || json_is_str(k, "Comment")) && t->count == 2 &&
                   t->items[1]->type == JSON_STRING) {
            fprintf(f, "[\"%s\",", json_is_str(k, "EndTag") ? "EndTag" : "Comment");
            put_str(f, t->items[1]->str, t->items[1]->len);
        } else if (json_is_str(k, "ShortTag") && t->count == 2 && json_is_str(t->items[1], "")) {
            fputs("[\"ShortTag\",\"\"", f);
        } else if (json_is_str(k, "PI") && t->count == 3 && t->items[1]->type == JSON_STRING &&
                   t->items[2]->type == JSON_STRING) {
            fputs("[\"PI\",", f);
            put_str(f, t->items[1]->str, t->items[1]->len);
            fputc(',', f);
            put_str(f, t->items[2]->str, t->items[2]->len);
        } else if ((json_is_str(k, "DOCTYPE") || (json_is_str(k, "XmlDeclaration") && t->count == 4)) &&
                   (t->count == 4 || t->count == 5) && is_str_or_null(t->items[1]) &&
                   is_str_or_null(t->items[2]) && is_str_or_null(t->items[3])) {
            if (t->count == 5) correctness_fields++;
            fprintf(f, "[\"%s\",", json_is_str(k, "DOCTYPE") ? "DOCTYPE" : "XmlDeclaration");
            put_json_str_or_null(f, t->items[1]);
            fputc(',', f);
            put_json_str_or_null(f, t->items[2]);
            fputc(',', f);
            put_json_str_or_null(f, t->items[3]);
        } else {
            ok = false;
            break;
        }
        fputc(']', f);
    }
    char *s = canon_close(&c);
    if (!ok) {
        free(s);
        return NULL;
    }
    return s;
}

/* ------------------------------------------------------------------------ */

typedef struct {
    size_t passed, failed, na;
} totals;

/* One runner: its tokenizer and what it counted. */
typedef struct {
    x5_tokenizer *tk;
    totals tot;
} runner;

static bool run_one(x5_tokenizer *tk, const h5_char *in, size_t n, bool by_unit, const char *expected,
                    char **actual) {
    canon c;
    canon_open(&c);
    x5_tokenizer_options o = { on_token, &c, on_error, &c, X5_STATE_DATA };
    x5_tokenizer_reset(tk, &o);
    /* Whole: one chunk of n units.  By unit: n chunks of one. */
    size_t step = by_unit ? 1 : (n ? n : 1);
    h5_status st = H5_OK;
    for (size_t i = 0; i < n && st == H5_OK; i += step) st = x5_tokenizer_feed(tk, in + i, step);
    if (st == H5_OK) st = x5_tokenizer_finish(tk);
    size_t eofs = c.eof_tokens, after = c.after_eof;
    *actual = canon_close(&c);
    return st == H5_OK && eofs == 1 && after == 0 && strcmp(*actual, expected) == 0;
}

/* The "tests" array of a test file (NULL: unreadable; *root is then NULL). */
static const json_value *load_tests(const char *path, json_value **root) {
    size_t len;
    char *text = h5_test_read_file(path, &len);
    *root = text ? json_parse(text, len, NULL) : NULL;
    free(text);
    const json_value *tests = *root ? json_get(*root, "tests") : NULL;
    if (tests && tests->type == JSON_ARRAY) return tests;
    json_free(*root);
    *root = NULL;
    return NULL;
}

static void run_file(const char *path, void *ctx) {
    x5_tokenizer *tk = ((runner *)ctx)->tk;
    totals *tot = &((runner *)ctx)->tot;
    const char *file = strrchr(path, '/');
    file = file ? file + 1 : path;
    json_value *root;
    const json_value *tests = load_tests(path, &root);
    if (!tests) printf("FAIL %s :: cannot read it as a test file\n", file);
    tot->failed += !tests;
    for (size_t i = 0; tests && i < tests->count; i++) {
        const json_value *t = tests->items[i];
        const json_value *d = json_get(t, "description"), *in = json_get(t, "input");
        char desc[200] = "?";
        if (d && d->type == JSON_STRING) {
            size_t k = 0;
            for (; k < d->len && k < sizeof desc - 1; k++) desc[k] = d->str[k] < 0x80 ? (char)d->str[k] : '?';
            desc[k] = 0;
        }
        /* Options of the html5lib format that xml5lib-tests do not use. */
        const char *na = NULL;
        const json_value *states = json_get(t, "initialStates");
        if (json_get(t, "doubleEscaped")) na = "doubleEscaped input";
        else if (json_get(t, "lastStartTag")) na = "lastStartTag (no such rule in XML5)";
        else if (states && !(states->type == JSON_ARRAY && states->count == 1 &&
                             (json_is_str(states->items[0], "Data state") ||
                              json_is_str(states->items[0], "data state"))))
            na = "initial state other than the data state";
        char *expected = NULL;
        if (!na && (!in || in->type != JSON_STRING)) na = "no input string";
        if (!na && !(expected = expected_canon(json_get(t, "output")))) na = "output in an unknown form";
        if (na) {
            printf("N/A %s :: %s (%s)\n", file, desc, na);
            tot->na++;
            continue;
        }
        for (int by_unit = 0; by_unit < 2; by_unit++) {
            char *actual = NULL;
            if (run_one(tk, in->str, in->len, by_unit, expected, &actual)) {
                tot->passed++;
            } else {
                tot->failed++;
                printf("FAIL %s :: %s (%s)\n  input:    ", file, desc, by_unit ? "one code unit at a time" : "whole");
                put_str(stdout, in->str, in->len);
                printf("\n  expected: [%s]\n  actual:   [%s]\n", expected, actual);
            }
            free(actual);
        }
        free(expected);
    }
    json_free(root);
}

int main(int argc, char **argv) {
    runner r = {argc > 1 ? x5_tokenizer_create() : NULL, {0, 0, 0}};
    if (!r.tk) {
        fprintf(stderr, argc > 1 ? "out of memory\n" : "usage: %s DIR|FILE...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        totals before = r.tot;
        if (!h5_test_each_file(argv[i], ".test", run_file, &r)) {
            printf("FAIL %s :: no .test files\n", argv[i]);
            r.tot.failed++;
        }
        printf("xml5 tokenizer: %s: %zu passed, %zu failed, %zu not applicable\n", argv[i],
               r.tot.passed - before.passed, r.tot.failed - before.failed, r.tot.na - before.na);
    }
    x5_tokenizer_destroy(r.tk);
    printf("xml5 tokenizer: DOCTYPE \"correctness\" (force-quirks) field not compared: XML has no quirks mode "
           "(%zu expected tokens carry it)\n", correctness_fields);
    printf("xml5 tokenizer: %zu passed, %zu failed, %zu not applicable (each test runs whole and one code "
           "unit at a time)\n", r.tot.passed, r.tot.failed, r.tot.na);
    return r.tot.failed ? 1 : 0;
}
