/*
 * The HTML tokenizer: spec 13.2.5 "Tokenization" with the input stream
 * preprocessing of 13.2.3.5; see tokenizer.h for the interface.
 *
 * Design
 * ------
 * - Input: the tokenizer works on one buffer at a time (`in`, `len`), either
 *   the caller's chunk or, when a previous chunk left unconsumed units that
 *   need lookahead (a CR, a high surrogate, a possible longer entity name,
 *   "DOCTYPE", ...), a small `pending` buffer holding those units followed by
 *   the start of the next chunk.  `pos` is the next input character; `base`
 *   is the offset of in[0] in the whole input, so offsets are base + index.
 * - Newlines (13.2.3.5) are normalised on the fly: a CR reads as LF and a CRLF
 *   pair reads as one LF that spans two code units (`clen` = 2).  Offsets stay
 *   those of the original input.
 * - Input stream errors (surrogates, noncharacters, controls) are reported
 *   when the state machine first reaches the character; `checked` is the
 *   offset up to which they have been reported, so reconsuming a character
 *   never reports it twice.
 * - Strings of the token being built (tag and attribute names and values,
 *   comment data, DOCTYPE fields) are `h5_span`s: a slice of the current
 *   buffer while the text is verbatim and contiguous, otherwise a range of
 *   the `store` buffer.  Only the newest span grows; a span that must grow
 *   while not at the end of `store` is moved there first.  When a buffer is
 *   left, slices are copied to `store`.
 * - Hot states find the end of a run of ordinary characters with the bulk
 *   scanners of scan.h (text_run / span_run) and emit one character token
 *   per run, pointing into the input.
 *
 * No allocation per token: `store`, `temp`, the attribute arrays and the
 * pending buffer are reused.  Allocation failures set `oom` (sticky).
 *
 * Built with H5_BOUNDS_ONLY (dist/rewrite.wasm, whose sessions read mostly
 * where tokens start and end: JS slices the input's own bytes):
 * - the RCDATA, RAWTEXT and script data states, and the data state once the
 *   sink says so (h5_tokenizer_set_text_bounds), look only for the `<` that
 *   ends their text (SS_TEXT_BOUNDS): a character reference, U+0000 or CR in
 *   text is passed as it is, in the run, as an ordinary character.  Where
 *   tokens start and end is the same (a character reference consumes only
 *   alphanumerics, `#` and `;`; U+0000 and CR end nothing); only the
 *   characters of text tokens differ.  A sink that reads no text has such
 *   text consumed without tokens (h5_tokenizer_set_text_silent).
 * - with the option tags_on_request, a tag's attributes are made into
 *   h5_token_attrs only when the sink asks (h5_tokenizer_tag_attrs), and the
 *   last start tag is the one the sink sets when it switches to a text state;
 *   the attributes of a start tag the sink does not want (attrs_wanted) are
 *   stepped over to the tag's end (step_over_attributes), or noted as
 *   written;
 * - with the option tag_lane, the common tags take one step from their `<`
 *   (tag_lane) instead of the tag open, end tag open and tag name states.
 */
#include "tokenizer.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "charref.h"
#include "scan.h"

/* ------------------------------------------------------------------------ */
/* States (13.2.5.1 - 13.2.5.85).  The first six are the public ones.       */

enum {
    S_DATA = H5_STATE_DATA,                     /* 13.2.5.1 */
    S_RCDATA = H5_STATE_RCDATA,                 /* 13.2.5.2 */
    S_RAWTEXT = H5_STATE_RAWTEXT,               /* 13.2.5.3 */
    S_SCRIPT_DATA = H5_STATE_SCRIPT_DATA,       /* 13.2.5.4 */
    S_PLAINTEXT = H5_STATE_PLAINTEXT,           /* 13.2.5.5 */
    S_CDATA_SECTION = H5_STATE_CDATA_SECTION,   /* 13.2.5.69 */
    S_TAG_OPEN,                                 /* 13.2.5.6 */
    S_END_TAG_OPEN,                             /* 13.2.5.7 */
    S_TAG_NAME,                                 /* 13.2.5.8 */
    S_RCDATA_LESS_THAN_SIGN,                    /* 13.2.5.9 */
    S_RCDATA_END_TAG_OPEN,                      /* 13.2.5.10 */
    S_RCDATA_END_TAG_NAME,                      /* 13.2.5.11 */
    S_RAWTEXT_LESS_THAN_SIGN,                   /* 13.2.5.12 */
    S_RAWTEXT_END_TAG_OPEN,                     /* 13.2.5.13 */
    S_RAWTEXT_END_TAG_NAME,                     /* 13.2.5.14 */
    S_SCRIPT_DATA_LESS_THAN_SIGN,               /* 13.2.5.15 */
    S_SCRIPT_DATA_END_TAG_OPEN,                 /* 13.2.5.16 */
    S_SCRIPT_DATA_END_TAG_NAME,                 /* 13.2.5.17 */
    S_SCRIPT_DATA_ESCAPE_START,                 /* 13.2.5.18 */
    S_SCRIPT_DATA_ESCAPE_START_DASH,            /* 13.2.5.19 */
    S_SCRIPT_DATA_ESCAPED,                      /* 13.2.5.20 */
    S_SCRIPT_DATA_ESCAPED_DASH,                 /* 13.2.5.21 */
    S_SCRIPT_DATA_ESCAPED_DASH_DASH,            /* 13.2.5.22 */
    S_SCRIPT_DATA_ESCAPED_LESS_THAN_SIGN,       /* 13.2.5.23 */
    S_SCRIPT_DATA_ESCAPED_END_TAG_OPEN,         /* 13.2.5.24 */
    S_SCRIPT_DATA_ESCAPED_END_TAG_NAME,         /* 13.2.5.25 */
    S_SCRIPT_DATA_DOUBLE_ESCAPE_START,          /* 13.2.5.26 */
    S_SCRIPT_DATA_DOUBLE_ESCAPED,               /* 13.2.5.27 */
    S_SCRIPT_DATA_DOUBLE_ESCAPED_DASH,          /* 13.2.5.28 */
    S_SCRIPT_DATA_DOUBLE_ESCAPED_DASH_DASH,     /* 13.2.5.29 */
    S_SCRIPT_DATA_DOUBLE_ESCAPED_LESS_THAN_SIGN,/* 13.2.5.30 */
    S_SCRIPT_DATA_DOUBLE_ESCAPE_END,            /* 13.2.5.31 */
    S_BEFORE_ATTRIBUTE_NAME,                    /* 13.2.5.32 */
    S_ATTRIBUTE_NAME,                           /* 13.2.5.33 */
    S_AFTER_ATTRIBUTE_NAME,                     /* 13.2.5.34 */
    S_BEFORE_ATTRIBUTE_VALUE,                   /* 13.2.5.35 */
    S_ATTRIBUTE_VALUE_DOUBLE_QUOTED,            /* 13.2.5.36 */
    S_ATTRIBUTE_VALUE_SINGLE_QUOTED,            /* 13.2.5.37 */
    S_ATTRIBUTE_VALUE_UNQUOTED,                 /* 13.2.5.38 */
    S_AFTER_ATTRIBUTE_VALUE_QUOTED,             /* 13.2.5.39 */
    S_SELF_CLOSING_START_TAG,                   /* 13.2.5.40 */
    S_BOGUS_COMMENT,                            /* 13.2.5.41 */
    S_MARKUP_DECLARATION_OPEN,                  /* 13.2.5.42 */
    S_COMMENT_START,                            /* 13.2.5.43 */
    S_COMMENT_START_DASH,                       /* 13.2.5.44 */
    S_COMMENT,                                  /* 13.2.5.45 */
    S_COMMENT_LESS_THAN_SIGN,                   /* 13.2.5.46 */
    S_COMMENT_LESS_THAN_SIGN_BANG,              /* 13.2.5.47 */
    S_COMMENT_LESS_THAN_SIGN_BANG_DASH,         /* 13.2.5.48 */
    S_COMMENT_LESS_THAN_SIGN_BANG_DASH_DASH,    /* 13.2.5.49 */
    S_COMMENT_END_DASH,                         /* 13.2.5.50 */
    S_COMMENT_END,                              /* 13.2.5.51 */
    S_COMMENT_END_BANG,                         /* 13.2.5.52 */
    S_DOCTYPE,                                  /* 13.2.5.53 */
    S_BEFORE_DOCTYPE_NAME,                      /* 13.2.5.54 */
    S_DOCTYPE_NAME,                             /* 13.2.5.55 */
    S_AFTER_DOCTYPE_NAME,                       /* 13.2.5.56 */
    S_AFTER_DOCTYPE_PUBLIC_KEYWORD,             /* 13.2.5.57 */
    S_BEFORE_DOCTYPE_PUBLIC_IDENTIFIER,         /* 13.2.5.58 */
    S_DOCTYPE_PUBLIC_IDENTIFIER_DOUBLE_QUOTED,  /* 13.2.5.59 */
    S_DOCTYPE_PUBLIC_IDENTIFIER_SINGLE_QUOTED,  /* 13.2.5.60 */
    S_AFTER_DOCTYPE_PUBLIC_IDENTIFIER,          /* 13.2.5.61 */
    S_BETWEEN_DOCTYPE_PUBLIC_AND_SYSTEM_IDENTIFIERS, /* 13.2.5.62 */
    S_AFTER_DOCTYPE_SYSTEM_KEYWORD,             /* 13.2.5.63 */
    S_BEFORE_DOCTYPE_SYSTEM_IDENTIFIER,         /* 13.2.5.64 */
    S_DOCTYPE_SYSTEM_IDENTIFIER_DOUBLE_QUOTED,  /* 13.2.5.65 */
    S_DOCTYPE_SYSTEM_IDENTIFIER_SINGLE_QUOTED,  /* 13.2.5.66 */
    S_AFTER_DOCTYPE_SYSTEM_IDENTIFIER,          /* 13.2.5.67 */
    S_BOGUS_DOCTYPE,                            /* 13.2.5.68 */
    S_CDATA_SECTION_BRACKET,                    /* 13.2.5.70 */
    S_CDATA_SECTION_END,                        /* 13.2.5.71 */
    S_PROCESSING_INSTRUCTION_OPEN,              /* 13.2.5.72 */
    S_PROCESSING_INSTRUCTION_TARGET,            /* 13.2.5.73 */
    S_AFTER_PROCESSING_INSTRUCTION_TARGET,      /* 13.2.5.74 */
    S_PROCESSING_INSTRUCTION_DATA,              /* 13.2.5.75 */
    S_PROCESSING_INSTRUCTION_QUESTIONABLE,      /* 13.2.5.76 */
    S_CHARACTER_REFERENCE,                      /* 13.2.5.77 */
    S_NAMED_CHARACTER_REFERENCE,                /* 13.2.5.78 */
    S_AMBIGUOUS_AMPERSAND,                      /* 13.2.5.79 */
    S_NUMERIC_CHARACTER_REFERENCE,              /* 13.2.5.80 */
    S_HEXADECIMAL_CHARACTER_REFERENCE_START,    /* 13.2.5.81 */
    S_DECIMAL_CHARACTER_REFERENCE_START,        /* 13.2.5.82 */
    S_HEXADECIMAL_CHARACTER_REFERENCE,          /* 13.2.5.83 */
    S_DECIMAL_CHARACTER_REFERENCE,              /* 13.2.5.84 */
    S_NUMERIC_CHARACTER_REFERENCE_END           /* 13.2.5.85 */
};

/* next_char() result when the buffer ends before the character is known. */
#define NEED (-2)

/* ------------------------------------------------------------------------ */
/* The tokenizer.                                                            */

typedef struct {
    size_t off, len;  /* in `in` (slice) or in `store` */
    bool stored;
} h5_span;

typedef struct {
    h5_span name, value;
    uint32_t name_start, name_end, value_start, value_end;
    uint32_t hash;
} tk_attr;

struct h5_tokenizer {
    h5_token_sink on_token;
    void *token_ctx;
    h5_error_sink on_error;
    void *error_ctx;

    /* Input. */
    const h5_char *in;
    size_t len, pos;
    uint32_t base;       /* offset of in[0] in the whole input */
    uint32_t checked;    /* input stream errors reported below this offset */
    uint8_t clen;        /* code units of the character next_char() read */
    bool eof;            /* finish() was called */
    bool done;           /* the end-of-file token was emitted */
    bool oom, aborted;
#ifdef H5_BOUNDS_ONLY
    bool text_bounds;    /* h5_tokenizer_set_text_bounds */
    bool text_silent;    /* h5_tokenizer_set_text_silent */
    bool tags_on_request; /* the options */
    h5_attrs_wanted (*attrs_wanted)(void *ctx, h5_str name);
    bool tag_lane;
#endif
    h5_buf pending;

    int state, return_state;
    h5_cdata_query cdata_allowed;
    bool processing_instructions; /* h5_tokenizer_options */

    /* The current token. */
    h5_buf store;
    h5_token_type tok_type;
    uint32_t tok_start;
    h5_span tag_name;
    bool self_closing;
    tk_attr *attrs;
    size_t nattrs;       /* attributes on the token (duplicates removed) */
    size_t attr_slots;   /* slots in use: nattrs, or nattrs + 1 after a removal */
    size_t attrs_cap;
    size_t cur_attr;     /* index of the current attribute */
    size_t attrs_detached; /* slots below this hold no slices (detach_spans) */
    uint32_t *attr_table; /* open addressing: index + 1, 0 = empty */
    size_t attr_table_cap;
    bool attr_table_live;
    h5_token_attr *out_attrs;
    size_t out_attrs_cap;
    h5_span comment;     /* comment data */
    h5_span dt_name, dt_public, dt_system;
    bool dt_has_name, dt_has_public, dt_has_system, dt_force_quirks;

    /* 13.2.5: the temporary buffer. */
    h5_buf temp;
    /* Character references. */
    uint32_t charref_start; /* offset of the '&' */
    uint32_t charref_code;

    /* "Appropriate end tag token" (13.2.5). */
    h5_buf last_start_tag;
    bool has_last_start_tag;
};

static const h5_char k_empty[1] = {0};
static const h5_char k_lt[1] = {'<'};
static const h5_char k_lt_slash[2] = {'<', '/'};
static const h5_char k_lt_bang[2] = {'<', '!'};
static const h5_char k_amp[1] = {'&'};
static const h5_char k_lf[1] = {'\n'};
static const h5_char k_fffd[1] = {H5_FFFD};
static const h5_char k_rbrackets[2] = {']', ']'};

/* ------------------------------------------------------------------------ */
/* Errors and input.                                                         */

