/*
 * libxml2 shim for MarkupCheck: parse a page with the XML parser, collect
 * every problem through a per-context structured error handler (never
 * stderr), and flatten the tree into plain C arrays for Swift.
 *
 * Positions: libxml2's own column counts characters and only at the point
 * it happens to be, so every position here is a byte offset taken from the
 * parser's input cursor (consumed + cur - base); Swift maps offsets to
 * 1-based line and UTF-8 byte column. This is exact because the input is
 * never transcoded: the page is UTF-8 without NUL bytes (checked in Swift)
 * and XML_PARSE_IGNORE_ENC makes libxml2 ignore any encoding declaration.
 */

#include "CMarkupCheck.h"

#include <limits.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>

/* Per-element facts only visible while parsing, found again through
   node->_private (index + 1) when the tree is walked. */
typedef struct ElementFacts {
    int64_t offset;
    int32_t flags;
} ElementFacts;

typedef struct State {
    xmlParserCtxtPtr ctxt;         /* the document's context */
    const unsigned char *bytes;
    size_t length;
    xmlSAXHandler original;        /* libxml2's SAX2 tree builder */

    CMCProblem *problems;
    int32_t problemCount, problemCapacity, problemsOmitted;

    ElementFacts *facts;
    size_t factCount, factCapacity;

    int64_t doctypeOffset;
    int outOfMemory;
} State;

/* What cmc_result_free must release. */
typedef struct Storage {
    xmlDocPtr doc;
    xmlChar **strings;
    size_t stringCount, stringCapacity;
} Storage;

static pthread_once_t initOnce = PTHREAD_ONCE_INIT;

static void initialize(void) { xmlInitParser(); }

static void ignoreMessage(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/* Grows *array (of size element bytes) to hold at least needed items. */
static int reserve(void **array, size_t *capacity, size_t needed, size_t size) {
    if (needed <= *capacity) return 1;
    size_t next = *capacity < 16 ? 16 : *capacity;
    while (next < needed) {
        if (next > SIZE_MAX / 2) return 0;
        next *= 2;
    }
    if (next > SIZE_MAX / size) return 0;
    void *grown = realloc(*array, next * size);
    if (grown == NULL) return 0;
    *array = grown;
    *capacity = next;
    return 1;
}

/* Byte offset of the document input's cursor, clamped to the page. */
static int64_t cursorOffset(const State *state) {
    xmlParserCtxtPtr ctxt = state->ctxt;
    xmlParserInputPtr input = NULL;
    if (ctxt->inputTab != NULL && ctxt->inputNr >= 1) input = ctxt->inputTab[0];
    if (input == NULL || input->cur == NULL || input->base == NULL) return -1;
    if (input->cur < input->base) return -1;
    uint64_t offset = (uint64_t)input->consumed + (uint64_t)(input->cur - input->base);
    if (offset > state->length) offset = state->length;
    return (int64_t)offset;
}

static State *stateOf(void *ctx) {
    xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)ctx;
    return ctxt == NULL ? NULL : (State *)ctxt->_private;
}

static void onProblem(void *userData, xmlErrorPtr error) {
    xmlParserCtxtPtr ctxt = error->ctxt != NULL ? (xmlParserCtxtPtr)error->ctxt
                                                : (xmlParserCtxtPtr)userData;
    State *state = stateOf(ctxt);
    if (state == NULL || state->outOfMemory) return;
    if (state->problemCount >= CMC_MAX_PROBLEMS) {
        if (state->problemsOmitted < INT32_MAX) state->problemsOmitted += 1;
        return;
    }
    size_t capacity = (size_t)state->problemCapacity;
    if (!reserve((void **)&state->problems, &capacity, (size_t)state->problemCount + 1,
                 sizeof(CMCProblem))) {
        state->outOfMemory = 1;
        return;
    }
    state->problemCapacity = (int32_t)capacity;

    const char *text = error->message != NULL ? error->message : "unknown libxml2 error";
    size_t textLength = strlen(text);
    while (textLength > 0 && (text[textLength - 1] == '\n' || text[textLength - 1] == ' '))
        textLength -= 1;
    char *message = malloc(textLength + 1);
    if (message == NULL) {
        state->outOfMemory = 1;
        return;
    }
    memcpy(message, text, textLength);
    message[textLength] = '\0';

    CMCProblem *problem = &state->problems[state->problemCount++];
    problem->offset = cursorOffset(state);
    problem->line = error->line;
    problem->column = error->int2;
    problem->code = error->code;
    problem->level = (int32_t)error->level;
    problem->message = message;
}

