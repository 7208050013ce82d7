/*
 * libxml2 shim for MarkupCheck: parse a page with the XML parser, collect
 * every problem through a per-context structured error handler (never
 * stderr), and fill plain C arrays for Swift straight from SAX2 callbacks.
 *
 * No element tree is built: for a 72 MB album page libxml2's tree alone
 * took about 330 MB. The SAX2 tree builder still runs for everything that
 * is not element content (the document node, the internal subset and its
 * entity declarations, entity content parsed in sub-contexts), because the
 * parser looks entities up there and checks them; that part is small.
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/tree.h>
#include <libxml/valid.h>
#include <libxml/xmlerror.h>

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

    xmlAttrPtr scratch; /* see registerID */
    int64_t doctypeOffset;
    int outOfMemory;
} State;

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

/* Room for length + 1 bytes in the storage's blocks, or NULL. */
static char *allocate(Storage *storage, size_t length) {
    Block *block = storage->blocks;
    if (length >= SIZE_MAX / 2) return NULL;
    if (block == NULL || block->size - block->used < length + 1) {
        size_t size = length + 1 > 256 * 1024 ? length + 1 : 256 * 1024;
        block = malloc(sizeof(Block) + size);
        if (block == NULL) return NULL;
        block->used = 0;
        block->size = size;
        /* A block too big to share goes behind the current one. */
        if (storage->blocks != NULL && size > 256 * 1024) {
            block->next = storage->blocks->next;
            storage->blocks->next = block;
        } else {
            block->next = storage->blocks;
            storage->blocks = block;
        }
    }
    char *bytes = block->bytes + block->used;
    block->used += length + 1;
    return bytes;
}