static void err(h5_tokenizer *t, h5_error_code code, uint32_t offset) {
    if (t->on_error) t->on_error(t->error_ctx, code, offset);
}

#define OFF() ((uint32_t)(t->base + t->pos))

/* 13.2.3.5: report the input stream error of the code unit at in[p] (a
 * control, noncharacter or surrogate candidate) unless it was reported
 * already.  Returns the code units the character spans (2 for a surrogate
 * pair), or 0 when a high surrogate ends the buffer before end of input. */
static size_t check_stream(h5_tokenizer *t, size_t p) {
    h5_char c = t->in[p];
    size_t n = 1;
    h5_error_code code = H5_ERROR_NONE;
    if (c < 0xA0) {
        code = H5_ERROR_CONTROL_CHARACTER_IN_INPUT_STREAM;
    }
#ifndef H5_CHAR8 /* (bytes: only ASCII controls get here, scan_nonascii_slow) */
    else if (c >= 0xD800 && c <= 0xDBFF) {
        if (p + 1 >= t->len) {
            if (!t->eof) return 0;
            code = H5_ERROR_SURROGATE_IN_INPUT_STREAM;
        } else if (t->in[p + 1] >= 0xDC00 && t->in[p + 1] <= 0xDFFF) {
            uint32_t cp = 0x10000 + (((uint32_t)c - 0xD800) << 10) + ((uint32_t)t->in[p + 1] - 0xDC00);
            n = 2;
            if ((cp & 0xFFFE) == 0xFFFE) code = H5_ERROR_NONCHARACTER_IN_INPUT_STREAM;
        } else {
            code = H5_ERROR_SURROGATE_IN_INPUT_STREAM;
        }
    } else if (c >= 0xDC00 && c <= 0xDFFF) {
        code = H5_ERROR_SURROGATE_IN_INPUT_STREAM;
    } else if ((c >= 0xFDD0 && c <= 0xFDEF) || c >= 0xFFFE) {
        code = H5_ERROR_NONCHARACTER_IN_INPUT_STREAM;
    }
#endif
    uint32_t off = (uint32_t)(t->base + p);
    if (off >= t->checked) {
        if (code != H5_ERROR_NONE) err(t, code, off);
        t->checked = off + (uint32_t)n;
    }
    return n;
}

static int next_char_slow(h5_tokenizer *t, h5_char c) {
    if (c == '\r') {
        /* 13.2.3.5 "normalize newlines": CRLF and lone CR become LF. */
        if (t->pos + 1 >= t->len) return t->eof ? '\n' : NEED;
        if (t->in[t->pos + 1] == '\n') t->clen = 2;
        return '\n';
    }
    if (c < 0x80 ? (scan_class[c] & K_SLOW) != 0 : scan_nonascii_slow(c)) {
        if (check_stream(t, t->pos) == 0) return NEED;
    }
    return c;
}

/* The next input character (13.2.3.5 applied), H5_EOF, or NEED.  Sets
 * t->clen to the code units it spans; ADV() consumes it. */
static inline int next_char(h5_tokenizer *t) {
    if (t->pos >= t->len) return t->eof ? H5_EOF : NEED;
    h5_char c = t->in[t->pos];
    t->clen = 1;
    if ((unsigned)(c - 0x20) < 0x5Fu) return c; /* printable ASCII */
    return next_char_slow(t, c);
}

#define ADV() (t->pos += t->clen)

/* ------------------------------------------------------------------------ */
/* Spans.                                                                    */

static inline const h5_char *span_ptr(const h5_tokenizer *t, const h5_span *s) {
    if (s->len == 0) return k_empty;
    return s->stored ? t->store.data + s->off : t->in + s->off;
}

static inline h5_str span_str(const h5_tokenizer *t, const h5_span *s) {
    h5_str r = {span_ptr(t, s), s->len};
    return r;
}

static inline void span_clear(h5_span *s) {
    s->off = s->len = 0;
    s->stored = false;
}

/* Make `s` a range at the end of `store` so that it can grow. */
static bool span_to_store(h5_tokenizer *t, h5_span *s) {
    if (s->stored && s->off + s->len == t->store.len) return true;
    if (!h5_buf_reserve(&t->store, s->len)) {
        t->oom = true;
        return false;
    }
    size_t off = t->store.len;
    if (s->len) {
        const h5_char *src = s->stored ? t->store.data + s->off : t->in + s->off;
        memcpy(t->store.data + off, src, s->len * sizeof(h5_char));
    }
    t->store.len += s->len;
    s->off = off;
    s->stored = true;
    return true;
}

/* Append in[pos .. pos + n) to `s`. */
static inline void span_add_input(h5_tokenizer *t, h5_span *s, size_t pos, size_t n) {
    if (n == 0) return;
    if (!s->stored) {
        if (s->len == 0) {
            s->off = pos;
            s->len = n;
            return;
        }
        if (s->off + s->len == pos) {
            s->len += n;
            return;
        }
    }
    if (!span_to_store(t, s)) return;
    if (!h5_buf_append(&t->store, t->in + pos, n)) {
        t->oom = true;
        return;
    }
    s->len += n;
}

static void span_add_units(h5_tokenizer *t, h5_span *s, const h5_char *u, size_t n) {
    if (n == 0 || !span_to_store(t, s)) return;
    if (!h5_buf_append(&t->store, u, n)) {
        t->oom = true;
        return;
    }
    s->len += n;
}

static inline void span_add_char(h5_tokenizer *t, h5_span *s, h5_char c) {
    span_add_units(t, s, &c, 1);
}

/* Append the current input character `c` (as next_char() returned it). */
static inline void span_add_cur(h5_tokenizer *t, h5_span *s, int c) {
    if (t->in[t->pos] == c) span_add_input(t, s, t->pos, 1);
    else span_add_char(t, s, (h5_char)c);
}

/* Append the ASCII characters `a` (n of them) that the state machine
 * consumed at in[pos - back ..]: a slice when they are still in the buffer. */
static void span_add_recent(h5_tokenizer *t, h5_span *s, const char *a, size_t n, size_t back) {
    if (t->pos >= back) {
        size_t i = 0, p = t->pos - back;
        while (i < n && t->in[p + i] == (unsigned char)a[i]) i++;
        if (i == n) {
            span_add_input(t, s, p, n);
            return;
        }
    }
    for (size_t i = 0; i < n; i++) span_add_char(t, s, (unsigned char)a[i]);
}

/* The array `arr` of *cap elements of `size` bytes, reallocated to `n`
 * elements (*cap = n); NULL, with oom set, on failure. */
static void *resize_array(h5_tokenizer *t, void *arr, size_t *cap, size_t n, size_t size) {
    void *p = realloc(arr, n * size);
    if (!p) {
        t->oom = true;
        return NULL;
    }
    *cap = n;
    return p;
}

/* resize_array() to hold `need` elements, the capacity doubling from 16. */
static void *grow_array(h5_tokenizer *t, void *arr, size_t *cap, size_t need, size_t size) {
    size_t n = *cap ? *cap : 16;
    while (n < need) n *= 2;
    return resize_array(t, arr, cap, n, size);
}

/* ------------------------------------------------------------------------ */
/* Emitting tokens.                                                          */

static void emit(h5_tokenizer *t, h5_token *tok) {
    if (t->oom || t->aborted) return;
    t->on_token(t->token_ctx, tok);
}

static void emit_chars(h5_tokenizer *t, const h5_char *p, size_t n, uint32_t start, uint32_t end) {
    if (n == 0) return;
    h5_token tok;
    memset(&tok, 0, sizeof tok);
    tok.type = H5_TOKEN_CHARACTER;
    tok.data.ptr = p;
    tok.data.len = n;
    tok.start = start;
    tok.end = end;
    emit(t, &tok);
}

/* Emit the current input character `c` (as next_char() returned it). */
static void emit_cur(h5_tokenizer *t, int c) {
    const h5_char *p = t->in + t->pos;
    if (*p != c) p = c == '\n' ? k_lf : k_fffd;
    emit_chars(t, p, 1, OFF(), OFF() + t->clen);
}

static void emit_eof(h5_tokenizer *t) {
    h5_token tok;
    memset(&tok, 0, sizeof tok);
    tok.type = H5_TOKEN_EOF;
    tok.start = tok.end = OFF();
    t->done = true;
    emit(t, &tok);
}

/* The tag token's attributes as h5_token_attrs (out_attrs), or NULL when out of memory. */
static inline h5_token_attr *tag_attrs(h5_tokenizer *t) {
    if (t->nattrs > t->out_attrs_cap) {
        h5_token_attr *n = grow_array(t, t->out_attrs, &t->out_attrs_cap, t->nattrs, sizeof *n);
        if (!n) return NULL;
        t->out_attrs = n;
    }
    for (size_t i = 0; i < t->nattrs; i++) {
        const tk_attr *a = &t->attrs[i];
        h5_token_attr *o = &t->out_attrs[i];
        o->name = span_str(t, &a->name);
        o->value = span_str(t, &a->value);
        o->name_start = a->name_start;
        o->name_end = a->name_end;
        o->value_start = a->value_start;
        o->value_end = a->value_end;
    }
    return t->out_attrs;
}

static void emit_tag(h5_tokenizer *t, uint32_t end) {
    if (t->tok_type == H5_TOKEN_END_TAG) {
        /* 13.2.5: end tags with attributes or a trailing solidus. */
        if (t->nattrs) err(t, H5_ERROR_END_TAG_WITH_ATTRIBUTES, end - 1);
        if (t->self_closing) err(t, H5_ERROR_END_TAG_WITH_TRAILING_SOLIDUS, end - 1);
    }
    bool eager = true; /* attributes made and the last start tag noted here (not on request) */
#ifdef H5_BOUNDS_ONLY
    eager = !t->tags_on_request;
#endif
    if (eager && t->nattrs && !tag_attrs(t)) return;
    h5_token tok;
    memset(&tok, 0, sizeof tok);
    tok.type = t->tok_type;
    tok.name = span_str(t, &t->tag_name);
    tok.self_closing = t->self_closing;
    tok.attrs = eager && t->nattrs ? t->out_attrs : NULL;
    tok.nattrs = t->nattrs;
    tok.start = t->tok_start;
    tok.end = end;
    if (eager && t->tok_type == H5_TOKEN_START_TAG) {
        t->last_start_tag.len = 0;
        if (!h5_buf_append(&t->last_start_tag, tok.name.ptr, tok.name.len)) {
            t->oom = true;
            return;
        }
        t->has_last_start_tag = true;
    }
    emit(t, &tok);
}

#ifdef H5_BOUNDS_ONLY
h5_token_attr *h5_tokenizer_tag_attrs(h5_tokenizer *t) { return tag_attrs(t); }
#endif

static void emit_comment(h5_tokenizer *t, uint32_t end) {
    h5_token tok;
    memset(&tok, 0, sizeof tok);
    tok.type = H5_TOKEN_COMMENT;
    tok.data = span_str(t, &t->comment);
    tok.start = t->tok_start;
    tok.end = end;
    emit(t, &tok);
}

static void emit_doctype(h5_tokenizer *t, uint32_t end) {
    h5_token tok;
    memset(&tok, 0, sizeof tok);
    tok.type = H5_TOKEN_DOCTYPE;
    tok.name = span_str(t, &t->dt_name);
    tok.public_id = span_str(t, &t->dt_public);
    tok.system_id = span_str(t, &t->dt_system);
    tok.has_name = t->dt_has_name;
    tok.has_public_id = t->dt_has_public;
    tok.has_system_id = t->dt_has_system;
    tok.force_quirks = t->dt_force_quirks;
    tok.start = t->tok_start;
    tok.end = end;
    emit(t, &tok);
}

/* 13.2.5.73-76: "emit the current processing instruction token".  Its
 * target is `tag_name`, its data `comment`. */
static void emit_processing_instruction(h5_tokenizer *t, uint32_t end) {
    h5_token tok;
    memset(&tok, 0, sizeof tok);
    tok.type = H5_TOKEN_PROCESSING_INSTRUCTION;
    tok.name = span_str(t, &t->tag_name);
    tok.data = span_str(t, &t->comment);
    tok.start = t->tok_start;
    tok.end = end;
    emit(t, &tok);
}

/* The current character is the '>' that ends the current token: "Switch to
 * the data state. Emit the current ... token." (the token ends after it). */
static inline void close_tag(h5_tokenizer *t) {
    uint32_t end = OFF() + 1;
    ADV();
    t->state = S_DATA;
    emit_tag(t, end);
}
static inline void close_comment(h5_tokenizer *t) {
    uint32_t end = OFF() + 1;
    ADV();
    t->state = S_DATA;
    emit_comment(t, end);
}
static inline void close_doctype(h5_tokenizer *t) {
    uint32_t end = OFF() + 1;
    ADV();
    t->state = S_DATA;
    emit_doctype(t, end);
}

static inline void close_processing_instruction(h5_tokenizer *t) {
    uint32_t end = OFF() + 1;
    ADV();
    t->state = S_DATA;
    emit_processing_instruction(t, end);
}

/* EOF in the processing instruction states (13.2.5.72-76): "This is an
 * eof-in-processing-instruction parse error. Emit an end-of-file token."
 * (nothing is emitted for the processing instruction). */
static void processing_instruction_eof(h5_tokenizer *t) {
    err(t, H5_ERROR_EOF_IN_PROCESSING_INSTRUCTION, OFF());
    emit_eof(t);
}

/* 13.2.5.6 tag open state, U+003F QUESTION MARK (the current character).
 * The living standard (whatwg/html 320c05f6, 2026): "Set the temporary
 * buffer to '?'. Switch to the processing instruction open state."  Before
 * it: "This is an unexpected-question-mark-instead-of-tag-name parse error.
 * Create a comment token whose data is the empty string. Reconsume in the
 * bogus comment state."  Either way the token starts as a comment token
 * whose data is the '?', as the temporary buffer would be "converted to a
 * comment" (13.2.5.72-73): the target is collected after it and taken out
 * once it is known to be one.  Kept out of run() (rare). */
static void new_token(h5_tokenizer *t, h5_token_type type);
static void question_mark_after_lt(h5_tokenizer *t) {
    new_token(t, H5_TOKEN_COMMENT);
    if (!t->processing_instructions) {
        err(t, H5_ERROR_UNEXPECTED_QUESTION_MARK_INSTEAD_OF_TAG_NAME, OFF());
        t->state = S_BOGUS_COMMENT;
        return;
    }
    span_add_input(t, &t->comment, t->pos, 1);
    ADV();
    t->state = S_PROCESSING_INSTRUCTION_OPEN;
}

/* 13.2.5.73 processing instruction target state, at the character `c` that
 * ends the target (whitespace, '?' or '>', not consumed): the temporary
 * buffer is the comment token's data after its leading '?'. */
