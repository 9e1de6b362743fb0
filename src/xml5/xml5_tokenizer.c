/*
 * The XML5 tokenizer; see tokenizer.h.
 *
 * Section names in the comments are the headings of the XML5 draft's
 * "Tokenization" section (seed 002).  One function, x5_step(), runs the
 * state machine on one code point (or EOF); "reconsume" is a jump back to
 * the top of its switch.  Lookahead ("If the next few characters are", the
 * name of a character reference) keeps the characters seen so far in the
 * tokenizer; when the lookahead fails they go onto a small stack of
 * characters to process again, which x5_consume() drains before taking the
 * next input character.  So the tokenizer never needs more input than it
 * has, and a chunk may end anywhere.
 *
 * Where the draft and xml5lib-tests disagree, the tests win (the issue asks
 * for all of them); docs/xml5.md lists those places.
 */
#include "xml5_tokenizer.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "charref.h"
#include "scan.h"

#define X5_EOF (-1)

enum {
    S_DATA = X5_STATE_DATA,
    S_CDATA = X5_STATE_CDATA,
    S_CDATA_BRACKET,
    S_CDATA_END,
    S_TAG_OPEN,
    S_END_TAG_OPEN,
    S_END_TAG_NAME,
    S_END_TAG_NAME_AFTER,
    S_TAG_NAME,
    S_EMPTY_TAG,
    S_TAG_ATTR_NAME_BEFORE,
    S_TAG_ATTR_NAME,
    S_TAG_ATTR_NAME_AFTER,
    S_TAG_ATTR_VALUE_BEFORE,
    S_TAG_ATTR_VALUE_DOUBLE_QUOTED,
    S_TAG_ATTR_VALUE_SINGLE_QUOTED,
    S_TAG_ATTR_VALUE_UNQUOTED,
    S_PI,
    S_PI_TARGET,
    S_PI_TARGET_AFTER,
    S_PI_DATA,
    S_PI_AFTER,
    S_MARKUP_DECLARATION,
    S_COMMENT_START,
    S_COMMENT_START_DASH,
    S_COMMENT,
    S_COMMENT_LESS_THAN_SIGN,
    S_COMMENT_LESS_THAN_SIGN_BANG,
    S_COMMENT_LESS_THAN_SIGN_BANG_DASH,
    S_COMMENT_LESS_THAN_SIGN_BANG_DASH_DASH,
    S_COMMENT_END_DASH,
    S_COMMENT_END,
    S_COMMENT_END_BANG,
    S_BOGUS_COMMENT,
    S_DOCTYPE,
    S_BEFORE_DOCTYPE_NAME,
    S_DOCTYPE_NAME,
    S_AFTER_DOCTYPE_NAME,
    S_DOCTYPE_KEYWORD,                 /* lookahead for PUBLIC / SYSTEM */
    S_AFTER_DOCTYPE_KEYWORD,           /* t->doctype_system says which */
    S_BEFORE_DOCTYPE_IDENTIFIER,
    S_DOCTYPE_IDENTIFIER_DOUBLE_QUOTED,
    S_DOCTYPE_IDENTIFIER_SINGLE_QUOTED,
    S_AFTER_DOCTYPE_IDENTIFIER,
    S_BETWEEN_DOCTYPE_IDENTIFIERS,
    S_DOCTYPE_INTERNAL_SUBSET,
    S_AFTER_DOCTYPE_INTERNAL_SUBSET,
    S_BOGUS_DOCTYPE,
    S_CHARACTER_REFERENCE,             /* just after '&' */
    S_NUMERIC_CHARACTER_REFERENCE,     /* just after "&#" */
    S_NUMERIC_CHARACTER_REFERENCE_DIGITS,
    S_NAMED_CHARACTER_REFERENCE,
    S_AMBIGUOUS_AMPERSAND
};

/* Longest lookahead: a character reference name (the longest entity name
 * has 32 code units, ';' included) with room to spare. */
#define X5_REF_MAX 40
#define X5_STACK_MAX (X5_REF_MAX + 8)

/* An attribute of the current tag: its name in `abuf`; its value in
 * `abuf` too, or borrowed: a span of the chunk being fed (value_src, as
 * the borrowed character run), copied to `kept` (at kept_off) when the
 * chunk ends before the tag. */
typedef struct {
    size_t name_off, name_len, value_off;
    const h5_char *value_src;
    size_t value_src_len;
    bool kept;
    size_t kept_off;
    uint32_t name_start, name_end, value_start, value_end; /* x5_token_attr */
} x5_attr_rec;

struct x5_tokenizer {
    x5_tokenizer_options opts;
    int state;
    int return_state;         /* of a character reference */
    int additional_allowed;   /* of a character reference (or -1) */
    bool oom, done;
    bool at_eof;              /* finish() has begun: errors are at the end */

    /* Input stream preprocessing. */
    bool after_cr;
    h5_char pending_high;     /* a lead surrogate waiting for its trail */
    uint32_t pos;             /* code units consumed */

    /* Characters to process again, last one first, and their offsets. */
    int stack[X5_STACK_MAX];
    uint32_t stack_off[X5_STACK_MAX];
    size_t nstack;
    /* Lookahead: characters seen (and their offsets), keyword being matched. */
    h5_char look[X5_REF_MAX + 1];
    uint32_t look_off[X5_REF_MAX + 1];
    size_t nlook;

    /* Source offsets (tokens' start and end, x5_token): of the character
     * x5_step is processing (the input length at EOF); of the current
     * token's '<'; of the '&' of the current character reference; of the
     * pending character run's first character. */
    uint32_t cur, tok_start, ref_start, text_start;
    /* The current CDATA section: where its '<' is; no run of it emitted yet. */
    uint32_t cdata_open;
    bool cdata_fresh;
    const char *keyword;

    /* Numeric character reference. */
    bool ref_hex;
    h5_char ref_x;            /* the 'x' or 'X' as written */
    size_t ref_digits;
    uint32_t ref_value;       /* saturated at 0x110000 */

    /* The current token. */
    x5_token_type tag_type;
    h5_buf text;              /* pending character run (when not borrowed) */
    /* A pending character run that is still a span of the chunk being fed
     * (text_src[0..text_src_len), `text` empty): the bulk path borrows it
     * instead of copying, and it is copied into `text` only when a
     * character that is not the chunk's next unit joins it.  Cut at the
     * end of every feed, so it never outlives its chunk. */
    const h5_char *text_src;
    size_t text_src_len;
    h5_buf name;              /* tag name, PI target, DOCTYPE name */
    h5_buf data;              /* comment data, PI data */
    h5_buf public_id, system_id;
    bool has_name, has_public_id, has_system_id, doctype_system;
    int doctype_depth;        /* internal subset bracket depth */
    h5_buf abuf;              /* attribute names and values */
    h5_buf kept;              /* borrowed values of the current tag, copied at the end of a feed */
    x5_attr_rec *recs;
    x5_token_attr *attrs;
    size_t nattrs, attrs_cap;
    bool attr_open;           /* the last rec is the current attribute */
    bool attr_name_open;      /* ... and its name is still growing */
    bool attr_dup;            /* ... and it repeats an earlier name */
};

/* The draft's whitespace: TAB, LF, SPACE. */
static bool is_space(int c) { return c == '\t' || c == '\n' || c == ' '; }
/* The DOCTYPE states also take U+000C FORM FEED as whitespace (the draft
 * lists TAB, LF and SPACE; xml5lib-tests expect "<!DOCTYPE\f" to have no
 * name, as HTML's DOCTYPE states have it). */
static bool is_doctype_space(int c) { return is_space(c) || c == '\f'; }

/* ------------------------------------------------------------------------ */
/* Output.                                                                    */

/* The borrowed character run becomes a copy in `text`. */
static void own_text(x5_tokenizer *t) {
    if (!h5_buf_append(&t->text, t->text_src, t->text_src_len)) t->oom = true;
    t->text_src = NULL;
    t->text_src_len = 0;
}

/* The borrowed value of the current attribute becomes a copy in `abuf`. */
static void own_value(x5_tokenizer *t) {
    x5_attr_rec *r = &t->recs[t->nattrs - 1];
    const h5_char *v = r->kept ? t->kept.data + r->kept_off : r->value_src;
    if (!h5_buf_append(&t->abuf, v, r->value_src_len)) t->oom = true;
    r->value_src = NULL;
    r->value_src_len = 0;
    r->kept = false;
}
static bool value_borrowed(const x5_tokenizer *t) {
    return t->attr_open && (t->recs[t->nattrs - 1].value_src || t->recs[t->nattrs - 1].kept);
}