static const char *copyString(State *state, const xmlChar *string, size_t length) {
    char *copy = allocate(state->storage, length);
    if (copy == NULL) {
        state->outOfMemory = 1;
        return NULL;
    }
    if (length > 0) memcpy(copy, string, length);
    copy[length] = '\0';
    return copy;
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

/* Stops the parse: an answer built on a failed allocation would be wrong. */
static void outOfMemory(State *state) {
    state->outOfMemory = 1;
    xmlStopParser(state->ctxt);
}

/* Keeps one problem; text need not end in NUL. */
static void addProblem(State *state, int line, int column, int code, int level,
                       const char *text, size_t textLength) {
    if (state->outOfMemory) return;
    if (state->problemCount >= CMC_MAX_PROBLEMS) {
        if (state->problemsOmitted < INT32_MAX) state->problemsOmitted += 1;
        return;
    }
    size_t capacity = (size_t)state->problemCapacity;
    char *message = NULL;
    if (!reserve((void **)&state->problems, &capacity, (size_t)state->problemCount + 1,
                 sizeof(CMCProblem)) ||
        (message = malloc(textLength + 1)) == NULL) {
        state->outOfMemory = 1;
        return;
    }
    state->problemCapacity = (int32_t)capacity;
    while (textLength > 0 && (text[textLength - 1] == '\n' || text[textLength - 1] == ' '))
        textLength -= 1;
    memcpy(message, text, textLength);
    message[textLength] = '\0';

    CMCProblem *problem = &state->problems[state->problemCount++];
    problem->offset = cursorOffset(state);
    problem->line = line;
    problem->column = column;
    problem->code = code;
    problem->level = level;
    problem->message = message;
}

static void onProblem(void *userData, xmlErrorPtr error) {
    xmlParserCtxtPtr ctxt = error->ctxt != NULL ? (xmlParserCtxtPtr)error->ctxt
                                                : (xmlParserCtxtPtr)userData;
    State *state = stateOf(ctxt);
    if (state == NULL) return;
    const char *text = error->message != NULL ? error->message : "unknown libxml2 error";
    addProblem(state, error->line, error->int2, error->code, (int)error->level, text, strlen(text));
}

/* The value of an attribute as libxml2's tree gave it, *length bytes.
   A value the parser took as is lies in its copy of the page, and so in
   the caller's page at the same offset: point there. The parser hands a
   value it rewrote over NUL-terminated, with `&` written `&#38;` and other
   entities left as `&name;`, which the tree builder resolved: `&#38;`
   alone is decoded here; anything else goes through the very functions
   the tree builder used, so entity edge cases stay identical.
   *plain tells whether the tree held the value as one text node. */
static const char *attributeValue(State *state, const xmlChar *value, const xmlChar *end,
                                  size_t *length, int *plain) {
    *length = (size_t)(end - value);
    *plain = 1;
    xmlParserInputPtr input = state->ctxt->inputTab[0];
    if (*end != 0 && input != NULL && value >= input->base && end <= input->end) {
        uint64_t offset = (uint64_t)input->consumed + (uint64_t)(value - input->base);
        /* The comparison only guards the offset arithmetic. */
        if (offset + *length <= state->length &&
            memcmp(state->bytes + offset, value, *length) == 0)
            return (const char *)state->bytes + offset;
    }
    if (*end != 0 || memchr(value, '&', *length) == NULL) return copyString(state, value, *length);
    int simple = 1;
    for (const xmlChar *at = value; at < end && simple; at++)
        if (*at == '&') simple = end - at >= 5 && memcmp(at, "&#38;", 5) == 0;
    if (!simple) {
        xmlDocPtr doc = state->ctxt->myDoc;
        xmlNodePtr list = xmlStringLenGetNodeList(doc, value, (int)*length);
        xmlChar *joined = list != NULL ? xmlNodeListGetString(doc, list, 1) : NULL;
        *plain = list != NULL && list->next == NULL && list->type == XML_TEXT_NODE;
        xmlFreeNodeList(list);
        *length = joined != NULL ? (size_t)xmlStrlen(joined) : 0;
        const char *copy = copyString(state, joined != NULL ? joined : (const xmlChar *)"", *length);
        xmlFree(joined);
        return copy;
    }
    char *copy = allocate(state->storage, *length);
    if (copy == NULL) {
        state->outOfMemory = 1;
        return NULL;
    }
    size_t used = 0;
    for (const xmlChar *at = value; at < end; at++) {
        copy[used++] = (char)*at;
        if (*at == '&') at += 4;
    }
    copy[used] = '\0';
    *length = used;
    return copy;
}

/* The tree builder registered ID attributes (xml:id, or one the internal
   subset declares ID) and so reported a bad xml:id or a repeated ID; the
   registration is redone so the problems stay the same. xmlAddID keeps the
   attribute node it is given, so one bare node serves every call. */
static void registerID(State *state, const CMCElement *element, const xmlChar *name,
                       const xmlChar *prefix, const char *text, size_t length) {
    xmlParserCtxtPtr ctxt = state->ctxt;
    xmlDocPtr doc = ctxt->myDoc;
    if (doc == NULL) return;
    int isXMLID = prefix == ctxt->str_xml && xmlStrEqual(name, BAD_CAST "id");
    if (!isXMLID) {
        if (doc->intSubset == NULL && doc->extSubset == NULL) return;
        xmlChar elementBuffer[50], attributeBuffer[50];
        xmlChar *elementName = element->prefix == NULL ? BAD_CAST element->name
            : xmlBuildQName(BAD_CAST element->name, BAD_CAST element->prefix, elementBuffer, 50);
        xmlChar *attributeName = prefix == NULL ? (xmlChar *)name
            : xmlBuildQName(name, prefix, attributeBuffer, 50);
        xmlAttributePtr declaration = NULL;
        if (elementName != NULL && attributeName != NULL) {
            declaration = xmlGetDtdAttrDesc(doc->intSubset, elementName, attributeName);
            if (declaration == NULL && doc->extSubset != NULL)
                declaration = xmlGetDtdAttrDesc(doc->extSubset, elementName, attributeName);
        }
        if (elementName != elementBuffer && elementName != BAD_CAST element->name) xmlFree(elementName);
        if (attributeName != attributeBuffer && attributeName != name) xmlFree(attributeName);
        if (declaration == NULL || declaration->atype != XML_ATTRIBUTE_ID) return;
    }
    xmlChar *value = xmlStrndup(BAD_CAST text, (int)length);
    if (state->scratch == NULL) state->scratch = xmlNewDocProp(NULL, BAD_CAST "id", NULL);
    if (value == NULL || state->scratch == NULL) {
        xmlFree(value);
        outOfMemory(state);
        return;
    }
    if (isXMLID && xmlValidateNCName(value, 1) != 0) {
        static const char format[] = "xml:id : attribute value %s is not an NCName";
        size_t size = sizeof format + length;
        char *message = malloc(size);
        if (message != NULL) {
            snprintf(message, size, format, (const char *)value);
            int line = ctxt->input != NULL ? ctxt->input->line : 0;
            int column = ctxt->input != NULL ? ctxt->input->col : 0;
            addProblem(state, line, column, XML_DTD_XMLID_VALUE, XML_ERR_ERROR, message,
                       strlen(message));
        }
        free(message);
    }
    xmlAddID(&ctxt->vctxt, doc, value, state->scratch);
    xmlFree(value);
}

/* Element content parsed in a sub-context (the first reference to an
   entity) is not part of the page's element list: it goes to the tree
   builder, which keeps it under the entity declaration as before. */
static int isPage(void *ctx, const State *state) {
    return state != NULL && (xmlParserCtxtPtr)ctx == state->ctxt;
}

static void onStartElement(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                           const xmlChar *URI, int namespaceCount, const xmlChar **namespaces,
                           int attributeCount, int defaultedCount, const xmlChar **attributes) {
    xmlParserCtxtPtr ctxt = (xmlParserCtxtPtr)ctx;
    State *state = stateOf(ctx);
    if (!isPage(ctx, state)) {
        if (state != NULL)
            state->original.startElementNs(ctx, localname, prefix, URI, namespaceCount,
                                           namespaces, attributeCount, defaultedCount, attributes);
        return;
    }
    CMCResult *result = state->result;
    if (state->outOfMemory) return;
    /* The tree named an element with an unbound prefix `p:x`, in no namespace. */
    if (prefix != NULL && URI == NULL) {
        localname = xmlDictQLookup(ctxt->dict, prefix, localname);
        prefix = NULL;
    }
    /* Attributes defaulted from the internal subset never reached the tree
       (no XML_PARSE_DTDATTR). */
    int own = attributeCount - defaultedCount;
    if (localname == NULL || result->elementCount == INT32_MAX ||
        result->attributeCount > INT32_MAX - own ||
        !reserve((void **)&result->elements, &state->elementCapacity,
                 (size_t)result->elementCount + 1, sizeof(CMCElement)) ||
        !reserve((void **)&result->attributes, &state->attributeCapacity,
                 (size_t)result->attributeCount + (size_t)own, sizeof(CMCAttribute)) ||
        !reserve((void **)&state->open, &state->openCapacity, state->openCount + 1,
                 sizeof(int32_t))) {
        outOfMemory(state);
        return;
    }
    /* The cursor sits at the end of the start tag; no '<' can occur inside a
       start tag (attribute values may not hold one), so the nearest '<'
       before it opens this tag. */
    int64_t offset = cursorOffset(state);
    if (offset > 0) {
        int64_t at = offset - 1;
        while (at > 0 && state->bytes[at] != '<') at -= 1;
        offset = at;
    }
    CMCElement *element = &result->elements[result->elementCount];
    element->name = (const char *)localname;
    element->prefix = (const char *)prefix;
    element->namespaceURI = (const char *)URI;
    element->offset = offset;
    element->parent = state->openCount > 0 ? state->open[state->openCount - 1] : -1;
    element->flags = 0;
    element->firstAttribute = result->attributeCount;
    element->attributeCount = own;
    for (int i = 0; i < own; i++) {
        const xmlChar **attribute = &attributes[5 * i]; /* local, prefix, URI, value, end */
        const xmlChar *name = attribute[0], *attributePrefix = attribute[1];
        if (attributePrefix != NULL && attribute[2] == NULL) {
            name = xmlDictQLookup(ctxt->dict, attributePrefix, name);
            attributePrefix = NULL;
        }
        int plain;
        size_t length;
        const char *value = attributeValue(state, attribute[3], attribute[4], &length, &plain);
        if (name == NULL || value == NULL || length > INT32_MAX) {
            outOfMemory(state);
            return;
        }
        if (plain) registerID(state, element, name, attributePrefix, value, length);
        CMCAttribute *out = &result->attributes[result->attributeCount++];
        out->name = (const char *)name;
        out->prefix = (const char *)attributePrefix;
        out->value = value;
        out->valueLength = (int32_t)length;
    }
    state->open[state->openCount++] = result->elementCount++;
}

static void onEndElement(void *ctx, const xmlChar *localname, const xmlChar *prefix,
                         const xmlChar *URI) {
    State *state = stateOf(ctx);
    if (!isPage(ctx, state)) {
        if (state != NULL) state->original.endElementNs(ctx, localname, prefix, URI);
        return;
    }
    if (state->openCount == 0) return;
    int32_t index = state->open[--state->openCount];
    /* For `<x/>` libxml2 calls this right after skipping "/>"; for `</x>`
       right after the '>' of the end tag, which cannot follow a '/'. */
    int64_t offset = cursorOffset(state);
    if (offset >= 2 && state->bytes[offset - 2] == '/' && state->bytes[offset - 1] == '>')
        state->result->elements[index].flags |= CMC_ELEMENT_SELF_CLOSED;
}

/* Text of the innermost open element, possibly one chunk of it: a `<` or
   `&` in any chunk is one in the text node the tree would have built. */
static void onCharacters(void *ctx, const xmlChar *text, int length) {
    State *state = stateOf(ctx);
    if (!isPage(ctx, state)) {
        if (state != NULL) state->original.characters(ctx, text, length);
        return;
    }
    if (state->openCount == 0 || length <= 0) return;
    CMCElement *element = &state->result->elements[state->open[state->openCount - 1]];
    if ((element->flags & CMC_ELEMENT_ESCAPED_TEXT) == 0 &&
        (memchr(text, '<', (size_t)length) != NULL || memchr(text, '&', (size_t)length) != NULL))
        element->flags |= CMC_ELEMENT_ESCAPED_TEXT;
}

static void onCDATA(void *ctx, const xmlChar *text, int length) {
    State *state = stateOf(ctx);
    if (!isPage(ctx, state)) {
        if (state != NULL) state->original.cdataBlock(ctx, text, length);
        return;
    }
    if (state->openCount > 0)
        state->result->elements[state->open[state->openCount - 1]].flags |= CMC_ELEMENT_ESCAPED_TEXT;
}

/* An entity reference in content: the tree held a reference node, which is
   not text, so it set no flag. */
static void onReference(void *ctx, const xmlChar *name) {
    State *state = stateOf(ctx);
    if (!isPage(ctx, state) && state != NULL) state->original.reference(ctx, name);
}

/* Comments and processing instructions in the internal subset make it
   non-empty (doctypeHasInternalSubset); in content they are dropped. */
static void onComment(void *ctx, const xmlChar *text) {
    State *state = stateOf(ctx);
    if (state != NULL && (!isPage(ctx, state) || state->ctxt->inSubset != 0))
        state->original.comment(ctx, text);
}

static void onInstruction(void *ctx, const xmlChar *target, const xmlChar *data) {
    State *state = stateOf(ctx);
    if (state != NULL && (!isPage(ctx, state) || state->ctxt->inSubset != 0))
        state->original.processingInstruction(ctx, target, data);
}

static void onInternalSubset(void *ctx, const xmlChar *name, const xmlChar *publicID,
                             const xmlChar *systemID) {
    State *state = stateOf(ctx);
    if (state == NULL) return;
    if (isPage(ctx, state) && state->doctypeOffset < 0) {
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

static const char *copyField(State *state, const xmlChar *field) {
    return field == NULL ? NULL : copyString(state, field, (size_t)xmlStrlen(field));
}

static void describeDoctype(State *state, xmlDocPtr doc) {
    CMCResult *result = state->result;
    xmlDtdPtr dtd = doc->intSubset;
    result->doctypeOffset = state->doctypeOffset;
    if (dtd == NULL) return;
    result->hasDoctype = 1;
    result->doctypeName = copyField(state, dtd->name);
    result->doctypePublicID = copyField(state, dtd->ExternalID);
    result->doctypeSystemID = copyField(state, dtd->SystemID);
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
    state.storage = storage;
    state.result = result;
    xmlParserCtxtPtr ctxt = storage != NULL ? xmlNewParserCtxt() : NULL;
    if (ctxt == NULL || ctxt->sax == NULL) {
        if (ctxt != NULL) xmlFreeParserCtxt(ctxt);
        free(storage);
        return -1;
    }
    result->storage = storage;
    state.ctxt = ctxt;
    ctxt->_private = &state;

    /* Per-context handlers only: ctxt->sax is this context's own copy, and
       XML_SAX2_MAGIC stays, so the parser resolves namespaces for us. */
    state.original = *ctxt->sax;
    ctxt->sax->serror = onProblem;
    ctxt->sax->error = ignoreMessage;
    ctxt->sax->warning = ignoreMessage;
    ctxt->sax->startElementNs = onStartElement;
    ctxt->sax->endElementNs = onEndElement;
    ctxt->sax->characters = onCharacters;
    ctxt->sax->ignorableWhitespace = onCharacters;
    ctxt->sax->cdataBlock = onCDATA;
    ctxt->sax->reference = onReference;
    ctxt->sax->comment = onComment;
    ctxt->sax->processingInstruction = onInstruction;
    ctxt->sax->internalSubset = onInternalSubset;

    /* Anything libxml2 prints outside the structured channel goes through
       this thread's generic handler; silence it for this call only. */
    xmlGenericErrorFunc savedFunction = xmlGenericError;
    void *savedContext = xmlGenericErrorContext;
    xmlGenericError = ignoreMessage;
    xmlGenericErrorContext = NULL;

    /* No NOENT (entities stay unexpanded, external ones never load), no
       DTDLOAD/DTDATTR/DTDVALID, NONET, no HUGE (its depth and amplification
       limits stay); no RECOVER, so an ill-formed page yields no document.
       COMPACT and NOBLANKS only shaped the tree and are gone with it. */
    int options = XML_PARSE_NONET | XML_PARSE_IGNORE_ENC | XML_PARSE_BIG_LINES;
    xmlDocPtr doc = xmlCtxtReadMemory(ctxt, length == 0 ? "" : bytes, (int)length, NULL, NULL,
                                      options);

    /* Element names, prefixes and namespace URIs are the parser's dictionary
       strings; keeping the dictionary spares a copy of each. */
    storage->dict = ctxt->dict;
    if (storage->dict != NULL) xmlDictReference(storage->dict);
    result->wellFormed = ctxt->wellFormed && doc != NULL;
    int ok = !state.outOfMemory;
    if (result->wellFormed && ok) {
        result->hasDocument = 1;
        describeDoctype(&state, doc);
        ok = !state.outOfMemory;
    } else {
        result->elementCount = 0;
        result->attributeCount = 0;
    }

    xmlGenericError = savedFunction;
    xmlGenericErrorContext = savedContext;
    ctxt->_private = NULL;
    if (state.scratch != NULL) {
        state.scratch->atype = 0; /* its IDs go with the document's table */
        xmlFreeProp(state.scratch);
    }
    if (doc != NULL) xmlFreeDoc(doc);
    xmlFreeParserCtxt(ctxt);

    result->problems = state.problems;
    result->problemCount = state.problemCount;
    result->problemsOmitted = state.problemsOmitted;
    free(state.open);
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
        for (Block *block = storage->blocks, *next; block != NULL; block = next) {
            next = block->next;
            free(block);
        }
        if (storage->dict != NULL) xmlDictFree(storage->dict);
        free(storage);
    }
    memset(result, 0, sizeof *result);
    result->doctypeOffset = -1;
}