static void end_processing_instruction_target(h5_tokenizer *t) {
    h5_str target = {span_ptr(t, &t->comment) + 1, t->comment.len - 1};
    if (h5_str_eq_ascii_ci(target, "xml") || h5_str_eq_ascii_ci(target, "xml-stylesheet")) {
        /* "If the temporary buffer is an ASCII case-insensitive match for
         * "xml" or "xml-stylesheet": disallowed-processing-instruction-target
         * parse error; convert the temporary buffer to a comment; reconsume
         * in the bogus comment state." */
        err(t, H5_ERROR_DISALLOWED_PROCESSING_INSTRUCTION_TARGET, OFF());
        t->state = S_BOGUS_COMMENT;
        return;
    }
    /* "Otherwise create a processing instruction token whose target is the
     * temporary buffer and whose data is the empty string; reconsume in the
     * after processing instruction target state." */
    t->tag_name = t->comment;
    t->tag_name.off++;
    t->tag_name.len--;
    span_clear(&t->comment);
    t->tok_type = H5_TOKEN_PROCESSING_INSTRUCTION;
    t->state = S_AFTER_PROCESSING_INSTRUCTION_TARGET;
}

/* EOF in the tag states from the tag name state on: "This is an eof-in-tag
 * parse error. Emit an end-of-file token." (the tag is dropped). */
static void tag_eof(h5_tokenizer *t) {
    err(t, H5_ERROR_EOF_IN_TAG, OFF());
    emit_eof(t);
}

/* EOF in the comment states: "This is an eof-in-comment parse error. Emit
 * the current comment token. Emit an end-of-file token." */
static void comment_eof(h5_tokenizer *t) {
    err(t, H5_ERROR_EOF_IN_COMMENT, OFF());
    emit_comment(t, OFF());
    emit_eof(t);
}

/* EOF in any DOCTYPE state: "This is an eof-in-doctype parse error. Set
 * the current DOCTYPE token's force-quirks flag to on. Emit the current
 * DOCTYPE token. Emit an end-of-file token." */
static void doctype_eof(h5_tokenizer *t) {
    err(t, H5_ERROR_EOF_IN_DOCTYPE, OFF());
    t->dt_force_quirks = true;
    emit_doctype(t, OFF());
    emit_eof(t);
}

/* What 13.2.5.57/63 (after DOCTYPE public/system keyword) and 13.2.5.58/64
 * (before DOCTYPE public/system identifier) share: the current input
 * character `c`, once whitespace is dealt with, opens the identifier, ends
 * the DOCTYPE, hits EOF, or makes it bogus. */
static void doctype_identifier_start(h5_tokenizer *t, int c, bool pub) {
    if (c == '"' || c == '\'') {
        ADV();
        if (pub) {
            t->dt_has_public = true;
            t->state = c == '"' ? S_DOCTYPE_PUBLIC_IDENTIFIER_DOUBLE_QUOTED
                                : S_DOCTYPE_PUBLIC_IDENTIFIER_SINGLE_QUOTED;
        } else {
            t->dt_has_system = true;
            t->state = c == '"' ? S_DOCTYPE_SYSTEM_IDENTIFIER_DOUBLE_QUOTED
                                : S_DOCTYPE_SYSTEM_IDENTIFIER_SINGLE_QUOTED;
        }
    } else if (c == '>') {
        err(t, pub ? H5_ERROR_MISSING_DOCTYPE_PUBLIC_IDENTIFIER : H5_ERROR_MISSING_DOCTYPE_SYSTEM_IDENTIFIER,
            OFF());
        t->dt_force_quirks = true;
        close_doctype(t);
    } else if (c == H5_EOF) {
        doctype_eof(t);
    } else {
        err(t, pub ? H5_ERROR_MISSING_QUOTE_BEFORE_DOCTYPE_PUBLIC_IDENTIFIER
                   : H5_ERROR_MISSING_QUOTE_BEFORE_DOCTYPE_SYSTEM_IDENTIFIER,
            OFF());
        t->dt_force_quirks = true;
        t->state = S_BOGUS_DOCTYPE;
    }
}

/* ------------------------------------------------------------------------ */
/* Creating tokens.                                                          */

/* Create a token (13.2.5): every string empty, every flag off, no
 * attributes.  The previous token has been emitted or abandoned. */
static void new_token(h5_tokenizer *t, h5_token_type type) {
    t->store.len = 0;
    t->tok_type = type;
    span_clear(&t->tag_name);
    span_clear(&t->comment);
    span_clear(&t->dt_name);
    span_clear(&t->dt_public);
    span_clear(&t->dt_system);
    t->self_closing = false;
    t->nattrs = t->attr_slots = t->attrs_detached = 0;
    t->attr_table_live = false;
    /* DOCTYPE: name and identifiers "missing", force-quirks off. */
    t->dt_has_name = t->dt_has_public = t->dt_has_system = false;
    t->dt_force_quirks = false;
}

/* 13.2.5.32 / .34: "Start a new attribute in the current tag token." */
static void start_attribute(h5_tokenizer *t, uint32_t off) {
    if (t->nattrs == t->attrs_cap) {
        tk_attr *n = grow_array(t, t->attrs, &t->attrs_cap, t->nattrs + 1, sizeof *n);
        if (!n) return;
        t->attrs = n;
    }
    t->cur_attr = t->nattrs++;
    t->attr_slots = t->nattrs;
    if (t->attrs_detached > t->cur_attr) t->attrs_detached = t->cur_attr;
    tk_attr *a = &t->attrs[t->cur_attr];
    span_clear(&a->name);
    span_clear(&a->value);
    a->name_start = a->name_end = a->value_start = a->value_end = off;
    a->hash = 0;
}

static inline tk_attr *cur_attr(h5_tokenizer *t) { return &t->attrs[t->cur_attr]; }

static uint32_t hash_name(const h5_char *p, size_t n) {
    uint32_t h = 2166136261u;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * 16777619u;
    return h;
}

static bool same_name(const h5_tokenizer *t, const tk_attr *a, const h5_char *p, size_t n) {
    return a->name.len == n && memcmp(span_ptr(t, &a->name), p, n * sizeof(h5_char)) == 0;
}

#define ATTR_LINEAR_MAX 8

/* Insert attrs[i] in the hash table (which has room). */
static void attr_table_insert(h5_tokenizer *t, size_t i) {
    size_t mask = t->attr_table_cap - 1, j = t->attrs[i].hash & mask;
    while (t->attr_table[j]) j = (j + 1) & mask;
    t->attr_table[j] = (uint32_t)i + 1;
}

/* Size the table for `n` attributes and insert attrs[0 .. n). */
static bool attr_table_build(h5_tokenizer *t, size_t n) {
    size_t cap = 64;
    while (cap < n * 4) cap *= 2;
    /* Keep a larger table from an earlier tag unless it is much larger
     * (clearing it is part of the cost of every tag that uses it). */
    if (cap > t->attr_table_cap || t->attr_table_cap > cap * 16) {
        uint32_t *tab = resize_array(t, t->attr_table, &t->attr_table_cap, cap, sizeof *tab);
        if (!tab) return false;
        t->attr_table = tab;
    }
    cap = t->attr_table_cap;
    memset(t->attr_table, 0, cap * sizeof *t->attr_table);
    for (size_t i = 0; i < n; i++) attr_table_insert(t, i);
    t->attr_table_live = true;
    return true;
}

/* 13.2.5.33: "When the user agent leaves the attribute name state ... the
 * complete attribute's name must be compared to the other attributes on the
 * same token; if there is already an attribute on the token with the exact
 * same name, then this is a duplicate-attribute parse error and the new
 * attribute must be removed from the token."  `off` is the character that
 * makes the tokenizer leave the state. */
static void leave_attribute_name(h5_tokenizer *t, uint32_t off) {
    size_t i = t->cur_attr;
    tk_attr *a = &t->attrs[i];
    a->name_end = a->value_start = a->value_end = off;
    const h5_char *p = span_ptr(t, &a->name);
    size_t n = a->name.len;
    bool dup = false;
    if (i < ATTR_LINEAR_MAX) {
        for (size_t k = 0; k < i && !dup; k++) dup = same_name(t, &t->attrs[k], p, n);
    } else {
        a->hash = hash_name(p, n);
        if (!t->attr_table_live) {
            /* Switching from linear search: hash the earlier names. */
            for (size_t k = 0; k < i; k++)
                t->attrs[k].hash = hash_name(span_ptr(t, &t->attrs[k].name), t->attrs[k].name.len);
        }
        if (!t->attr_table_live || (i + 1) * 2 > t->attr_table_cap) {
            if (!attr_table_build(t, i)) return;
        }
        size_t mask = t->attr_table_cap - 1, j = a->hash & mask;
        while (t->attr_table[j]) {
            const tk_attr *b = &t->attrs[t->attr_table[j] - 1];
            if (b->hash == a->hash && same_name(t, b, p, n)) {
                dup = true;
                break;
            }
            j = (j + 1) & mask;
        }
        if (!dup) attr_table_insert(t, i);
    }
    if (dup) {
        err(t, H5_ERROR_DUPLICATE_ATTRIBUTE, off);
        t->nattrs--; /* the slot stays the current attribute */
    }
}

/* ------------------------------------------------------------------------ */
/* Leaving a buffer: copy every slice of the current token to `store`.       */

static void detach_spans(h5_tokenizer *t) {
    if (!t->tag_name.stored && t->tag_name.len) span_to_store(t, &t->tag_name);
    /* Only the current attribute can have gained slices since the last
     * time: earlier ones are complete. */
    for (size_t i = t->attrs_detached; i < t->attr_slots; i++) {
        tk_attr *a = &t->attrs[i];
        if (!a->name.stored && a->name.len) span_to_store(t, &a->name);
        if (!a->value.stored && a->value.len) span_to_store(t, &a->value);
    }
    if (t->attr_slots) t->attrs_detached = t->attr_slots - 1;
    if (!t->comment.stored && t->comment.len) span_to_store(t, &t->comment);
    if (!t->dt_name.stored && t->dt_name.len) span_to_store(t, &t->dt_name);
    if (!t->dt_public.stored && t->dt_public.len) span_to_store(t, &t->dt_public);
    if (!t->dt_system.stored && t->dt_system.len) span_to_store(t, &t->dt_system);
}

/* ------------------------------------------------------------------------ */
/* Bulk scanners.                                                            */

/* Emit the characters from pos on as character tokens (runs that point into
 * the input), normalising newlines and reporting input stream errors, up to
 * the first character whose class is in set->mask (NUL is in every mask), the
 * end of the buffer, or a CR / high surrogate whose meaning depends on input
 * not yet seen.  Returns false when the state must be dispatched again (the
 * sink changed it, or stopped the tokenizer). */
static bool text_run(h5_tokenizer *t, const scan_set *set) {
    const unsigned mask = set->mask;
    const h5_char *in = t->in;
    size_t p = t->pos, e = t->len, run = p;
    uint32_t run_start = t->base + (uint32_t)p;
    int state = t->state;
    for (;;) {
        p = scan_ordinary(in, p, e, set);
        if (p == e) break;
        h5_char c = in[p];
        if (c < 0x80 && (scan_class[c] & mask)) break;
        if (c == '\r') {
            if (p + 1 >= e && !t->eof) break;
            uint32_t cr = t->base + (uint32_t)p;
            if (p > run) {
                emit_chars(t, in + run, p - run, run_start, cr);
                if (t->state != state || t->aborted || t->oom) {
                    t->pos = p;
                    return false;
                }
            }
            if (p + 1 < e && in[p + 1] == '\n') {
                /* CRLF: the LF starts the next run. */
                run = p + 1;
                run_start = cr;
                p += 2;
            } else {
                p++;
                emit_chars(t, k_lf, 1, cr, cr + 1);
                run = p;
                run_start = cr + 1;
                if (t->state != state || t->aborted || t->oom) {
                    t->pos = p;
                    return false;
                }
            }
            continue;
        }
        size_t n = check_stream(t, p);
        if (n == 0) break;
        p += n;
    }
#ifdef H5_BOUNDS_ONLY
    if (t->text_silent && (mask & K_BOUNDS)) {
        /* (text no sink reads: consumed, no token) */
        t->pos = p;
        return true;
    }
#endif
    if (p > run) emit_chars(t, in + run, p - run, run_start, t->base + (uint32_t)p);
    t->pos = p;
    return !(t->state != state || t->aborted || t->oom);
}

/* Append the characters from pos on to `s`, like text_run: stops at a
 * character whose class is in set->mask, except that with K_UPPER in it,
 * ASCII upper alphas are appended lowercased.  When LF is in the mask
 * (whitespace ends the string) a CR stops the scan too. */
static void span_run(h5_tokenizer *t, h5_span *s, const scan_set *set) {
    const unsigned mask = set->mask;
    const h5_char *in = t->in;
    size_t p = t->pos, e = t->len, run = p;
    for (;;) {
        p = scan_ordinary(in, p, e, set);
        if (p == e) break;
        h5_char c = in[p];
        if (c < 0x80 && (scan_class[c] & mask)) {
            if (!(scan_class[c] & K_UPPER)) break;
            /* ASCII upper alpha: the string can no longer be a slice.  Copy
             * the rest of this ASCII run lowercased into `store`. */
            span_add_input(t, s, run, p - run);
            size_t q = scan_ascii(in, p, e, (mask | K_SLOW) & ~(unsigned)K_UPPER);
            if (!span_to_store(t, s) || !h5_buf_reserve(&t->store, q - p)) {
                t->oom = true;
                t->pos = p;
                return;
            }
            h5_char *d = t->store.data + t->store.len;
            for (size_t i = p; i < q; i++) d[i - p] = (h5_char)h5_to_lower(in[i]);
            t->store.len += q - p;
            s->len += q - p;
            run = p = q;
            continue;
        }
        if (c == '\r') {
            if ((mask & K_WS) || (p + 1 >= e && !t->eof)) break;
            span_add_input(t, s, run, p - run);
            span_add_char(t, s, '\n');
            p += (p + 1 < e && in[p + 1] == '\n') ? 2 : 1;
            run = p;
            continue;
        }
        size_t n = check_stream(t, p);
        if (n == 0) break;
        p += n;
    }
    span_add_input(t, s, run, p - run);
    t->pos = p;
}

/* ------------------------------------------------------------------------ */
/* Lookahead (13.2.5.42, 13.2.5.56).                                         */

enum { LA_NO, LA_YES, LA_NEED };

/* Do the next characters match `word` (lowercase ASCII; `ci`: ignoring
 * ASCII case)? */