static void put(x5_tokenizer *t, h5_buf *b, uint32_t cp) {
    /* A run's first character: a reference's output starts at its '&'. */
    if (b == &t->text && !t->text.len && !t->text_src)
        t->text_start = t->state >= S_CHARACTER_REFERENCE ? t->ref_start : t->cur;
    if (b == &t->text && t->text_src) own_text(t);
    if (b == &t->abuf && value_borrowed(t)) own_value(t);
    if (!h5_buf_push_cp(b, cp)) t->oom = true;
}
static void put_ascii(x5_tokenizer *t, h5_buf *b, const char *s) {
    while (*s) put(t, b, (unsigned char)*s++);
}

/* The end of the token the current character completes. */
static uint32_t token_end(const x5_tokenizer *t) { return t->at_eof ? t->pos : t->cur + 1; }

static void emit(x5_tokenizer *t, x5_token *tok) {
    if (!t->oom) t->opts.on_token(t->opts.token_ctx, tok);
}

/* A token of `type` with the name and data of the buffers (NULL: empty). */
static x5_token new_token(x5_token_type type, const h5_buf *name, const h5_buf *data) {
    x5_token tok;
    memset(&tok, 0, sizeof tok);
    tok.type = type;
    if (name) tok.name = h5_buf_str(name);
    if (data) tok.data = h5_buf_str(data);
    return tok;
}

static bool in_cdata(const x5_tokenizer *t) {
    return t->state == S_CDATA || t->state == S_CDATA_BRACKET || t->state == S_CDATA_END;
}

/* Emit a character run: in a CDATA section, flagged (x5_token.cdata). */
static void emit_text(x5_tokenizer *t, x5_token *tok) {
    if (in_cdata(t)) {
        tok->cdata = true;
        if (t->cdata_fresh) {
            tok->cdata_start = true;
            tok->start = t->cdata_open;
            t->cdata_fresh = false;
        }
    }
    emit(t, tok);
}

/* Emit the pending character run, which ends at `end`. */
static void flush_text_at(x5_tokenizer *t, uint32_t end) {
    if (t->text_src) {
        x5_token tok = new_token(X5_TOKEN_CHARACTER, NULL, NULL);
        tok.data = (h5_str){ t->text_src, t->text_src_len };
        tok.start = t->text_start;
        tok.end = end;
        t->text_src = NULL;
        t->text_src_len = 0;
        emit_text(t, &tok);
        return;
    }
    if (!t->text.len) return;
    x5_token tok = new_token(X5_TOKEN_CHARACTER, NULL, &t->text);
    tok.start = t->text_start;
    tok.end = end;
    emit_text(t, &tok);
    t->text.len = 0;
}

/* The end of a CDATA section (its `]]>`, or EOF): its last run, which ends
 * at `end`, empty when nothing is pending (x5_token.cdata). */
static void end_cdata_section(x5_tokenizer *t, uint32_t end) {
    if (t->text_src || t->text.len) {
        flush_text_at(t, end);
        return;
    }
    x5_token tok = new_token(X5_TOKEN_CHARACTER, NULL, NULL);
    tok.start = tok.end = end;
    emit_text(t, &tok);
}
/* ... cut where the tokenizer is (a parse error, the next token). */
static void flush_text(x5_tokenizer *t) { flush_text_at(t, t->at_eof ? t->pos : t->cur); }

/* Characters before a comment, PI or DOCTYPE come out first. */
static void emit_after_text(x5_tokenizer *t, x5_token *tok) {
    flush_text(t);
    tok->start = t->tok_start;
    tok->end = token_end(t);
    emit(t, tok);
}

static void error(x5_tokenizer *t, x5_error_code code) {
    flush_text(t);
    if (t->opts.on_error)
        t->opts.on_error(t->opts.error_ctx, code, t->at_eof || !t->pos ? t->pos : t->pos - 1);
}

static void emit_char(x5_tokenizer *t, uint32_t cp) { put(t, &t->text, cp); }

/* ------------------------------------------------------------------------ */
/* Tags and attributes.                                                       */

static void create_tag(x5_tokenizer *t, x5_token_type type, int c) {
    t->tag_type = type;
    t->name.len = 0;
    t->abuf.len = 0;
    t->kept.len = 0;
    t->nattrs = 0;
    t->attr_open = t->attr_name_open = false;
    if (c >= 0) put(t, &t->name, (uint32_t)c);
}

/* Tag attribute name state: "When the user agent leaves this state ... if
 * there is already an attribute on the token with the exact same name, then
 * this is a parse error and the new attribute must be dropped". */
static void attr_name_done(x5_tokenizer *t) {
    if (!t->attr_name_open) return;
    t->attr_name_open = false;
    x5_attr_rec *r = &t->recs[t->nattrs - 1];
    r->name_len = t->abuf.len - r->name_off;
    r->value_off = t->abuf.len;
    r->name_end = r->value_start = r->value_end = t->at_eof ? t->pos : t->cur;
    t->attr_dup = false;
    for (size_t i = 0; i + 1 < t->nattrs; i++) {
        if (t->recs[i].name_len == r->name_len &&
            !memcmp(t->abuf.data + t->recs[i].name_off, t->abuf.data + r->name_off,
                    r->name_len * sizeof(h5_char))) {
            t->attr_dup = true;
            error(t, X5_ERROR_DUPLICATE_ATTRIBUTE);
            break;
        }
    }
}

/* The current attribute is complete: drop it if it was a duplicate. */
static void attr_finish(x5_tokenizer *t) {
    if (!t->attr_open) return;
    attr_name_done(t);
    t->attr_open = false;
    if (t->attr_dup) {
        t->abuf.len = t->recs[t->nattrs - 1].name_off;
        t->nattrs--;
    }
}

/* Room for one more attribute than `n` in recs and attrs (false and oom
 * when out of memory). */
static bool attrs_room(x5_tokenizer *t, size_t n) {
    if (n < t->attrs_cap) return true;
    size_t cap = t->attrs_cap ? 2 * t->attrs_cap : 8;
    x5_attr_rec *r = realloc(t->recs, cap * sizeof *r);
    if (r) t->recs = r;
    x5_token_attr *a = realloc(t->attrs, cap * sizeof *a);
    if (a) t->attrs = a;
    if (!r || !a) {
        t->oom = true;
        return false;
    }
    t->attrs_cap = cap;
    return true;
}

static void attr_start(x5_tokenizer *t, int c) {
    attr_finish(t);
    if (!attrs_room(t, t->nattrs)) return;
    t->recs[t->nattrs].name_off = t->abuf.len;
    t->recs[t->nattrs].value_src = NULL;
    t->recs[t->nattrs].value_src_len = 0;
    t->recs[t->nattrs].kept = false;
    t->recs[t->nattrs].name_start = t->cur;
    t->nattrs++;
    t->attr_open = t->attr_name_open = true;
    put(t, &t->abuf, (uint32_t)c);
}

static void emit_tag(x5_tokenizer *t, x5_token_type type) {
    if (t->oom) return;
    attr_finish(t);
    x5_token tok = new_token(type, &t->name, NULL);
    for (size_t i = 0; i < t->nattrs; i++) {
        const x5_attr_rec *r = &t->recs[i];
        t->attrs[i].name.ptr = t->abuf.data + r->name_off;
        t->attrs[i].name.len = r->name_len;
        t->attrs[i].value.ptr = t->abuf.data + r->value_off;
        t->attrs[i].value.len = (i + 1 < t->nattrs ? t->recs[i + 1].name_off : t->abuf.len) - r->value_off;
        if (r->value_src) t->attrs[i].value = (h5_str){ r->value_src, r->value_src_len };
        if (r->kept) t->attrs[i].value = (h5_str){ t->kept.data + r->kept_off, r->value_src_len };
        t->attrs[i].name_start = r->name_start;
        t->attrs[i].name_end = r->name_end;
        t->attrs[i].value_start = r->value_start;
        t->attrs[i].value_end = r->value_end;
    }
    tok.attrs = t->attrs;
    tok.nattrs = t->nattrs;
    emit_after_text(t, &tok);
}

/* ------------------------------------------------------------------------ */
/* Comments, processing instructions, DOCTYPEs.                               */

static void emit_comment(x5_tokenizer *t) {
    x5_token tok = new_token(X5_TOKEN_COMMENT, NULL, &t->data);
    emit_after_text(t, &tok);
}

static void create_pi(x5_tokenizer *t, int c) {
    t->name.len = 0;
    t->data.len = 0;
    put(t, &t->name, (uint32_t)c);
}

