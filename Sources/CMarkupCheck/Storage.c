/* The growing arrays and the string blocks of a CMCResult. */

#include "State.h"

#include <stdlib.h>
#include <string.h>

/* Grows *array (of size element bytes) to hold at least needed items. */
int cmc_reserve(void **array, size_t *capacity, size_t needed, size_t size) {
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
char *cmc_allocate(Storage *storage, size_t length) {
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

const char *cmc_copy_string(State *state, const xmlChar *string, size_t length) {
    char *copy = cmc_allocate(state->storage, length);
    if (copy == NULL) {
        state->outOfMemory = 1;
        return NULL;
    }
    if (length > 0) memcpy(copy, string, length);
    copy[length] = '\0';
    return copy;
}