static int lookahead(const h5_tokenizer *t, const char *word, bool ci) {
    size_t n = strlen(word);
    for (size_t i = 0; i < n; i++) {
        if (t->pos + i >= t->len) return t->eof ? LA_NO : LA_NEED;
        int c = t->in[t->pos + i];
        if (ci) c = h5_to_lower(c);
        if (c != (unsigned char)word[i]) return LA_NO;
    }
    return LA_YES;
}

/* ------------------------------------------------------------------------ */
/* Character references (13.2.5.77 - 13.2.5.85).                           */

static inline bool in_attribute(const h5_tokenizer *t) {
    /* 13.2.5: "consumed as part of an attribute" */
    return t->return_state == S_ATTRIBUTE_VALUE_DOUBLE_QUOTED ||
           t->return_state == S_ATTRIBUTE_VALUE_SINGLE_QUOTED ||
           t->return_state == S_ATTRIBUTE_VALUE_UNQUOTED;
}

/* Flush the '&' that starts the temporary buffer. */
static void flush_ampersand(h5_tokenizer *t) {
    if (in_attribute(t)) {
        if (t->charref_start >= t->base && t->charref_start - t->base < t->pos)
            span_add_input(t, &cur_attr(t)->value, t->charref_start - t->base, 1);
        else
            span_add_char(t, &cur_attr(t)->value, '&');
    } else {
        emit_chars(t, k_amp, 1, t->charref_start, t->charref_start + 1);
    }
}

/* 13.2.5: "flush code points consumed as a character reference" for a
 * temporary buffer holding `u` (n units); `end` is the offset after the
 * reference. */
static void flush_units(h5_tokenizer *t, const h5_char *u, size_t n, uint32_t end) {
    if (in_attribute(t)) span_add_units(t, &cur_attr(t)->value, u, n);
    else emit_chars(t, u, n, t->charref_start, end);
}

/* flush_units() for a named character reference's value (UTF-16 units). */
static void flush_value(h5_tokenizer *t, const uint16_t *v, size_t n, uint32_t end) {
#ifdef H5_CHAR8
    h5_char u[2 * H5_CP_UNITS];
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        uint32_t cp = v[i];
        if (cp >= 0xD800 && cp <= 0xDBFF && i + 1 < n) cp = 0x10000 + ((cp - 0xD800) << 10) + (v[++i] - 0xDC00u);
        k += h5_encode_cp(cp, u + k);
    }
    flush_units(t, u, k, end);
#else
    flush_units(t, v, n, end);
#endif
}

static void begin_character_reference(h5_tokenizer *t, int return_state) {
    t->return_state = return_state;
    t->charref_start = OFF();
    t->pos++; /* the '&' */
    t->state = S_CHARACTER_REFERENCE;
}

/* ------------------------------------------------------------------------ */
/* The end tag name states of RCDATA, RAWTEXT and script data.               */

static bool appropriate_end_tag(const h5_tokenizer *t) {
    return t->has_last_start_tag && t->tag_name.len == t->last_start_tag.len &&
           (t->tag_name.len == 0 ||
            memcmp(span_ptr(t, &t->tag_name), t->last_start_tag.data, t->tag_name.len * sizeof(h5_char)) == 0);
}

/* "Emit a U+003C LESS-THAN SIGN character token, a U+002F SOLIDUS character
 * token, and a character token for each of the characters in the temporary
 * buffer (in the order they were added to the buffer)." */
static void emit_lt_slash_temp(h5_tokenizer *t) {
    uint32_t start = t->tok_start;
    emit_chars(t, k_lt_slash, 2, start, start + 2);
    emit_chars(t, t->temp.data, t->temp.len, start + 2, start + 2 + (uint32_t)t->temp.len);
}

/* The end tag name state that an end tag open state switches to ("Create a
 * new end tag token ... Reconsume in the RCDATA end tag name state"). */
static int end_tag_name_state(int open) {
    return open == S_RCDATA_END_TAG_OPEN        ? S_RCDATA_END_TAG_NAME              /* 13.2.5.10 */
           : open == S_RAWTEXT_END_TAG_OPEN     ? S_RAWTEXT_END_TAG_NAME             /* 13.2.5.13 */
           : open == S_SCRIPT_DATA_END_TAG_OPEN ? S_SCRIPT_DATA_END_TAG_NAME         /* 13.2.5.16 */
                                                : S_SCRIPT_DATA_ESCAPED_END_TAG_NAME; /* 13.2.5.24 */
}

/* The state that an end tag open or end tag name state returns to when the
 * end tag is not one ("... Reconsume in the RCDATA state"). */
static int end_tag_text_state(int s) {
    return s == S_RCDATA_END_TAG_OPEN || s == S_RCDATA_END_TAG_NAME             ? S_RCDATA
           : s == S_RAWTEXT_END_TAG_OPEN || s == S_RAWTEXT_END_TAG_NAME         ? S_RAWTEXT
           : s == S_SCRIPT_DATA_END_TAG_OPEN || s == S_SCRIPT_DATA_END_TAG_NAME ? S_SCRIPT_DATA
                                                                                : S_SCRIPT_DATA_ESCAPED;
}

static inline void temp_reset(h5_tokenizer *t) { t->temp.len = 0; }
static inline void temp_push(h5_tokenizer *t, h5_char c) {
    if (!h5_buf_push(&t->temp, c)) t->oom = true;
}
static bool temp_is_script(const h5_tokenizer *t) {
    static const h5_char script[6] = {'s', 'c', 'r', 'i', 'p', 't'};
    return t->temp.len == 6 && memcmp(t->temp.data, script, sizeof script) == 0;
}

/* ------------------------------------------------------------------------ */
/* The state machine.                                                        */

/* c = the next input character; returns from run() when more input is
 * needed.  Printable ASCII, most of what the states read one at a time,
 * needs none of 13.2.3.5's preprocessing: it is read inline, and only the
 * rest goes through next_char() (in wasm a call, measured 3-7% slower). */
#define GET()                                                                    \
    do {                                                                         \
        if (t->pos < t->len && (unsigned)((c = t->in[t->pos]) - 0x20) < 0x5Fu) { \
            t->clen = 1;                                                         \
        } else {                                                                 \
            c = next_char(t);                                                    \
            if (c == NEED) return true;                                          \
        }                                                                        \
    } while (0)

/* A transition between the hot states of a tag, when nothing failed: jump
 * straight to the next state's code, past the loop's checks and its switch
 * (in wasm, 1-3% faster over the corpus; native is unchanged).  Only where
 * no token was emitted, so the tree builder cannot have changed the state
 * or stopped the parse. */
#define GO(S)              \
    t->state = S;          \
    if (t->oom) break;     \
    goto L_##S

/* Each group of states is a function of its own, which loops while the
 * state stays in the group: in wasm, engines compile a function at a time,
 * and smaller functions reach the optimizing tier sooner (the first parse
 * of a fresh process).  run() calls the state's group.  The markup group
 * also has the states that text, tags and attribute values go through
 * often (less-than signs, character references), so that a typical page
 * changes groups rarely. */
#if defined(__GNUC__) || defined(__clang__)
#define GROUP __attribute__((noinline))
#else
#define GROUP
#endif
enum { G_MARKUP, G_TEXT_END_TAGS, G_COMMENTS, G_DOCTYPE, G_OTHER };
static int state_group(int s) {
    if (s >= S_BOGUS_COMMENT && s <= S_COMMENT_END_BANG) return G_COMMENTS;
    if (s >= S_DOCTYPE && s <= S_BOGUS_DOCTYPE) return G_DOCTYPE;
    if (s == S_CDATA_SECTION || (s >= S_CDATA_SECTION_BRACKET && s <= S_PROCESSING_INSTRUCTION_QUESTIONABLE)) return G_OTHER;
    if ((s >= S_RCDATA_END_TAG_OPEN && s <= S_SCRIPT_DATA_DOUBLE_ESCAPE_END) && s != S_RAWTEXT_LESS_THAN_SIGN &&
        s != S_SCRIPT_DATA_LESS_THAN_SIGN)
        return G_TEXT_END_TAGS;
    return G_MARKUP;
}

/* The stop sets of the text states (H5_BOUNDS_ONLY: see the top). */
#ifdef H5_BOUNDS_ONLY
#define SS_DATA_TEXT(t) ((t)->text_bounds ? &SS_TEXT_BOUNDS : &SS_DATA)
#define SS_RCDATA_TEXT (&SS_TEXT_BOUNDS)
#define SS_RAWTEXT_TEXT (&SS_TEXT_BOUNDS)
#else
#define SS_DATA_TEXT(t) (&SS_DATA)
#define SS_RCDATA_TEXT (&SS_DATA)
#define SS_RAWTEXT_TEXT (&SS_RAWTEXT)
#endif

