/*
 * Parse error codes.
 *
 * The tokenizer codes are the ones named in the table of spec 13.2.2
 * ("Parse errors").  The spec names no codes for tree-construction errors;
 * ours are named after what happened and documented in docs/errors.md.
 * The X-macro keeps the enum and the name table in one place.
 */
#ifndef H5_ERRORS_H
#define H5_ERRORS_H

#include <stdint.h>

#define H5_TOKENIZER_ERRORS(X) \
    X(ABRUPT_CLOSING_OF_EMPTY_COMMENT, "abrupt-closing-of-empty-comment") \
    X(ABRUPT_DOCTYPE_PUBLIC_IDENTIFIER, "abrupt-doctype-public-identifier") \
    X(ABRUPT_DOCTYPE_SYSTEM_IDENTIFIER, "abrupt-doctype-system-identifier") \
    X(ABSENCE_OF_DIGITS_IN_NUMERIC_CHARACTER_REFERENCE, "absence-of-digits-in-numeric-character-reference") \
    X(CDATA_IN_HTML_CONTENT, "cdata-in-html-content") \
    X(CHARACTER_REFERENCE_OUTSIDE_UNICODE_RANGE, "character-reference-outside-unicode-range") \
    X(CONTROL_CHARACTER_IN_INPUT_STREAM, "control-character-in-input-stream") \
    X(CONTROL_CHARACTER_REFERENCE, "control-character-reference") \
    X(DUPLICATE_ATTRIBUTE, "duplicate-attribute") \
    X(END_TAG_WITH_ATTRIBUTES, "end-tag-with-attributes") \
    X(END_TAG_WITH_TRAILING_SOLIDUS, "end-tag-with-trailing-solidus") \
    X(EOF_BEFORE_TAG_NAME, "eof-before-tag-name") \
    X(EOF_IN_CDATA, "eof-in-cdata") \
    X(EOF_IN_COMMENT, "eof-in-comment") \
    X(EOF_IN_DOCTYPE, "eof-in-doctype") \
    X(EOF_IN_SCRIPT_HTML_COMMENT_LIKE_TEXT, "eof-in-script-html-comment-like-text") \
    X(EOF_IN_TAG, "eof-in-tag") \
    X(INCORRECTLY_CLOSED_COMMENT, "incorrectly-closed-comment") \
    X(INCORRECTLY_OPENED_COMMENT, "incorrectly-opened-comment") \
    X(INVALID_CHARACTER_SEQUENCE_AFTER_DOCTYPE_NAME, "invalid-character-sequence-after-doctype-name") \
    X(INVALID_FIRST_CHARACTER_OF_TAG_NAME, "invalid-first-character-of-tag-name") \
    X(MISSING_ATTRIBUTE_VALUE, "missing-attribute-value") \
    X(MISSING_DOCTYPE_NAME, "missing-doctype-name") \
    X(MISSING_DOCTYPE_PUBLIC_IDENTIFIER, "missing-doctype-public-identifier") \
    X(MISSING_DOCTYPE_SYSTEM_IDENTIFIER, "missing-doctype-system-identifier") \
    X(MISSING_END_TAG_NAME, "missing-end-tag-name") \
    X(MISSING_QUOTE_BEFORE_DOCTYPE_PUBLIC_IDENTIFIER, "missing-quote-before-doctype-public-identifier") \
    X(MISSING_QUOTE_BEFORE_DOCTYPE_SYSTEM_IDENTIFIER, "missing-quote-before-doctype-system-identifier") \
    X(MISSING_SEMICOLON_AFTER_CHARACTER_REFERENCE, "missing-semicolon-after-character-reference") \
    X(MISSING_WHITESPACE_AFTER_DOCTYPE_PUBLIC_KEYWORD, "missing-whitespace-after-doctype-public-keyword") \
    X(MISSING_WHITESPACE_AFTER_DOCTYPE_SYSTEM_KEYWORD, "missing-whitespace-after-doctype-system-keyword") \
    X(MISSING_WHITESPACE_BEFORE_DOCTYPE_NAME, "missing-whitespace-before-doctype-name") \
    X(MISSING_WHITESPACE_BETWEEN_ATTRIBUTES, "missing-whitespace-between-attributes") \
    X(MISSING_WHITESPACE_BETWEEN_DOCTYPE_PUBLIC_AND_SYSTEM_IDENTIFIERS, "missing-whitespace-between-doctype-public-and-system-identifiers") \
    X(NESTED_COMMENT, "nested-comment") \
    X(NONCHARACTER_CHARACTER_REFERENCE, "noncharacter-character-reference") \
    X(NONCHARACTER_IN_INPUT_STREAM, "noncharacter-in-input-stream") \
    X(NON_VOID_HTML_ELEMENT_START_TAG_WITH_TRAILING_SOLIDUS, "non-void-html-element-start-tag-with-trailing-solidus") \
    X(NULL_CHARACTER_REFERENCE, "null-character-reference") \
    X(SURROGATE_CHARACTER_REFERENCE, "surrogate-character-reference") \
    X(SURROGATE_IN_INPUT_STREAM, "surrogate-in-input-stream") \
    X(UNEXPECTED_CHARACTER_AFTER_DOCTYPE_SYSTEM_IDENTIFIER, "unexpected-character-after-doctype-system-identifier") \
    X(UNEXPECTED_CHARACTER_IN_ATTRIBUTE_NAME, "unexpected-character-in-attribute-name") \
    X(UNEXPECTED_CHARACTER_IN_UNQUOTED_ATTRIBUTE_VALUE, "unexpected-character-in-unquoted-attribute-value") \
    X(UNEXPECTED_EQUALS_SIGN_BEFORE_ATTRIBUTE_NAME, "unexpected-equals-sign-before-attribute-name") \
    X(UNEXPECTED_NULL_CHARACTER, "unexpected-null-character") \
    X(UNEXPECTED_QUESTION_MARK_INSTEAD_OF_TAG_NAME, "unexpected-question-mark-instead-of-tag-name") \
    X(UNEXPECTED_SOLIDUS_IN_TAG, "unexpected-solidus-in-tag") \
    X(UNKNOWN_NAMED_CHARACTER_REFERENCE, "unknown-named-character-reference")

