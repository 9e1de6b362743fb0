/*
 * A small JSON parser for the test drivers.  Input is UTF-8; strings are
 * decoded straight to UTF-16 code units (h5_char) so that \uXXXX escapes of
 * lone surrogates survive exactly, as the html5lib tests need.
 */
#ifndef H5_TEST_JSON_H
#define H5_TEST_JSON_H

#include "h5.h"

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } json_type;

typedef struct json_value json_value;
struct json_value {
    json_type type;
    bool boolean;
    double number;
    h5_char *str;        /* JSON_STRING: UTF-16 code units */
    size_t len;
    json_value **items;  /* JSON_ARRAY: elements; JSON_OBJECT: member values */
    json_value **keys;   /* JSON_OBJECT: member names (JSON_STRING), in order */
    size_t count;
};

/* Parse `text` (len bytes).  NULL on a syntax error or out of memory; then
 * *error_offset (if not NULL) is the byte offset where parsing stopped. */
json_value *json_parse(const char *text, size_t len, size_t *error_offset);
void json_free(json_value *v);

/* Member `key` (ASCII) of an object, or NULL. */
const json_value *json_get(const json_value *obj, const char *key);
/* Is `v` a string equal to the ASCII string `s`? */
bool json_is_str(const json_value *v, const char *s);

#endif