static void onStartElement(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                           const xmlChar *URI, int namespaceCount, const xmlChar **namespaces,
                           int attributeCount, int defaultedCount, const xmlChar **attributes) {
    xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)ctx;
    State *state = stateOf(ctx);
    if (state == NULL) return;
    state->original.startElementNs(ctx, localname, prefix, URI, namespaceCount, namespaces,
                                   attributeCount, defaultedCount, attributes);
    xmlNodePtr node = ctxt->node;
    /* A set _private means the tree builder made no node (out of memory)
       and ctxt->node is still the parent. */
    if (node == NULL || node->_private != NULL || state->outOfMemory) return;
    if (!reserve((void **)&state->facts, &state->factCapacity, state->factCount + 1,
                 sizeof(ElementFacts))) {
        state->outOfMemory = 1;
        return;
    }
    /* The cursor sits at the end of the start tag; no '<' can occur inside a
       start tag (attribute values may not hold one), so the nearest '<'
       before it opens this tag. Inside entity content the cursor is in the
       page at the entity reference, which is the best position there is. */
    int64_t offset = cursorOffset(state);
    if (offset > 0 && ctxt == state->ctxt) {
        int64_t at = offset - 1;
        while (at > 0 && state->bytes[at] != '<') at -= 1;
        offset = at;
    }
    ElementFacts *facts = &state->facts[state->factCount++];
    facts->offset = offset;
    facts->flags = 0;
    node->_private = (void *)(uintptr_t)state->factCount;
}

static void onEndElement(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                         const xmlChar *URI) {
    xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)ctx;
    State *state = stateOf(ctx);
    if (state == NULL) return;
    /* For `<x/>` libxml2 calls this right after skipping "/>"; for `</x>`
       right after the '>' of the end tag, which cannot follow a '/'. */
    xmlNodePtr node = ctxt->node;
    if (node != NULL && ctxt == state->ctxt) {
        uintptr_t index = (uintptr_t)node->_private;
        int64_t offset = cursorOffset(state);
        if (index >= 1 && index <= state->factCount && offset >= 2 &&
            state->bytes[offset - 2] == '/' && state->bytes[offset - 1] == '>')
            state->facts[index - 1].flags |= CMC_ELEMENT_SELF_CLOSED;
    }
    state->original.endElementNs(ctx, localname, prefix, URI);
}

static void onInternalSubset(void *ctx, const xmlChar *name, const xmlChar *publicID,
                             const xmlChar *systemID) {
    xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)ctx;
    State *state = stateOf(ctx);
    if (state == NULL) return;
    if (ctxt == state->ctxt && state->doctypeOffset < 0) {
        int64_t at = cursorOffset(state);
        if (at >= (int64_t)state->length) at = (int64_t)state->length - 1;
        while (at > 0 && !(state->bytes[at] == '<' && at + 1 < (int64_t)state->length &&
                           state->bytes[at + 1] == '!'))
            at -= 1;
        state->doctypeOffset = at;
    }
    if (state->original.internalSubset != NULL)
        state->original.internalSubset(ctx, name, publicID, systemID);
}

static int keepString(Storage *storage, xmlChar *string) {
    if (!reserve((void **)&storage->strings, &storage->stringCapacity,
                 storage->stringCount + 1, sizeof(xmlChar *))) {
        xmlFree(string);
        return 0;
    }
    storage->strings[storage->stringCount++] = string;
    return 1;
}