/* The XML declaration: the draft's XML declaration states (XML declaration
 * state, attribute name, attribute name after, attribute before value,
 * attribute value (single-/double-quoted), after) are run over the data of
 * a processing instruction whose target is exactly "xml", once it is
 * complete.  The draft enters them on the three characters "xml" after
 * "<?" (so <?xml-stylesheet ...?> would be an invalid declaration) and
 * calls "<?xml m?>" an invalid declaration; xml5lib-tests expect
 * PI("xml", "m") without error.  So: data that starts with none of the
 * pseudo-attribute names is a processing instruction; data that does must
 * be a declaration (pseudo-attributes version, encoding, standalone, each
 * at most once, values quoted, whitespace between), else it is an
 * invalid-xml-declaration (an unclosed quote, as in <?xml version="1?>:
 * abrupt-closing-xml-declaration) and the token stays a processing
 * instruction.  Returns true when `tok` became the declaration. */
static bool xml_declaration(x5_tokenizer *t, x5_token *tok) {
    static const char *const names[3] = { "version", "encoding", "standalone" };
    const h5_char *s = t->data.data;
    size_t n = t->data.len, i = 0;
    h5_str value[3] = { { NULL, 0 }, { NULL, 0 }, { NULL, 0 } };
    bool has[3] = { false, false, false };
    if (!h5_str_eq_ascii(tok->name, "xml") || !n || (s[0] != 'v' && s[0] != 'e' && s[0] != 's')) return false;
    for (;;) {
        while (i < n && is_space(s[i])) i++;
        if (i == n) break;
        size_t k = 0, len = 0;
        for (; k < 3; k++) {
            len = strlen(names[k]);
            h5_str word = { s + i, n - i < len ? n - i : len };
            if (h5_str_eq_ascii(word, names[k])) break;
        }
        if (k == 3 || has[k]) goto invalid;
        for (i += len; i < n && is_space(s[i]); i++) {}
        if (i == n || s[i] != '=') goto invalid;
        for (i++; i < n && is_space(s[i]); i++) {}
        if (i == n || (s[i] != '"' && s[i] != '\'')) goto invalid;
        h5_char quote = s[i++];
        size_t start = i;
        while (i < n && s[i] != quote) i++;
        if (i == n) {
            error(t, X5_ERROR_ABRUPT_CLOSING_XML_DECLARATION);
            return false;
        }
        value[k].ptr = s + start;
        value[k].len = i - start;
        has[k] = true;
        if (++i < n && !is_space(s[i])) goto invalid;
    }
    tok->type = X5_TOKEN_XML_DECLARATION;
    tok->version = value[0];
    tok->encoding = value[1];
    tok->standalone = value[2];
    tok->has_version = has[0];
    tok->has_encoding = has[1];
    tok->has_standalone = has[2];
    return true;
invalid:
    error(t, X5_ERROR_INVALID_XML_DECLARATION);
    return false;
}

static void emit_pi(x5_tokenizer *t) {
    x5_token tok = new_token(X5_TOKEN_PI, &t->name, &t->data);
    xml_declaration(t, &tok);
    emit_after_text(t, &tok);
}

/* EOF in a processing instruction: eof-in-xml-declaration when its target
 * is "xml" (the draft's code for EOF in its XML declaration states). */
static void pi_eof(x5_tokenizer *t) {
    error(t, h5_str_eq_ascii(h5_buf_str(&t->name), "xml") ? X5_ERROR_EOF_IN_XML_DECLARATION
                                                           : X5_ERROR_EOF_IN_PROCESSING_INSTRUCTION);
    x5_token tok = new_token(X5_TOKEN_PI, &t->name, &t->data);
    emit_after_text(t, &tok);
}

static void create_doctype(x5_tokenizer *t) {
    t->name.len = t->public_id.len = t->system_id.len = 0;
    t->has_name = t->has_public_id = t->has_system_id = false;
}

static void emit_doctype(x5_tokenizer *t) {
    x5_token tok = new_token(X5_TOKEN_DOCTYPE, &t->name, NULL);
    tok.public_id = h5_buf_str(&t->public_id);
    tok.system_id = h5_buf_str(&t->system_id);
    tok.has_name = t->has_name;
    tok.has_public_id = t->has_public_id;
    tok.has_system_id = t->has_system_id;
    emit_after_text(t, &tok);
}

static h5_buf *doctype_id(x5_tokenizer *t) {
    return t->doctype_system ? &t->system_id : &t->public_id;
}
static void start_doctype_id(x5_tokenizer *t, bool system) {
    t->doctype_system = system;
    if (system) t->has_system_id = true;
    else t->has_public_id = true;
    doctype_id(t)->len = 0;
}

/* ------------------------------------------------------------------------ */
/* Character references ("Tokenizing character references").                 */

static bool in_attribute(const x5_tokenizer *t) { return t->return_state != S_DATA; }

/* Where the characters a reference returns go. */
static void ref_out(x5_tokenizer *t, uint32_t cp) {
    put(t, in_attribute(t) ? &t->abuf : &t->text, cp);
}
static void ref_out_units(x5_tokenizer *t, const h5_char *s, size_t n) {
    for (size_t i = 0; i < n; i++) ref_out(t, s[i]);
}

static x5_error_code numeric_error(h5_error_code e) {
    switch (e) {
    case H5_ERROR_NULL_CHARACTER_REFERENCE: return X5_ERROR_NULL_CHARACTER_REFERENCE;
    case H5_ERROR_CHARACTER_REFERENCE_OUTSIDE_UNICODE_RANGE:
        return X5_ERROR_CHARACTER_REFERENCE_OUTSIDE_UNICODE_RANGE;
    case H5_ERROR_SURROGATE_CHARACTER_REFERENCE: return X5_ERROR_SURROGATE_CHARACTER_REFERENCE;
    case H5_ERROR_NONCHARACTER_CHARACTER_REFERENCE: return X5_ERROR_NONCHARACTER_CHARACTER_REFERENCE;
    case H5_ERROR_CONTROL_CHARACTER_REFERENCE: return X5_ERROR_CONTROL_CHARACTER_REFERENCE;
    default: return X5_ERROR_NONE;
    }
}

static void look_push(x5_tokenizer *t, int c) {
    t->look_off[t->nlook] = t->cur;
    t->look[t->nlook++] = (h5_char)c;
}

/* Put characters back to be consumed again: look[0..nlook) then c. */
static void unconsume_look(x5_tokenizer *t, int c) {
    t->stack_off[t->nstack] = t->cur;
    t->stack[t->nstack++] = c;
    for (size_t i = t->nlook; i-- > 0;) {
        t->stack_off[t->nstack] = t->look_off[i];
        t->stack[t->nstack++] = t->look[i];
    }
    t->nlook = 0;
}

/* The name of a named reference is complete (look[0..nlook), the last one
 * possibly ';'); `next` is the character after it (not consumed).  The
 * draft's rule ("consume characters until ';'", with a TODO on what happens
 * without one) is replaced by the one xml5lib-tests expect: the longest
 * name of the HTML named character references table, with HTML's
 * attribute-value exception. */
static void named_reference_end(x5_tokenizer *t, int next) {
    h5_charref_match m;
    size_t n = t->nlook;
    h5_charref_result r = h5_charref_match_named(t->look, n, true, &m);
    bool semicolon = n && t->look[n - 1] == ';';
    if (r == H5_CHARREF_MATCH) {
        bool ends_semicolon = m.semicolon;
        int after = m.len < n ? t->look[m.len] : next;
        if (!ends_semicolon && in_attribute(t) && (after == '=' || h5_is_ascii_alnum(after))) {
            /* "for historical reasons": no reference, no error. */
            ref_out(t, '&');
            ref_out_units(t, t->look, n);
        } else {
            if (!ends_semicolon) error(t, X5_ERROR_MISSING_SEMICOLON_AFTER_CHARACTER_REFERENCE);
            ref_out_units(t, m.value, m.value_len);
            ref_out_units(t, t->look + m.len, n - m.len);
        }
    } else {
        if (semicolon && n > 1) error(t, X5_ERROR_UNKNOWN_NAMED_CHARACTER_REFERENCE);
        ref_out(t, '&');
        ref_out_units(t, t->look, n);
    }
    t->nlook = 0;
}

/* ------------------------------------------------------------------------ */
/* The state machine.                                                         */


static const char kw_dashes[] = "--", kw_doctype[] = "DOCTYPE", kw_cdata[] = "[CDATA[";
static const char kw_public[] = "public", kw_system[] = "system";

