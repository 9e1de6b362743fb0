/*
 * Strict XML5 parsing (x5_parser_set_strict; parseXml's `strict`): the
 * well-formedness constraints of XML 1.0 (Fifth Edition) that the XML5
 * draft (seed 002) lets pass, checked by the tree builder
 * (xml5_tree_builder.c) on the input each token covers (p->input: the
 * whole document).  With strict off none of this runs; it is compiled for
 * size (Makefile, WASM_SMALL).  The codes: X5_STRICT_ERRORS
 * (xml5_errors.h), listed in docs/xml5.md ("Strict parsing").
 */
#include <string.h>

#include "xml5_parser_state.h"

/* [2] Char. */
static bool is_xml_char(uint32_t c) {
    return c < 0x20 ? c == 0x9 || c == 0xA || c == 0xD : c < 0xD800 || (c >= 0xE000 && c < 0xFFFE) || (c >= 0x10000 && c <= 0x10FFFF);
}
/* ... at input[*i]; *i is advanced over a surrogate pair. */
static bool xml_char_at(const x5_parser *p, size_t *i) {
    h5_char c = p->input[*i];
    if (c < 0xD800 || c > 0xDBFF) return is_xml_char(c);
    if (*i + 1 >= p->input_len || p->input[*i + 1] < 0xDC00 || p->input[*i + 1] > 0xDFFF) return false;
    ++*i;
    return true;
}

/* [4] NameStartChar (the first 15 ranges) and [4a] NameChar (all): a
 * high surrogate up to U+DB7F starts a character up to U+EFFFF, a low
 * surrogate ends one ([2] Char checked the pairs). */
