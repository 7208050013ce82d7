#ifndef CMARKUPCHECK_H
#define CMARKUPCHECK_H

/*
 * A thin shim over libxml2's XML parser for MarkupCheck.
 *
 * This header deliberately exposes no libxml2 type: a Swift module that
 * imports both Foundation and libxml2's headers fails to build (ICU's
 * UErrorCode is declared twice), so Swift only ever sees the plain C
 * structs below. All strings are UTF-8 and owned by the CMCResult.
 *
 * Offsets are 0-based byte offsets into the page passed to cmc_check;
 * the Swift side turns them into 1-based line and UTF-8 byte column.
 */

#include <stddef.h>
#include <stdint.h>

/* One problem reported by libxml2 (well-formedness error or warning). */
typedef struct CMCProblem {
    /* Byte offset where libxml2 stood when it raised the problem, or -1. */
    int64_t offset;
    /* libxml2's own line and column (the column counts characters, not
       bytes); only a fallback for when offset is -1. */
    int32_t line;
    int32_t column;
    /* libxml2's xmlParserErrors code and level (1 warning, 2 error, 3 fatal). */
    int32_t code;
    int32_t level;
    /* libxml2's message, trailing newline removed. */
    const char *message;
} CMCProblem;

/* One attribute of an element, value with references resolved. */
typedef struct CMCAttribute {
    const char *name;   /* local name */
    const char *prefix; /* NULL when unprefixed */
    /* valueLength bytes, not NUL-terminated: a value written without a
       reference points into the page passed to cmc_check (no copy of most
       of a page), so read it before that page goes. */
    const char *value;
    int32_t valueLength;
} CMCAttribute;

/* The element was written as an empty-element tag (`<x/>`). */
#define CMC_ELEMENT_SELF_CLOSED 1
/* A direct text child holds `<` or `&` (which the XML source must have
   escaped) or the element has a CDATA child: HTML reads such text
   literally inside <script> and <style>. */
#define CMC_ELEMENT_ESCAPED_TEXT 2

/* One element, in document order. */
typedef struct CMCElement {
    const char *name;         /* local name */
    const char *prefix;       /* NULL when unprefixed */
    const char *namespaceURI; /* NULL when in no namespace */
    int64_t offset;           /* byte offset of the '<' of its start tag */
    int32_t parent;           /* index of the parent element, -1 for the root */
    int32_t flags;            /* CMC_ELEMENT_* */
    int32_t firstAttribute;   /* index into CMCResult.attributes */
    int32_t attributeCount;
} CMCElement;

typedef struct CMCResult {
    /* 1 when libxml2 found the page well-formed. */
    int32_t wellFormed;

    /* Problems in the order libxml2 reported them; at most
       CMC_MAX_PROBLEMS are kept, problemsOmitted counts the rest. */
    CMCProblem *problems;
    int32_t problemCount;
    int32_t problemsOmitted;

    /* 1 when a document tree was built; the fields below are only
       meaningful then. */
    int32_t hasDocument;

    /* The document type declaration, if any. */
    int32_t hasDoctype;
    const char *doctypeName;     /* NULL if absent */
    const char *doctypePublicID; /* NULL if absent */
    const char *doctypeSystemID; /* NULL if absent */
    int32_t doctypeHasInternalSubset;
    int64_t doctypeOffset;       /* byte offset of its '<', or -1 */

    CMCElement *elements;
    int32_t elementCount;
    CMCAttribute *attributes;
    int32_t attributeCount;

    /* Private storage (the libxml2 document and allocations); do not touch. */
    void *storage;
} CMCResult;

#define CMC_MAX_PROBLEMS 100

/*
 * Parses `length` bytes of UTF-8 with libxml2's XML parser: no network,
 * no DTD loading, no external entities, the encoding declaration ignored.
 * Nothing is printed; every problem lands in result->problems.
 * Safe to call from several threads at once (one parser context per call).
 * Returns 0, or -1 when memory ran out or length exceeds INT32_MAX (result
 * is then empty). Always pair with cmc_result_free.
 */
int cmc_check(const char *bytes, size_t length, CMCResult *result);

/* Frees everything cmc_check stored in result and zeroes it. */
void cmc_result_free(CMCResult *result);

#endif