#ifdef H5_BOUNDS_ONLY
/* Whitespace as the attribute states see it (13.2.5.32-40; a CR is a newline). */
static inline bool attr_space(h5_char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'; }

/* Notes an attribute as written: name in[name, name_end), value in[value,
 * value_end) (both name_end: no value), at the offsets the attribute states
 * give it (13.2.5.33: the name ends where the character that leaves the name
 * state is; 13.2.5.35-38: a value in quotes from after its opening quote to
 * its closing one, any other from its first character to the whitespace or
 * `>` after it).  False (the attribute states then take the tag, and report
 * its parse errors) when a name holds U+0000 (made, it holds U+FFFD), repeats
 * an earlier one (compared ASCII case-insensitively, as lowercased names), or
 * is one more than ATTR_LINEAR_MAX (compared without a table); or when out of
 * memory. */
static bool note_attribute(h5_tokenizer *t, size_t name, size_t name_end, size_t value, size_t value_end) {
    const h5_char *in = t->in;
    size_t n = name_end - name;
    for (size_t i = name; i < name_end; i++)
        if (in[i] == 0) return false;
    for (size_t k = 0; k < t->nattrs; k++) {
        const tk_attr *a = &t->attrs[k];
        if (a->name.len != n) continue;
        size_t i = 0;
        while (i < n && h5_to_lower(in[a->name.off + i]) == h5_to_lower(in[name + i])) i++;
        if (i == n) return false;
    }
    if (t->nattrs == ATTR_LINEAR_MAX) return false;
    if (t->nattrs == t->attrs_cap) {
        tk_attr *d = grow_array(t, t->attrs, &t->attrs_cap, t->nattrs + 1, sizeof *d);
        if (!d) return false;
        t->attrs = d;
    }
    tk_attr *a = &t->attrs[t->nattrs++];
    t->attr_slots = t->nattrs;
    a->name = (h5_span){.off = name, .len = n};
    a->value = (h5_span){.off = value, .len = value_end - value};
    a->name_start = t->base + (uint32_t)name;
    a->name_end = t->base + (uint32_t)name_end;
    a->value_start = t->base + (uint32_t)value;
    a->value_end = t->base + (uint32_t)value_end;
    return true;
}

/* The attributes of a start tag, from the character after its name on:
 * steps to the `>` that ends the tag, as 13.2.5.32-40 and 13.2.5.40
 * (self-closing start tag) find it, without the attribute states.  An
 * attribute name runs to whitespace, `/`, `>` or `=` (its first character
 * may be `=`); after `=` and whitespace, a value in quotes runs to the same
 * quote, any other to whitespace or `>`; `/` directly before `>` makes the
 * tag self-closing.  Character references, U+0000 and the like end nothing.
 * With `as_written` (H5_ATTRS_AS_WRITTEN), each attribute is noted as its
 * slices of the input (note_attribute).  True with pos at that `>`; false,
 * pos unchanged and no attribute noted, when the attribute states must take
 * the tag: the buffer ends first, or an attribute note_attribute does not
 * take. */
static bool step_over_attributes(h5_tokenizer *t, bool as_written) {
    const h5_char *in = t->in;
    size_t p = t->pos, e = t->len;
    for (;;) {
        /* before attribute name, after attribute name, after attribute value (quoted) */
        while (p < e && attr_space(in[p])) p++;
        if (p >= e) break;
        if (in[p] == '>') {
            t->pos = p;
            t->clen = 1;
            return true;
        }
        if (in[p] == '/') {
            if (p + 1 >= e) break;
            if (in[p + 1] == '>') {
                t->self_closing = true;
                t->pos = p + 1;
                t->clen = 1;
                return true;
            }
            p++;
            continue;
        }
        /* attribute name */
        size_t name = p++;
        while (p < e && !attr_space(in[p]) && in[p] != '/' && in[p] != '>' && in[p] != '=') p++;
        size_t name_end = p, value = p, value_end = p;
        while (p < e && attr_space(in[p])) p++;
        if (p >= e) break;
        if (in[p] == '=') {
            /* before attribute value */
            p++;
            while (p < e && attr_space(in[p])) p++;
            if (p >= e) break;
            h5_char q = in[p];
            if (q == '"' || q == '\'') {
                size_t close = scan_ordinary(in, p + 1, e, q == '"' ? &SS_DQ_BOUNDS : &SS_SQ_BOUNDS);
                if (close >= e) break;
                value = p + 1;
                value_end = close;
                p = close + 1;
            } else if (q != '>') {
                value = p;
                while (p < e && !attr_space(in[p]) && in[p] != '>') p++;
                value_end = p;
            }
        }
        if (as_written && !note_attribute(t, name, name_end, value, value_end)) break;
    }
    t->nattrs = t->attr_slots = 0;
    return false;
}

/* After a start tag's name and the whitespace after it (13.2.5.8): its attributes read as the sink wants them
 * (attrs_wanted).  True when they were stepped over to the tag's end and the tag emitted; false when the
 * attribute states take them (made, or the step stopped at the buffer's end). */
static bool attributes_stepped(h5_tokenizer *t) {
    if (!t->attrs_wanted || t->tok_type != H5_TOKEN_START_TAG) return false;
    h5_attrs_wanted w = t->attrs_wanted(t->token_ctx, span_str(t, &t->tag_name));
    if (w == H5_ATTRS_MADE || !step_over_attributes(t, w == H5_ATTRS_AS_WRITTEN)) return false;
    close_tag(t);
    return true;
}

static inline bool name_char(h5_char c) { return (h5_char)(c - 'a') < 26 || (h5_char)(c - '0') < 10 || c == '-'; }

/* The tags most markup is made of, from the `<` in the data state (13.2.5.1) on, in one step: a start tag
 * `<name>` or `<name ` + attributes, an end tag `</name>`, where the name is lowercase ASCII letters, digits and
 * `-` (a letter first).  The same token as 13.2.5.6-8 make of it: the name is its slice of the input, and after
 * the whitespace the attributes are read as the tag name state reads them (attributes_stepped); else the before
 * attribute name state takes the tag.  False, and
 * nothing done, for any other tag (upper case, U+0000, CR, `/>`, an end tag with more in it) or where the
 * buffer ends first: the states take it from the `<`. */
static bool tag_lane(h5_tokenizer *t) {
    const h5_char *in = t->in;
    size_t lt = t->pos, e = t->len, name = lt + 1;
    h5_token_type type = H5_TOKEN_START_TAG;
    if (name < e && in[name] == '/') {
        type = H5_TOKEN_END_TAG;
        name++;
    }
    if (name >= e || (h5_char)(in[name] - 'a') >= 26) return false;
    size_t q = name + 1;
    while (q < e && name_char(in[q])) q++;
    if (q >= e) return false;
    h5_char c = in[q];
    if (c != '>' && (type == H5_TOKEN_END_TAG || !(c == ' ' || c == '\n' || c == '\t' || c == '\f'))) return false;
    new_token(t, type);
    t->tok_start = t->base + (uint32_t)lt;
    t->tag_name.off = name;
    t->tag_name.len = q - name;
    t->clen = 1;
    if (c == '>') {
        t->pos = q;
        close_tag(t);
        return true;
    }
    t->pos = q + 1;
    if (!attributes_stepped(t)) t->state = S_BEFORE_ATTRIBUTE_NAME;
    return true;
}
#endif

/* Data and text, tags and attributes, less-than signs, character references (13.2.5.1-9, 12, 15, 32-40, 77-85). */
GROUP static bool run_markup(h5_tokenizer *t) {
    int c;
    for (;;) {
        if (t->oom || t->aborted || t->done) return true;
        switch (t->state) {

        /* 13.2.5.1 Data state */
        case S_DATA:
            if (!text_run(t, SS_DATA_TEXT(t))) break;
            GET();
            if (c == '&') {
                begin_character_reference(t, S_DATA);
            } else if (c == '<') {
#ifdef H5_BOUNDS_ONLY
                if (t->tag_lane && tag_lane(t)) break;
#endif
                t->tok_start = OFF();
                ADV();
                GO(S_TAG_OPEN);
            } else if (c == 0) {
                /* The NUL is emitted as a token of its own. */
                err(t, H5_ERROR_UNEXPECTED_NULL_CHARACTER, OFF());
                emit_chars(t, t->in + t->pos, 1, OFF(), OFF() + 1);
                ADV();
            } else if (c == H5_EOF) {
                emit_eof(t);
            } else {
                emit_cur(t, c);
                ADV();
            }
            break;

        /* 13.2.5.2 RCDATA state */
        case S_RCDATA:
        /* 13.2.5.3 RAWTEXT state */
        case S_RAWTEXT:
        /* 13.2.5.4 Script data state */
        case S_SCRIPT_DATA:
        /* 13.2.5.5 PLAINTEXT state */
        case S_PLAINTEXT: {
            int s = t->state;
            const scan_set *set = s == S_RCDATA      ? SS_RCDATA_TEXT
                                  : s == S_PLAINTEXT ? &SS_PLAINTEXT
                                                     : SS_RAWTEXT_TEXT;
            if (!text_run(t, set)) break;
            GET();
            if (c == '&' && s == S_RCDATA) {
                begin_character_reference(t, S_RCDATA);
            } else if (c == '<' && s != S_PLAINTEXT) {
                t->tok_start = OFF();
                ADV();
                t->state = s == S_RCDATA    ? S_RCDATA_LESS_THAN_SIGN
                           : s == S_RAWTEXT ? S_RAWTEXT_LESS_THAN_SIGN
                                            : S_SCRIPT_DATA_LESS_THAN_SIGN;
            } else if (c == 0) {
                err(t, H5_ERROR_UNEXPECTED_NULL_CHARACTER, OFF());
                emit_chars(t, k_fffd, 1, OFF(), OFF() + 1);
                ADV();
            } else if (c == H5_EOF) {
                emit_eof(t);
            } else {
                emit_cur(t, c);
                ADV();
            }
            break;
        }

        /* 13.2.5.6 Tag open state */
        case S_TAG_OPEN:
        L_S_TAG_OPEN:
            GET();
            if (c == '!') {
                ADV();
                t->state = S_MARKUP_DECLARATION_OPEN;
            } else if (c == '/') {
                ADV();
                GO(S_END_TAG_OPEN);
            } else if (h5_is_ascii_alpha(c)) {
                new_token(t, H5_TOKEN_START_TAG);
                GO(S_TAG_NAME);
            } else if (c == '?') {
                question_mark_after_lt(t);
            } else if (c == H5_EOF) {
                err(t, H5_ERROR_EOF_BEFORE_TAG_NAME, OFF());
                emit_chars(t, k_lt, 1, t->tok_start, t->tok_start + 1);
                emit_eof(t);
            } else {
                err(t, H5_ERROR_INVALID_FIRST_CHARACTER_OF_TAG_NAME, OFF());
                t->state = S_DATA;
                emit_chars(t, k_lt, 1, t->tok_start, t->tok_start + 1);
            }
            break;

        /* 13.2.5.7 End tag open state */
        case S_END_TAG_OPEN:
        L_S_END_TAG_OPEN:
            GET();
            if (h5_is_ascii_alpha(c)) {
                new_token(t, H5_TOKEN_END_TAG);
                GO(S_TAG_NAME);
            } else if (c == '>') {
                err(t, H5_ERROR_MISSING_END_TAG_NAME, OFF());
                ADV();
                t->state = S_DATA;
            } else if (c == H5_EOF) {
                err(t, H5_ERROR_EOF_BEFORE_TAG_NAME, OFF());
                emit_chars(t, k_lt_slash, 2, t->tok_start, t->tok_start + 2);
                emit_eof(t);
            } else {
                err(t, H5_ERROR_INVALID_FIRST_CHARACTER_OF_TAG_NAME, OFF());
                new_token(t, H5_TOKEN_COMMENT);
                t->state = S_BOGUS_COMMENT;
            }
            break;

        /* 13.2.5.8 Tag name state */
        case S_TAG_NAME:
        L_S_TAG_NAME:
            span_run(t, &t->tag_name, &SS_TAG_NAME);
            GET();
            if (h5_is_space(c)) {
                ADV();
#ifdef H5_BOUNDS_ONLY
                if (attributes_stepped(t)) break;
#endif
                GO(S_BEFORE_ATTRIBUTE_NAME);
            } else if (c == '/') {
                ADV();
                t->state = S_SELF_CLOSING_START_TAG;
            } else if (c == '>') {
                close_tag(t);
            } else if (c == 0) {
                err(t, H5_ERROR_UNEXPECTED_NULL_CHARACTER, OFF());
                span_add_char(t, &t->tag_name, H5_FFFD);
                ADV();
            } else if (c == H5_EOF) {
                tag_eof(t);
            } else {
                span_add_cur(t, &t->tag_name, h5_to_lower(c));
                ADV();
            }
            break;

        /* 13.2.5.9 RCDATA less-than sign state
         * 13.2.5.12 RAWTEXT less-than sign state */
        case S_RCDATA_LESS_THAN_SIGN:
        case S_RAWTEXT_LESS_THAN_SIGN: {
            bool rc = t->state == S_RCDATA_LESS_THAN_SIGN;
            GET();
            if (c == '/') {
                temp_reset(t);
                ADV();
                t->state = rc ? S_RCDATA_END_TAG_OPEN : S_RAWTEXT_END_TAG_OPEN;
            } else {
                t->state = rc ? S_RCDATA : S_RAWTEXT;
                emit_chars(t, k_lt, 1, t->tok_start, t->tok_start + 1);
            }
            break;
        }

        /* 13.2.5.15 Script data less-than sign state */
        case S_SCRIPT_DATA_LESS_THAN_SIGN:
            GET();
            if (c == '/') {
                temp_reset(t);
                ADV();
                t->state = S_SCRIPT_DATA_END_TAG_OPEN;
            } else if (c == '!') {
                ADV();
                t->state = S_SCRIPT_DATA_ESCAPE_START;
                emit_chars(t, k_lt_bang, 2, t->tok_start, t->tok_start + 2);
            } else {
                t->state = S_SCRIPT_DATA;
                emit_chars(t, k_lt, 1, t->tok_start, t->tok_start + 1);
            }
            break;

        /* 13.2.5.32 Before attribute name state */
        case S_BEFORE_ATTRIBUTE_NAME:
        L_S_BEFORE_ATTRIBUTE_NAME:
            GET();
            while (h5_is_space(c)) {
                ADV();
                GET();
            }
            if (c == '/' || c == '>' || c == H5_EOF) {
                t->state = S_AFTER_ATTRIBUTE_NAME;
            } else if (c == '=') {
                err(t, H5_ERROR_UNEXPECTED_EQUALS_SIGN_BEFORE_ATTRIBUTE_NAME, OFF());
                start_attribute(t, OFF());
                if (t->oom) break;
                span_add_input(t, &cur_attr(t)->name, t->pos, 1);
                ADV();
                t->state = S_ATTRIBUTE_NAME;
            } else {
                start_attribute(t, OFF());
                GO(S_ATTRIBUTE_NAME);
            }
            break;

        /* 13.2.5.33 Attribute name state */
        case S_ATTRIBUTE_NAME:
        L_S_ATTRIBUTE_NAME:
            span_run(t, &cur_attr(t)->name, &SS_ATTR_NAME);
            GET();
            if (h5_is_space(c) || c == '/' || c == '>' || c == H5_EOF) {
                leave_attribute_name(t, OFF());
                t->state = S_AFTER_ATTRIBUTE_NAME;
            } else if (c == '=') {
                leave_attribute_name(t, OFF());
                ADV();
                GO(S_BEFORE_ATTRIBUTE_VALUE);
            } else if (c == 0) {
                err(t, H5_ERROR_UNEXPECTED_NULL_CHARACTER, OFF());
                span_add_char(t, &cur_attr(t)->name, H5_FFFD);
                ADV();
            } else {
                if (c == '"' || c == '\'' || c == '<')
                    err(t, H5_ERROR_UNEXPECTED_CHARACTER_IN_ATTRIBUTE_NAME, OFF());
                span_add_cur(t, &cur_attr(t)->name, h5_to_lower(c));
                ADV();
            }
            break;

        /* 13.2.5.34 After attribute name state */
        case S_AFTER_ATTRIBUTE_NAME:
            GET();
            while (h5_is_space(c)) {
                ADV();
                GET();
            }
            if (c == '/') {
                ADV();
                t->state = S_SELF_CLOSING_START_TAG;
            } else if (c == '=') {
                ADV();
                t->state = S_BEFORE_ATTRIBUTE_VALUE;
            } else if (c == '>') {
                close_tag(t);
            } else if (c == H5_EOF) {
                tag_eof(t);
            } else {
                start_attribute(t, OFF());
                t->state = S_ATTRIBUTE_NAME;
            }
            break;

        /* 13.2.5.35 Before attribute value state */
        case S_BEFORE_ATTRIBUTE_VALUE:
        L_S_BEFORE_ATTRIBUTE_VALUE:
            GET();
            while (h5_is_space(c)) {
                ADV();
                GET();
            }
            if (c == '"' || c == '\'') {
                ADV();
                cur_attr(t)->value_start = cur_attr(t)->value_end = OFF();
                if (c == '"') {
                    GO(S_ATTRIBUTE_VALUE_DOUBLE_QUOTED);
                }
                GO(S_ATTRIBUTE_VALUE_SINGLE_QUOTED);
            } else if (c == '>') {
                err(t, H5_ERROR_MISSING_ATTRIBUTE_VALUE, OFF());
                close_tag(t);
            } else {
                cur_attr(t)->value_start = cur_attr(t)->value_end = OFF();
                t->state = S_ATTRIBUTE_VALUE_UNQUOTED;
            }
            break;

        /* 13.2.5.36 Attribute value (double-quoted) state
         * 13.2.5.37 Attribute value (single-quoted) state */
        case S_ATTRIBUTE_VALUE_DOUBLE_QUOTED:
        case S_ATTRIBUTE_VALUE_SINGLE_QUOTED:
        L_S_ATTRIBUTE_VALUE_DOUBLE_QUOTED:
        L_S_ATTRIBUTE_VALUE_SINGLE_QUOTED: {
            int s = t->state;
            int quote = s == S_ATTRIBUTE_VALUE_DOUBLE_QUOTED ? '"' : '\'';
            span_run(t, &cur_attr(t)->value, quote == '"' ? &SS_ATTR_DQ : &SS_ATTR_SQ);
            GET();
            if (c == quote) {
                cur_attr(t)->value_end = OFF();
                ADV();
                GO(S_AFTER_ATTRIBUTE_VALUE_QUOTED);
            } else if (c == '&') {
                begin_character_reference(t, s);
            } else if (c == 0) {
                err(t, H5_ERROR_UNEXPECTED_NULL_CHARACTER, OFF());
                span_add_char(t, &cur_attr(t)->value, H5_FFFD);
                ADV();
            } else if (c == H5_EOF) {
                tag_eof(t);
            } else {
                span_add_cur(t, &cur_attr(t)->value, c);
                ADV();
            }
            break;
        }

        /* 13.2.5.38 Attribute value (unquoted) state */
        case S_ATTRIBUTE_VALUE_UNQUOTED:
            span_run(t, &cur_attr(t)->value, &SS_ATTR_UNQUOTED);
            GET();
            if (h5_is_space(c)) {
                cur_attr(t)->value_end = OFF();
                ADV();
                t->state = S_BEFORE_ATTRIBUTE_NAME;
            } else if (c == '&') {
                begin_character_reference(t, S_ATTRIBUTE_VALUE_UNQUOTED);
            } else if (c == '>') {
                cur_attr(t)->value_end = OFF();
                close_tag(t);
            } else if (c == 0) {
                err(t, H5_ERROR_UNEXPECTED_NULL_CHARACTER, OFF());
                span_add_char(t, &cur_attr(t)->value, H5_FFFD);
                ADV();
            } else if (c == H5_EOF) {
                tag_eof(t);
            } else {
                if (c == '"' || c == '\'' || c == '<' || c == '=' || c == '`')
                    err(t, H5_ERROR_UNEXPECTED_CHARACTER_IN_UNQUOTED_ATTRIBUTE_VALUE, OFF());
                span_add_cur(t, &cur_attr(t)->value, c);
                ADV();
            }
            break;

        /* 13.2.5.39 After attribute value (quoted) state */
        case S_AFTER_ATTRIBUTE_VALUE_QUOTED:
        L_S_AFTER_ATTRIBUTE_VALUE_QUOTED:
            GET();
            if (h5_is_space(c)) {
                ADV();
                GO(S_BEFORE_ATTRIBUTE_NAME);
            } else if (c == '/') {
                ADV();
                t->state = S_SELF_CLOSING_START_TAG;
            } else if (c == '>') {
                close_tag(t);
            } else if (c == H5_EOF) {
                tag_eof(t);
            } else {
                err(t, H5_ERROR_MISSING_WHITESPACE_BETWEEN_ATTRIBUTES, OFF());
                t->state = S_BEFORE_ATTRIBUTE_NAME;
            }
            break;

        /* 13.2.5.40 Self-closing start tag state */
        case S_SELF_CLOSING_START_TAG:
            GET();
            if (c == '>') {
                t->self_closing = true;
                close_tag(t);
            } else if (c == H5_EOF) {
                tag_eof(t);
            } else {
                err(t, H5_ERROR_UNEXPECTED_SOLIDUS_IN_TAG, OFF());
                t->state = S_BEFORE_ATTRIBUTE_NAME;
            }
            break;

        /* 13.2.5.77 Character reference state */
        case S_CHARACTER_REFERENCE:
            temp_reset(t);
            temp_push(t, '&');
            GET();
            if (h5_is_ascii_alnum(c)) {
                t->state = S_NAMED_CHARACTER_REFERENCE;
            } else if (c == '#') {
                temp_push(t, '#');
                ADV();
                t->state = S_NUMERIC_CHARACTER_REFERENCE;
            } else {
                t->state = t->return_state;
                flush_ampersand(t);
            }
            break;

        /* 13.2.5.78 Named character reference state */
        case S_NAMED_CHARACTER_REFERENCE: {
            h5_charref_match m;
            h5_charref_result r = h5_charref_match_named(t->in + t->pos, t->len - t->pos, t->eof, &m);
            if (r == H5_CHARREF_NEED_MORE) return true;
            if (r == H5_CHARREF_NONE) {
                t->state = S_AMBIGUOUS_AMPERSAND;
                flush_ampersand(t);
                break;
            }
            size_t after = t->pos + m.len;
            bool semicolon = m.semicolon;
            if (!semicolon && after >= t->len && !t->eof) return true; /* need the next character */
            int next = after < t->len ? t->in[after] : H5_EOF;
            uint32_t end = t->base + (uint32_t)after;
            if (in_attribute(t) && !semicolon && (next == '=' || h5_is_ascii_alnum(next))) {
                /* "for historical reasons, flush code points consumed as a
                 * character reference": the text stays as it is. */
                t->state = t->return_state;
                flush_ampersand(t);
                span_add_input(t, &cur_attr(t)->value, t->pos, m.len);
                t->pos = after;
                break;
            }
            if (!semicolon) err(t, H5_ERROR_MISSING_SEMICOLON_AFTER_CHARACTER_REFERENCE, end);
            t->pos = after;
            t->state = t->return_state;
            flush_value(t, m.value, m.value_len, end);
            break;
        }

        /* 13.2.5.79 Ambiguous ampersand state */
        case S_AMBIGUOUS_AMPERSAND:
            GET();
            if (h5_is_ascii_alnum(c)) {
                /* A run of alphanumerics at once. */
                size_t p = t->pos + 1;
                while (p < t->len && h5_is_ascii_alnum(t->in[p])) p++;
                if (in_attribute(t)) span_add_input(t, &cur_attr(t)->value, t->pos, p - t->pos);
                else emit_chars(t, t->in + t->pos, p - t->pos, OFF(), t->base + (uint32_t)p);
                t->pos = p;
            } else {
                if (c == ';') err(t, H5_ERROR_UNKNOWN_NAMED_CHARACTER_REFERENCE, OFF());
                t->state = t->return_state;
            }
            break;

        /* 13.2.5.80 Numeric character reference state */
        case S_NUMERIC_CHARACTER_REFERENCE:
            t->charref_code = 0;
            GET();
            if (c == 'x' || c == 'X') {
                temp_push(t, (h5_char)c);
                ADV();
                t->state = S_HEXADECIMAL_CHARACTER_REFERENCE_START;
            } else {
                t->state = S_DECIMAL_CHARACTER_REFERENCE_START;
            }
            break;

        /* 13.2.5.81 Hexadecimal character reference start state
         * 13.2.5.82 Decimal character reference start state */
        case S_HEXADECIMAL_CHARACTER_REFERENCE_START:
        case S_DECIMAL_CHARACTER_REFERENCE_START: {
            bool hex = t->state == S_HEXADECIMAL_CHARACTER_REFERENCE_START;
            GET();
            if (hex ? h5_is_ascii_hex(c) : h5_is_ascii_digit(c)) {
                t->state = hex ? S_HEXADECIMAL_CHARACTER_REFERENCE : S_DECIMAL_CHARACTER_REFERENCE;
            } else {
                err(t, H5_ERROR_ABSENCE_OF_DIGITS_IN_NUMERIC_CHARACTER_REFERENCE, OFF());
                t->state = t->return_state;
                flush_units(t, t->temp.data, t->temp.len, OFF());
            }
            break;
        }

        /* 13.2.5.83 Hexadecimal character reference state
         * 13.2.5.84 Decimal character reference state */
        case S_HEXADECIMAL_CHARACTER_REFERENCE:
        case S_DECIMAL_CHARACTER_REFERENCE: {
            bool hex = t->state == S_HEXADECIMAL_CHARACTER_REFERENCE;
            for (;;) {
                GET();
                uint32_t d;
                if (h5_is_ascii_digit(c)) d = (uint32_t)(c - '0');
                else if (hex && h5_is_ascii_hex(c)) d = (uint32_t)((c | 0x20) - 'a' + 10);
                else break;
                /* Saturate above 0x10FFFF: the result is the same error. */
                t->charref_code = t->charref_code * (hex ? 16u : 10u) + d;
                if (t->charref_code > 0x10FFFF) t->charref_code = 0x110000;
                ADV();
            }
            if (c == ';') {
                ADV();
            } else {
                err(t, H5_ERROR_MISSING_SEMICOLON_AFTER_CHARACTER_REFERENCE, OFF());
            }
            t->state = S_NUMERIC_CHARACTER_REFERENCE_END;
            break;
        }

        /* 13.2.5.85 Numeric character reference end state */
        case S_NUMERIC_CHARACTER_REFERENCE_END: {
            h5_error_code e;
            uint32_t cp = h5_charref_numeric_value(t->charref_code, &e);
            if (e != H5_ERROR_NONE) err(t, e, OFF());
            h5_char u[H5_CP_UNITS];
            size_t n = h5_encode_cp(cp, u);
            t->state = t->return_state;
            flush_units(t, u, n, OFF());
            break;
        }

        default:
            if (state_group(t->state) != G_MARKUP) return false; /* a state of another group */
            /* Unreachable: every state is handled in its group. */
            t->state = S_DATA;
            break;
        }
    }
}

/* The end tags of RCDATA, RAWTEXT and script data; script data escapes (13.2.5.10-11, 13-14, 16-31). */
GROUP static bool run_text_end_tags(h5_tokenizer *t) {
    int c;
    for (;;) {
        if (t->oom || t->aborted || t->done) return true;
        switch (t->state) {

        /* 13.2.5.10 RCDATA end tag open state
         * 13.2.5.13 RAWTEXT end tag open state
         * 13.2.5.16 Script data end tag open state
         * 13.2.5.24 Script data escaped end tag open state */
        case S_RCDATA_END_TAG_OPEN:
        case S_RAWTEXT_END_TAG_OPEN:
        case S_SCRIPT_DATA_END_TAG_OPEN:
        case S_SCRIPT_DATA_ESCAPED_END_TAG_OPEN: {
            int s = t->state;
            GET();
            if (h5_is_ascii_alpha(c)) {
                new_token(t, H5_TOKEN_END_TAG);
                t->state = end_tag_name_state(s);
            } else {
                t->state = end_tag_text_state(s);
                emit_chars(t, k_lt_slash, 2, t->tok_start, t->tok_start + 2);
            }
            break;
        }

        /* 13.2.5.11 RCDATA end tag name state
         * 13.2.5.14 RAWTEXT end tag name state
         * 13.2.5.17 Script data end tag name state
         * 13.2.5.25 Script data escaped end tag name state */
        case S_RCDATA_END_TAG_NAME:
        case S_RAWTEXT_END_TAG_NAME:
        case S_SCRIPT_DATA_END_TAG_NAME:
        case S_SCRIPT_DATA_ESCAPED_END_TAG_NAME: {
            int s = t->state;
            GET();
            if (h5_is_ascii_alpha(c)) {
                span_add_cur(t, &t->tag_name, h5_to_lower(c));
                temp_push(t, (h5_char)c);
                ADV();
                break;
            }
            if ((h5_is_space(c) || c == '/' || c == '>') && appropriate_end_tag(t)) {
                if (c == '>') {
                    close_tag(t);
                } else {
                    ADV();
                    t->state = c == '/' ? S_SELF_CLOSING_START_TAG : S_BEFORE_ATTRIBUTE_NAME;
                }
                break;
            }
            t->state = end_tag_text_state(s);
            emit_lt_slash_temp(t);
            break;
        }

        /* 13.2.5.18 Script data escape start state
         * 13.2.5.19 Script data escape start dash state */
        case S_SCRIPT_DATA_ESCAPE_START:
        case S_SCRIPT_DATA_ESCAPE_START_DASH:
            GET();
            if (c == '-') {
                t->state = t->state == S_SCRIPT_DATA_ESCAPE_START ? S_SCRIPT_DATA_ESCAPE_START_DASH
                                                                  : S_SCRIPT_DATA_ESCAPED_DASH_DASH;
                emit_cur(t, c);
                ADV();
            } else {
                t->state = S_SCRIPT_DATA;
            }
            break;

        /* 13.2.5.20 Script data escaped state
         * 13.2.5.27 Script data double escaped state
         * (their runs of text; then as the dash states) */
        case S_SCRIPT_DATA_ESCAPED:
        case S_SCRIPT_DATA_DOUBLE_ESCAPED:
        /* 13.2.5.21 Script data escaped dash state
         * 13.2.5.22 Script data escaped dash dash state
         * 13.2.5.28 Script data double escaped dash state
         * 13.2.5.29 Script data double escaped dash dash state */
        case S_SCRIPT_DATA_ESCAPED_DASH:
        case S_SCRIPT_DATA_ESCAPED_DASH_DASH:
        case S_SCRIPT_DATA_DOUBLE_ESCAPED_DASH:
        case S_SCRIPT_DATA_DOUBLE_ESCAPED_DASH_DASH: {
            int s = t->state;
            bool dbl = s == S_SCRIPT_DATA_DOUBLE_ESCAPED || s == S_SCRIPT_DATA_DOUBLE_ESCAPED_DASH ||
                       s == S_SCRIPT_DATA_DOUBLE_ESCAPED_DASH_DASH;
            int text = dbl ? S_SCRIPT_DATA_DOUBLE_ESCAPED : S_SCRIPT_DATA_ESCAPED;
            if (s == text && !text_run(t, &SS_SCRIPT_ESCAPED)) break;
            GET();
            if (c == '-') {
                /* From the (double) escaped state to its dash state; from
                 * either dash state to (or staying in) the dash dash state. */
                if (s == text) t->state = dbl ? S_SCRIPT_DATA_DOUBLE_ESCAPED_DASH : S_SCRIPT_DATA_ESCAPED_DASH;
                else t->state = dbl ? S_SCRIPT_DATA_DOUBLE_ESCAPED_DASH_DASH : S_SCRIPT_DATA_ESCAPED_DASH_DASH;
                emit_cur(t, c);
                ADV();
            } else if (c == '<') {
                if (dbl) {
                    t->state = S_SCRIPT_DATA_DOUBLE_ESCAPED_LESS_THAN_SIGN;
                    emit_cur(t, c);
                } else {
                    t->tok_start = OFF();
                    t->state = S_SCRIPT_DATA_ESCAPED_LESS_THAN_SIGN;
                }
                ADV();
            } else if (c == '>' && (s == S_SCRIPT_DATA_ESCAPED_DASH_DASH || s == S_SCRIPT_DATA_DOUBLE_ESCAPED_DASH_DASH)) {
                t->state = S_SCRIPT_DATA;
                emit_cur(t, c);
                ADV();
            } else if (c == 0) {
                err(t, H5_ERROR_UNEXPECTED_NULL_CHARACTER, OFF());
                t->state = text;
                emit_chars(t, k_fffd, 1, OFF(), OFF() + 1);
                ADV();
            } else if (c == H5_EOF) {
                err(t, H5_ERROR_EOF_IN_SCRIPT_HTML_COMMENT_LIKE_TEXT, OFF());
                emit_eof(t);
            } else {
                t->state = text;
                emit_cur(t, c);
                ADV();
            }
            break;
        }

        /* 13.2.5.23 Script data escaped less-than sign state */
        case S_SCRIPT_DATA_ESCAPED_LESS_THAN_SIGN:
            GET();
            if (c == '/') {
                temp_reset(t);
                ADV();
                t->state = S_SCRIPT_DATA_ESCAPED_END_TAG_OPEN;
            } else if (h5_is_ascii_alpha(c)) {
                temp_reset(t);
                t->state = S_SCRIPT_DATA_DOUBLE_ESCAPE_START;
                emit_chars(t, k_lt, 1, t->tok_start, t->tok_start + 1);
            } else {
                t->state = S_SCRIPT_DATA_ESCAPED;
                emit_chars(t, k_lt, 1, t->tok_start, t->tok_start + 1);
            }
            break;

        /* 13.2.5.26 Script data double escape start state
         * 13.2.5.31 Script data double escape end state */
        case S_SCRIPT_DATA_DOUBLE_ESCAPE_START:
        case S_SCRIPT_DATA_DOUBLE_ESCAPE_END: {
            bool start = t->state == S_SCRIPT_DATA_DOUBLE_ESCAPE_START;
            GET();
            if (h5_is_space(c) || c == '/' || c == '>') {
                if (temp_is_script(t) == start) t->state = S_SCRIPT_DATA_DOUBLE_ESCAPED;
                else t->state = S_SCRIPT_DATA_ESCAPED;
                emit_cur(t, c);
                ADV();
            } else if (h5_is_ascii_alpha(c)) {
                temp_push(t, (h5_char)h5_to_lower(c));
                emit_cur(t, c);
                ADV();
            } else {
                t->state = start ? S_SCRIPT_DATA_ESCAPED : S_SCRIPT_DATA_DOUBLE_ESCAPED;
            }
            break;
        }

        /* 13.2.5.30 Script data double escaped less-than sign state */
        case S_SCRIPT_DATA_DOUBLE_ESCAPED_LESS_THAN_SIGN:
            GET();
            if (c == '/') {
                temp_reset(t);
                t->state = S_SCRIPT_DATA_DOUBLE_ESCAPE_END;
                emit_cur(t, c);
                ADV();
            } else {
                t->state = S_SCRIPT_DATA_DOUBLE_ESCAPED;
            }
            break;

        default:
            return false; /* a state of another group */
        }
    }
}

/* Bogus comments, markup declarations and comments (13.2.5.41-52). */
GROUP static bool run_comments(h5_tokenizer *t) {
    int c;
    for (;;) {
        if (t->oom || t->aborted || t->done) return true;
        switch (t->state) {

        /* 13.2.5.41 Bogus comment state */
        case S_BOGUS_COMMENT:
            span_run(t, &t->comment, &SS_BOGUS_COMMENT);
            GET();
            if (c == '>') {
                close_comment(t);
            } else if (c == H5_EOF) {
                emit_comment(t, OFF());
                emit_eof(t);
            } else if (c == 0) {
                err(t, H5_ERROR_UNEXPECTED_NULL_CHARACTER, OFF());
                span_add_char(t, &t->comment, H5_FFFD);
                ADV();
            } else {
                span_add_cur(t, &t->comment, c);
                ADV();
            }
            break;

        /* 13.2.5.42 Markup declaration open state */
        case S_MARKUP_DECLARATION_OPEN: {
            int m = lookahead(t, "--", false);
            if (m == LA_NEED) return true;
            if (m == LA_YES) {
                t->pos += 2;
                new_token(t, H5_TOKEN_COMMENT);
                t->state = S_COMMENT_START;
                break;
            }
            m = lookahead(t, "doctype", true);
            if (m == LA_NEED) return true;
            if (m == LA_YES) {
                t->pos += 7;
                new_token(t, H5_TOKEN_DOCTYPE);
                t->state = S_DOCTYPE;
                break;
            }
            m = lookahead(t, "[CDATA[", false);
            if (m == LA_NEED) return true;
            if (m == LA_YES) {
                t->pos += 7;
                if (t->cdata_allowed && t->cdata_allowed(t->token_ctx)) {
                    t->state = S_CDATA_SECTION;
                } else {
                    /* At the current input character: the last '['. */
                    err(t, H5_ERROR_CDATA_IN_HTML_CONTENT, OFF() - 1);
                    new_token(t, H5_TOKEN_COMMENT);
                    span_add_recent(t, &t->comment, "[CDATA[", 7, 7);
                    t->state = S_BOGUS_COMMENT;
                }
                break;
            }
            /* Report an input stream error of the next character first, as
             * the bogus comment state would. */
            GET();
            err(t, H5_ERROR_INCORRECTLY_OPENED_COMMENT, OFF());
            new_token(t, H5_TOKEN_COMMENT);
            t->state = S_BOGUS_COMMENT;
            break;
        }

        /* 13.2.5.43 Comment start state */
        case S_COMMENT_START:
            GET();
            if (c == '-') {
                ADV();
                t->state = S_COMMENT_START_DASH;
            } else if (c == '>') {
                err(t, H5_ERROR_ABRUPT_CLOSING_OF_EMPTY_COMMENT, OFF());
                close_comment(t);
            } else {
                t->state = S_COMMENT;
            }
            break;

        /* 13.2.5.44 Comment start dash state */
        case S_COMMENT_START_DASH:
            GET();
            if (c == '-') {
                ADV();
                t->state = S_COMMENT_END;
            } else if (c == '>') {
                err(t, H5_ERROR_ABRUPT_CLOSING_OF_EMPTY_COMMENT, OFF());
                close_comment(t);
            } else if (c == H5_EOF) {
                comment_eof(t);
            } else {
                span_add_recent(t, &t->comment, "-", 1, 1);
                t->state = S_COMMENT;
            }
            break;

        /* 13.2.5.45 Comment state */
        case S_COMMENT:
            span_run(t, &t->comment, &SS_COMMENT);
            GET();
            if (c == '<') {
                span_add_input(t, &t->comment, t->pos, 1);
                ADV();
                t->state = S_COMMENT_LESS_THAN_SIGN;
            } else if (c == '-') {
                ADV();
                t->state = S_COMMENT_END_DASH;
            } else if (c == 0) {
                err(t, H5_ERROR_UNEXPECTED_NULL_CHARACTER, OFF());
                span_add_char(t, &t->comment, H5_FFFD);
                ADV();
            } else if (c == H5_EOF) {
                comment_eof(t);
            } else {
                span_add_cur(t, &t->comment, c);
                ADV();
            }
            break;

        /* 13.2.5.46 Comment less-than sign state */
        case S_COMMENT_LESS_THAN_SIGN:
            GET();
            if (c == '!') {
                span_add_input(t, &t->comment, t->pos, 1);
                ADV();
                t->state = S_COMMENT_LESS_THAN_SIGN_BANG;
            } else if (c == '<') {
                span_add_input(t, &t->comment, t->pos, 1);
                ADV();
            } else {
                t->state = S_COMMENT;
            }
            break;

        /* 13.2.5.47 Comment less-than sign bang state
         * 13.2.5.48 Comment less-than sign bang dash state */
        case S_COMMENT_LESS_THAN_SIGN_BANG:
        case S_COMMENT_LESS_THAN_SIGN_BANG_DASH: {
            bool bang = t->state == S_COMMENT_LESS_THAN_SIGN_BANG;
            GET();
            if (c == '-') {
                ADV();
                t->state = bang ? S_COMMENT_LESS_THAN_SIGN_BANG_DASH : S_COMMENT_LESS_THAN_SIGN_BANG_DASH_DASH;
            } else {
                t->state = bang ? S_COMMENT : S_COMMENT_END_DASH;
            }
            break;
        }

        /* 13.2.5.49 Comment less-than sign bang dash dash state */
        case S_COMMENT_LESS_THAN_SIGN_BANG_DASH_DASH:
            GET();
            if (c != '>' && c != H5_EOF) err(t, H5_ERROR_NESTED_COMMENT, OFF());
            t->state = S_COMMENT_END;
            break;

        /* 13.2.5.50 Comment end dash state */
        case S_COMMENT_END_DASH:
            GET();
            if (c == '-') {
                ADV();
                t->state = S_COMMENT_END;
            } else if (c == H5_EOF) {
                comment_eof(t);
            } else {
                span_add_recent(t, &t->comment, "-", 1, 1);
                t->state = S_COMMENT;
            }
            break;

        /* 13.2.5.51 Comment end state */
        case S_COMMENT_END:
            GET();
            if (c == '>') {
                close_comment(t);
            } else if (c == '!') {
                ADV();
                t->state = S_COMMENT_END_BANG;
            } else if (c == '-') {
                /* The first of the two dashes seen is data. */
                span_add_recent(t, &t->comment, "-", 1, 2);
                ADV();
            } else if (c == H5_EOF) {
                comment_eof(t);
            } else {
                span_add_recent(t, &t->comment, "--", 2, 2);
                t->state = S_COMMENT;
            }
            break;

        /* 13.2.5.52 Comment end bang state */
        case S_COMMENT_END_BANG:
            GET();
            if (c == '-') {
                span_add_recent(t, &t->comment, "--!", 3, 3);
                ADV();
                t->state = S_COMMENT_END_DASH;
            } else if (c == '>') {
                err(t, H5_ERROR_INCORRECTLY_CLOSED_COMMENT, OFF());
                close_comment(t);
            } else if (c == H5_EOF) {
                comment_eof(t);
            } else {
                span_add_recent(t, &t->comment, "--!", 3, 3);
                t->state = S_COMMENT;
            }
            break;

        default:
            return false; /* a state of another group */
        }
    }
}

/* DOCTYPE (13.2.5.53-68). */
GROUP static bool run_doctype(h5_tokenizer *t) {
    int c;
    for (;;) {
        if (t->oom || t->aborted || t->done) return true;
        switch (t->state) {

        /* 13.2.5.53 DOCTYPE state */
        case S_DOCTYPE:
            GET();
            if (h5_is_space(c)) {
                ADV();
                t->state = S_BEFORE_DOCTYPE_NAME;
            } else if (c == '>') {
                t->state = S_BEFORE_DOCTYPE_NAME;
            } else if (c == H5_EOF) {
                doctype_eof(t);
            } else {
                err(t, H5_ERROR_MISSING_WHITESPACE_BEFORE_DOCTYPE_NAME, OFF());
                t->state = S_BEFORE_DOCTYPE_NAME;
            }
            break;

        /* 13.2.5.54 Before DOCTYPE name state */
        case S_BEFORE_DOCTYPE_NAME:
            GET();
            while (h5_is_space(c)) {
                ADV();
                GET();
            }
            if (c == 0) {
                err(t, H5_ERROR_UNEXPECTED_NULL_CHARACTER, OFF());
                t->dt_has_name = true;
                span_add_char(t, &t->dt_name, H5_FFFD);
                ADV();
                t->state = S_DOCTYPE_NAME;
            } else if (c == '>') {
                err(t, H5_ERROR_MISSING_DOCTYPE_NAME, OFF());
                t->dt_force_quirks = true;
                close_doctype(t);
            } else if (c == H5_EOF) {
                doctype_eof(t);
            } else {
                t->dt_has_name = true;
                span_add_cur(t, &t->dt_name, h5_to_lower(c));
                ADV();
                t->state = S_DOCTYPE_NAME;
            }
            break;

        /* 13.2.5.55 DOCTYPE name state */
        case S_DOCTYPE_NAME:
            span_run(t, &t->dt_name, &SS_DOCTYPE_NAME);
            GET();
            if (h5_is_space(c)) {
                ADV();
                t->state = S_AFTER_DOCTYPE_NAME;
            } else if (c == '>') {
                close_doctype(t);
            } else if (c == 0) {
                err(t, H5_ERROR_UNEXPECTED_NULL_CHARACTER, OFF());
                span_add_char(t, &t->dt_name, H5_FFFD);
                ADV();
            } else if (c == H5_EOF) {
                doctype_eof(t);
            } else {
                span_add_cur(t, &t->dt_name, h5_to_lower(c));
                ADV();
            }
            break;

        /* 13.2.5.56 After DOCTYPE name state */
        case S_AFTER_DOCTYPE_NAME: {
            GET();
            while (h5_is_space(c)) {
                ADV();
                GET();
            }
            if (c == '>') {
                close_doctype(t);
                break;
            }
            if (c == H5_EOF) {
                doctype_eof(t);
                break;
            }
            int m = lookahead(t, "public", true);
            if (m == LA_NEED) return true;
            if (m == LA_YES) {
                t->pos += 6;
                t->state = S_AFTER_DOCTYPE_PUBLIC_KEYWORD;
                break;
            }
            m = lookahead(t, "system", true);
            if (m == LA_NEED) return true;
            if (m == LA_YES) {
                t->pos += 6;
                t->state = S_AFTER_DOCTYPE_SYSTEM_KEYWORD;
                break;
            }
            err(t, H5_ERROR_INVALID_CHARACTER_SEQUENCE_AFTER_DOCTYPE_NAME, OFF());
            t->dt_force_quirks = true;
            t->state = S_BOGUS_DOCTYPE;
            break;
        }

        /* 13.2.5.57 After DOCTYPE public keyword state
         * 13.2.5.63 After DOCTYPE system keyword state */
        case S_AFTER_DOCTYPE_PUBLIC_KEYWORD:
        case S_AFTER_DOCTYPE_SYSTEM_KEYWORD: {
            bool pub = t->state == S_AFTER_DOCTYPE_PUBLIC_KEYWORD;
            GET();
            if (h5_is_space(c)) {
                ADV();
                t->state = pub ? S_BEFORE_DOCTYPE_PUBLIC_IDENTIFIER : S_BEFORE_DOCTYPE_SYSTEM_IDENTIFIER;
            } else {
                if (c == '"' || c == '\'')
                    err(t, pub ? H5_ERROR_MISSING_WHITESPACE_AFTER_DOCTYPE_PUBLIC_KEYWORD
                               : H5_ERROR_MISSING_WHITESPACE_AFTER_DOCTYPE_SYSTEM_KEYWORD,
                        OFF());
                doctype_identifier_start(t, c, pub);
            }
            break;
        }

        /* 13.2.5.58 Before DOCTYPE public identifier state
         * 13.2.5.64 Before DOCTYPE system identifier state */
        case S_BEFORE_DOCTYPE_PUBLIC_IDENTIFIER:
        case S_BEFORE_DOCTYPE_SYSTEM_IDENTIFIER: {
            bool pub = t->state == S_BEFORE_DOCTYPE_PUBLIC_IDENTIFIER;
            GET();
            while (h5_is_space(c)) {
                ADV();
                GET();
            }
            doctype_identifier_start(t, c, pub);
            break;
        }

        /* 13.2.5.59 DOCTYPE public identifier (double-quoted) state
         * 13.2.5.60 DOCTYPE public identifier (single-quoted) state
         * 13.2.5.65 DOCTYPE system identifier (double-quoted) state
         * 13.2.5.66 DOCTYPE system identifier (single-quoted) state */
        case S_DOCTYPE_PUBLIC_IDENTIFIER_DOUBLE_QUOTED:
        case S_DOCTYPE_PUBLIC_IDENTIFIER_SINGLE_QUOTED:
        case S_DOCTYPE_SYSTEM_IDENTIFIER_DOUBLE_QUOTED:
        case S_DOCTYPE_SYSTEM_IDENTIFIER_SINGLE_QUOTED: {
            int s = t->state;
            bool pub = s == S_DOCTYPE_PUBLIC_IDENTIFIER_DOUBLE_QUOTED || s == S_DOCTYPE_PUBLIC_IDENTIFIER_SINGLE_QUOTED;
            bool dq = s == S_DOCTYPE_PUBLIC_IDENTIFIER_DOUBLE_QUOTED || s == S_DOCTYPE_SYSTEM_IDENTIFIER_DOUBLE_QUOTED;
            h5_span *id = pub ? &t->dt_public : &t->dt_system;
            span_run(t, id, dq ? &SS_DOCTYPE_ID_DQ : &SS_DOCTYPE_ID_SQ);
            GET();
            if (c == (dq ? '"' : '\'')) {
                ADV();
                t->state = pub ? S_AFTER_DOCTYPE_PUBLIC_IDENTIFIER : S_AFTER_DOCTYPE_SYSTEM_IDENTIFIER;
            } else if (c == 0) {
                err(t, H5_ERROR_UNEXPECTED_NULL_CHARACTER, OFF());
                span_add_char(t, id, H5_FFFD);
                ADV();
            } else if (c == '>') {
                err(t, pub ? H5_ERROR_ABRUPT_DOCTYPE_PUBLIC_IDENTIFIER : H5_ERROR_ABRUPT_DOCTYPE_SYSTEM_IDENTIFIER,
                    OFF());
                t->dt_force_quirks = true;
                close_doctype(t);
            } else if (c == H5_EOF) {
                doctype_eof(t);
            } else {
                span_add_cur(t, id, c);
                ADV();
            }
            break;
        }

        /* 13.2.5.61 After DOCTYPE public identifier state
         * 13.2.5.62 Between DOCTYPE public and system identifiers state */
        case S_AFTER_DOCTYPE_PUBLIC_IDENTIFIER:
        case S_BETWEEN_DOCTYPE_PUBLIC_AND_SYSTEM_IDENTIFIERS: {
            bool after = t->state == S_AFTER_DOCTYPE_PUBLIC_IDENTIFIER;
            GET();
            if (h5_is_space(c)) {
                ADV();
                t->state = S_BETWEEN_DOCTYPE_PUBLIC_AND_SYSTEM_IDENTIFIERS;
            } else if (c == '>') {
                close_doctype(t);
            } else if (c == '"' || c == '\'') {
                if (after)
                    err(t, H5_ERROR_MISSING_WHITESPACE_BETWEEN_DOCTYPE_PUBLIC_AND_SYSTEM_IDENTIFIERS, OFF());
                ADV();
                t->dt_has_system = true;
                t->state = c == '"' ? S_DOCTYPE_SYSTEM_IDENTIFIER_DOUBLE_QUOTED
                                    : S_DOCTYPE_SYSTEM_IDENTIFIER_SINGLE_QUOTED;
            } else if (c == H5_EOF) {
                doctype_eof(t);
            } else {
                err(t, H5_ERROR_MISSING_QUOTE_BEFORE_DOCTYPE_SYSTEM_IDENTIFIER, OFF());
                t->dt_force_quirks = true;
                t->state = S_BOGUS_DOCTYPE;
            }
            break;
        }

        /* 13.2.5.67 After DOCTYPE system identifier state */
        case S_AFTER_DOCTYPE_SYSTEM_IDENTIFIER:
            GET();
            while (h5_is_space(c)) {
                ADV();
                GET();
            }
            if (c == '>') {
                close_doctype(t);
            } else if (c == H5_EOF) {
                doctype_eof(t);
            } else {
                /* (This does not set the force-quirks flag.) */
                err(t, H5_ERROR_UNEXPECTED_CHARACTER_AFTER_DOCTYPE_SYSTEM_IDENTIFIER, OFF());
                t->state = S_BOGUS_DOCTYPE;
            }
            break;

        /* 13.2.5.68 Bogus DOCTYPE state */
        case S_BOGUS_DOCTYPE:
            for (;;) {
                GET();
                if (c == '>') {
                    close_doctype(t);
                    break;
                }
                if (c == H5_EOF) {
                    emit_doctype(t, OFF());
                    emit_eof(t);
                    break;
                }
                if (c == 0) err(t, H5_ERROR_UNEXPECTED_NULL_CHARACTER, OFF());
                ADV();
            }
            break;

        default:
            return false; /* a state of another group */
        }
    }
}

/* CDATA sections and processing instructions (13.2.5.69-76). */
GROUP static bool run_other(h5_tokenizer *t) {
    int c;
    for (;;) {
        if (t->oom || t->aborted || t->done) return true;
        switch (t->state) {

        /* 13.2.5.69 CDATA section state */
        case S_CDATA_SECTION:
            if (!text_run(t, &SS_CDATA)) break;
            GET();
            if (c == ']') {
                t->tok_start = OFF();
                ADV();
                t->state = S_CDATA_SECTION_BRACKET;
            } else if (c == H5_EOF) {
                err(t, H5_ERROR_EOF_IN_CDATA, OFF());
                emit_eof(t);
            } else {
                /* U+0000 (its own token) and anything else. */
                emit_cur(t, c);
                ADV();
            }
            break;

        /* 13.2.5.70 CDATA section bracket state */
        case S_CDATA_SECTION_BRACKET:
            GET();
            if (c == ']') {
                ADV();
                t->state = S_CDATA_SECTION_END;
            } else {
                t->state = S_CDATA_SECTION;
                emit_chars(t, k_rbrackets, 1, t->tok_start, t->tok_start + 1);
            }
            break;

        /* 13.2.5.71 CDATA section end state */
        case S_CDATA_SECTION_END:
            GET();
            if (c == ']') {
                emit_chars(t, k_rbrackets, 1, t->tok_start, t->tok_start + 1);
                t->tok_start++;
                ADV();
            } else if (c == '>') {
                ADV();
                t->state = S_DATA;
            } else {
                t->state = S_CDATA_SECTION;
                emit_chars(t, k_rbrackets, 2, t->tok_start, t->tok_start + 2);
            }
            break;

        /* 13.2.5.72 Processing instruction open state
         * 13.2.5.73 Processing instruction target state
         * (whatwg/html 320c05f6, like the three after them.)  The open state
         * takes an ASCII alpha or '_' (reconsumed in the target state); the
         * target state ends the target at whitespace, '?' or '>' and takes
         * ASCII alphanumerics, '-' and '_'.  EOF in either: eof-in-
         * processing-instruction; anything else: a parse error, the
         * temporary buffer converted to a comment, reconsumed in the bogus
         * comment state. */
        case S_PROCESSING_INSTRUCTION_OPEN:
        case S_PROCESSING_INSTRUCTION_TARGET: {
            bool open = t->state == S_PROCESSING_INSTRUCTION_OPEN;
            GET();
            if (open && (h5_is_ascii_alpha(c) || c == '_')) {
                t->state = S_PROCESSING_INSTRUCTION_TARGET;
            } else if (!open && (h5_is_space(c) || c == '?' || c == '>')) {
                end_processing_instruction_target(t);
            } else if (!open && (h5_is_ascii_alnum(c) || c == '-' || c == '_')) {
                span_add_input(t, &t->comment, t->pos, 1);
                ADV();
            } else if (c == H5_EOF) {
                processing_instruction_eof(t);
            } else {
                err(t, open ? H5_ERROR_INVALID_FIRST_CHARACTER_OF_PROCESSING_INSTRUCTION_TARGET
                            : H5_ERROR_INVALID_PROCESSING_INSTRUCTION_TARGET,
                    OFF());
                t->state = S_BOGUS_COMMENT;
            }
            break;
        }

        /* 13.2.5.74 After processing instruction target state */
        case S_AFTER_PROCESSING_INSTRUCTION_TARGET:
            GET();
            if (h5_is_space(c)) ADV();
            else t->state = S_PROCESSING_INSTRUCTION_DATA;
            break;

        /* 13.2.5.75 Processing instruction data state
         * 13.2.5.76 Processing instruction questionable state
         * '>' emits the token, EOF is eof-in-processing-instruction.  Data:
         * '?' switches to the questionable state, anything else is data.
         * Questionable, anything else: "Append a U+003F QUESTION MARK
         * character (?) to the current processing instruction token's data.
         * Reconsume in the processing instruction data state." */
        case S_PROCESSING_INSTRUCTION_DATA:
        case S_PROCESSING_INSTRUCTION_QUESTIONABLE: {
            bool questionable = t->state == S_PROCESSING_INSTRUCTION_QUESTIONABLE;
            GET();
            if (c == '>') {
                close_processing_instruction(t);
            } else if (c == H5_EOF) {
                processing_instruction_eof(t);
            } else if (questionable) {
                span_add_recent(t, &t->comment, "?", 1, 1);
                t->state = S_PROCESSING_INSTRUCTION_DATA;
            } else if (c == '?') {
                ADV();
                t->state = S_PROCESSING_INSTRUCTION_QUESTIONABLE;
            } else {
                span_add_cur(t, &t->comment, c);
                ADV();
            }
            break;
        }

        default:
            return false; /* a state of another group */
        }
    }
}

/* Called through a table: the wasm optimizer inlines a function that has
 * one direct caller, whatever C says, which would undo the split. */
static bool (*const k_group_run[])(h5_tokenizer *) = {
    [G_MARKUP] = run_markup, [G_TEXT_END_TAGS] = run_text_end_tags, [G_COMMENTS] = run_comments,
    [G_DOCTYPE] = run_doctype, [G_OTHER] = run_other,
};

static void run(h5_tokenizer *t) {
    while (!(t->oom || t->aborted || t->done)) {
        if (k_group_run[state_group(t->state)](t)) return;
    }
}

/* ------------------------------------------------------------------------ */
/* Buffers and the public entry points.                                      */

/* Tokenize `buf` (len units) from its start, then keep what could not be
 * consumed in `pending` and copy the current token's slices to `store`. */
static void run_buffer(h5_tokenizer *t, const h5_char *buf, size_t len) {
    t->in = buf;
    t->len = len;
    t->pos = 0;
    run(t);
    size_t rest = t->len - t->pos;
    if (t->done || t->aborted || t->oom) rest = 0;
    detach_spans(t);
    if (buf == t->pending.data) {
        if (rest) memmove(t->pending.data, t->pending.data + t->pos, rest * sizeof(h5_char));
        t->pending.len = rest;
    } else if (rest) {
        t->pending.len = 0;
        if (!h5_buf_append(&t->pending, buf + t->pos, rest)) t->oom = true;
    }
    t->base += (uint32_t)t->pos;
    t->in = NULL;
    t->len = t->pos = 0;
}

h5_tokenizer *h5_tokenizer_create(void) {
    h5_tokenizer *t = calloc(1, sizeof *t);
    return t;
}

void h5_tokenizer_destroy(h5_tokenizer *t) {
    if (!t) return;
    h5_buf_free(&t->pending);
    h5_buf_free(&t->store);
    h5_buf_free(&t->temp);
    h5_buf_free(&t->last_start_tag);
    free(t->attrs);
    free(t->attr_table);
    free(t->out_attrs);
    free(t);
}

void h5_tokenizer_reset(h5_tokenizer *t, const h5_tokenizer_options *opts) {
    t->on_token = opts->on_token;
    t->token_ctx = opts->token_ctx;
    t->on_error = opts->on_error;
    t->error_ctx = opts->error_ctx;
    t->in = NULL;
    t->len = t->pos = 0;
    t->base = t->checked = 0;
    t->clen = 1;
    t->eof = t->done = t->oom = t->aborted = false;
#ifdef H5_BOUNDS_ONLY
    t->text_bounds = false;
    t->text_silent = false;
    t->tags_on_request = opts->tags_on_request;
    t->attrs_wanted = opts->tags_on_request ? opts->attrs_wanted : NULL;
    t->tag_lane = opts->tag_lane;
#endif
    t->pending.len = 0;
    t->state = (int)opts->initial_state;
    t->return_state = S_DATA;
    t->cdata_allowed = opts->cdata_allowed;
    t->processing_instructions = opts->processing_instructions;
    new_token(t, H5_TOKEN_DOCTYPE); /* clears every span of the current token */
    t->tok_type = H5_TOKEN_CHARACTER;
    t->tok_start = 0;
    t->temp.len = 0;
    t->charref_start = t->charref_code = 0;
    h5_tokenizer_set_last_start_tag(t, opts->last_start_tag, opts->last_start_tag_len);
}

h5_status h5_tokenizer_feed(h5_tokenizer *t, const h5_char *chunk, size_t len) {
    if (t->oom) return H5_ERR_OOM;
    if (t->eof) return H5_ERR_INVALID;
    if (len == 0 || t->done || t->aborted) return H5_OK;
    if ((uint64_t)t->base + t->pending.len + len > UINT32_MAX) return H5_ERR_TOO_LARGE;
    if (t->pending.len == 0) {
        run_buffer(t, chunk, len);
        return t->oom ? H5_ERR_OOM : H5_OK;
    }
    /* Units left from the previous chunk wait for lookahead.  Join them
     * with the start of this chunk only (the lookahead needed is short), so
     * that a large chunk is still tokenized in place. */
    size_t take = len < 64 ? len : 64;
    if (!h5_buf_append(&t->pending, chunk, take)) {
        t->oom = true;
        return H5_ERR_OOM;
    }
    run_buffer(t, t->pending.data, t->pending.len);
    if (t->oom) return H5_ERR_OOM;
    if (take == len || t->done || t->aborted) return H5_OK;
    size_t rest = t->pending.len; /* unconsumed: the last units of what was joined */
    if (rest <= take) {
        /* Everything left is in the chunk: continue there. */
        t->pending.len = 0;
        run_buffer(t, chunk + (take - rest), len - (take - rest));
    } else {
        /* Still waiting on units from before this chunk (cannot happen with
         * the lookahead lengths of the spec, but stay correct). */
        if (!h5_buf_append(&t->pending, chunk + take, len - take)) {
            t->oom = true;
            return H5_ERR_OOM;
        }
        run_buffer(t, t->pending.data, t->pending.len);
    }
    return t->oom ? H5_ERR_OOM : H5_OK;
}

h5_status h5_tokenizer_finish(h5_tokenizer *t) {
    if (t->oom) return H5_ERR_OOM;
    if (t->eof) return H5_OK;
    t->eof = true;
    if (t->done || t->aborted) return H5_OK;
    static const h5_char none[1] = {0};
    if (t->pending.len) run_buffer(t, t->pending.data, t->pending.len);
    else run_buffer(t, none, 0);
    return t->oom ? H5_ERR_OOM : H5_OK;
}

void h5_tokenizer_set_state(h5_tokenizer *t, h5_tokenizer_state state) { t->state = (int)state; }

#ifdef H5_BOUNDS_ONLY
void h5_tokenizer_set_text_bounds(h5_tokenizer *t, bool on) { t->text_bounds = on; }
void h5_tokenizer_set_text_silent(h5_tokenizer *t, bool on) { t->text_silent = on; }
uint32_t h5_tokenizer_text_end(const h5_tokenizer *t) {
    bool text = t->state == S_DATA || t->state == S_RCDATA || t->state == S_RAWTEXT || t->state == S_SCRIPT_DATA ||
                t->state == S_PLAINTEXT;
    return text ? t->base + (uint32_t)t->pos : 0;
}
#endif

void h5_tokenizer_set_last_start_tag(h5_tokenizer *t, const h5_char *name, size_t len) {
    t->last_start_tag.len = 0;
    t->has_last_start_tag = false;
    if (!name) return;
    if (!h5_buf_append(&t->last_start_tag, name, len)) {
        t->oom = true;
        return;
    }
    t->has_last_start_tag = true;
}

void h5_tokenizer_abort(h5_tokenizer *t) { t->aborted = true; }
