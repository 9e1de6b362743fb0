/*
 * XML5 parse error codes.
 *
 * The first group is the table of the XML5 draft (seed 002, "Parse Errors").
 * The draft says only "Parse error." at many other points; those codes are
 * ours, named after what happened, mostly as the HTML standard names the
 * same situation (docs/xml5.md lists where each one is raised).
 * The X-macro keeps the enum and the name table in one place.
 *
 * (src/errors.h holds the HTML parser's codes; the two sets are separate.)
 */
#ifndef X5_ERRORS_H
#define X5_ERRORS_H

#define X5_DRAFT_ERRORS(X) \
    X(ABRUPT_CLOSING_OF_EMPTY_COMMENT, "abrupt-closing-of-empty-comment") \
    X(ABRUPT_CLOSING_XML_DECLARATION, "abrupt-closing-xml-declaration") \
    X(COLON_BEFORE_ATTR, "colon-before-attr") \
    X(EOF_IN_CDATA, "eof-in-cdata") \
    X(EOF_IN_COMMENT, "eof-in-comment") \
    X(EOF_IN_DOCTYPE, "eof-in-doctype") \
    X(EOF_IN_TAG, "eof-in-tag") \
    X(EOF_IN_XML_DECLARATION, "eof-in-xml-declaration") \
    X(INCORRECTLY_OPENED_COMMENT, "incorrectly-opened-comment") \
    X(INVALID_XML_DECLARATION, "invalid-xml-declaration") \
    X(MISSING_WHITESPACE_BEFORE_DOCTYPE_NAME, "missing-whitespace-before-doctype-name") \
    X(MISSING_DOCTYPE_NAME, "missing-doctype-name")

#define X5_OWN_ERRORS(X) \
    X(INVALID_FIRST_CHARACTER_OF_TAG_NAME, "invalid-first-character-of-tag-name") \
    X(EOF_BEFORE_TAG_NAME, "eof-before-tag-name") \
    X(END_TAG_WITH_TRAILING_SOLIDUS, "end-tag-with-trailing-solidus") \
    X(UNEXPECTED_CHARACTER_AFTER_END_TAG_NAME, "unexpected-character-after-end-tag-name") \
    X(UNEXPECTED_CHARACTER_AFTER_SOLIDUS_IN_TAG, "unexpected-character-after-solidus-in-tag") \
    X(DUPLICATE_ATTRIBUTE, "duplicate-attribute") \
    X(MISSING_PROCESSING_INSTRUCTION_TARGET, "missing-processing-instruction-target") \
    X(EOF_IN_PROCESSING_INSTRUCTION, "eof-in-processing-instruction") \
    X(NESTED_COMMENT, "nested-comment") \
    X(INCORRECTLY_CLOSED_COMMENT, "incorrectly-closed-comment") \
    X(INVALID_CHARACTER_SEQUENCE_AFTER_DOCTYPE_NAME, "invalid-character-sequence-after-doctype-name") \
    X(MISSING_WHITESPACE_AFTER_DOCTYPE_PUBLIC_KEYWORD, "missing-whitespace-after-doctype-public-keyword") \
    X(MISSING_WHITESPACE_AFTER_DOCTYPE_SYSTEM_KEYWORD, "missing-whitespace-after-doctype-system-keyword") \
    X(MISSING_DOCTYPE_PUBLIC_IDENTIFIER, "missing-doctype-public-identifier") \
    X(MISSING_DOCTYPE_SYSTEM_IDENTIFIER, "missing-doctype-system-identifier") \
    X(MISSING_QUOTE_BEFORE_DOCTYPE_PUBLIC_IDENTIFIER, "missing-quote-before-doctype-public-identifier") \
    X(MISSING_QUOTE_BEFORE_DOCTYPE_SYSTEM_IDENTIFIER, "missing-quote-before-doctype-system-identifier") \
    X(ABRUPT_DOCTYPE_PUBLIC_IDENTIFIER, "abrupt-doctype-public-identifier") \
    X(ABRUPT_DOCTYPE_SYSTEM_IDENTIFIER, "abrupt-doctype-system-identifier") \
    X(MISSING_WHITESPACE_BETWEEN_DOCTYPE_PUBLIC_AND_SYSTEM_IDENTIFIERS, "missing-whitespace-between-doctype-public-and-system-identifiers") \
    X(UNEXPECTED_CHARACTER_AFTER_DOCTYPE_IDENTIFIER, "unexpected-character-after-doctype-identifier") \
    X(UNEXPECTED_CHARACTER_AFTER_DOCTYPE_INTERNAL_SUBSET, "unexpected-character-after-doctype-internal-subset") \
    /* From here to SURROGATE_IN_INPUT_STREAM: HTML's rules for references \
     * and the input stream, which strict parsing replaces (in this order). */ \
    X(ABSENCE_OF_DIGITS_IN_NUMERIC_CHARACTER_REFERENCE, "absence-of-digits-in-numeric-character-reference") \
    X(MISSING_SEMICOLON_AFTER_CHARACTER_REFERENCE, "missing-semicolon-after-character-reference") \
    X(UNKNOWN_NAMED_CHARACTER_REFERENCE, "unknown-named-character-reference") \
    X(NULL_CHARACTER_REFERENCE, "null-character-reference") \
    X(CHARACTER_REFERENCE_OUTSIDE_UNICODE_RANGE, "character-reference-outside-unicode-range") \
    X(SURROGATE_CHARACTER_REFERENCE, "surrogate-character-reference") \
    X(NONCHARACTER_CHARACTER_REFERENCE, "noncharacter-character-reference") \
    X(CONTROL_CHARACTER_REFERENCE, "control-character-reference") \
    X(CONTROL_CHARACTER_IN_INPUT_STREAM, "control-character-in-input-stream") \
    X(NONCHARACTER_IN_INPUT_STREAM, "noncharacter-in-input-stream") \
    X(SURROGATE_IN_INPUT_STREAM, "surrogate-in-input-stream")