static void x5_step(x5_tokenizer *t, int c) {
again:
    switch (t->state) {
    /* Data state */
    case S_DATA:
        if (c == '&') {
            t->return_state = S_DATA;
            t->additional_allowed = -1;
            t->ref_start = t->cur;
            t->state = S_CHARACTER_REFERENCE;
        } else if (c == '<') {
            /* The text so far ends here (a '<' that starts no token joins
             * the next run; the tree merges adjacent runs). */
            flush_text_at(t, t->cur);
            t->tok_start = t->cur;
            t->state = S_TAG_OPEN;
        } else if (c == X5_EOF) {
            flush_text(t);
            if (!t->done) {
                x5_token tok = new_token(X5_TOKEN_EOF, NULL, NULL);
                emit_after_text(t, &tok);
            }
            t->done = true;
        } else {
            emit_char(t, (uint32_t)c);
        }
        return;

    /* Tag open state, end tag open state */
    case S_TAG_OPEN:
    case S_END_TAG_OPEN: {
        bool end = t->state == S_END_TAG_OPEN;
        if (!end && (c == '/' || c == '?' || c == '!')) {
            t->state = c == '/' ? S_END_TAG_OPEN : c == '?' ? S_PI : S_MARKUP_DECLARATION;
            t->nlook = 0;
            return;
        }
        if (end && c == '>') { /* "Emit a short end tag token" */
            create_tag(t, X5_TOKEN_SHORT_END_TAG, -1);
            goto tag_emit;
        }
        if (is_space(c) || c == ':' || c == '<' || c == X5_EOF || (!end && c == '>')) {
            error(t, c == X5_EOF ? X5_ERROR_EOF_BEFORE_TAG_NAME : X5_ERROR_INVALID_FIRST_CHARACTER_OF_TAG_NAME);
            emit_char(t, '<');
            if (end) emit_char(t, '/');
            t->state = S_DATA;
            goto again;
        }
        create_tag(t, end ? X5_TOKEN_END_TAG : X5_TOKEN_START_TAG, c);
        t->state = end ? S_END_TAG_NAME : S_TAG_NAME;
        return;
    }

    /* End tag name state ("EOF: ... Emit the start tag token": the end tag
     * is meant) */
    case S_END_TAG_NAME:
        if (is_space(c)) t->state = S_END_TAG_NAME_AFTER;
        else if (c == '/') {
            error(t, X5_ERROR_END_TAG_WITH_TRAILING_SOLIDUS);
            t->state = S_END_TAG_NAME_AFTER;
        } else if (c == '>') goto tag_emit;
        else if (c == X5_EOF) goto tag_eof;
        else put(t, &t->name, (uint32_t)c);
        return;

    /* End tag name after state */
    case S_END_TAG_NAME_AFTER:
        if (c == '>') goto tag_emit;
        if (c == X5_EOF) goto tag_eof;
        if (!is_space(c)) error(t, X5_ERROR_UNEXPECTED_CHARACTER_AFTER_END_TAG_NAME);
        return;

    /* Tag name state */
    case S_TAG_NAME:
        if (is_space(c)) t->state = S_TAG_ATTR_NAME_BEFORE;
        else if (c == '>' || c == '/' || c == X5_EOF) goto tag_close;
        else put(t, &t->name, (uint32_t)c);
        return;

    /* Empty tag state.  "Anything else: Reconsume in tag attribute value
     * before state" would put what follows into the value of no attribute;
     * we reconsume in the tag attribute name before state instead, and it is
     * a parse error (xml5lib-tests count one for "<a x=test /" at EOF). */
    case S_EMPTY_TAG:
        if (c == '>') goto tag_emit;
        error(t, X5_ERROR_UNEXPECTED_CHARACTER_AFTER_SOLIDUS_IN_TAG);
        t->state = S_TAG_ATTR_NAME_BEFORE;
        goto again;

    /* Tag attribute name before state, tag attribute name after state (the
     * same but for '=' and ':') */
    case S_TAG_ATTR_NAME_BEFORE:
    case S_TAG_ATTR_NAME_AFTER:
        if (is_space(c)) return;
        if (c == '>' || c == '/' || c == X5_EOF) goto tag_close;
        if (t->state == S_TAG_ATTR_NAME_AFTER && c == '=') {
            t->state = S_TAG_ATTR_VALUE_BEFORE;
        } else if (t->state == S_TAG_ATTR_NAME_BEFORE && c == ':') {
            error(t, X5_ERROR_COLON_BEFORE_ATTR);
        } else {
            attr_start(t, c);
            t->state = S_TAG_ATTR_NAME;
        }
        return;

    /* Tag attribute name state ('>' and EOF: "Emit the current token as
     * start tag token") */
    case S_TAG_ATTR_NAME:
        if (c != '=' && c != '>' && c != '/' && c != X5_EOF && !is_space(c)) {
            put(t, &t->abuf, (uint32_t)c);
            return;
        }
        attr_name_done(t);
        if (c == '=') t->state = S_TAG_ATTR_VALUE_BEFORE;
        else if (is_space(c)) t->state = S_TAG_ATTR_NAME_AFTER;
        else {
            if (c != '/') t->tag_type = X5_TOKEN_START_TAG;
            goto tag_close;
        }
        return;

    /* Tag attribute value before state */
    case S_TAG_ATTR_VALUE_BEFORE:
        if (is_space(c)) return;
        /* The value starts inside its quotes (or at its first character). */
        if (t->attr_open && c != '>' && c != X5_EOF)
            t->recs[t->nattrs - 1].value_start = t->cur + (c == '"' || c == '\'');
        if (c == '"') t->state = S_TAG_ATTR_VALUE_DOUBLE_QUOTED;
        else if (c == '\'') t->state = S_TAG_ATTR_VALUE_SINGLE_QUOTED;
        else if (c == '>') goto tag_emit;
        else if (c == X5_EOF) goto tag_eof;
        else {
            t->state = S_TAG_ATTR_VALUE_UNQUOTED;
            goto again; /* '&' is reprocessed there; anything else appended */
        }
        return;

    /* Tag attribute value double quoted state, single quoted state,
     * unquoted state ('>' and EOF: "Emit the current token as start tag
     * token") */
    case S_TAG_ATTR_VALUE_DOUBLE_QUOTED:
    case S_TAG_ATTR_VALUE_SINGLE_QUOTED:
    case S_TAG_ATTR_VALUE_UNQUOTED: {
        int end = t->state == S_TAG_ATTR_VALUE_DOUBLE_QUOTED ? '"'
                  : t->state == S_TAG_ATTR_VALUE_SINGLE_QUOTED ? '\'' : ' ';
        if (t->attr_open && (c == end || (end == ' ' && (is_space(c) || c == '>')) || c == X5_EOF))
            t->recs[t->nattrs - 1].value_end = t->at_eof ? t->pos : t->cur;
        if (c == end || (end == ' ' && is_space(c))) {
            t->state = S_TAG_ATTR_NAME_BEFORE;
        } else if (c == '&') {
            t->return_state = t->state;
            t->additional_allowed = end == ' ' ? '>' : end;
            t->state = S_CHARACTER_REFERENCE;
        } else if (c == X5_EOF || (end == ' ' && c == '>')) {
            if (end == ' ') t->tag_type = X5_TOKEN_START_TAG;
            goto tag_close;
        } else if (t->attr_open) {
            /* XML 1.0 3.3.3 attribute-value normalization (not in the
             * draft; docs/xml5.md): a literal TAB or LF (CR and CR LF are
             * LF by now) is a space; one from a reference is not. */
            put(t, &t->abuf, c == '\t' || c == '\n' ? ' ' : (uint32_t)c);
        }
        return;
    }

    /* The common ends of the tag states: '/' ("Set current tag to empty
     * tag. Switch to the empty tag state"), '>' ("Emit the current token and
     * then switch to the data state"), EOF ("This is an eof-in-tag parse
     * error. Emit the current token and then reprocess the current input
     * character in the data state"). */
    tag_close:
        if (c == '>') goto tag_emit;
        if (c == X5_EOF) goto tag_eof;
        t->tag_type = X5_TOKEN_EMPTY_TAG;
        t->state = S_EMPTY_TAG;
        return;
    tag_emit:
        emit_tag(t, t->state == S_EMPTY_TAG ? X5_TOKEN_EMPTY_TAG : t->tag_type);
        t->state = S_DATA;
        return;
    tag_eof:
        error(t, X5_ERROR_EOF_IN_TAG);
        emit_tag(t, t->tag_type);
        t->state = S_DATA;
        goto again;

    /* Pi state.  The draft's "Exact match for word xml" branch is not
     * taken here: the XML declaration is recognised when the processing
     * instruction is complete (xml_declaration() above).  "Anything else:
     * create a processing instruction token" whose target starts with the
     * current character (xml5lib-tests: "<??xml" has target "?xml"). */
    case S_PI:
        if (is_space(c) || c == X5_EOF) {
            error(t, X5_ERROR_MISSING_PROCESSING_INSTRUCTION_TARGET);
            t->data.len = 0;
            t->state = S_BOGUS_COMMENT;
            goto again;
        }
        create_pi(t, c);
        t->state = S_PI_TARGET;
        return;

    /* Pi target state */
    case S_PI_TARGET:
        if (is_space(c)) t->state = S_PI_TARGET_AFTER;
        else if (c == X5_EOF) {
            pi_eof(t);
            t->state = S_DATA;
            goto again;
        } else if (c == '?') t->state = S_PI_AFTER;
        else put(t, &t->name, (uint32_t)c);
        return;

    /* Pi target after state */
    case S_PI_TARGET_AFTER:
        if (is_space(c)) return;
        t->state = S_PI_DATA;
        goto again;

    /* Pi data state.  (The draft names eof-in-cdata here; a processing
     * instruction has its own code.) */
    case S_PI_DATA:
        if (c == '?') t->state = S_PI_AFTER;
        else if (c == X5_EOF) {
            pi_eof(t);
            t->state = S_DATA;
            goto again;
        } else put(t, &t->data, (uint32_t)c);
        return;

    /* Pi after state.  "Anything else: reprocess the current input character
     * in the pi data state" drops the '?', which XML 1.0 keeps ([16] PI: the
     * data is any characters not including "?>"); xml5lib-tests pins the drop
     * where the data is still empty ("<?xml ?m?>" gives "m"), so the '?' is
     * kept only after data (docs/xml5.md, "Where the draft is silent"). */
    case S_PI_AFTER:
        if (c == '>') {
            emit_pi(t);
            t->state = S_DATA;
        } else if (c == '?') {
            put(t, &t->data, '?');
        } else {
            if (t->data.len) put(t, &t->data, '?');
            t->state = S_PI_DATA;
            goto again;
        }
        return;

    /* Markup declaration state: "If the next few characters are" "--",
     * "DOCTYPE", "[CDATA[" (exact, case-sensitive matches). */
    case S_MARKUP_DECLARATION:
        if (t->nlook == 0) {
            t->keyword = c == '-' ? kw_dashes : c == 'D' ? kw_doctype : c == '[' ? kw_cdata : NULL;
        }
        if (t->keyword && c == t->keyword[t->nlook]) {
            look_push(t, c);
            if (t->keyword[t->nlook]) return;
            t->nlook = 0;
            if (t->keyword == kw_dashes) {
                t->data.len = 0;
                t->state = S_COMMENT_START;
            } else if (t->keyword == kw_doctype) {
                t->state = S_DOCTYPE;
            } else {
                /* The text before the section is not part of it. */
                flush_text_at(t, t->tok_start);
                t->cdata_open = t->tok_start;
                t->cdata_fresh = true;
                t->state = S_CDATA;
            }
            return;
        }
        error(t, X5_ERROR_INCORRECTLY_OPENED_COMMENT);
        t->data.len = 0;
        t->state = S_BOGUS_COMMENT;
        unconsume_look(t, c);
        return;

    /* Comment start state, comment start dash state */
    case S_COMMENT_START:
    case S_COMMENT_START_DASH:
        if (c == '-') {
            t->state = t->state == S_COMMENT_START ? S_COMMENT_START_DASH : S_COMMENT_END;
            return;
        }
        if (c == '>') {
            error(t, X5_ERROR_ABRUPT_CLOSING_OF_EMPTY_COMMENT);
            goto comment_emit;
        }
        if (t->state == S_COMMENT_START_DASH && c != X5_EOF) put(t, &t->data, '-');
        t->state = S_COMMENT;
        goto again;

    /* Comment state */
    case S_COMMENT:
        if (c == '-') t->state = S_COMMENT_END_DASH;
        else if (c == X5_EOF) goto comment_eof;
        else {
            put(t, &t->data, (uint32_t)c);
            if (c == '<') t->state = S_COMMENT_LESS_THAN_SIGN;
        }
        return;

    /* Comment less-than sign state */
    case S_COMMENT_LESS_THAN_SIGN:
        if (c == '!' || c == '<') {
            put(t, &t->data, (uint32_t)c);
            if (c == '!') t->state = S_COMMENT_LESS_THAN_SIGN_BANG;
            return;
        }
        t->state = S_COMMENT;
        goto again;

    /* Comment less-than sign bang state, comment less-than sign bang dash
     * state */
    case S_COMMENT_LESS_THAN_SIGN_BANG:
    case S_COMMENT_LESS_THAN_SIGN_BANG_DASH: {
        bool bang = t->state == S_COMMENT_LESS_THAN_SIGN_BANG;
        if (c == '-') {
            t->state = bang ? S_COMMENT_LESS_THAN_SIGN_BANG_DASH : S_COMMENT_LESS_THAN_SIGN_BANG_DASH_DASH;
            return;
        }
        t->state = bang ? S_COMMENT : S_COMMENT_END_DASH;
        goto again;
    }

    /* Comment less-than sign bang dash dash state */
    case S_COMMENT_LESS_THAN_SIGN_BANG_DASH_DASH:
        if (c != '>' && c != X5_EOF) error(t, X5_ERROR_NESTED_COMMENT);
        t->state = S_COMMENT_END;
        goto again;

    /* Comment end dash state */
    case S_COMMENT_END_DASH:
        if (c == '-') {
            t->state = S_COMMENT_END;
            return;
        }
        if (c == X5_EOF) goto comment_eof;
        put(t, &t->data, '-');
        t->state = S_COMMENT;
        goto again;

    /* Comment end state, comment end bang state.  (Comment end state,
     * "Anything else: Append two U+002D (-) characters and the current input
     * character ... Reconsume in the comment state": the character is
     * appended once, by the comment state.) */
    case S_COMMENT_END:
    case S_COMMENT_END_BANG: {
        bool bang = t->state == S_COMMENT_END_BANG;
        if (c == X5_EOF) goto comment_eof;
        if (c == '>') {
            if (bang) error(t, X5_ERROR_INCORRECTLY_CLOSED_COMMENT);
            goto comment_emit;
        }
        if (!bang && (c == '!' || c == '-')) {
            if (c == '!') t->state = S_COMMENT_END_BANG;
            else put(t, &t->data, '-');
            return;
        }
        put_ascii(t, &t->data, bang ? "--!" : "--");
        t->state = bang && c == '-' ? S_COMMENT_END_DASH : S_COMMENT;
        if (t->state == S_COMMENT_END_DASH) return;
        goto again;
    }

    /* Bogus comment state (EOF: "Emit the comment", no parse error) */
    case S_BOGUS_COMMENT:
        if (c == '>' || c == X5_EOF) goto comment_emit;
        put(t, &t->data, (uint32_t)c);
        return;

    comment_eof:
        error(t, X5_ERROR_EOF_IN_COMMENT);
    comment_emit: /* then EOF goes on to the data state */
        emit_comment(t);
        t->state = S_DATA;
        if (c == X5_EOF) goto again;
        return;

    /* CDATA state, CDATA bracket state, CDATA end state.  (CDATA bracket
     * state, "Anything else: emit ']' and the current input character,
     * switch to CDATA bracket state": we reconsume the character in the
     * CDATA state, where another ']' starts a new bracket.) */
    case S_CDATA:
    case S_CDATA_BRACKET:
    case S_CDATA_END:
        if (c == X5_EOF) {
            end_cdata_section(t, t->pos);
            error(t, X5_ERROR_EOF_IN_CDATA);
            t->state = S_DATA;
            goto again;
        }
        if (c == ']') {
            if (t->state == S_CDATA_END) emit_char(t, ']');
            t->state = t->state == S_CDATA ? S_CDATA_BRACKET : S_CDATA_END;
            return;
        }
        if (t->state == S_CDATA) {
            emit_char(t, (uint32_t)c);
            return;
        }
        if (t->state == S_CDATA_END && c == '>') {
            end_cdata_section(t, token_end(t));
            t->state = S_DATA;
            return;
        }
        emit_char(t, ']');
        if (t->state == S_CDATA_END) emit_char(t, ']');
        t->state = S_CDATA;
        goto again;

    /* DOCTYPE state */
    case S_DOCTYPE:
        if (is_doctype_space(c)) {
            t->state = S_BEFORE_DOCTYPE_NAME;
            return;
        }
        if (c != X5_EOF) error(t, X5_ERROR_MISSING_WHITESPACE_BEFORE_DOCTYPE_NAME);
        t->state = S_BEFORE_DOCTYPE_NAME;
        goto again;

    /* Before DOCTYPE name state */
    case S_BEFORE_DOCTYPE_NAME:
        if (is_doctype_space(c)) return;
        create_doctype(t);
        if (c == '>') error(t, X5_ERROR_MISSING_DOCTYPE_NAME);
        if (c == '>' || c == X5_EOF) goto doctype_close;
        t->has_name = true;
        t->state = S_DOCTYPE_NAME;
        goto again;

    /* DOCTYPE name state ("'>': Create a new DOCTYPE token. Emit token." is
     * read as emitting the current one, whose name is complete) */
    case S_DOCTYPE_NAME:
        if (is_doctype_space(c)) t->state = S_AFTER_DOCTYPE_NAME;
        else if (c == '>' || c == X5_EOF) goto doctype_close;
        else put(t, &t->name, (uint32_t)h5_to_lower(c));
        return;

    /* After DOCTYPE name state, after DOCTYPE system identifier state,
     * between DOCTYPE public and system identifiers state, after the
     * internal subset.  The draft skips everything up to '>' after the name
     * (with an internal subset in brackets); xml5lib-tests expect PUBLIC and
     * SYSTEM identifiers as HTML has them (keywords ASCII case-insensitive),
     * so both are here: '[' after the name or an identifier starts the
     * internal subset. */
    case S_AFTER_DOCTYPE_NAME:
    case S_AFTER_DOCTYPE_IDENTIFIER:
    case S_BETWEEN_DOCTYPE_IDENTIFIERS:
    case S_AFTER_DOCTYPE_INTERNAL_SUBSET:
        if (t->state == S_AFTER_DOCTYPE_IDENTIFIER && !t->doctype_system) {
            /* After DOCTYPE public identifier state */
            if (is_doctype_space(c)) {
                t->state = S_BETWEEN_DOCTYPE_IDENTIFIERS;
                return;
            }
            if (c == '"' || c == '\'') {
                error(t, X5_ERROR_MISSING_WHITESPACE_BETWEEN_DOCTYPE_PUBLIC_AND_SYSTEM_IDENTIFIERS);
                t->doctype_system = true;
                goto doctype_identifier;
            }
        }
        if (is_doctype_space(c)) return;
        if (c == '>' || c == X5_EOF) goto doctype_close;
        if (c == '[' && t->state != S_AFTER_DOCTYPE_INTERNAL_SUBSET) {
            t->doctype_depth = 1;
            t->state = S_DOCTYPE_INTERNAL_SUBSET;
        } else if (t->state == S_AFTER_DOCTYPE_NAME && ((c | 0x20) == 'p' || (c | 0x20) == 's')) {
            t->keyword = (c | 0x20) == 'p' ? kw_public : kw_system;
            t->nlook = 0;
            t->state = S_DOCTYPE_KEYWORD;
            goto again;
        } else if (t->state == S_BETWEEN_DOCTYPE_IDENTIFIERS) {
            t->doctype_system = true;
            if (c == '"' || c == '\'') goto doctype_identifier;
            goto doctype_missing_quote;
        } else {
            error(t, t->state == S_AFTER_DOCTYPE_NAME ? X5_ERROR_INVALID_CHARACTER_SEQUENCE_AFTER_DOCTYPE_NAME
                     : t->state == S_AFTER_DOCTYPE_INTERNAL_SUBSET
                         ? X5_ERROR_UNEXPECTED_CHARACTER_AFTER_DOCTYPE_INTERNAL_SUBSET
                     : t->doctype_system ? X5_ERROR_UNEXPECTED_CHARACTER_AFTER_DOCTYPE_IDENTIFIER
                                         : X5_ERROR_MISSING_QUOTE_BEFORE_DOCTYPE_SYSTEM_IDENTIFIER);
            t->state = S_BOGUS_DOCTYPE;
        }
        return;

    case S_DOCTYPE_KEYWORD:
        if (c != X5_EOF && h5_to_lower(c) == t->keyword[t->nlook]) {
            look_push(t, c);
            if (t->keyword[t->nlook]) return;
            t->nlook = 0;
            t->doctype_system = t->keyword == kw_system;
            t->state = S_AFTER_DOCTYPE_KEYWORD;
            return;
        }
        error(t, X5_ERROR_INVALID_CHARACTER_SEQUENCE_AFTER_DOCTYPE_NAME);
        t->state = S_BOGUS_DOCTYPE;
        unconsume_look(t, c);
        return;

    /* After DOCTYPE public/system keyword state, before DOCTYPE
     * public/system identifier state */
    case S_AFTER_DOCTYPE_KEYWORD:
    case S_BEFORE_DOCTYPE_IDENTIFIER:
        if (is_doctype_space(c)) {
            t->state = S_BEFORE_DOCTYPE_IDENTIFIER;
        } else if (c == '"' || c == '\'') {
            if (t->state == S_AFTER_DOCTYPE_KEYWORD)
                error(t, t->doctype_system ? X5_ERROR_MISSING_WHITESPACE_AFTER_DOCTYPE_SYSTEM_KEYWORD
                                           : X5_ERROR_MISSING_WHITESPACE_AFTER_DOCTYPE_PUBLIC_KEYWORD);
            goto doctype_identifier;
        } else if (c == '>' || c == X5_EOF) {
            if (c == '>')
                error(t, t->doctype_system ? X5_ERROR_MISSING_DOCTYPE_SYSTEM_IDENTIFIER
                                           : X5_ERROR_MISSING_DOCTYPE_PUBLIC_IDENTIFIER);
            goto doctype_close;
        } else {
            goto doctype_missing_quote;
        }
        return;

    doctype_identifier:
        start_doctype_id(t, t->doctype_system);
        t->state = c == '"' ? S_DOCTYPE_IDENTIFIER_DOUBLE_QUOTED : S_DOCTYPE_IDENTIFIER_SINGLE_QUOTED;
        return;

    doctype_missing_quote:
        error(t, t->doctype_system ? X5_ERROR_MISSING_QUOTE_BEFORE_DOCTYPE_SYSTEM_IDENTIFIER
                                   : X5_ERROR_MISSING_QUOTE_BEFORE_DOCTYPE_PUBLIC_IDENTIFIER);
        t->state = S_BOGUS_DOCTYPE;
        return;

    /* DOCTYPE public/system identifier (double-/single-quoted) state */
    case S_DOCTYPE_IDENTIFIER_DOUBLE_QUOTED:
    case S_DOCTYPE_IDENTIFIER_SINGLE_QUOTED:
        if (c == (t->state == S_DOCTYPE_IDENTIFIER_DOUBLE_QUOTED ? '"' : '\'')) {
            t->state = S_AFTER_DOCTYPE_IDENTIFIER;
            return;
        }
        if (c == '>')
            error(t, t->doctype_system ? X5_ERROR_ABRUPT_DOCTYPE_SYSTEM_IDENTIFIER
                                       : X5_ERROR_ABRUPT_DOCTYPE_PUBLIC_IDENTIFIER);
        if (c == '>' || c == X5_EOF) goto doctype_close;
        put(t, doctype_id(t), (uint32_t)c);
        return;

    /* The internal subset: the draft's "doctype depth" counting of '[' and
     * ']' (after DOCTYPE name state), in a state of its own.  Its content is
     * skipped: no entity is declared or expanded. */
    case S_DOCTYPE_INTERNAL_SUBSET:
        if (c == '[') t->doctype_depth++;
        else if (c == ']' && --t->doctype_depth == 0) t->state = S_AFTER_DOCTYPE_INTERNAL_SUBSET;
        else if (c == X5_EOF) goto doctype_close;
        return;

    /* Bogus DOCTYPE state (EOF: "Emit DOCTYPE token", no parse error) */
    case S_BOGUS_DOCTYPE:
        if (c == '>' || c == X5_EOF) {
            emit_doctype(t);
            t->state = S_DATA;
            if (c == X5_EOF) goto again;
        }
        return;

    /* '>': emit the DOCTYPE, data state.  EOF: "This is eof-in-doctype parse
     * error. ... Emit DOCTYPE token. Emit an end-of-file token". */
    doctype_close:
        if (c == X5_EOF) error(t, X5_ERROR_EOF_IN_DOCTYPE);
        emit_doctype(t);
        t->state = S_DATA;
        if (c == X5_EOF) goto again;
        return;

    /* Character reference in data state, character reference in attribute
     * value state: "Attempt to consume a character reference".  Not a
     * reference: TAB, LF, SPACE, '<', '%', '&', EOF, the additional allowed
     * character. */
    case S_CHARACTER_REFERENCE:
        if (is_space(c) || c == '<' || c == '%' || c == '&' || c == X5_EOF ||
            c == t->additional_allowed) {
            ref_out(t, '&');
            t->state = t->return_state;
            goto again;
        }
        if (c == '#') {
            t->ref_hex = false;
            t->ref_digits = 0;
            t->ref_value = 0;
            t->state = S_NUMERIC_CHARACTER_REFERENCE;
            return;
        }
        t->nlook = 0;
        t->state = S_NAMED_CHARACTER_REFERENCE;
        goto again;

    case S_NUMERIC_CHARACTER_REFERENCE:
        t->state = S_NUMERIC_CHARACTER_REFERENCE_DIGITS;
        if (c == 'x' || c == 'X') {
            t->ref_hex = true;
            t->ref_x = (h5_char)c;
            return;
        }
        goto again;

    case S_NUMERIC_CHARACTER_REFERENCE_DIGITS: {
        int d = -1;
        if (h5_is_ascii_digit(c)) d = c - '0';
        else if (t->ref_hex && h5_is_ascii_hex(c)) d = (c | 0x20) - 'a' + 10;
        if (d >= 0) {
            t->ref_digits++;
            uint32_t v = t->ref_value * (t->ref_hex ? 16u : 10u) + (uint32_t)d;
            t->ref_value = v > 0x10FFFF ? 0x110000 : v;
            return;
        }
        if (t->ref_digits == 0) {
            /* "don't consume any characters": '#' (and 'x') come back as text. */
            error(t, X5_ERROR_ABSENCE_OF_DIGITS_IN_NUMERIC_CHARACTER_REFERENCE);
            ref_out(t, '&');
            ref_out(t, '#');
            if (t->ref_hex) ref_out(t, t->ref_x);
            t->state = t->return_state;
            goto again;
        }
        bool semicolon = c == ';';
        if (!semicolon) error(t, X5_ERROR_MISSING_SEMICOLON_AFTER_CHARACTER_REFERENCE);
        h5_error_code e;
        uint32_t cp = h5_charref_numeric_value(t->ref_value, &e);
        if (e != H5_ERROR_NONE) error(t, numeric_error(e));
        ref_out(t, cp);
        t->state = t->return_state;
        if (semicolon) return;
        goto again;
    }

    case S_NAMED_CHARACTER_REFERENCE:
        if (c != X5_EOF && h5_is_ascii_alnum(c)) {
            if (t->nlook < X5_REF_MAX) {
                look_push(t, c);
                return;
            }
            /* Longer than any name: not a reference. */
            ref_out(t, '&');
            ref_out_units(t, t->look, t->nlook);
            t->nlook = 0;
            t->state = S_AMBIGUOUS_AMPERSAND;
            goto again;
        }
        if (c == ';') {
            look_push(t, ';');
            named_reference_end(t, X5_EOF);
            t->state = t->return_state;
            return;
        }
        named_reference_end(t, c);
        t->state = t->return_state;
        goto again;

    case S_AMBIGUOUS_AMPERSAND:
        if (c != X5_EOF && h5_is_ascii_alnum(c)) {
            ref_out(t, (uint32_t)c);
            return;
        }
        if (c == ';') error(t, X5_ERROR_UNKNOWN_NAMED_CHARACTER_REFERENCE);
        t->state = t->return_state;
        goto again;
    }
}