static const uint16_t NAME_RANGES[][2] = {
    { ':', ':' }, { 'A', 'Z' }, { '_', '_' }, { 'a', 'z' }, { 0xC0, 0xD6 }, { 0xD8, 0xF6 }, { 0xF8, 0x2FF },
    { 0x370, 0x37D }, { 0x37F, 0x1FFF }, { 0x200C, 0x200D }, { 0x2070, 0x218F }, { 0x2C00, 0x2FEF },
    { 0x3001, 0xDB7F }, { 0xF900, 0xFDCF }, { 0xFDF0, 0xFFFD },
    { '-', '.' }, { '0', '9' }, { 0xB7, 0xB7 }, { 0x300, 0x36F }, { 0x203F, 0x2040 }, { 0xDC00, 0xDFFF },
};
static bool name_char_in(h5_char c, size_t ranges) {
    for (size_t k = 0; k < ranges; k++)
        if (c >= NAME_RANGES[k][0] && c <= NAME_RANGES[k][1]) return true;
    return false;
}
#define name_start_char(c) name_char_in((c), 15)
#define name_char(c) name_char_in((c), sizeof NAME_RANGES / sizeof *NAME_RANGES)
/* [5] Name. */
static bool is_name(h5_str s) {
    if (!s.len || !name_start_char(s.ptr[0])) return false;
    for (size_t i = 1; i < s.len; i++)
        if (!name_char(s.ptr[i])) return false;
    return true;
}
static void check_name(x5_parser *p, h5_str name, uint32_t at) {
    if (!is_name(name)) x5_parse_error_at(p, X5_ERROR_INVALID_NAME, at);
}
static bool is_s(h5_char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

/* Does the input at `i` (before `end`) start with the ASCII `w`? */
static bool input_has(const x5_parser *p, size_t i, size_t end, const char *w) {
    for (; *w; w++, i++)
        if (i >= end || p->input[i] != (unsigned char)*w) return false;
    return true;
}

/* WFC Entity Declared (4.1): the predefined entities, and those the
 * internal subset declares (`<!ENTITY name`). */
static bool entity_declared(const x5_parser *p, h5_str name) {
    static const char *const predefined[] = { "lt", "gt", "amp", "apos", "quot" };
    for (size_t k = 0; k < 5; k++)
        if (h5_str_eq_ascii(name, predefined[k])) return true;
    if (p->entities_unknown) return true;
    for (size_t i = p->doctype_start; i < p->doctype_end; i++) {
        if (!input_has(p, i, p->doctype_end, "<!ENTITY")) continue;
        size_t j = i + 8;
        while (j < p->doctype_end && is_s(p->input[j])) j++;
        if (j + name.len < p->doctype_end && !memcmp(p->input + j, name.ptr, name.len * sizeof(h5_char)) &&
            is_s(p->input[j + name.len]))
            return true;
    }
    return false;
}

/* [66] CharRef and [68] EntityRef at the '&' input[i] (before `end`);
 * returns where the reference ends. */
static size_t check_reference(x5_parser *p, size_t i, size_t end) {
    const h5_char *s = p->input;
    size_t j = i + 1;
    if (j < end && s[j] == '#') {
        bool hex = ++j < end && s[j] == 'x';
        uint32_t v = 0;
        size_t d0 = j += hex;
        for (; j < end; j++) {
            uint32_t c = s[j], d = c >= '0' && c <= '9' ? c - '0'
                                 : hex && (c | 0x20) >= 'a' && (c | 0x20) <= 'f' ? (c | 0x20) - 'a' + 10 : 99;
            if (d == 99) break;
            v = v > 0x10FFFF ? v : v * (hex ? 16 : 10) + d;
        }
        if (j == d0 || j >= end || s[j] != ';' || !is_xml_char(v))
            x5_parse_error_at(p, X5_ERROR_INVALID_REFERENCE, (uint32_t)i);
        return j;
    }
    while (j < end && s[j] != ';' && name_char(s[j])) j++;
    h5_str name = { s + i + 1, j - i - 1 };
    if (j >= end || s[j] != ';' || !is_name(name)) x5_parse_error_at(p, X5_ERROR_INVALID_REFERENCE, (uint32_t)i);
    else if (!entity_declared(p, name)) x5_parse_error_at(p, X5_ERROR_UNDEFINED_ENTITY, (uint32_t)i);
    return j;
}

/* The input between tokens, from p->text_from to `end`: [14] CharData
 * (no `]]>`), references. */
static void check_text(x5_parser *p, size_t end) {
    for (size_t i = p->text_from; i < end; i++) {
        h5_char c = p->input[i];
        if (c == '&') i = check_reference(p, i, end);
        else if (c == ']' && input_has(p, i, end, "]]>")) x5_parse_error_at(p, X5_ERROR_CDATA_SECTION_END_IN_TEXT, (uint32_t)i);
    }
}

/* [40] STag, [44] EmptyElemTag: names, whitespace before each attribute,
 * [10] AttValue quoted, without '<', with well-formed references. */
static void check_tag(x5_parser *p, const x5_token *tok) {
    check_name(p, tok->name, tok->start + 1);
    for (size_t k = 0; k < tok->nattrs; k++) {
        const x5_token_attr *a = &tok->attrs[k];
        size_t v = a->value_start, e = a->value_end;
        check_name(p, a->name, a->name_start);
        if (!is_s(p->input[a->name_start - 1])) x5_parse_error_at(p, X5_ERROR_MISSING_WHITESPACE_BEFORE_ATTRIBUTE, a->name_start);
        h5_char q = p->input[v - 1];
        if ((q != '"' && q != '\'') || e >= p->input_len || p->input[e] != q)
            x5_parse_error_at(p, X5_ERROR_UNQUOTED_ATTRIBUTE_VALUE, (uint32_t)v);
        for (size_t i = v; i < e; i++) {
            if (p->input[i] == '<') x5_parse_error_at(p, X5_ERROR_LESS_THAN_SIGN_IN_ATTRIBUTE_VALUE, (uint32_t)i);
            if (p->input[i] == '&') i = check_reference(p, i, e);
        }
    }
}

/* Is every unit of s from `from` on an ASCII digit (`enc`: or letter, '.', '_', '-')? */
static bool all_in(h5_str s, size_t from, bool enc) {
    for (size_t i = from; i < s.len; i++) {
        h5_char c = s.ptr[i];
        if (!(c >= '0' && c <= '9') && !(enc && (((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '.' || c == '_' || c == '-')))
            return false;
    }
    return true;
}

/* Where the ASCII `w` first is in the input from `i` to `end` (or end). */
static size_t find(const x5_parser *p, size_t i, size_t end, const char *w) {
    while (i < end && !input_has(p, i, end, w)) i++;
    return i;
}

/* [23] XMLDecl: version first ([26] VersionNum 1.[0-9]+), then encoding
 * ([81] EncName), then standalone ([32] 'yes' | 'no'). */
static bool decl_ok(const x5_parser *p, const x5_token *tok) {
    h5_str v = tok->version, e = tok->encoding, sd = tok->standalone;
    size_t i = tok->start + 5, end = tok->end;
    while (i < end && is_s(p->input[i])) i++;
    return tok->has_version && v.len > 2 && v.ptr[0] == '1' && v.ptr[1] == '.' && all_in(v, 2, false) &&
           (!tok->has_encoding || (e.len && (e.ptr[0] | 0x20) >= 'a' && (e.ptr[0] | 0x20) <= 'z' && all_in(e, 1, true))) &&
           (!tok->has_standalone || h5_str_eq_ascii(sd, "yes") || h5_str_eq_ascii(sd, "no")) &&
           input_has(p, i, end, "version") &&
           (!tok->has_encoding || !tok->has_standalone || find(p, i, end, "encoding") < find(p, i, end, "standalone"));
}

void x5_check_well_formed(x5_parser *p, const x5_token *tok) {
    if (!p->input) return;
    bool plain_text = tok->type == X5_TOKEN_CHARACTER && !tok->cdata;
    if (plain_text) return; /* checked with the input up to the next token */
    if (tok->type != X5_TOKEN_CHARACTER || tok->cdata_start) check_text(p, tok->type == X5_TOKEN_EOF ? p->input_len : tok->start);
    p->text_from = tok->end;
    switch (tok->type) {
    case X5_TOKEN_START_TAG:
    case X5_TOKEN_EMPTY_TAG: check_tag(p, tok); return;
    case X5_TOKEN_COMMENT: /* [15] */
        for (size_t i = 0; i < tok->data.len; i++)
            if (tok->data.ptr[i] == '-' && (i + 1 == tok->data.len || tok->data.ptr[i + 1] == '-')) {
                /* At the '-' when the data is the input after "<!--" as it
                 * stands (the tokenizer copies it), else at the comment. */
                size_t d = tok->start + 4, n = tok->data.len;
                bool as_is = d + n <= tok->end && !memcmp(p->input + d, tok->data.ptr, n * sizeof(h5_char));
                size_t at = as_is ? d + i : tok->start;
                x5_parse_error_at(p, X5_ERROR_DOUBLE_HYPHEN_IN_COMMENT, (uint32_t)at);
                return;
            }
        return;
    case X5_TOKEN_PI: check_name(p, tok->name, tok->start + 2); return;
    case X5_TOKEN_XML_DECLARATION:
        if (!decl_ok(p, tok)) x5_parse_error_at(p, X5_ERROR_INVALID_XML_DECLARATION, tok->start);
        return;
    case X5_TOKEN_DOCTYPE: /* [28]; [75] PUBLIC has both literals */
        check_name(p, tok->name, tok->start);
        if (tok->has_public_id && !tok->has_system_id) x5_parse_error_at(p, X5_ERROR_MISSING_DOCTYPE_SYSTEM_IDENTIFIER, tok->start);
        p->doctype_start = tok->start;
        p->doctype_end = tok->end;
        p->entities_unknown = tok->has_system_id;
        for (size_t i = tok->start; i < tok->end; i++) p->entities_unknown |= p->input[i] == '%';
        return;
    default: return;
    }
}

/* The whole input: [2] Char (the first character that is not one). */
void x5_check_chars(x5_parser *p) {
    for (size_t i = 0; p->input && i < p->input_len; i++)
        if ((p->input[i] < 0x20 || p->input[i] >= 0xD800) && !xml_char_at(p, &i)) {
            x5_parse_error_at(p, X5_ERROR_INVALID_XML_CHARACTER, (uint32_t)i);
            return;
        }
}

/* Tokenizer errors that strict parsing leaves to the checks above: XML5
 * reports controls, noncharacters and references by HTML's rules. */
bool x5_strict_replaces(x5_error_code code) {
    return (code >= X5_ERROR_ABSENCE_OF_DIGITS_IN_NUMERIC_CHARACTER_REFERENCE && code <= X5_ERROR_SURROGATE_IN_INPUT_STREAM);
}
