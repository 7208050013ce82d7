#ifndef CXMP_H
#define CXMP_H

/*
 * A thin shim over libxml2 for the XMP module: parse an XMP packet and
 * flatten its element tree into plain C arrays.
 *
 * Like CMarkupCheck, this header exposes no libxml2 type: a Swift module
 * importing both Foundation and libxml2's headers fails to build (two ICU
 * UErrorCode declarations). Strings are UTF-8, NUL-terminated and owned by
 * the CXMPTree until cxmp_tree_free.
 *
 * Parsing is locked down for untrusted files: no network (XML_PARSE_NONET),
 * no entity substitution, no DTD loading, and a document with a DTD at all is
 * refused; the element depth and count are capped by the caller.
 */

#include <stddef.h>
#include <stdint.h>

/* One attribute; namespaceURI is NULL when unqualified. */
typedef struct CXMPAttribute {
    const char *namespaceURI;
    const char *name;  /* local name */
    const char *value;
} CXMPAttribute;

/* One element, in document order. */
typedef struct CXMPElement {
    const char *namespaceURI; /* NULL when in no namespace */
    const char *name;         /* local name */
    const char *text;         /* its direct text and CDATA children joined */
    int32_t parent;           /* index of the parent element, -1 for the root */
    int32_t firstAttribute;   /* index into CXMPTree.attributes */
    int32_t attributeCount;
    int32_t childCount;       /* direct element children */
} CXMPElement;

/* Status codes. */
#define CXMP_OK 0
#define CXMP_NOT_WELL_FORMED 1 /* errorLine/errorColumn/errorMessage say where */
#define CXMP_HAS_DTD 2         /* a DOCTYPE: never in XMP, refused */
#define CXMP_TOO_DEEP 3        /* element nesting over maxDepth */
#define CXMP_TOO_MANY 4        /* elements over maxElements */
#define CXMP_NO_MEMORY 5

typedef struct CXMPTree {
    int32_t status;
    int32_t errorLine;       /* 1-based, 0 when unknown */
    int32_t errorColumn;     /* libxml2's column, 0 when unknown */
    const char *errorMessage; /* NULL unless NOT_WELL_FORMED */
    CXMPElement *elements;
    int32_t elementCount;
    CXMPAttribute *attributes;
    int32_t attributeCount;
    void *storage; /* private: the document and allocations */
} CXMPTree;

/*
 * Parses `length` bytes (at most INT32_MAX) into `tree`. Nothing is
 * printed. Safe to call from several threads (one parser context per call).
 * Returns tree->status. Always pair with cxmp_tree_free.
 */
int cxmp_parse(const char *bytes, size_t length, int32_t maxDepth, int32_t maxElements, CXMPTree *tree);

/* Frees everything cxmp_parse stored and zeroes the tree. */
void cxmp_tree_free(CXMPTree *tree);

#endif