/* Run one character, then whatever it put back. */
static void x5_consume(x5_tokenizer *t, int c) {
    x5_step(t, c);
    while (t->nstack) {
        t->nstack--;
        t->cur = t->stack_off[t->nstack];
        x5_step(t, t->stack[t->nstack]);
    }
}

/* ------------------------------------------------------------------------ */
/* Input stream preprocessing and the public entry points.                    */

static bool is_noncharacter(uint32_t cp) {
    return (cp >= 0xFDD0 && cp <= 0xFDEF) || (cp & 0xFFFE) == 0xFFFE;
}
static bool is_bad_control(uint32_t cp) {
    return (cp >= 0x01 && cp <= 0x08) || cp == 0x0B || (cp >= 0x0E && cp <= 0x1F) ||
           (cp >= 0x7F && cp <= 0x9F);
}

/* The bulk scanners of the HTML tokenizer (src/tokenizer/scan.h): a run of
 * units that `state` would only append to its buffer (or, in the value of
 * a dropped duplicate attribute, skip) one by one ends at one of the
 * state's stop characters or at a unit that needs preprocessing (CR,
 * U+0000, controls, surrogates, noncharacters: XML5's list, a subset of
 * what scan.h stops at).  Stopping early is harmless: the slow path takes
 * the unit.  NULL: the state has no bulk path. */
