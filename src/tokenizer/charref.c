/* Character reference matching; see charref.h. */
#include "charref.h"

/* 13.2.5.73 Named character reference state: "Consume the maximum number of
 * characters possible, where the consumed characters are one of the
 * identifiers in the first column of the named character references table."
 *
 * The entries of s[0]'s letter are walked in sorted order, m being how many
 * characters the previous entry shares with s.  An entry sharing more than m
 * with the previous one differs from s where that one did, in the same way:
 * skipped.  One sharing fewer sorts after s there, as does every later entry:
 * the walk ends.  Otherwise its remaining characters are compared with s; the
 * walk ends at the first character greater than s's (every later entry sorts
 * after s too), or where s runs out.  A name sorts before its extensions, so
 * the last entry found whole in s is the longest match. */
h5_charref_result h5_charref_match_named(const h5_char *s, size_t n, bool at_eof,
                                         h5_charref_match *out) {
    if (n == 0) return at_eof ? H5_CHARREF_NONE : H5_CHARREF_NEED_MORE;
    h5_char c = s[0];
    unsigned li;
    if (c >= 'A' && c <= 'Z') li = (unsigned)(c - 'A');
    else if (c >= 'a' && c <= 'z') li = 26u + (unsigned)(c - 'a');
    else return H5_CHARREF_NONE;
    const uint8_t *e = h5_entity_names + h5_entity_first[1][li];
    size_t i = h5_entity_first[0][li], end = h5_entity_first[0][li + 1];
    size_t best = H5_ENTITY_COUNT, best_len = 0, m = 0;
    bool semicolon = false;
    h5_char next = s[0]; /* s[m], 0 when s has run out */
    for (;;) {
        /* Skipped at once: entries sharing more than m with the previous one,
         * and those sharing m whose next character is below s[m] (the
         * common case).  The next letter's first entry (or the table's final
         * 0) shares nothing, which ends this at the letter's end. */
        while (e[0] > m || (e[0] == m && e[2] < next)) {
            e += 2 + e[1];
            i++;
        }
        if (i == end || e[0] < m) break;
        /* The entry shares exactly s[0..m): compare the rest. */
        size_t r = e[1], avail = n - m, j = 0;
        const uint8_t *rest = e + 2;
        const h5_char *t = s + m;
        while (j < r && j < avail && rest[j] == t[j]) j++;
        if (j == r) { /* the whole name is a prefix of s */
            best = i;
            best_len = m + r;
            semicolon = rest[r - 1] == ';';
        } else if (j == avail) { /* s ran out: a longer name may still match */
            if (!at_eof) return H5_CHARREF_NEED_MORE;
            break;
        } else if (rest[j] > t[j]) {
            break;
        }
        m += j;
        next = m < n ? s[m] : 0;
        e = rest + r;
        i++;
    }
    if (best == H5_ENTITY_COUNT) return H5_CHARREF_NONE;
    out->len = best_len;
    out->semicolon = semicolon;
    out->value[0] = h5_entity_value[0][best];
    out->value[1] = h5_entity_value[1][best];
    out->value_len = out->value[1] ? 2 : 1;
    return H5_CHARREF_MATCH;
}

/* 13.2.5.80 Numeric character reference end state: the table for numbers
 * 0x80-0x9F (0 = keep the number). */
static const uint16_t h5_c1_replacements[32] = {
    0x20AC, 0, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, /* 80-87 */
    0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017D, 0,      /* 88-8F */
    0, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, /* 90-97 */
    0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0, 0x017E, 0x0178  /* 98-9F */
};

uint32_t h5_charref_numeric_value(uint32_t code, h5_error_code *error) {
    *error = H5_ERROR_NONE;
    if (code == 0) {
        *error = H5_ERROR_NULL_CHARACTER_REFERENCE;
        return 0xFFFD;
    }
    if (code > 0x10FFFF) {
        *error = H5_ERROR_CHARACTER_REFERENCE_OUTSIDE_UNICODE_RANGE;
        return 0xFFFD;
    }
    if (code >= 0xD800 && code <= 0xDFFF) {
        *error = H5_ERROR_SURROGATE_CHARACTER_REFERENCE;
        return 0xFFFD;
    }
    /* Noncharacters: U+FDD0..U+FDEF and U+xxFFFE / U+xxFFFF. */
    if ((code >= 0xFDD0 && code <= 0xFDEF) || (code & 0xFFFE) == 0xFFFE) {
        *error = H5_ERROR_NONCHARACTER_CHARACTER_REFERENCE;
        return code;
    }
    /* 0x0D, or a control (C0, or U+007F..U+009F) that is not ASCII
     * whitespace (TAB, LF, FF, CR, SPACE). */
    if (code == 0x0D || (code < 0x20 && code != 0x09 && code != 0x0A && code != 0x0C) ||
        (code >= 0x7F && code <= 0x9F)) {
        *error = H5_ERROR_CONTROL_CHARACTER_REFERENCE;
        if (code >= 0x80 && code <= 0x9F && h5_c1_replacements[code - 0x80])
            return h5_c1_replacements[code - 0x80];
    }
    return code;
}