static int32_t elementFlags(xmlNodePtr element) {
    int32_t flags = 0;
    for (xmlNodePtr child = element->children; child != NULL; child = child->next) {
        if (child->type == XML_CDATA_SECTION_NODE) flags |= CMC_ELEMENT_ESCAPED_TEXT;
        if (child->type == XML_TEXT_NODE && child->content != NULL &&
            strpbrk((const char *)child->content, "<&") != NULL)
            flags |= CMC_ELEMENT_ESCAPED_TEXT;
    }
    return flags;
}

/* Appends one element and its attributes; returns its index or -1. */
static int32_t addElement(CMCResult *result, Storage *storage, const State *state,
                          size_t *elementCapacity, size_t *attributeCapacity,
                          xmlNodePtr node, int32_t parent) {
    if (result->elementCount == INT32_MAX) return -1;
    if (!reserve((void **)&result->elements, elementCapacity,
                 (size_t)result->elementCount + 1, sizeof(CMCElement)))
        return -1;
    CMCElement *element = &result->elements[result->elementCount];
    element->name = (const char *)node->name;
    element->prefix = node->ns != NULL ? (const char *)node->ns->prefix : NULL;
    element->namespaceURI = node->ns != NULL ? (const char *)node->ns->href : NULL;
    element->parent = parent;
    element->offset = -1;
    element->flags = elementFlags(node);
    uintptr_t index = (uintptr_t)node->_private;
    if (index >= 1 && index <= state->factCount) {
        element->offset = state->facts[index - 1].offset;
        element->flags |= state->facts[index - 1].flags;
    }
    element->firstAttribute = result->attributeCount;
    element->attributeCount = 0;
    for (xmlAttrPtr attribute = node->properties; attribute != NULL; attribute = attribute->next) {
        if (result->attributeCount == INT32_MAX) return -1;
        if (!reserve((void **)&result->attributes, attributeCapacity,
                     (size_t)result->attributeCount + 1, sizeof(CMCAttribute)))
            return -1;
        const char *value;
        xmlNodePtr child = attribute->children;
        if (child == NULL) {
            value = "";
        } else if (child->next == NULL && child->type == XML_TEXT_NODE && child->content != NULL) {
            value = (const char *)child->content;
        } else {
            xmlChar *joined = xmlNodeListGetString(node->doc, child, 1);
            if (joined == NULL) {
                value = "";
            } else {
                if (!keepString(storage, joined)) return -1;
                value = (const char *)joined;
            }
        }
        CMCAttribute *out = &result->attributes[result->attributeCount++];
        out->name = (const char *)attribute->name;
        out->prefix = attribute->ns != NULL ? (const char *)attribute->ns->prefix : NULL;
        out->value = value;
        element->attributeCount += 1;
    }
    result->elementCount += 1;
    return result->elementCount - 1;
}

/* Walks the element tree in document order without recursion. */
static int flatten(CMCResult *result, Storage *storage, const State *state, xmlDocPtr doc) {
    size_t elementCapacity = 0, attributeCapacity = 0;
    xmlNodePtr node = xmlDocGetRootElement(doc);
    int32_t parent = -1;
    while (node != NULL) {
        int32_t index = addElement(result, storage, state, &elementCapacity,
                                   &attributeCapacity, node, parent);
        if (index < 0) return 0;
        xmlNodePtr child = node->children;
        while (child != NULL && child->type != XML_ELEMENT_NODE) child = child->next;
        if (child != NULL) {
            parent = index;
            node = child;
            continue;
        }
        /* No element child: next element sibling, else climb. */
        while (node != NULL) {
            xmlNodePtr sibling = node->next;
            while (sibling != NULL && sibling->type != XML_ELEMENT_NODE) sibling = sibling->next;
            if (sibling != NULL) {
                node = sibling;
                break;
            }
            node = node->parent;
            if (node == NULL || node->type != XML_ELEMENT_NODE) {
                node = NULL;
                break;
            }
            parent = result->elements[parent].parent;
        }
    }
    return 1;
}

