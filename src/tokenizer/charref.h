/*
 * Character references: spec 13.2.5.73 (named character reference state,
 * longest match against the table of 13.5) and 13.2.5.80 (numeric character
 * reference end state: range checks and the 0x80-0x9F replacement table).
 *
 * The named table lives in the generated src/tokenizer/entities_data.c (from
 * scripts/gen-entities.mjs).  Entries are sorted by name, so every set of
 * names sharing a prefix is one contiguous range, and a name sorts before its
 * extensions ("not" < "not;" < "notin;").
 */
#ifndef H5_CHARREF_H
#define H5_CHARREF_H

#include "errors.h"
#include "h5.h"

#define H5_ENTITY_COUNT 2231
/* Longest name in the table, ';' included ("CounterClockwiseContourIntegral;"). */
#define H5_ENTITY_MAX_NAME 32

/* The table in columns, which compress better than rows.  The names are
 * front-coded: per entry, the count of leading characters it shares with the
 * previous entry, the count of characters that follow, then those (at least
 * one: no two names are equal); a 0 after the last.  The value's one or two UTF-16 units, the
 * second 0 when there is one. */
extern const uint8_t h5_entity_names[];
extern const uint16_t h5_entity_value[2][H5_ENTITY_COUNT];
/* Entries starting with letter i (A-Z = 0..25, a-z = 26..51) are
 * [h5_entity_first[0][i], h5_entity_first[0][i + 1]); the first of them
 * starts at h5_entity_names[h5_entity_first[1][i]] and shares nothing. */
extern const uint16_t h5_entity_first[2][53];

typedef enum {
    H5_CHARREF_NONE,      /* no name of the table is a prefix of the input */
    H5_CHARREF_MATCH,     /* longest match found; see h5_charref_match */
    H5_CHARREF_NEED_MORE  /* input ended while a longer name was still possible */
} h5_charref_result;

typedef struct {
    size_t len;          /* code units of the name matched (';' included) */
    bool semicolon;      /* the name ends with ';' */
    uint8_t value_len;   /* 1 or 2 */
    uint16_t value[2];   /* UTF-16 units (as h5_char but with H5_CHAR8) */
} h5_charref_match;

/* 13.2.5.73: find the longest name of the table that is a prefix of
 * s[0..n) (s starts just after the '&').  When the whole of s was consumed
 * while some longer name still starts with it, the answer depends on input
 * not yet seen: returns H5_CHARREF_NEED_MORE unless `at_eof`. */
h5_charref_result h5_charref_match_named(const h5_char *s, size_t n, bool at_eof,
                                         h5_charref_match *out);

/* 13.2.5.80: check a numeric character reference code (saturated at
 * 0x110000 by the caller), returning the code point to use and the parse
 * error to report (H5_ERROR_NONE when none). */
uint32_t h5_charref_numeric_value(uint32_t code, h5_error_code *error);

#endif