/* Tree-construction errors (no spec codes; ours, see docs/errors.md).
 * The tree builder adds to this list as it needs codes. */
#define H5_TREE_ERRORS(X) \
    X(UNEXPECTED_DOCTYPE, "unexpected-doctype") \
    X(UNEXPECTED_START_TAG, "unexpected-start-tag") \
    X(UNEXPECTED_END_TAG, "unexpected-end-tag") \
    X(UNEXPECTED_CHARACTER, "unexpected-character") \
    X(UNEXPECTED_EOF, "unexpected-eof") \
    X(MISSING_DOCTYPE, "missing-doctype") \
    X(NON_CONFORMING_DOCTYPE, "non-conforming-doctype") \
    X(EOF_WITH_OPEN_ELEMENTS, "eof-with-open-elements") \
    X(END_TAG_WITH_OPEN_ELEMENTS, "end-tag-with-open-elements") \
    X(END_TAG_WITHOUT_MATCHING_OPEN_ELEMENT, "end-tag-without-matching-open-element") \
    X(MISNESTED_FORMATTING_ELEMENT, "misnested-formatting-element") \
    X(START_TAG_CLOSES_OPEN_ELEMENT, "start-tag-closes-open-element") \
    X(FOSTER_PARENTED_CONTENT, "foster-parented-content") \
    X(UNEXPECTED_START_TAG_IN_FOREIGN_CONTENT, "unexpected-start-tag-in-foreign-content") \
    X(UNEXPECTED_END_TAG_IN_FOREIGN_CONTENT, "unexpected-end-tag-in-foreign-content") \
    X(EOF_IN_ELEMENT_THAT_CAN_CONTAIN_ONLY_TEXT, "eof-in-element-that-can-contain-only-text")

/* Tokenizer codes the living standard added after the lists above were
 * numbered (codes are appended, never renumbered: docs/errors.md).
 * Processing instructions: whatwg/html 320c05f6 (PR 12118, 2026). */
#define H5_TOKENIZER_ERRORS_2026(X) \
    X(DISALLOWED_PROCESSING_INSTRUCTION_TARGET, "disallowed-processing-instruction-target") \
    X(EOF_IN_PROCESSING_INSTRUCTION, "eof-in-processing-instruction") \
    X(INVALID_FIRST_CHARACTER_OF_PROCESSING_INSTRUCTION_TARGET, "invalid-first-character-of-processing-instruction-target") \
    X(INVALID_PROCESSING_INSTRUCTION_TARGET, "invalid-processing-instruction-target")

#define H5_ERRORS(X) H5_TOKENIZER_ERRORS(X) H5_TREE_ERRORS(X) H5_TOKENIZER_ERRORS_2026(X)

typedef enum {
    H5_ERROR_NONE = 0,
#define H5_X(id, name) H5_ERROR_##id,
    H5_ERRORS(H5_X)
#undef H5_X
    H5_ERROR_COUNT
} h5_error_code;

/* The code's name as used in reports ("eof-in-tag"). */
const char *h5_error_name(h5_error_code code);

/* Receives every parse error: the code and the UTF-16 offset in the input of
 * the character at which the spec says the error occurs (for EOF errors: the
 * input length).  Line and column are derived from the offset by the caller
 * (js/core/records.js, Locator; test/native/position.h for the native test drivers). */
typedef void (*h5_error_sink)(void *ctx, h5_error_code code, uint32_t offset);

#endif