static const scan_set X5_SS_TAG_NAME = { .mask = K_WS | K_SLASH | K_GT | K_NUL, .vec = false };
static const scan_set X5_SS_ATTR_NAME = { .mask = K_WS | K_SLASH | K_GT | K_EQ | K_NUL, .vec = false };
static const scan_set *x5_scan_set(int state) {
    switch (state) {
    case S_DATA: return &SS_DATA;
    case S_CDATA: return &SS_CDATA;
    case S_TAG_NAME:
    case S_END_TAG_NAME: return &X5_SS_TAG_NAME;
    case S_COMMENT: return &SS_COMMENT;
    case S_TAG_ATTR_NAME: return &X5_SS_ATTR_NAME;
    case S_TAG_ATTR_VALUE_DOUBLE_QUOTED: return &SS_ATTR_DQ;
    case S_TAG_ATTR_VALUE_SINGLE_QUOTED: return &SS_ATTR_SQ;
    default: return NULL;
    }
}

/* The buffer the bulk path appends to in the current state (NULL: skip). */
static h5_buf *x5_bulk_target(x5_tokenizer *t) {
    switch (t->state) {
    case S_DATA:
    case S_CDATA: return &t->text;
    case S_TAG_NAME:
    case S_END_TAG_NAME: return &t->name;
    case S_COMMENT: return &t->data;
    case S_TAG_ATTR_NAME: return &t->abuf;
    default: return t->attr_open ? &t->abuf : NULL; /* attribute values */
    }
}