static void describeDoctype(CMCResult *result, const State *state, xmlDocPtr doc) {
    xmlDtdPtr dtd = doc->intSubset;
    result->doctypeOffset = state->doctypeOffset;
    if (dtd == NULL) return;
    result->hasDoctype = 1;
    result->doctypeName = (const char *)dtd->name;
    result->doctypePublicID = (const char *)dtd->ExternalID;
    result->doctypeSystemID = (const char *)dtd->SystemID;
    result->doctypeHasInternalSubset = dtd->children != NULL;
}

int cmc_check(const char *bytes, size_t length, CMCResult *result) {
    memset(result, 0, sizeof *result);
    result->doctypeOffset = -1;
    if (length > INT32_MAX) return -1;
    pthread_once(&initOnce, initialize);

    Storage *storage = calloc(1, sizeof(Storage));
    State state;
    memset(&state, 0, sizeof state);
    state.bytes = (const unsigned char *)bytes;
    state.length = length;
    state.doctypeOffset = -1;
    xmlParserCtxtPtr ctxt = storage != NULL ? xmlNewParserCtxt() : NULL;
    if (ctxt == NULL || ctxt->sax == NULL) {
        if (ctxt != NULL) xmlFreeParserCtxt(ctxt);
        free(storage);
        return -1;
    }
    result->storage = storage;
    state.ctxt = ctxt;
    ctxt->_private = &state;

    /* Per-context handlers only: ctxt->sax is this context's own copy. */
    state.original = *ctxt->sax;
    ctxt->sax->serror = onProblem;
    ctxt->sax->error = ignoreMessage;
    ctxt->sax->warning = ignoreMessage;
    ctxt->sax->startElementNs = onStartElement;
    ctxt->sax->endElementNs = onEndElement;
    ctxt->sax->internalSubset = onInternalSubset;

    /* Anything libxml2 prints outside the structured channel goes through
       this thread's generic handler; silence it for this call only. */
    xmlGenericErrorFunc savedFunction = xmlGenericError;
    void *savedContext = xmlGenericErrorContext;
    xmlGenericError = ignoreMessage;
    xmlGenericErrorContext = NULL;

    /* No NOENT (entities stay unexpanded, external ones never load), no
       DTDLOAD/DTDATTR/DTDVALID, NONET; no RECOVER, so an ill-formed page
       yields no tree. */
    int options = XML_PARSE_NONET | XML_PARSE_IGNORE_ENC | XML_PARSE_BIG_LINES | XML_PARSE_COMPACT | XML_PARSE_NOBLANKS;
    xmlDocPtr doc = xmlCtxtReadMemory(ctxt, length == 0 ? "" : bytes, (int)length, NULL, NULL,
                                      options);

    result->wellFormed = ctxt->wellFormed && doc != NULL;
    storage->doc = doc;
    int ok = !state.outOfMemory;
    if (doc != NULL && ok) {
        result->hasDocument = 1;
        describeDoctype(result, &state, doc);
        ok = flatten(result, storage, &state, doc);
    }

    xmlGenericError = savedFunction;
    xmlGenericErrorContext = savedContext;
    ctxt->_private = NULL;
    xmlFreeParserCtxt(ctxt);

    result->problems = state.problems;
    result->problemCount = state.problemCount;
    result->problemsOmitted = state.problemsOmitted;
    free(state.facts);
    if (!ok) {
        cmc_result_free(result);
        return -1;
    }
    return 0;
}

void cmc_result_free(CMCResult *result) {
    if (result == NULL) return;
    for (int32_t i = 0; i < result->problemCount; i++) free((void *)result->problems[i].message);
    free(result->problems);
    free(result->elements);
    free(result->attributes);
    Storage *storage = result->storage;
    if (storage != NULL) {
        for (size_t i = 0; i < storage->stringCount; i++) xmlFree(storage->strings[i]);
        free(storage->strings);
        if (storage->doc != NULL) xmlFreeDoc(storage->doc);
        free(storage);
    }
    memset(result, 0, sizeof *result);
    result->doctypeOffset = -1;
}
