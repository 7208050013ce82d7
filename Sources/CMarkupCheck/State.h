/* Private to CMarkupCheck: the state its files share while one page is
   parsed. Functions are hidden so they cannot clash with other libraries. */

#ifndef CMARKUPCHECK_STATE_H
#define CMARKUPCHECK_STATE_H

#include "CMarkupCheck.h"

#include <stddef.h>
#include <stdint.h>

#include <libxml/parser.h>
#include <libxml/tree.h>

#define CMC_HIDDEN __attribute__((visibility("hidden")))

/* Strings copied out of the parser (attribute values, doctype fields) go
   into big blocks: one malloc per value would cost more than the value. */
typedef struct Block {
    struct Block *next;
    size_t used, size;
    char bytes[];
} Block;

/* What cmc_result_free must release. */
typedef struct Storage {
    xmlDictPtr dict; /* names and namespace URIs point into it */
    Block *blocks;
} Storage;

typedef struct State {
    xmlParserCtxtPtr ctxt; /* the document's context */
    const unsigned char *bytes;
    size_t length;
    xmlSAXHandler original; /* libxml2's SAX2 tree builder */
    Storage *storage;
    CMCResult *result;
    size_t elementCapacity, attributeCapacity;

    CMCProblem *problems;
    int32_t problemCount, problemCapacity, problemsOmitted;

    int32_t *open; /* indices of the elements not yet ended */
    size_t openCount, openCapacity;

    xmlAttrPtr scratch; /* see cmc_register_id */
    int64_t doctypeOffset;
    int outOfMemory;
} State;

/* Grows *array (of size element bytes) to hold at least needed items. */
CMC_HIDDEN int cmc_reserve(void **array, size_t *capacity, size_t needed, size_t size);
/* Room for length + 1 bytes in the storage's blocks, or NULL. */
CMC_HIDDEN char *cmc_allocate(Storage *storage, size_t length);
/* A NUL-terminated copy in the storage's blocks, or NULL (out of memory noted). */
CMC_HIDDEN const char *cmc_copy_string(State *state, const xmlChar *string, size_t length);
/* Keeps one problem at the cursor; text need not end in NUL. */
CMC_HIDDEN void cmc_add_problem(State *state, int line, int column, int code, int level,
                                const char *text, size_t textLength);
/* Notes the failure and stops the parse. */
CMC_HIDDEN void cmc_out_of_memory(State *state);
CMC_HIDDEN const char *cmc_attribute_value(State *state, const xmlChar *value, const xmlChar *end,
                                           size_t *length, int *plain);
CMC_HIDDEN void cmc_register_id(State *state, const CMCElement *element, const xmlChar *name,
                                const xmlChar *prefix, const char *text, size_t length);

#endif