/* Tree construction ("Parse error." in the draft's phases, and the
 * well-formedness and namespace constraints of XML 1.0 and Namespaces in
 * XML 1.0 that the tokenizer cannot see; docs/xml5.md). */
#define X5_TREE_ERRORS(X) \
    X(MISPLACED_XML_DECLARATION, "misplaced-xml-declaration") \
    X(MISPLACED_DOCTYPE, "misplaced-doctype") \
    X(TEXT_OUTSIDE_ROOT_ELEMENT, "text-outside-root-element") \
    X(END_TAG_OUTSIDE_ROOT_ELEMENT, "end-tag-outside-root-element") \
    X(CONTENT_AFTER_ROOT_ELEMENT, "content-after-root-element") \
    X(MISSING_ROOT_ELEMENT, "missing-root-element") \
    X(END_TAG_NAME_MISMATCH, "end-tag-name-mismatch") \
    X(SHORT_END_TAG, "short-end-tag") \
    X(EOF_IN_ELEMENT, "eof-in-element") \
    X(RESERVED_PROCESSING_INSTRUCTION_TARGET, "reserved-processing-instruction-target") \
    X(INVALID_QUALIFIED_NAME, "invalid-qualified-name") \
    X(UNBOUND_PREFIX, "unbound-prefix") \
    X(INVALID_NAMESPACE_DECLARATION, "invalid-namespace-declaration") \
    X(EMPTY_PREFIXED_NAMESPACE_DECLARATION, "empty-prefixed-namespace-declaration") \
    X(DUPLICATE_NAMESPACED_ATTRIBUTE, "duplicate-namespaced-attribute")

/* Strict parsing only (x5_parser_set_strict): the well-formedness
 * constraints of XML 1.0 that XML5 lets pass, checked on the input the
 * tokens cover (xml5_well_formed.c). */
#define X5_STRICT_ERRORS(X) \
    X(INVALID_XML_CHARACTER, "invalid-xml-character") \
    X(DOUBLE_HYPHEN_IN_COMMENT, "double-hyphen-in-comment") \
    X(CDATA_SECTION_END_IN_TEXT, "cdata-section-end-in-text") \
    X(LESS_THAN_SIGN_IN_ATTRIBUTE_VALUE, "less-than-sign-in-attribute-value") \
    X(UNQUOTED_ATTRIBUTE_VALUE, "unquoted-attribute-value") \
    X(MISSING_WHITESPACE_BEFORE_ATTRIBUTE, "missing-whitespace-before-attribute") \
    X(INVALID_REFERENCE, "invalid-reference") \
    X(UNDEFINED_ENTITY, "undefined-entity") \
    X(INVALID_NAME, "invalid-name")

#define X5_ERRORS(X) X5_DRAFT_ERRORS(X) X5_OWN_ERRORS(X) X5_TREE_ERRORS(X) X5_STRICT_ERRORS(X)

typedef enum {
    X5_ERROR_NONE = 0,
#define X5_X(id, name) X5_ERROR_##id,
    X5_ERRORS(X5_X)
#undef X5_X
    X5_ERROR_COUNT
} x5_error_code;

/* The code's name as used in reports ("eof-in-tag"). */
const char *x5_error_name(x5_error_code code);

#endif