/* Does s[0..n) hold a TAB or LF (which attribute-value normalization
 * turns into spaces)? */
static bool memchr16_tab_lf(const h5_char *s, size_t n) {
    for (size_t k = 0; k < n; k++)
        if (s[k] == '\t' || s[k] == '\n') return true;
    return false;
}

/* A whole tag at s[i] == '<' in the data state, in one go: the states from
 * tag open to the emitted token (tag open, (end) tag name, tag attribute
 * name before, tag attribute name, tag attribute value before, the quoted
 * value states, empty tag) take exactly these paths when the tag is
 * `<name>`, `</name>`, `<name/>` or a start tag whose attributes are
 * `name="value"` or `name='value'` (single spaces, TABs or LFs between them,
 * no character reference, TAB or LF in a value, no repeated name), all in
 * this chunk, with no character that input preprocessing looks at; the
 * token is then the same, names and values borrowed from the chunk, with
 * the same offsets, and no parse error is possible.  Returns the index
 * after the tag, or i when the tag is anything else (then the state machine
 * takes it, character by character). */
static size_t fast_tag(x5_tokenizer *t, const h5_char *s, size_t i, size_t n) {
    size_t p = i + 1;
    bool end = p < n && s[p] == '/';
    if (end) p++;
    if (p >= n) return i;
    h5_char c0 = s[p];
    if (is_space(c0) || c0 == ':' || c0 == '<' || c0 == '>' || c0 == '/' || c0 == '?' || c0 == '!') return i;
    size_t j = scan_ordinary(s, p, n, &X5_SS_TAG_NAME);
    if (j == p || j >= n) return i;
    x5_token tok = new_token(end ? X5_TOKEN_END_TAG : X5_TOKEN_START_TAG, NULL, NULL);
    tok.name = (h5_str){ s + p, j - p };
    size_t na = 0;
    for (;;) {
        if (j >= n) return i;
        if (s[j] == '>') {
            j++;
            break;
        }
        if (end) return i;
        if (s[j] == '/') {
            if (j + 1 >= n || s[j + 1] != '>') return i;
            tok.type = X5_TOKEN_EMPTY_TAG;
            j += 2;
            break;
        }
        if (is_space(s[j])) {
            while (j < n && is_space(s[j])) j++;
            continue;
        }
        /* An attribute: name="value". */
        if (s[j] == ':' || s[j] == '=') return i;
        size_t a = j;
        j = scan_ordinary(s, a, n, &X5_SS_ATTR_NAME);
        if (j == a || j + 1 >= n || s[j] != '=' || (s[j + 1] != '"' && s[j + 1] != '\'')) return i;
        h5_str name = { s + a, j - a };
        for (size_t k = 0; k < na; k++)
            if (x5_str_eq(t->attrs[k].name, name)) return i; /* duplicate-attribute */
        size_t v = j + 2;
        size_t ve = scan_ordinary(s, v, n, s[j + 1] == '"' ? &SS_ATTR_DQ : &SS_ATTR_SQ);
        if (ve >= n || s[ve] != s[j + 1] || memchr16_tab_lf(s + v, ve - v)) return i;
        if (!attrs_room(t, na)) return i;
        uint32_t at = t->pos - (uint32_t)i; /* offset of s[0] */
        t->attrs[na++] = (x5_token_attr){ name, { s + v, ve - v }, at + (uint32_t)a, at + (uint32_t)j,
                                          at + (uint32_t)v, at + (uint32_t)ve };
        j = ve + 1;
    }
    /* The text before the tag ends at its '<' (as in the data state). */
    flush_text_at(t, t->pos);
    tok.attrs = t->attrs;
    tok.nattrs = na;
    tok.start = t->tok_start = t->pos;
    tok.end = t->pos + (uint32_t)(j - i);
    t->nattrs = 0; /* no tag in progress */
    t->pos += (uint32_t)(j - i); /* consumed: the tree's errors are at the '>' (x5_tokenizer_position) */
    emit(t, &tok);
    return j;
}

h5_status x5_tokenizer_feed(x5_tokenizer *t, const h5_char *s, size_t n) {
    if (t->oom) return H5_ERR_OOM;
    size_t i = 0;
    while (i < n && !t->oom) {
        /* Bulk: a run of plain text in the data or CDATA state, of a start
         * or end tag name, an attribute name, a quoted attribute value or a
         * comment. */
        const scan_set *set = t->pending_high || t->after_cr ? NULL : x5_scan_set(t->state);
        size_t j = set ? scan_ordinary(s, i, n, set) : i;
        if (j > i) {
            h5_buf *dst = x5_bulk_target(t);
            if (dst == &t->text && !t->text.len &&
                (!t->text_src || t->text_src + t->text_src_len == s + i)) {
                /* Text verbatim in the chunk: borrowed (flush_text). */
                if (!t->text_src) {
                    t->text_src = s + i;
                    t->text_start = t->pos;
                }
                t->text_src_len += j - i;
                t->pos += (uint32_t)(j - i);
                i = j;
                continue;
            }
            if (dst == &t->text && t->text_src) own_text(t);
            if (dst == &t->text && !t->text.len) t->text_start = t->pos;
            if (dst == &t->abuf && t->state != S_TAG_ATTR_NAME) {
                /* A quoted value verbatim in the chunk (nothing for 3.3.3
                 * normalization to change): borrowed (emit_tag). */
                x5_attr_rec *r = &t->recs[t->nattrs - 1];
                if (t->abuf.len == r->value_off && !r->kept &&
                    (!r->value_src || r->value_src + r->value_src_len == s + i) &&
                    !memchr16_tab_lf(s + i, j - i)) {
                    if (!r->value_src) r->value_src = s + i;
                    r->value_src_len += j - i;
                    t->pos += (uint32_t)(j - i);
                    i = j;
                    continue;
                }
                if (r->value_src || r->kept) own_value(t);
            }
            if (dst && !h5_buf_append(dst, s + i, j - i)) t->oom = true;
            /* Attribute values: 3.3.3 normalization, as the state does. */
            if (dst == &t->abuf && t->state != S_TAG_ATTR_NAME && !t->oom)
                for (size_t k = dst->len - (j - i); k < dst->len; k++)
                    if (dst->data[k] == '\t' || dst->data[k] == '\n') dst->data[k] = ' ';
            t->pos += (uint32_t)(j - i);
            i = j;
            continue;
        }
        if (s[i] == '<' && t->state == S_DATA && !t->pending_high && !t->after_cr) {
            size_t k = fast_tag(t, s, i, n);
            if (k > i) {
                i = k;
                continue;
            }
        }
        h5_char u = s[i++];
        t->pos++;
        uint32_t cp = u;
        if (t->pending_high) {
            h5_char hi = t->pending_high;
            t->pending_high = 0;
            if (u >= 0xDC00 && u <= 0xDFFF) {
                cp = 0x10000 + (((uint32_t)hi - 0xD800) << 10) + (u - 0xDC00);
                t->cur = t->pos - 2;
                if (is_noncharacter(cp)) error(t, X5_ERROR_NONCHARACTER_IN_INPUT_STREAM);
                x5_consume(t, (int)cp);
                continue;
            }
            t->cur = t->pos - 2;
            error(t, X5_ERROR_SURROGATE_IN_INPUT_STREAM);
            x5_consume(t, hi);
        }
        t->cur = t->pos - 1;
        if (u >= 0xD800 && u <= 0xDBFF) {
            t->pending_high = u;
            continue;
        }
        if (u == '\n' && t->after_cr) {
            t->after_cr = false;
            continue;
        }
        t->after_cr = u == '\r';
        if (u == '\r') cp = '\n';
        else if (u == 0) cp = 0xFFFD; /* the draft's TODO "how to deal with null": as xml5lib-tests */
        else if (u >= 0xDC00 && u <= 0xDFFF) error(t, X5_ERROR_SURROGATE_IN_INPUT_STREAM);
        else if (is_bad_control(u)) error(t, X5_ERROR_CONTROL_CHARACTER_IN_INPUT_STREAM);
        else if (is_noncharacter(u)) error(t, X5_ERROR_NONCHARACTER_IN_INPUT_STREAM);
        x5_consume(t, (int)cp);
    }
    flush_text_at(t, t->pos);
    /* Borrowed attribute values of a tag still open: copied, the chunk goes. */
    for (size_t k = 0; k < t->nattrs; k++) {
        x5_attr_rec *r = &t->recs[k];
        if (!r->value_src) continue;
        r->kept_off = t->kept.len;
        r->kept = true;
        if (!h5_buf_append(&t->kept, r->value_src, r->value_src_len)) t->oom = true;
        r->value_src = NULL;
    }
    return t->oom ? H5_ERR_OOM : H5_OK;
}

h5_status x5_tokenizer_finish(x5_tokenizer *t) {
    if (t->oom) return H5_ERR_OOM;
    if (t->pending_high) {
        h5_char hi = t->pending_high;
        t->pending_high = 0;
        t->cur = t->pos - 1;
        error(t, X5_ERROR_SURROGATE_IN_INPUT_STREAM);
        x5_consume(t, hi);
    }
    t->at_eof = true;
    t->cur = t->pos;
    x5_consume(t, X5_EOF);
    return t->oom ? H5_ERR_OOM : H5_OK;
}

x5_tokenizer *x5_tokenizer_create(void) { return calloc(1, sizeof(x5_tokenizer)); }

void x5_tokenizer_destroy(x5_tokenizer *t) {
    if (!t) return;
    h5_buf *bufs[] = { &t->text, &t->name, &t->data, &t->public_id, &t->system_id, &t->abuf, &t->kept };
    for (size_t i = 0; i < sizeof bufs / sizeof *bufs; i++) h5_buf_free(bufs[i]);
    free(t->recs);
    free(t->attrs);
    free(t);
}

void x5_tokenizer_reset(x5_tokenizer *t, const x5_tokenizer_options *opts) {
    t->opts = *opts;
    t->state = opts->initial_state;
    t->return_state = S_DATA;
    t->additional_allowed = -1;
    t->oom = t->done = t->at_eof = false;
    t->after_cr = false;
    t->pending_high = 0;
    t->pos = 0;
    t->nstack = t->nlook = 0;
    t->text.len = t->name.len = t->data.len = 0;
    t->text_src = NULL;
    t->text_src_len = 0;
    t->public_id.len = t->system_id.len = t->abuf.len = t->kept.len = 0;
    t->nattrs = 0;
    t->attr_open = t->attr_name_open = t->attr_dup = false;
    t->cdata_open = 0;
    t->cdata_fresh = in_cdata(t); /* a caller may start in a section */
}

uint32_t x5_tokenizer_position(const x5_tokenizer *t) { return t->pos; }

const char *x5_error_name(x5_error_code code) {
    static const char *const names[] = {
        "none",
#define X5_X(id, name) name,
        X5_ERRORS(X5_X)
#undef X5_X
    };
    return (unsigned)code < X5_ERROR_COUNT ? names[code] : "unknown";
}
